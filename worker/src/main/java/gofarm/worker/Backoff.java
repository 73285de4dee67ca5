package gofarm.worker;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with jitter for reconnecting to the coordinator: the first retry waits about
 * {@code initial}, each further one twice as long, up to {@code max}.
 *
 * <pre>{@code
 * Backoff b = Backoff.DEFAULT;                          // 100 ms doubling to 10 s, 20 % jitter
 * Duration wait = b.delay(attempt, random::nextDouble); // attempt 1, 2, 3, ...
 * }</pre>
 *
 * <p>The jitter only shortens a delay (a factor drawn from {@code [1 - jitter, 1]}), so a delay
 * never exceeds {@code max}, and workers cut off together by a coordinator restart do not all dial
 * back in the same instant.
 *
 * @param initial the delay before the first retry, at least 1 ms
 * @param max the longest delay, at least {@code initial}
 * @param jitter the largest fraction taken off a delay, 0..1
 */
public record Backoff(Duration initial, Duration max, double jitter) {
  /** 100 ms doubling to 10 s, up to 20 % shorter at random. */
  public static final Backoff DEFAULT =
      new Backoff(Duration.ofMillis(100), Duration.ofSeconds(10), 0.2);

  public Backoff {
    if (initial.toMillis() < 1) {
      throw new IllegalArgumentException(
          "backoff: initial must be at least 1 ms (got " + initial + ")");
    }
    if (max.compareTo(initial) < 0) {
      throw new IllegalArgumentException(
          "backoff: max must be at least initial " + initial + " (got " + max + ")");
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("backoff: jitter must be 0..1 (got " + jitter + ")");
    }
  }

  /**
   * The wait before retry number {@code attempt} (1 for the first retry): {@code initial *
   * 2^(attempt - 1)}, capped at {@code max}, times {@code 1 - jitter * random}.
   *
   * @param random values in {@code [0, 1)}
   */
  public Duration delay(int attempt, DoubleSupplier random) {
    if (attempt < 1) {
      throw new IllegalArgumentException("attempt must be at least 1 (got " + attempt + ")");
    }
    long maxNanos = max.toNanos();
    long nanos = initial.toNanos();
    // Doubling stops at the cap, so large attempt numbers cannot overflow.
    for (int i = 1; i < attempt && nanos < maxNanos; i++) {
      nanos *= 2;
    }
    nanos = Math.min(nanos, maxNanos);
    return Duration.ofNanos((long) (nanos * (1 - jitter * random.getAsDouble())));
  }
}
