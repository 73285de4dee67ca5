package gofarm.report;

import gofarm.board.Color;
import gofarm.playout.FeatureGroup;
import gofarm.playout.FeatureSpace;
import gofarm.playout.PatternKeys;
import gofarm.proto.v1.BalanceResult;
import gofarm.proto.v1.FitFeature;
import gofarm.proto.v1.JobResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code svg/patterns.svg}: the 3x3 patterns of a fit with the largest and the smallest γ, among
 * those the training games offered often enough for their γ to mean something, each drawn as a
 * small board (the colours seen from the player to move: own stones black, enemy stones white, a
 * red ring on a stone in atari, off-board cells shaded, a red dot on the move's point) with its γ
 * and how often it was chosen of how often it was a candidate. For a balance job ({@link
 * #changes}), the patterns whose γ rose and fell most, with their start and balanced γ.
 *
 * <p>Plain SVG 1.1, a function of the results alone; the look of {@link BoardSvg}.
 */
public final class PatternSheet {
  /** Patterns shown at each end. */
  static final int SHOWN = 24;

  /** The fewest training candidates a pattern needs to be shown. */
  static final long MIN_CANDIDATES = 100;

  private static final int COLUMNS = 8;
  private static final int CELL = 20;
  private static final int TILE_WIDTH = 88;
  private static final int TILE_HEIGHT = 100;
  private static final int LEFT = 8;
  private static final int WIDTH = LEFT * 2 + COLUMNS * TILE_WIDTH;
  private static final String BOARD = "#dcb35c";
  private static final String OFF_BOARD = "#9e9e9e";
  private static final String RED = "#c62828";

  /** Slot (row, column) of each 2-bit field of a key: NW, N, NE, W, E, SW, S, SE. */
  private static final int[][] CELL_OF_SLOT = {
    {0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}
  };

  /** The atari bit of each slot (N, W, E, S: bits 16..19), or -1 for a diagonal. */
  private static final int[] ATARI_BIT_OF_SLOT = {-1, 16, -1, 17, 18, -1, 19, -1};

  private PatternSheet() {}

  /**
   * One pattern on the sheet: its feature id and name, and the two lines under it.
   *
   * @param id the feature id
   * @param name the feature's name, its tooltip
   * @param first the bold line (γ)
   * @param second the small line (counts, or the change)
   */
  record Tile(int id, String name, String first, String second) {}

  /** The patterns to show: the largest γ first, then the smallest, smallest last. */
  record Picked(List<FitFeature> strongest, List<FitFeature> weakest, int eligible) {}

  /**
   * The {@link #SHOWN} patterns with the largest γ and the {@link #SHOWN} with the smallest among
   * those with at least {@link #MIN_CANDIDATES} training candidates, none twice.
   */
  static Picked pick(JobResults r) {
    int first = FeatureSpace.offset(FeatureGroup.PATTERN);
    int end = first + FeatureGroup.PATTERN.size();
    List<FitFeature> eligible = new ArrayList<>();
    for (FitFeature f : r.getFit().getFeaturesList()) {
      if (f.getId() >= first && f.getId() < end && f.getCandidates() >= MIN_CANDIDATES) {
        eligible.add(f);
      }
    }
    eligible.sort(
        Comparator.comparingDouble(FitFeature::getGamma)
            .reversed()
            .thenComparingInt(FitFeature::getId));
    int strong = Math.min(SHOWN, eligible.size());
    int weak = Math.min(SHOWN, eligible.size() - strong);
    return new Picked(
        List.copyOf(eligible.subList(0, strong)),
        List.copyOf(eligible.subList(eligible.size() - weak, eligible.size())),
        eligible.size());
  }

  /** The sheet of a fit. */
  static String svg(JobResults r) {
    Picked p = pick(r);
    String figures =
        String.format(
            Locale.ROOT,
            "%,d patterns with at least %,d training candidates: the %d largest and the %d smallest"
                + " γ",
            p.eligible(),
            MIN_CANDIDATES,
            p.strongest().size(),
            p.weakest().size());
    return sheet(
        "3x3 patterns by fitted γ",
        figures,
        "largest γ: the moves the fit favours",
        fitTiles(p.strongest()),
        "none has enough candidates",
        "smallest γ: the moves the fit avoids",
        fitTiles(p.weakest()),
        "no other pattern has enough candidates",
        caption());
  }

  private static List<Tile> fitTiles(List<FitFeature> features) {
    List<Tile> tiles = new ArrayList<>();
    for (FitFeature f : features) {
      tiles.add(
          new Tile(
              f.getId(),
              f.getName(),
              "γ " + gamma(f.getGamma()),
              String.format(Locale.ROOT, "%,d / %,d", f.getWins(), f.getCandidates())));
    }
    return tiles;
  }

  /**
   * The sheet of a balancing: the {@link #SHOWN} 3x3 patterns whose log γ rose most and the {@link
   * #SHOWN} whose log γ fell most, each with its start and balanced γ.
   */
  static String changes(JobResults r) {
    BalanceResult b = r.getBalance();
    int first = FeatureSpace.offset(FeatureGroup.PATTERN);
    int end = first + FeatureGroup.PATTERN.size();
    List<Integer> moved = new ArrayList<>();
    for (int id : BalanceReport.byChange(b)) {
      if (id >= first && id < end) {
        moved.add(id);
      }
    }
    List<Tile> up = new ArrayList<>();
    List<Tile> down = new ArrayList<>();
    for (int id : moved) {
      double d = BalanceReport.change(b, id);
      List<Tile> side = d > 0 ? up : down;
      if (side.size() < SHOWN) {
        side.add(
            new Tile(
                id,
                FeatureSpace.name(id),
                "γ " + gamma(b.getStartGamma(id)) + "→" + gamma(b.getGamma(id)),
                "Δ log γ "
                    + TuneReport.signed(
                        Double.parseDouble(String.format(Locale.ROOT, "%.3g", d)))));
      }
    }
    String figures =
        String.format(
            Locale.ROOT,
            "%,d patterns moved: the %d that rose most and the %d that fell most",
            moved.size(),
            up.size(),
            down.size());
    String caption =
        "Each 3x3 pattern around a move is seen from the player to move: own = player to move,"
            + " drawn black; enemy stones white; a red ring marks a stone in atari, grey cells are"
            + " off the board, the red dot is the move. Under each: its γ at the start and after"
            + " balancing, then the change of log γ. Balancing moves a pattern's γ so that the"
            + " playouts' win rates come closer to the positions' values, not to make moves more"
            + " likely to be good.";
    return sheet(
        "3x3 patterns by the change simulation balancing made",
        figures,
        "largest rise of γ",
        up,
        "no pattern's γ rose",
        "largest fall of γ",
        down,
        "no pattern's γ fell",
        caption);
  }

  private static String sheet(
      String title,
      String figures,
      String firstSection,
      List<Tile> firstTiles,
      String firstNone,
      String secondSection,
      List<Tile> secondTiles,
      String secondNone,
      String caption) {
    int strongRows = (firstTiles.size() + COLUMNS - 1) / COLUMNS;
    int weakRows = (secondTiles.size() + COLUMNS - 1) / COLUMNS;
    int headerHeight = 64;
    int sectionHeight = 24;
    int captionHeight = 64;
    int height =
        headerHeight
            + 2 * sectionHeight
            + (Math.max(1, strongRows) + Math.max(1, weakRows)) * TILE_HEIGHT
            + captionHeight;
    StringBuilder sb = new StringBuilder(32_768);
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
            WIDTH,
            height,
            WIDTH,
            height));
    sb.append("<title>").append(BoardSvg.escape(title + " · " + figures)).append("</title>\n");
    sb.append("<desc>").append(BoardSvg.escape(caption)).append("</desc>\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\""
                + " fill=\"#ffffff\"/>\n",
            WIDTH,
            height));
    text(sb, "title", WIDTH / 2, 20, "middle", 14, "bold", title);
    text(sb, "subtitle", WIDTH / 2, 40, "middle", 12, "normal", figures);
    int y = headerHeight;
    text(sb, "section", LEFT, y + 16, "start", 12, "bold", firstSection);
    y += sectionHeight;
    y = tiles(sb, firstTiles, y, firstNone);
    text(sb, "section", LEFT, y + 16, "start", 12, "bold", secondSection);
    y += sectionHeight;
    y = tiles(sb, secondTiles, y, secondNone);
    sb.append(
        String.format(
            Locale.ROOT,
            "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444444\">",
            LEFT,
            y + 18));
    List<String> lines = LineChart.wrap(caption, 120);
    for (int i = 0; i < lines.size(); i++) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<tspan x=\"%d\" dy=\"%d\">%s</tspan>",
              LEFT,
              i == 0 ? 0 : 14,
              BoardSvg.escape(lines.get(i))));
    }
    sb.append("</text>\n</svg>\n");
    return sb.toString();
  }

  static String caption() {
    return "Each 3x3 pattern around a move is seen from the player to move: own = player to move,"
        + " drawn black; enemy stones white; a red ring marks a stone in atari, grey cells are off"
        + " the board, the red dot is the move. Under each: its fitted γ (1 is a move with no"
        + " pattern preference; the γ of a move is the product of its features'), then how often it"
        + " was chosen of how often it was a candidate in the training games. Only patterns with"
        + " at least "
        + MIN_CANDIDATES
        + " candidates are shown.";
  }

  /** A row of tiles per {@link #COLUMNS} patterns from {@code y}; returns the y below them. */
  private static int tiles(StringBuilder sb, List<Tile> features, int y, String none) {
    if (features.isEmpty()) {
      text(sb, "empty", WIDTH / 2, y + TILE_HEIGHT / 2, "middle", 12, "normal", none);
      return y + TILE_HEIGHT;
    }
    for (int i = 0; i < features.size(); i++) {
      int x = LEFT + (i % COLUMNS) * TILE_WIDTH;
      int top = y + (i / COLUMNS) * TILE_HEIGHT;
      tile(sb, features.get(i), x, top);
    }
    return y + ((features.size() + COLUMNS - 1) / COLUMNS) * TILE_HEIGHT;
  }

  /** One pattern: a 3x3 board centred in the tile, its γ and counts under it. */
  private static void tile(StringBuilder sb, Tile f, int x, int y) {
    int id = f.id() - FeatureSpace.offset(FeatureGroup.PATTERN);
    int key = PatternKeys.canonicalKey(id);
    int left = x + (TILE_WIDTH - 3 * CELL) / 2;
    int top = y + 6;
    int[][] colour = new int[3][3];
    boolean[][] atari = new boolean[3][3];
    colour[1][1] = Color.EMPTY;
    for (int slot = 0; slot < 8; slot++) {
      int row = CELL_OF_SLOT[slot][0];
      int col = CELL_OF_SLOT[slot][1];
      colour[row][col] = (key >>> (2 * slot)) & 3;
      int bit = ATARI_BIT_OF_SLOT[slot];
      atari[row][col] = bit >= 0 && (key >>> bit & 1) != 0;
    }
    sb.append("<g class=\"pattern\">\n<title>")
        .append(BoardSvg.escape(f.name()))
        .append("</title>\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
            left,
            top,
            3 * CELL,
            3 * CELL,
            BOARD));
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        if (colour[r][c] == Color.WALL) {
          sb.append(
              String.format(
                  Locale.ROOT,
                  "<rect class=\"off-board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\""
                      + " fill=\"%s\"/>\n",
                  left + c * CELL,
                  top + r * CELL,
                  CELL,
                  CELL,
                  OFF_BOARD));
        }
      }
    }
    lines(sb, colour, left, top);
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        int cx = left + c * CELL + CELL / 2;
        int cy = top + r * CELL + CELL / 2;
        int k = colour[r][c];
        if (k == Color.BLACK || k == Color.WHITE) {
          sb.append(
              String.format(
                  Locale.ROOT,
                  "<circle class=\"%s\" cx=\"%d\" cy=\"%d\" r=\"%d\"%s/>\n",
                  k == Color.BLACK ? "own" : "enemy",
                  cx,
                  cy,
                  CELL / 2 - 1,
                  k == Color.BLACK ? " fill=\"#000000\"" : " fill=\"#ffffff\" stroke=\"#000000\""));
          if (atari[r][c]) {
            sb.append(
                String.format(
                    Locale.ROOT,
                    "<circle class=\"atari\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\""
                        + " stroke=\"%s\" stroke-width=\"2\"/>\n",
                    cx,
                    cy,
                    CELL / 2 - 3,
                    RED));
          }
        }
      }
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "<circle class=\"move\" cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/>\n",
            left + CELL + CELL / 2,
            top + CELL + CELL / 2,
            RED));
    int textY = top + 3 * CELL + 14;
    text(sb, "gamma", x + TILE_WIDTH / 2, textY, "middle", 11, "bold", f.first());
    text(sb, "counts", x + TILE_WIDTH / 2, textY + 13, "middle", 10, "normal", f.second());
    sb.append("</g>\n");
  }

  /**
   * The grid: a line between every two orthogonal on-board cells, and from an on-board cell on the
   * tile's border to the border (the board goes on beyond the pattern).
   */
  private static void lines(StringBuilder sb, int[][] colour, int left, int top) {
    sb.append("<g class=\"grid\" stroke=\"#000000\" stroke-width=\"1\">\n");
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        if (colour[r][c] == Color.WALL) {
          continue;
        }
        int cx = left + c * CELL + CELL / 2;
        int cy = top + r * CELL + CELL / 2;
        // Right and down to a neighbour on the board, or out of the tile at its border.
        if (c == 2 || colour[r][c + 1] != Color.WALL) {
          line(sb, cx, cy, c < 2 ? cx + CELL : cx + CELL / 2, cy);
        }
        if (r == 2 || colour[r + 1][c] != Color.WALL) {
          line(sb, cx, cy, cx, r < 2 ? cy + CELL : cy + CELL / 2);
        }
        if (c == 0) {
          line(sb, cx - CELL / 2, cy, cx, cy);
        }
        if (r == 0) {
          line(sb, cx, cy - CELL / 2, cx, cy);
        }
      }
    }
    sb.append("</g>\n");
  }

  private static void line(StringBuilder sb, int x1, int y1, int x2, int y2) {
    sb.append(
        String.format(
            Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x1, y1, x2, y2));
  }

  private static void text(
      StringBuilder sb,
      String cls,
      int x,
      int y,
      String anchor,
      int size,
      String weight,
      String text) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<text class=\"%s\" x=\"%d\" y=\"%d\" text-anchor=\"%s\" font-size=\"%d\""
                + " font-weight=\"%s\">%s</text>\n",
            cls,
            x,
            y,
            anchor,
            size,
            weight,
            BoardSvg.escape(text)));
  }

  /** γ to three significant digits: {@code 12.3}, {@code 0.0412}, {@code 1.05e+03}. */
  static String gamma(double g) {
    return g >= 1000 || g < 0.001
        ? String.format(Locale.ROOT, "%.2e", g)
        : TuneReport.number(Double.parseDouble(String.format(Locale.ROOT, "%.3g", g)));
  }
}
