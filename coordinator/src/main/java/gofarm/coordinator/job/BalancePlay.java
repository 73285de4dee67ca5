package gofarm.coordinator.job;

/**
 * The result of one chunk of a balance job, checked at the edge: a reference search's value, a
 * shard's sums, or a confirmation game pair.
 *
 * @param blackValue a reference search's black value (NaN otherwise)
 * @param gradient a shard's Σ (V* − V) · g per feature id, or null
 * @param values a shard's V per position, in order, or null
 * @param playouts the search's or the shard's playouts
 * @param games a confirmation pair, or null
 */
public record BalancePlay(
    double blackValue, double[] gradient, double[] values, long playouts, PlayedPair games) {

  /** A reference search's value. */
  public static BalancePlay value(double blackValue, long playouts) {
    return new BalancePlay(blackValue, null, null, playouts, null);
  }

  /** A shard's sums. */
  public static BalancePlay shard(double[] gradient, double[] values, long playouts) {
    return new BalancePlay(Double.NaN, gradient, values, playouts, null);
  }

  /** A confirmation game pair. */
  public static BalancePlay of(PlayedPair games) {
    return new BalancePlay(Double.NaN, null, null, 0, games);
  }
}
