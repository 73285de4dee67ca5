package gofarm.io;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.rules.Game;
import gofarm.rules.IllegalMoveException;
import gofarm.rules.KoRule;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * One game of an SGF record read along its main line: the board size, the rules, the handicap, the
 * setup stones, the moves and the result, with the nodes they came from.
 *
 * <pre>{@code
 * SgfGame record = Sgf.parse(text).get(0);
 * record.size();                 // 19
 * record.moves().size();         // 211
 * Game game = record.replay(37); // the position after 37 moves
 * }</pre>
 *
 * <p>Every value is checked when the game is read ({@link SgfParseException} with the line and
 * column); whether the moves are legal is found out when the game is replayed ({@link
 * SgfReplayException}), so that a record with an illegal move can still be replayed up to it.
 * Immutable.
 */
public final class SgfGame {
  private static final Pattern REAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");
  private static final Pattern NUMBER = Pattern.compile("\\d{1,9}");

  private final List<SgfNode> mainLine;
  private final Geometry geometry;
  private final OptionalDouble komi;
  private final Rules rules;
  private final int handicap;
  private final String result;
  private final List<Step> steps;
  private final List<Move> moves;

  /**
   * What one node does, in this order: set up stones (point to colour), set the player to move,
   * play a move. Each part may be absent.
   */
  private record Step(SgfNode node, Map<Integer, Byte> setup, Player toPlay, Move move) {}

  private SgfGame(List<SgfNode> mainLine) {
    this.mainLine = List.copyOf(mainLine);
    SgfNode root = this.mainLine.get(0);
    String gm = present(root, "GM");
    if (gm != null && !gm.equals("1")) {
      throw root.error("GM", 0, "GM must be 1 (Go) (got '" + gm + "')");
    }
    this.geometry = Geometry.of(readSize(root));
    this.komi = readKomi(root);
    this.rules = Sgf.rules(present(root, "RU"), komi.orElse(Rules.DEFAULT.komi()));
    this.handicap = readHandicap(root, geometry);
    this.result = root.value("RE").orElse(null);
    List<Step> steps = new ArrayList<>();
    List<Move> moves = new ArrayList<>();
    for (SgfNode node : this.mainLine) {
      Step step = readStep(node, geometry);
      steps.add(step);
      if (step.move() != null) {
        moves.add(step.move());
      }
    }
    this.steps = List.copyOf(steps);
    this.moves = List.copyOf(moves);
  }

  /**
   * A game from its main-line nodes, the root first.
   *
   * @throws SgfParseException for a bad value, with its position when the nodes were read
   * @throws IllegalArgumentException if there is no node
   */
  public static SgfGame of(List<SgfNode> mainLine) {
    if (mainLine.isEmpty()) {
      throw new IllegalArgumentException("an SGF game needs at least one node");
    }
    return new SgfGame(mainLine);
  }

  /**
   * The record of a game: its setup (the position before the first move), its moves and rules, the
   * player to move, and the result when the game is over. A setup of two or more black stones and
   * nothing else, with white to move first, is written as a handicap ({@code HA}).
   *
   * <p>The setup position is found by taking back every move and playing them again, so the game is
   * unchanged afterwards but must not be used by another thread meanwhile.
   */
  public static SgfGame of(Game game) {
    Geometry g = game.geometry();
    List<Move> moves = List.copyOf(game.moves());
    Player toPlay = game.toPlay();
    Rules rules = game.rules();
    byte[] setup = new byte[g.arraySize()];
    // The moves were legal when played; simple ko and suicide allowed accept them again even if
    // the rules changed since (GTP komi), and replaying restores the history exactly.
    game.setRules(new Rules(rules.komi(), KoRule.SIMPLE, true));
    try {
      for (int i = 0; i < moves.size(); i++) {
        game.undo();
      }
      for (int i = 0; i < g.pointCount(); i++) {
        setup[g.point(i)] = game.board().color(g.point(i));
      }
    } finally {
      for (Move m : moves) {
        game.play(m);
      }
      game.setRules(rules);
      game.setToPlay(toPlay);
    }

    List<String> black = new ArrayList<>();
    List<String> white = new ArrayList<>();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (setup[p] == Color.BLACK) {
        black.add(point(g, p));
      } else if (setup[p] == Color.WHITE) {
        white.add(point(g, p));
      }
    }
    Player first = moves.isEmpty() ? toPlay : moves.get(0).player();
    boolean handicap = black.size() >= 2 && white.isEmpty() && first == Player.WHITE;

    List<SgfNode> nodes = new ArrayList<>();
    Map<String, List<String>> root = new LinkedHashMap<>();
    root.put("FF", List.of("4"));
    root.put("GM", List.of("1"));
    root.put("CA", List.of("UTF-8"));
    root.put("AP", List.of("gofarm"));
    root.put("SZ", List.of(Integer.toString(g.size())));
    root.put("KM", List.of(Sgf.number(rules.komi())));
    root.put("RU", List.of(Sgf.ruleSetName(rules)));
    if (handicap) {
      root.put("HA", List.of(Integer.toString(black.size())));
    }
    if (game.isOver()) {
      root.put("RE", List.of(game.score().toString()));
    }
    if (!black.isEmpty()) {
      root.put("AB", black);
    }
    if (!white.isEmpty()) {
      root.put("AW", white);
    }
    if (moves.isEmpty()) {
      root.put("PL", List.of(toPlay.letter()));
    }
    nodes.add(SgfNode.of(root));
    for (int i = 0; i < moves.size(); i++) {
      Move m = moves.get(i);
      Map<String, List<String>> node = new LinkedHashMap<>();
      node.put(m.player().letter(), List.of(m.isPass() ? "" : point(g, m.point())));
      nodes.add(SgfNode.of(node));
    }
    // Only when someone changed the turn after the last move (Game.setToPlay); a node of its own,
    // since FF[4] keeps setup properties such as PL out of move nodes.
    if (!moves.isEmpty() && toPlay != moves.get(moves.size() - 1).player().opponent()) {
      nodes.add(SgfNode.of(Map.of("PL", List.of(toPlay.letter()))));
    }
    return new SgfGame(nodes);
  }

  /** The nodes of the main line, the root first. */
  public List<SgfNode> mainLine() {
    return mainLine;
  }

  public SgfNode root() {
    return mainLine.get(0);
  }

  public int size() {
    return geometry.size();
  }

  public Geometry geometry() {
    return geometry;
  }

  /** The rules from {@code RU} and {@code KM}; see {@link Sgf}. */
  public Rules rules() {
    return rules;
  }

  /** The komi of {@code KM}, if the record gives one. */
  public OptionalDouble komi() {
    return komi;
  }

  /** The number of handicap stones ({@code HA}), 0 when absent. */
  public int handicap() {
    return handicap;
  }

  /** The result ({@code RE}), e.g. {@code B+3.5}, {@code W+R} or {@code 0}. */
  public Optional<String> result() {
    return Optional.ofNullable(result);
  }

  /** Every move and pass of the main line, in order. */
  public List<Move> moves() {
    return moves;
  }

  /**
   * The setup before the first move: one colour per array index of {@link #geometry()} (a new
   * array, for {@link Game#setup}).
   */
  public byte[] setup() {
    byte[] colors = new byte[geometry.arraySize()];
    for (Step step : steps) {
      if (step.move() != null) {
        break;
      }
      step.setup().forEach((p, c) -> colors[p] = c);
    }
    return colors;
  }

  /** The game at the end of the main line, under {@link #rules()}. */
  public Game replay() {
    return replay(moves.size(), rules);
  }

  /** The game after the first {@code moveCount} moves, under {@link #rules()}. */
  public Game replay(int moveCount) {
    return replay(moveCount, rules);
  }

  /**
   * The game after the setup and the first {@code moveCount} moves (and any setup before the next
   * move), under the given rules. The player to move is the one of the next move when there is one;
   * at the end of the main line it follows {@code PL} or the last move; with no move and no {@code
   * PL} it is white after a handicap setup, else black.
   *
   * @throws IllegalArgumentException if moveCount is not in 0..moves().size()
   * @throws SgfReplayException naming the first illegal move or setup
   */
  public Game replay(int moveCount, Rules rules) {
    if (moveCount < 0 || moveCount > moves.size()) {
      throw new IllegalArgumentException(
          "move number must be 0.." + moves.size() + " (got " + moveCount + ")");
    }
    Game game = new Game(geometry, rules);
    boolean blackSetup = false;
    for (byte c : setup()) {
      blackSetup |= c == Color.BLACK;
    }
    if (handicap >= 2 && blackSetup) {
      game.setToPlay(Player.WHITE);
    }
    int played = 0;
    for (Step step : steps) {
      if (!step.setup().isEmpty()) {
        applySetup(game, step, played);
      }
      if (step.toPlay() != null) {
        game.setToPlay(step.toPlay());
      }
      Move move = step.move();
      if (move != null) {
        if (played == moveCount) {
          game.setToPlay(move.player());
          return game;
        }
        try {
          game.play(move);
        } catch (IllegalMoveException e) {
          throw new SgfReplayException(
              "move "
                  + (played + 1)
                  + " ("
                  + move.player().letter()
                  + " "
                  + geometry.name(move.point())
                  + "): "
                  + e.getMessage(),
              played + 1,
              e);
        }
        played++;
      }
    }
    return game;
  }

  private void applySetup(Game game, Step step, int played) {
    byte[] colors = new byte[geometry.arraySize()];
    Board board = game.board();
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      colors[p] = board.color(p);
    }
    step.setup().forEach((p, c) -> colors[p] = c);
    try {
      // A scratch board first: a failed setup must not leave the game half changed.
      new Board(geometry).setPosition(colors);
    } catch (IllegalArgumentException e) {
      String id = step.node().has("AB") ? "AB" : step.node().has("AW") ? "AW" : "AE";
      throw new SgfReplayException(
          step.node().error(id, 0, "setup: " + e.getMessage()).getMessage(), played, e);
    }
    game.setup(colors);
  }

  private static Step readStep(SgfNode node, Geometry g) {
    Map<Integer, Byte> setup = new LinkedHashMap<>();
    readSetup(node, "AE", Color.EMPTY, g, setup);
    readSetup(node, "AB", Color.BLACK, g, setup);
    readSetup(node, "AW", Color.WHITE, g, setup);
    Player toPlay = null;
    String pl = present(node, "PL");
    if (pl != null) {
      toPlay =
          switch (pl.toUpperCase(Locale.ROOT)) {
            // Files of SGF's first formats (Cgoban 1, FF[3]) write 1 for black and 2 for white.
            case "B", "1" -> Player.BLACK;
            case "W", "2" -> Player.WHITE;
            default ->
                throw node.error(
                    "PL", 0, "PL must be B or W (or 1 or 2, in FF[3] files) (got '" + pl + "')");
          };
    }
    Move move = null;
    if (node.has("B") && node.has("W")) {
      throw node.error("W", 0, "a node may hold only one move (found B and W)");
    }
    for (Player player : Player.values()) {
      String id = player.letter();
      List<String> values = node.values(id);
      if (values.size() > 1) {
        throw node.error(id, 1, id + " takes one value (got " + values.size() + ")");
      }
      if (values.size() == 1) {
        String v = values.get(0).strip();
        boolean pass = v.isEmpty() || (v.equals("tt") && g.size() <= 19);
        move = new Move(player, pass ? Point.PASS : point(node, id, 0, v, g));
      }
    }
    return new Step(node, setup, toPlay, move);
  }

  private static void readSetup(
      SgfNode node, String id, byte color, Geometry g, Map<Integer, Byte> setup) {
    List<String> values = node.values(id);
    for (int i = 0; i < values.size(); i++) {
      String v = values.get(i).strip();
      if (v.isEmpty()) {
        continue; // AE[] and the like: nothing to set up
      }
      int colon = v.indexOf(':');
      if (colon < 0) {
        setup.put(point(node, id, i, v, g), color);
        continue;
      }
      // A compressed list: the rectangle between two corners.
      int a = point(node, id, i, v.substring(0, colon).strip(), g);
      int b = point(node, id, i, v.substring(colon + 1).strip(), g);
      for (int y = Math.min(g.y(a), g.y(b)); y <= Math.max(g.y(a), g.y(b)); y++) {
        for (int x = Math.min(g.x(a), g.x(b)); x <= Math.max(g.x(a), g.x(b)); x++) {
          setup.put(g.point(x, y), color);
        }
      }
    }
  }

  /** The point an SGF value names: two letters, column then row, {@code a} = 0 at the top left. */
  private static int point(SgfNode node, String id, int index, String v, Geometry g) {
    int x = v.length() == 2 ? coordinate(v.charAt(0)) : -1;
    int y = v.length() == 2 ? coordinate(v.charAt(1)) : -1;
    if (x < 0 || y < 0) {
      throw node.error(
          id, index, id + " value '" + v + "' is not a point (expected two letters, e.g. 'dd')");
    }
    if (x >= g.size() || y >= g.size()) {
      throw node.error(id, index, id + " value '" + v + "' is off the " + g + " board");
    }
    return g.point(x, y);
  }

  private static int coordinate(char c) {
    if (c >= 'a' && c <= 'z') {
      return c - 'a';
    }
    return c >= 'A' && c <= 'Z' ? c - 'A' + 26 : -1;
  }

  private static String point(Geometry g, int p) {
    return "" + (char) ('a' + g.x(p)) + (char) ('a' + g.y(p));
  }

  private static int readSize(SgfNode root) {
    String sz = present(root, "SZ");
    if (sz == null) {
      return 19;
    }
    String[] parts = sz.split(":", -1);
    for (String part : parts) {
      if (!NUMBER.matcher(part.strip()).matches()) {
        throw root.error("SZ", 0, "SZ must be a number (got '" + sz + "')");
      }
    }
    if (parts.length > 2 || (parts.length == 2 && !parts[0].strip().equals(parts[1].strip()))) {
      throw root.error("SZ", 0, "SZ must be square (got " + sz + ")");
    }
    int size = Integer.parseInt(parts[0].strip());
    if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
      throw root.error(
          "SZ",
          0,
          "SZ must be " + Geometry.MIN_SIZE + ".." + Geometry.MAX_SIZE + " (got " + size + ")");
    }
    return size;
  }

  private static OptionalDouble readKomi(SgfNode root) {
    String km = present(root, "KM");
    if (km == null) {
      return OptionalDouble.empty();
    }
    String v = km.replace(',', '.'); // some editors write the decimal comma
    if (!REAL.matcher(v).matches()) {
      throw root.error("KM", 0, "KM must be a number (got '" + km + "')");
    }
    double komi = Double.parseDouble(v);
    try {
      Rules.DEFAULT.withKomi(komi);
    } catch (IllegalArgumentException e) {
      throw root.error("KM", 0, "KM: " + e.getMessage());
    }
    return OptionalDouble.of(komi);
  }

  private static int readHandicap(SgfNode root, Geometry g) {
    String ha = present(root, "HA");
    if (ha == null) {
      return 0;
    }
    int max = g.pointCount() - 1;
    if (!NUMBER.matcher(ha).matches()) {
      throw root.error("HA", 0, "HA must be a number (got '" + ha + "')");
    }
    int handicap = Integer.parseInt(ha);
    if (handicap > max) {
      throw root.error("HA", 0, "HA must be 0.." + max + " (got " + handicap + ")");
    }
    return handicap;
  }

  /** The first value of a property, stripped; null when absent or blank. */
  private static String present(SgfNode node, String id) {
    String v = node.value(id).map(String::strip).orElse("");
    return v.isEmpty() ? null : v;
  }

  @Override
  public String toString() {
    return "SgfGame[" + geometry + ", " + rules + ", " + moves.size() + " moves]";
  }
}
