package gofarm.io;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;

/**
 * A board position written as text, one row per line from the top: {@code X} black, {@code O}
 * white, {@code .} or {@code +} empty; any other letter or symbol marks an empty point (for tests:
 * "the move should be one of the {@code *}"). Spaces between points are optional.
 *
 * <pre>{@code
 * Diagram d = Diagram.parse("""
 *     . X . X .
 *     X X X X X
 *     . . * . .
 *     . . . . .
 *     . . . . .
 *     """);
 * Board board = d.board();
 * PointSet expected = d.marked('*');
 * }</pre>
 */
public final class Diagram {
  private final Geometry geometry;
  private final byte[] colors;
  private final char[] marks;

  private Diagram(Geometry geometry, byte[] colors, char[] marks) {
    this.geometry = geometry;
    this.colors = colors;
    this.marks = marks;
  }

  /**
   * Parses a square diagram; blank lines and leading or trailing space are ignored.
   *
   * @throws IllegalArgumentException if the rows are not all of the board's size
   */
  public static Diagram parse(String text) {
    List<String> rows = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      String row = line.replace(" ", "").replace("\t", "").strip();
      if (!row.isEmpty()) {
        rows.add(row);
      }
    }
    int size = rows.size();
    Geometry geometry = Geometry.of(size);
    byte[] colors = new byte[geometry.arraySize()];
    char[] marks = new char[geometry.arraySize()];
    for (int y = 0; y < size; y++) {
      String row = rows.get(y);
      if (row.length() != size) {
        throw new IllegalArgumentException(
            "diagram row " + (y + 1) + " has " + row.length() + " points, expected " + size);
      }
      for (int x = 0; x < size; x++) {
        int p = geometry.point(x, y);
        char ch = row.charAt(x);
        switch (ch) {
          case 'X' -> colors[p] = Color.BLACK;
          case 'O' -> colors[p] = Color.WHITE;
          case '.', '+' -> colors[p] = Color.EMPTY;
          default -> marks[p] = ch;
        }
      }
    }
    return new Diagram(geometry, colors, marks);
  }

  public Geometry geometry() {
    return geometry;
  }

  /** A copy of the colours, one per array index of the geometry. */
  public byte[] colors() {
    return colors.clone();
  }

  /** A new board with the diagram's stones. */
  public Board board() {
    Board board = new Board(geometry);
    board.setPosition(colors);
    return board;
  }

  /** A new game with the diagram's stones as setup, black to move. */
  public Game game(Rules rules) {
    Game game = new Game(geometry, rules);
    game.setup(colors);
    return game;
  }

  /** The points marked with {@code mark}. */
  public PointSet marked(char mark) {
    PointSet set = new PointSet(geometry);
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (marks[p] == mark) {
        set.add(p);
      }
    }
    return set;
  }

  /** The single point marked with {@code mark}. */
  public int point(char mark) {
    PointSet set = marked(mark);
    if (set.cardinality() != 1) {
      throw new IllegalArgumentException(
          "expected one '" + mark + "' in the diagram, found " + set.cardinality());
    }
    return set.next(0);
  }

  /** The board as a diagram in this format (no coordinates), e.g. for expected outputs in tests. */
  public static String of(Board board) {
    Geometry g = board.geometry();
    StringBuilder sb = new StringBuilder();
    for (int y = 0; y < g.size(); y++) {
      for (int x = 0; x < g.size(); x++) {
        sb.append(Color.symbol(board.color(g.point(x, y)))).append(x + 1 < g.size() ? " " : "\n");
      }
    }
    return sb.toString();
  }
}
