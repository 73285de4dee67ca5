package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import java.util.List;

/**
 * MoGo's 3x3 playout patterns (Gelly, Wang, Munos, Teytaud 2006, as Fuego encodes them), written as
 * readable ASCII and compiled once into a table indexed by the colours of a point's 8 neighbours.
 *
 * <p>Legend: the centre {@code .} is the move; {@code X} and {@code O} are stones of two different
 * colours, {@code x} is X or empty, {@code o} is O or empty, {@code .} empty, {@code ?} anything,
 * {@code #} off the board. Every pattern matches under all 8 symmetries and with the colours
 * swapped; a side condition ({@code X to move}) keeps only the colouring where the player to move
 * has X's colour. Centre patterns need all 8 neighbours on the board; edge patterns (third row
 * {@code ###}) are for first-line points.
 *
 * <p>The key of a point is {@code colour(NW) | colour(N) << 2 | colour(NE) << 4 | colour(W) << 6 |
 * colour(E) << 8 | colour(SW) << 10 | colour(S) << 12 | colour(SE) << 14} with the {@link Color}
 * byte values; the table holds, per player and key, one bit: whether the pattern is a good move for
 * that player.
 */
public final class Pattern3 {

  /** A pattern: 3 rows, the player (if any) it is for, and shapes that cancel a match. */
  private record Shape(String name, String rows, char toMove, List<String> unless) {}

  private static final List<Shape> SHAPES =
      List.of(
          new Shape("hane: enclosing", "XOX ... ???", ' ', List.of()),
          new Shape("hane: non-cutting", "XO. ... ?.?", ' ', List.of()),
          new Shape("hane: magari", "XO? X.. ?.?", ' ', List.of()),
          new Shape("hane: thin", "XOO ... ?.?", 'X', List.of()),
          new Shape("cut: 1", "XO? O.? ???", ' ', List.of("XO? O.O ?.?", "XO? O.. ?O?")),
          new Shape("cut: 2", "?X? O.O xxx", ' ', List.of()),
          new Shape("edge: 1", "X.? O.? ###", ' ', List.of()),
          new Shape("edge: 2", "?X? o.O ###", ' ', List.of()),
          new Shape("edge: 3", "?XO ?.? ###", 'X', List.of()),
          new Shape("edge: 4", "?XO ?.o ###", 'O', List.of()),
          new Shape("edge: 5", "?XO O.X ###", 'O', List.of()));

  /** Neighbour (row, column) of each key slot: NW, N, NE, W, E, SW, S, SE. */
  private static final int[][] SLOTS = {
    {0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}
  };

  /** Log2 of the longs per player in {@link #MATCHES}: 2^16 keys, 64 to a long. */
  private static final int LONGS_PER_PLAYER_LOG2 = 16 - 6;

  /**
   * Per player and key, one bit: whether a move by that player matches. Black's 65,536 bits come
   * first, then white's: 16 KB, which stays in the L1 cache with the board, where a byte per key
   * (64 KB) did not.
   */
  private static final long[] MATCHES = pack(compile());

  private Pattern3() {}

  /** The 16-bit key of p's 8 neighbours on {@code board}. */
  public static int key(Board board, int p) {
    int s = board.geometry().stride();
    return board.color(p - s - 1)
        | board.color(p - s) << 2
        | board.color(p - s + 1) << 4
        | board.color(p - 1) << 6
        | board.color(p + 1) << 8
        | board.color(p + s - 1) << 10
        | board.color(p + s) << 12
        | board.color(p + s + 1) << 14;
  }

  /** Whether a move by {@code player} at the empty point p matches a pattern. */
  public static boolean matches(Board board, int p, byte player) {
    int key = key(board, p);
    return (MATCHES[(player - 1) << LONGS_PER_PLAYER_LOG2 | key >>> 6] >>> key & 1) != 0;
  }

  /** Number of keys that match for {@code player}, for tests. */
  static int matchingKeys(byte player) {
    int n = 0;
    for (int i = 0; i < 1 << LONGS_PER_PLAYER_LOG2; i++) {
      n += Long.bitCount(MATCHES[(player - 1) << LONGS_PER_PLAYER_LOG2 | i]);
    }
    return n;
  }

  // ------------------------------------------------------------------ compilation

  private static long[] pack(byte[] table) {
    long[] bits = new long[2 << LONGS_PER_PLAYER_LOG2];
    for (int key = 0; key < table.length; key++) {
      for (byte player = Color.BLACK; player <= Color.WHITE; player++) {
        if ((table[key] & player) != 0) {
          bits[(player - 1) << LONGS_PER_PLAYER_LOG2 | key >>> 6] |= 1L << key;
        }
      }
    }
    return bits;
  }

  private static byte[] compile() {
    byte[] table = new byte[1 << 16];
    for (Shape shape : SHAPES) {
      char[] cells = cells(shape.rows());
      if (cells[4] != '.') {
        throw new IllegalStateException(shape.name() + ": the centre must be '.'");
      }
      boolean edge = shape.rows().contains("#");
      for (int symmetry = 0; symmetry < 8; symmetry++) {
        char[] t = transform(cells, symmetry);
        char[][] unless = new char[shape.unless().size()][];
        for (int u = 0; u < unless.length; u++) {
          unless[u] = transform(cells(shape.unless().get(u)), symmetry);
        }
        for (byte x = Color.BLACK; x <= Color.WHITE; x++) {
          byte o = Color.opponent(x);
          int players = shape.toMove() == 'X' ? x : shape.toMove() == 'O' ? o : x | o;
          enumerate(t, 0, 0, x, o, edge, unless, table, players);
        }
      }
    }
    return table;
  }

  /** Marks every key that matches cells from slot i on, given the colours fixed so far. */
  private static void enumerate(
      char[] cells,
      int slot,
      int key,
      byte x,
      byte o,
      boolean edge,
      char[][] unless,
      byte[] table,
      int players) {
    if (slot == 8) {
      for (char[] u : unless) {
        if (matchesCells(u, key, x, o, edge)) {
          return;
        }
      }
      table[key] |= (byte) players;
      return;
    }
    int[] rc = SLOTS[slot];
    char c = cells[rc[0] * 3 + rc[1]];
    for (byte colour = Color.EMPTY; colour <= Color.WALL; colour++) {
      if (allows(c, colour, x, o, edge)) {
        enumerate(cells, slot + 1, key | colour << (2 * slot), x, o, edge, unless, table, players);
      }
    }
  }

  private static boolean matchesCells(char[] cells, int key, byte x, byte o, boolean edge) {
    for (int slot = 0; slot < 8; slot++) {
      int[] rc = SLOTS[slot];
      byte colour = (byte) ((key >>> (2 * slot)) & 3);
      if (!allows(cells[rc[0] * 3 + rc[1]], colour, x, o, edge)) {
        return false;
      }
    }
    return true;
  }

  private static boolean allows(char cell, byte colour, byte x, byte o, boolean edge) {
    return switch (cell) {
      case 'X' -> colour == x;
      case 'O' -> colour == o;
      case 'x' -> colour == x || colour == Color.EMPTY;
      case 'o' -> colour == o || colour == Color.EMPTY;
      case '.' -> colour == Color.EMPTY;
      case '#' -> colour == Color.WALL;
      case '?' -> colour != Color.WALL || edge;
      default -> throw new IllegalStateException("bad pattern cell '" + cell + "'");
    };
  }

  private static char[] cells(String rows) {
    String compact = rows.replace(" ", "");
    if (compact.length() != 9) {
      throw new IllegalStateException("a pattern has 3 rows of 3: " + rows);
    }
    return compact.toCharArray();
  }

  /** The cells under symmetry 0..7 (rotations, then their mirror images). */
  private static char[] transform(char[] cells, int symmetry) {
    char[] out = new char[9];
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        int rr = r;
        int cc = c;
        if ((symmetry & 4) != 0) {
          cc = 2 - cc;
        }
        for (int k = 0; k < (symmetry & 3); k++) {
          int t = rr;
          rr = cc;
          cc = 2 - t;
        }
        out[rr * 3 + cc] = cells[r * 3 + c];
      }
    }
    return out;
  }
}
