package gofarm.search;

import java.time.Duration;

/**
 * How long a search runs: a number of playouts, a time, or both (it stops at whichever comes
 * first). At least one playout always runs, however short the time.
 *
 * <pre>{@code
 * Budget.playouts(10_000)                 // deterministic for a seed on one thread
 * Budget.time(Duration.ofSeconds(2))
 * }</pre>
 *
 * @param playouts the most playouts, 1..10^12, or 0 for no limit
 * @param time the longest wall-clock time, or null for no limit
 */
public record Budget(long playouts, Duration time) {
  /** The most playouts a budget may name. */
  public static final long MAX_PLAYOUTS = 1_000_000_000_000L;

  /**
   * @throws IllegalArgumentException if there is no limit at all, or one out of range
   */
  public Budget {
    if (playouts < 0 || playouts > MAX_PLAYOUTS) {
      throw new IllegalArgumentException(
          "playouts must be 1.." + MAX_PLAYOUTS + " (got " + playouts + ")");
    }
    if (time != null && (time.isNegative() || time.isZero())) {
      throw new IllegalArgumentException("time must be positive (got " + time + ")");
    }
    if (playouts == 0 && time == null) {
      throw new IllegalArgumentException("a budget needs playouts or a time");
    }
  }

  /** A budget of {@code n} playouts. */
  public static Budget playouts(long n) {
    if (n < 1) {
      throw new IllegalArgumentException("playouts must be at least 1 (got " + n + ")");
    }
    return new Budget(n, null);
  }

  /** A budget of wall-clock time. */
  public static Budget time(Duration time) {
    return new Budget(0, time);
  }

  /** Whether the budget is a playout count only, which makes a one-thread search reproducible. */
  public boolean isDeterministic() {
    return time == null;
  }

  @Override
  public String toString() {
    String p = playouts > 0 ? playouts + " playouts" : "";
    String t = time == null ? "" : time.toMillis() / 1000.0 + " s";
    return p.isEmpty() ? t : t.isEmpty() ? p : p + " or " + t;
  }
}
