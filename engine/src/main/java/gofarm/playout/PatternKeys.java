package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;

/**
 * The 3x3 patterns of the softmax policy: the colours of a point's eight neighbours and, for the
 * four orthogonal ones that hold stones, whether their chain is in atari (Coulom 2007; Pachi's
 * {@code pat3} with atari bits). Colours are seen from the player to move, and a pattern is one
 * value under the eight symmetries of the square, so a key names a shape, not a place or a colour.
 *
 * <p>The raw key of a point has two bits per neighbour, {@code NW | N << 2 | NE << 4 | W << 6 | E
 * << 8 | SW << 10 | S << 12 | SE << 14} ({@link Color} values, as {@link Pattern3#key}), then one
 * bit per orthogonal neighbour in atari: N at bit 16, W at 17, E at 18, S at 19. {@link #id} maps a
 * raw key, with colours already seen from the player to move (own = BLACK, enemy = WHITE), to a
 * dense pattern number 0..{@link #count()}-1 through one table of 2^20 chars built once; the
 * numbers follow the order of the smallest raw key of each class, so they are the same in every
 * JVM.
 *
 * <p>Only keys a board can show get a number: off-board neighbours form no wall, one side or two
 * adjacent sides (a corner), and atari bits sit on stones only.
 */
public final class PatternKeys {
  /** Bits of a raw key. */
  public static final int KEY_BITS = 20;

  /** Slot (row, column) of each 2-bit field: NW, N, NE, W, E, SW, S, SE. */
  private static final int[][] CELL_OF_SLOT = {
    {0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}
  };

  /** The slots of the orthogonal neighbours N, W, E, S, in the order of their atari bits. */
  private static final int[] ORTHOGONAL_SLOTS = {1, 3, 4, 6};

  /** Per symmetry, where each slot goes. */
  private static final int[][] SLOT_IMAGE = slotImages();

  /** Which cells are off the board: none, a side, or two adjacent sides (a corner). */
  private static final boolean[][] WALL_LAYOUTS = wallLayouts();

  /** Per raw key: its pattern number plus one, or 0 for a key no board shows. */
  private static final char[] ID_PLUS_ONE = new char[1 << KEY_BITS];

  /** Per pattern number: the smallest raw key of its class, which names it. */
  private static final int[] CANONICAL;

  static {
    int[] canonicalOf = new int[1 << KEY_BITS];
    java.util.Arrays.fill(canonicalOf, -1);
    boolean[] isCanonical = new boolean[1 << KEY_BITS];
    for (int walls = 0; walls < WALL_LAYOUTS.length; walls++) {
      enumerate(WALL_LAYOUTS[walls], 0, 0, canonicalOf, isCanonical);
    }
    int count = 0;
    for (boolean c : isCanonical) {
      count += c ? 1 : 0;
    }
    CANONICAL = new int[count];
    int next = 0;
    char[] idOfCanonical = new char[1 << KEY_BITS];
    for (int key = 0; key < isCanonical.length; key++) {
      if (isCanonical[key]) {
        CANONICAL[next] = key;
        idOfCanonical[key] = (char) ++next;
      }
    }
    for (int key = 0; key < canonicalOf.length; key++) {
      if (canonicalOf[key] >= 0) {
        ID_PLUS_ONE[key] = idOfCanonical[canonicalOf[key]];
      }
    }
  }

  private PatternKeys() {}

  /** The number of patterns: one per class of keys under the symmetries. */
  public static int count() {
    return CANONICAL.length;
  }

  /**
   * The pattern number of a raw key whose colours are seen from the player to move (own = BLACK),
   * or -1 if no board shows it.
   */
  public static int id(int relativeKey) {
    return ID_PLUS_ONE[relativeKey] - 1;
  }

  /**
   * The raw key of the empty point p on {@code board}, colours as they are (not yet seen from a
   * player): the eight neighbours' colours and the atari bits of the orthogonal ones.
   */
  public static int rawKey(Board board, int p) {
    int s = board.geometry().stride();
    int n = p - s;
    int w = p - 1;
    int e = p + 1;
    int so = p + s;
    return board.color(n - 1)
        | board.color(n) << 2
        | board.color(n + 1) << 4
        | board.color(w) << 6
        | board.color(e) << 8
        | board.color(so - 1) << 10
        | board.color(so) << 12
        | board.color(so + 1) << 14
        | atariBit(board, n) << 16
        | atariBit(board, w) << 17
        | atariBit(board, e) << 18
        | atariBit(board, so) << 19;
  }

  private static int atariBit(Board board, int q) {
    // libertyCount of an empty or wall point is a sink value far from 1.
    return Color.isPlayer(board.color(q)) && board.libertyCount(q) == 1 ? 1 : 0;
  }

  /**
   * The key seen from {@code player}: for white, black and white swap in every colour field (EMPTY
   * and WALL stay), so that own stones are always BLACK.
   */
  public static int relative(int rawKey, byte player) {
    if (player == Color.BLACK) {
      return rawKey;
    }
    // A field of 1 or 2 has its two bits differ: flip both; 0 and 3 stay.
    int differ = ((rawKey >>> 1) ^ rawKey) & 0x5555;
    return rawKey ^ (differ | differ << 1);
  }

  /** The pattern number of the empty point p for a move of {@code player}. */
  public static int idAt(Board board, int p, byte player) {
    return id(relative(rawKey(board, p), player));
  }

  /** The raw key of symmetry s (0..7: rotations, then their mirror images) of {@code key}. */
  public static int transform(int key, int symmetry) {
    int[] image = SLOT_IMAGE[symmetry];
    int out = 0;
    for (int slot = 0; slot < 8; slot++) {
      out |= ((key >>> (2 * slot)) & 3) << (2 * image[slot]);
    }
    for (int a = 0; a < 4; a++) {
      if ((key >>> (16 + a) & 1) != 0) {
        out |= 1 << (16 + atariIndex(image[ORTHOGONAL_SLOTS[a]]));
      }
    }
    return out;
  }

  /** The smallest raw key of pattern {@code id}'s class. */
  public static int canonicalKey(int id) {
    return CANONICAL[id];
  }

  /**
   * Pattern {@code id} as three rows separated by '/', top to bottom: {@code X} own stone, {@code
   * O} enemy stone, {@code x} and {@code o} the same in atari, {@code .} empty, {@code #} off the
   * board, {@code *} the move. E.g. {@code "X.O/o*./###"}.
   */
  public static String name(int id) {
    int key = CANONICAL[id];
    char[] cells = new char[9];
    cells[4] = '*';
    for (int slot = 0; slot < 8; slot++) {
      int c = (key >>> (2 * slot)) & 3;
      int atari = atariOfSlot(key, slot);
      char ch =
          switch (c) {
            case Color.EMPTY -> '.';
            case Color.BLACK -> atari != 0 ? 'x' : 'X';
            case Color.WHITE -> atari != 0 ? 'o' : 'O';
            default -> '#';
          };
      cells[CELL_OF_SLOT[slot][0] * 3 + CELL_OF_SLOT[slot][1]] = ch;
    }
    return new String(cells, 0, 3) + "/" + new String(cells, 3, 3) + "/" + new String(cells, 6, 3);
  }

  /**
   * The pattern number of a name in the form of {@link #name}, in any of its eight orientations.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static int parse(String name) {
    String rows = name.replace("/", "");
    if (rows.length() != 9
        || name.length() != 11
        || name.charAt(3) != '/'
        || name.charAt(7) != '/') {
      throw new IllegalArgumentException(
          "a 3x3 pattern is three rows of three separated by '/', e.g. X.O/o*./### (got '"
              + name
              + "')");
    }
    if (rows.charAt(4) != '*') {
      throw new IllegalArgumentException("the centre of pattern '" + name + "' must be '*'");
    }
    int key = 0;
    for (int slot = 0; slot < 8; slot++) {
      char ch = rows.charAt(CELL_OF_SLOT[slot][0] * 3 + CELL_OF_SLOT[slot][1]);
      int c;
      int atari = 0;
      switch (ch) {
        case '.' -> c = Color.EMPTY;
        case 'X' -> c = Color.BLACK;
        case 'O' -> c = Color.WHITE;
        case 'x' -> {
          c = Color.BLACK;
          atari = 1;
        }
        case 'o' -> {
          c = Color.WHITE;
          atari = 1;
        }
        case '#' -> c = Color.WALL;
        default ->
            throw new IllegalArgumentException(
                "pattern '" + name + "': unknown cell '" + ch + "' (use X O x o . # and * centre)");
      }
      if (atari != 0 && atariIndex(slot) < 0) {
        throw new IllegalArgumentException(
            "pattern '" + name + "': only the four orthogonal neighbours carry atari marks");
      }
      key |= c << (2 * slot);
      if (atari != 0) {
        key |= 1 << (16 + atariIndex(slot));
      }
    }
    int id = id(key);
    if (id < 0) {
      throw new IllegalArgumentException(
          "pattern '" + name + "' cannot occur on a board (its off-board cells form no edge)");
    }
    return id;
  }

  // ------------------------------------------------------------------ the table

  private static boolean[][] wallLayouts() {
    // top, bottom, left, right
    int[][] sides = {{}, {0}, {1}, {2}, {3}, {0, 2}, {0, 3}, {1, 2}, {1, 3}};
    boolean[][] layouts = new boolean[sides.length][8];
    for (int i = 0; i < sides.length; i++) {
      for (int slot = 0; slot < 8; slot++) {
        int r = CELL_OF_SLOT[slot][0];
        int c = CELL_OF_SLOT[slot][1];
        for (int side : sides[i]) {
          layouts[i][slot] |=
              side == 0 && r == 0
                  || side == 1 && r == 2
                  || side == 2 && c == 0
                  || side == 3 && c == 2;
        }
      }
    }
    return layouts;
  }

  /** Records every key of one wall layout from slot on, and its class's smallest key. */
  private static void enumerate(
      boolean[] walls, int slot, int key, int[] canonicalOf, boolean[] isCanonical) {
    if (slot == 8) {
      enumerateAtari(key, 0, canonicalOf, isCanonical);
      return;
    }
    if (walls[slot]) {
      enumerate(walls, slot + 1, key | Color.WALL << (2 * slot), canonicalOf, isCanonical);
      return;
    }
    for (int c = Color.EMPTY; c <= Color.WHITE; c++) {
      enumerate(walls, slot + 1, key | c << (2 * slot), canonicalOf, isCanonical);
    }
  }

  private static void enumerateAtari(int key, int a, int[] canonicalOf, boolean[] isCanonical) {
    if (a == 4) {
      int smallest = key;
      for (int s = 1; s < 8; s++) {
        smallest = Math.min(smallest, transform(key, s));
      }
      canonicalOf[key] = smallest;
      isCanonical[smallest] = true;
      return;
    }
    enumerateAtari(key, a + 1, canonicalOf, isCanonical);
    int c = (key >>> (2 * ORTHOGONAL_SLOTS[a])) & 3;
    if (c == Color.BLACK || c == Color.WHITE) {
      enumerateAtari(key | 1 << (16 + a), a + 1, canonicalOf, isCanonical);
    }
  }

  private static int atariOfSlot(int key, int slot) {
    int a = atariIndex(slot);
    return a < 0 ? 0 : key >>> (16 + a) & 1;
  }

  /** The atari bit of a slot (0..3), or -1 for a diagonal slot. */
  private static int atariIndex(int slot) {
    for (int a = 0; a < 4; a++) {
      if (ORTHOGONAL_SLOTS[a] == slot) {
        return a;
      }
    }
    return -1;
  }

  private static int[][] slotImages() {
    int[][] images = new int[8][8];
    for (int s = 0; s < 8; s++) {
      for (int slot = 0; slot < 8; slot++) {
        int r = CELL_OF_SLOT[slot][0];
        int c = CELL_OF_SLOT[slot][1];
        if ((s & 4) != 0) {
          c = 2 - c;
        }
        for (int k = 0; k < (s & 3); k++) {
          int t = r;
          r = c;
          c = 2 - t;
        }
        images[s][slot] = slotAt(r, c);
      }
    }
    return images;
  }

  private static int slotAt(int r, int c) {
    for (int slot = 0; slot < 8; slot++) {
      if (CELL_OF_SLOT[slot][0] == r && CELL_OF_SLOT[slot][1] == c) {
        return slot;
      }
    }
    throw new IllegalStateException("no slot at the centre");
  }
}
