package gofarm.playout;

/**
 * A fast, allocation-free pseudo-random generator: xoshiro256** (Blackman and Vigna 2018), seeded
 * through SplitMix64. One per thread; not thread-safe.
 *
 * <p>{@link #nextInt(int)} is exactly uniform (Lemire's multiply-and-reject, 2019), which the
 * playout conformance figures depend on. {@link #mix} derives independent seeds from a job seed and
 * coordinates, so a chunk's seed depends only on what the chunk is, not on who runs it.
 */
public final class Rng {
  private long s0;
  private long s1;
  private long s2;
  private long s3;

  public Rng(long seed) {
    setSeed(seed);
  }

  /** Restarts the sequence from {@code seed}. */
  public void setSeed(long seed) {
    long z = seed;
    s0 = splitMix(z += 0x9E3779B97F4A7C15L);
    s1 = splitMix(z += 0x9E3779B97F4A7C15L);
    s2 = splitMix(z += 0x9E3779B97F4A7C15L);
    s3 = splitMix(z + 0x9E3779B97F4A7C15L);
  }

  public long nextLong() {
    long result = Long.rotateLeft(s1 * 5, 7) * 9;
    long t = s1 << 17;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = Long.rotateLeft(s3, 45);
    return result;
  }

  /** A uniform integer in {@code [0, bound)}. Precondition: {@code bound > 0}. */
  public int nextInt(int bound) {
    long m = (nextLong() >>> 32) * bound;
    long low = m & 0xFFFFFFFFL;
    if (low < bound) {
      long threshold = (0x100000000L - bound) % bound;
      while (low < threshold) {
        m = (nextLong() >>> 32) * bound;
        low = m & 0xFFFFFFFFL;
      }
    }
    return (int) (m >>> 32);
  }

  /** A uniform double in {@code [0, 1)}: 53 random bits. */
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** A uniform integer in {@code [0, 65536)}: rule firing rates are thresholds on this scale. */
  public int next16() {
    return (int) (nextLong() >>> 48);
  }

  /** A seed for the sub-stream {@code index} of {@code seed}. */
  public static long mix(long seed, long index) {
    return splitMix(seed ^ splitMix(index + 0x632BE59BD9B4E019L));
  }

  private static long splitMix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
