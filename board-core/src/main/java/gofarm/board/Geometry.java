package gofarm.board;

/**
 * The shape of a square board of one size: how points are numbered, which are on the board, and
 * their names. Immutable, one instance per size ({@link #of}), shared by all threads.
 *
 * <h2>The padded layout</h2>
 *
 * <p>Points are indexes into one-dimensional arrays with a wall of off-board cells around the
 * board, so that the four neighbours of any board point are always valid indexes and no loop needs
 * a bounds check (the layout of KataGo's {@code Board}). Rows share one wall column:
 *
 * <pre>
 *   stride    = size + 1
 *   point(x, y) = (y + 1) * stride + (x + 1)        x, y in 0..size-1, y = 0 is the top row
 *   arraySize = (size + 1) * (size + 2) + 1
 *   neighbours of p: p - stride, p - 1, p + 1, p + stride
 *   diagonals of p:  p - stride - 1, p - stride + 1, p + stride - 1, p + stride + 1
 * </pre>
 *
 * For 5x5 ({@code stride = 6}, {@code arraySize = 43}) the numbers are:
 *
 * <pre>
 *    #   #   #   #   #   #       row 0: wall; 0 = Point.NONE, 1 = Point.PASS
 *    #   7   8   9  10  11       y = 0   (GTP row 5)
 *    #  13  14  15  16  17       y = 1
 *    #  19  20  21  22  23       y = 2
 *    #  25  26  27  28  29       y = 3
 *    #  31  32  33  34  35       y = 4   (GTP row 1)
 *    #   #   #   #   #   #   #   row 6: wall, and 42 for the last diagonal of 35
 * </pre>
 *
 * <p>Sizes 2 to 25 are supported: 25 is the number of GTP column letters (A to Z without I), the
 * limit Fuego's {@code SgPoint.h} has too.
 */
public final class Geometry {
  public static final int MIN_SIZE = 2;
  public static final int MAX_SIZE = 25;

  /** GTP column letters: the alphabet without I. */
  private static final String COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

  private static final Geometry[] CACHE = new Geometry[MAX_SIZE + 1];

  static {
    for (int size = MIN_SIZE; size <= MAX_SIZE; size++) {
      CACHE[size] = new Geometry(size);
    }
  }

  private final int size;
  private final int stride;
  private final int arraySize;
  private final int[] points;
  private final int[] xOf;
  private final int[] yOf;
  private final boolean[] onBoard;
  private final long[] onBoardWords;
  private final int[] neighbourOffsets;
  private final int[] diagonalOffsets;

  private Geometry(int size) {
    this.size = size;
    this.stride = size + 1;
    this.arraySize = (size + 1) * (size + 2) + 1;
    this.points = new int[size * size];
    this.xOf = new int[arraySize];
    this.yOf = new int[arraySize];
    this.onBoard = new boolean[arraySize];
    this.onBoardWords = new long[PointSet.wordCount(arraySize)];
    this.neighbourOffsets = new int[] {-stride, -1, 1, stride};
    this.diagonalOffsets = new int[] {-stride - 1, -stride + 1, stride - 1, stride + 1};
    java.util.Arrays.fill(xOf, -1);
    java.util.Arrays.fill(yOf, -1);
    int i = 0;
    for (int y = 0; y < size; y++) {
      for (int x = 0; x < size; x++) {
        int p = (y + 1) * stride + (x + 1);
        points[i++] = p;
        xOf[p] = x;
        yOf[p] = y;
        onBoard[p] = true;
        onBoardWords[p >>> 6] |= 1L << p;
      }
    }
  }

  /**
   * The geometry of a {@code size} x {@code size} board.
   *
   * @throws IllegalArgumentException if size is not in 2..25
   */
  public static Geometry of(int size) {
    if (size < MIN_SIZE || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          "board size must be " + MIN_SIZE + ".." + MAX_SIZE + " (got " + size + ")");
    }
    return CACHE[size];
  }

  public int size() {
    return size;
  }

  /**
   * The k-th point (k in 0..3: above, left, right, below) next to p, on the board or on the wall:
   * for loops over neighbours that allocate nothing ({@code for (int k = 0; k < 4; k++)}).
   */
  public int neighbour(int p, int k) {
    return p + neighbourOffsets[k];
  }

  /** The k-th point (k in 0..3: up-left, up-right, down-left, down-right) diagonally next to p. */
  public int diagonal(int p, int k) {
    return p + diagonalOffsets[k];
  }

  public int stride() {
    return stride;
  }

  /** The length of every per-point array: board points, walls and the reserved slots. */
  public int arraySize() {
    return arraySize;
  }

  /** The number of board points, {@code size * size}. */
  public int pointCount() {
    return points.length;
  }

  /** The i-th board point in row-major order from the top-left corner. */
  public int point(int i) {
    return points[i];
  }

  /** The point at column x and row y (both 0-based, y = 0 is the top row). */
  public int point(int x, int y) {
    return (y + 1) * stride + (x + 1);
  }

  /** 0-based column of a board point, -1 off the board. */
  public int x(int p) {
    return xOf[p];
  }

  /** 0-based row of a board point from the top, -1 off the board. */
  public int y(int p) {
    return yOf[p];
  }

  public boolean isOnBoard(int p) {
    return p >= 0 && p < arraySize && onBoard[p];
  }

  /** Distance to the nearest edge: 0 on the first line, 1 on the second, and so on. */
  public int line(int p) {
    int x = xOf[p];
    int y = yOf[p];
    return Math.min(Math.min(x, y), Math.min(size - 1 - x, size - 1 - y));
  }

  /** A fresh set holding every board point. */
  public PointSet allPoints() {
    PointSet set = new PointSet(this);
    set.copyWords(onBoardWords);
    return set;
  }

  long[] onBoardWords() {
    return onBoardWords;
  }

  /**
   * The GTP name of a point: {@code C3}, or {@code pass}.
   *
   * @throws IllegalArgumentException for a point that is neither on the board nor PASS
   */
  public String name(int p) {
    if (p == Point.PASS) {
      return "pass";
    }
    if (!isOnBoard(p)) {
      throw new IllegalArgumentException("not a point of a " + size + "x" + size + " board: " + p);
    }
    return COLUMNS.charAt(xOf[p]) + Integer.toString(size - yOf[p]);
  }

  /**
   * The point named by a GTP vertex ({@code C3}, {@code c3} or {@code pass}, case-insensitive).
   *
   * @throws IllegalArgumentException naming the vertex when it is malformed or off this board
   */
  public int parse(String vertex) {
    String v = vertex.trim().toUpperCase(java.util.Locale.ROOT);
    if (v.equals("PASS")) {
      return Point.PASS;
    }
    if (v.length() < 2 || v.length() > 3) {
      throw new IllegalArgumentException("invalid vertex '" + vertex + "': expected e.g. C3");
    }
    int x = COLUMNS.indexOf(v.charAt(0));
    if (x < 0) {
      throw new IllegalArgumentException(
          "invalid vertex '" + vertex + "': column must be a letter A-Z without I");
    }
    int row;
    try {
      row = Integer.parseInt(v.substring(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid vertex '" + vertex + "': expected e.g. C3");
    }
    if (x >= size || row < 1 || row > size) {
      throw new IllegalArgumentException(
          "vertex " + v + " is off the " + size + "x" + size + " board");
    }
    return point(x, size - row);
  }

  @Override
  public String toString() {
    return size + "x" + size;
  }
}
