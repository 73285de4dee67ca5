package gofarm.board;

/**
 * The fixed 64-bit Zobrist keys: one per (colour, point) for the largest board, and one for "white
 * to move".
 *
 * <p>Keys come from SplitMix64 with a fixed seed, so hashes are identical in every JVM and can be
 * compared across workers. Points of smaller boards use the keys of the same indexes.
 */
public final class Zobrist {
  private static final int MAX_ARRAY_SIZE = Geometry.of(Geometry.MAX_SIZE).arraySize();

  /** {@code STONE[color][p]} for color BLACK (1) and WHITE (2); row 0 and 3 are unused zeros. */
  static final long[][] STONE = new long[4][MAX_ARRAY_SIZE];

  /** XOR-ed into a situational hash when white is to move. */
  public static final long WHITE_TO_MOVE;

  static {
    long state = 0x9E3779B97F4A7C15L ^ 0x676F6661726DL; // "gofarm"
    for (int c = Color.BLACK; c <= Color.WHITE; c++) {
      for (int p = 0; p < MAX_ARRAY_SIZE; p++) {
        state += 0x9E3779B97F4A7C15L;
        STONE[c][p] = mix(state);
      }
    }
    state += 0x9E3779B97F4A7C15L;
    WHITE_TO_MOVE = mix(state);
  }

  private Zobrist() {}

  /** The key of a stone of {@code color} at {@code p}. */
  public static long stone(byte color, int p) {
    return STONE[color][p];
  }

  /** SplitMix64's finalizer (Steele, Lea, Flood 2014). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
