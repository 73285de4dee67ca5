package gofarm.report;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.rules.Game;
import java.util.Locale;

/**
 * A picture of a board as SVG: the grid with its coordinates and star points, the stones, and
 * optional overlays per point: a heat map of values in -1..1 (black's for positive values, white's
 * for negative ones, e.g. ownership), marks (triangle, square, circle, cross) and short text labels
 * ("A", "1").
 *
 * <pre>{@code
 * String svg = new BoardSvg(board)
 *     .heat(p -> ownership.balance(p))          // shade every point by ownership
 *     .mark(g.parse("D4"), BoardSvg.Mark.TRIANGLE)
 *     .label(g.parse("Q16"), "1")
 *     .title("move 120")
 *     .toSvg();
 * }</pre>
 *
 * The drawing is {@link #CELL} pixels per point with a margin of one cell for the coordinates; the
 * text is plain SVG 1.1 with no scripts or external references. Overlays are drawn in this order:
 * heat, stones, marks, labels. Not thread-safe; build one per picture.
 */
public final class BoardSvg {
  /** Pixels between two lines of the grid. */
  public static final int CELL = 24;

  /** What can be drawn on a point besides a label. */
  public enum Mark {
    TRIANGLE,
    SQUARE,
    CIRCLE,
    CROSS
  }

  /** A per-point value for {@link #heat(PointValue)}. */
  @FunctionalInterface
  public interface PointValue {
    /** The value at point p, in -1..1, or NaN for none. */
    double at(int p);
  }

  private static final String COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

  private final Board board;
  private final Geometry geometry;
  private final double[] heat;
  private final Mark[] marks;
  private final String[] labels;
  private String title;

  /** A picture of {@code board} as it stands now (later moves on the board are not drawn). */
  public BoardSvg(Board board) {
    this.board = new Board(board.geometry());
    this.board.copyFrom(board);
    this.geometry = board.geometry();
    int n = geometry.arraySize();
    this.heat = new double[n];
    java.util.Arrays.fill(heat, Double.NaN);
    this.marks = new Mark[n];
    this.labels = new String[n];
  }

  /** A picture of the game's current board. */
  public BoardSvg(Game game) {
    this(game.board());
  }

  /**
   * Shades point p: black with opacity v for v > 0, white with opacity -v for v < 0; NaN removes
   * the shade.
   *
   * @throws IllegalArgumentException if p is not a board point or v is outside -1..1
   */
  public BoardSvg heat(int p, double v) {
    checkPoint(p);
    if (!Double.isNaN(v) && (v < -1 || v > 1)) {
      throw new IllegalArgumentException(
          "heat at " + geometry.name(p) + " must be -1..1 (got " + v + ")");
    }
    heat[p] = v;
    return this;
  }

  /** Shades every board point by {@code values}; see {@link #heat(int, double)}. */
  public BoardSvg heat(PointValue values) {
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      heat(p, values.at(p));
    }
    return this;
  }

  /** Draws {@code mark} on point p (null removes it). */
  public BoardSvg mark(int p, Mark mark) {
    checkPoint(p);
    marks[p] = mark;
    return this;
  }

  /**
   * Writes a short label on point p (null removes it).
   *
   * @throws IllegalArgumentException if the label is longer than 3 characters
   */
  public BoardSvg label(int p, String text) {
    checkPoint(p);
    if (text != null && (text.isEmpty() || text.length() > 3)) {
      throw new IllegalArgumentException(
          "label at " + geometry.name(p) + " must be 1 to 3 characters (got '" + text + "')");
    }
    labels[p] = text;
    return this;
  }

  /** A title, drawn as the SVG {@code <title>} (tooltips, accessibility). */
  public BoardSvg title(String text) {
    this.title = text;
    return this;
  }

  private void checkPoint(int p) {
    if (!geometry.isOnBoard(p)) {
      throw new IllegalArgumentException(
          "not a point of a " + geometry.size() + "x" + geometry.size() + " board: " + p);
    }
  }

  /** The SVG document. */
  public String toSvg() {
    int size = geometry.size();
    int width = (size + 1) * CELL;
    StringBuilder sb = new StringBuilder(16_384);
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"")
        .append(attr("width", width))
        .append(attr("height", width))
        .append(" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(width)
        .append("\">\n");
    if (title != null) {
      sb.append("<title>").append(escape(title)).append("</title>\n");
    }
    sb.append("<rect x=\"0\" y=\"0\"")
        .append(attr("width", width))
        .append(attr("height", width))
        .append(" fill=\"#dcb35c\"/>\n");
    grid(sb, size);
    sb.append("<g class=\"heat\">\n");
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      double v = heat[p];
      if (!Double.isNaN(v) && v != 0) {
        sb.append("<rect")
            .append(attr("x", cx(p) - CELL / 2))
            .append(attr("y", cy(p) - CELL / 2))
            .append(attr("width", CELL))
            .append(attr("height", CELL))
            .append(" fill=\"")
            .append(v > 0 ? "#000000" : "#ffffff")
            .append("\" fill-opacity=\"")
            .append(String.format(Locale.ROOT, "%.3f", Math.abs(v) * 0.7))
            .append("\"/>\n");
      }
    }
    sb.append("</g>\n<g class=\"stones\">\n");
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      byte c = board.color(p);
      if (c != Color.EMPTY) {
        sb.append("<circle")
            .append(attr("cx", cx(p)))
            .append(attr("cy", cy(p)))
            .append(attr("r", CELL / 2 - 1))
            .append(c == Color.BLACK ? " fill=\"#000000\"" : " fill=\"#ffffff\" stroke=\"#000000\"")
            .append("/>\n");
      }
    }
    sb.append("</g>\n<g class=\"marks\" fill=\"none\" stroke-width=\"2\">\n");
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (marks[p] != null) {
        mark(sb, p, marks[p]);
      }
    }
    sb.append("</g>\n<g class=\"labels\" font-family=\"sans-serif\" font-size=\"")
        .append(CELL / 2)
        .append("\" text-anchor=\"middle\">\n");
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (labels[p] != null) {
        if (board.color(p) == Color.EMPTY) {
          // A disc of the board's colour hides the grid lines behind the text.
          sb.append("<circle")
              .append(attr("cx", cx(p)))
              .append(attr("cy", cy(p)))
              .append(attr("r", CELL / 2 - 3))
              .append(" fill=\"#dcb35c\"/>\n");
        }
        sb.append("<text")
            .append(attr("x", cx(p)))
            .append(attr("y", cy(p) + CELL / 6))
            .append(" fill=\"")
            .append(contrast(p))
            .append("\">")
            .append(escape(labels[p]))
            .append("</text>\n");
      }
    }
    sb.append("</g>\n</svg>\n");
    return sb.toString();
  }

  private void grid(StringBuilder sb, int size) {
    int first = CELL;
    int last = size * CELL;
    sb.append("<g class=\"grid\" stroke=\"#000000\" stroke-width=\"1\">\n");
    for (int k = 0; k < size; k++) {
      int at = (k + 1) * CELL;
      sb.append(line(first, at, last, at)).append(line(at, first, at, last));
    }
    sb.append("</g>\n<g class=\"stars\" fill=\"#000000\">\n");
    if (size >= 7) {
      int stars = size % 2 == 0 || size == 7 ? 4 : size >= 15 ? 9 : 5;
      for (int p : Game.fixedHandicapPoints(geometry, stars)) {
        sb.append("<circle")
            .append(attr("cx", cx(p)))
            .append(attr("cy", cy(p)))
            .append(attr("r", 3))
            .append("/>\n");
      }
    }
    sb.append("</g>\n<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"")
        .append(CELL * 2 / 5)
        .append("\" text-anchor=\"middle\" fill=\"#000000\">\n");
    for (int k = 0; k < size; k++) {
      int at = (k + 1) * CELL;
      sb.append("<text")
          .append(attr("x", at))
          .append(attr("y", CELL / 2))
          .append(">")
          .append(COLUMNS.charAt(k))
          .append("</text>\n");
      sb.append("<text")
          .append(attr("x", CELL / 3))
          .append(attr("y", at + CELL / 6))
          .append(">")
          .append(size - k)
          .append("</text>\n");
    }
    sb.append("</g>\n");
  }

  private void mark(StringBuilder sb, int p, Mark mark) {
    int x = cx(p);
    int y = cy(p);
    int r = CELL / 4;
    String stroke = " stroke=\"" + contrast(p) + "\"";
    switch (mark) {
      case TRIANGLE ->
          sb.append("<polygon points=\"")
              .append(x)
              .append(',')
              .append(y - r)
              .append(' ')
              .append(x - r)
              .append(',')
              .append(y + r * 3 / 4)
              .append(' ')
              .append(x + r)
              .append(',')
              .append(y + r * 3 / 4)
              .append('"')
              .append(stroke)
              .append("/>\n");
      case SQUARE ->
          sb.append("<rect")
              .append(attr("x", x - r))
              .append(attr("y", y - r))
              .append(attr("width", 2 * r))
              .append(attr("height", 2 * r))
              .append(stroke)
              .append("/>\n");
      case CIRCLE ->
          sb.append("<circle")
              .append(attr("cx", x))
              .append(attr("cy", y))
              .append(attr("r", r))
              .append(stroke)
              .append("/>\n");
      case CROSS ->
          sb.append("<path d=\"M")
              .append(x - r)
              .append(' ')
              .append(y - r)
              .append(" L")
              .append(x + r)
              .append(' ')
              .append(y + r)
              .append(" M")
              .append(x - r)
              .append(' ')
              .append(y + r)
              .append(" L")
              .append(x + r)
              .append(' ')
              .append(y - r)
              .append('"')
              .append(stroke)
              .append("/>\n");
    }
  }

  /** White on black stones, black elsewhere. */
  private String contrast(int p) {
    return board.color(p) == Color.BLACK ? "#ffffff" : "#000000";
  }

  private int cx(int p) {
    return (geometry.x(p) + 1) * CELL;
  }

  private int cy(int p) {
    return (geometry.y(p) + 1) * CELL;
  }

  private static String line(int x1, int y1, int x2, int y2) {
    return "<line" + attr("x1", x1) + attr("y1", y1) + attr("x2", x2) + attr("y2", y2) + "/>\n";
  }

  private static String attr(String name, int value) {
    return " " + name + "=\"" + value + "\"";
  }

  /**
   * Text for the picture ({@link SvgText}), apostrophes as entities too: the board pictures have
   * always written them so, and the same input keeps giving the same bytes.
   */
  static String escape(String text) {
    return SvgText.escape(text).replace("'", "&apos;");
  }
}
