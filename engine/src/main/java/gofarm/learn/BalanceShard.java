package gofarm.learn;

import gofarm.board.Color;
import gofarm.playout.FeatureSpace;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.Rng;
import java.util.List;

/**
 * The work of one chunk of simulation balancing (Silver and Tesauro 2009; GO-DIGEST §D.2): for each
 * position of a shard, its value V under the current softmax policy from {@code M} playouts and,
 * for a training position, the policy-gradient estimate of ∇V from {@code N} other playouts, times
 * the error V* − V. The coordinator adds the shards' sums in shard order and moves θ = log γ by α
 * times their mean.
 *
 * <h2>The estimate</h2>
 *
 * ∇V = E[z Σ_t ψ(s_t, a_t)], z the playout's result for Black (1, ½ for a draw, 0) and ψ the score
 * of every move of both colours, since one policy plays both ({@link
 * gofarm.playout.SoftmaxPolicy#scoreInto}). The baseline subtracted from z is the V of the {@code
 * M} value playouts: E[Σ_t ψ] = 0, and that V is independent of the gradient playouts, so the
 * estimate stays unbiased while its variance falls. The product (V* − V) · g is unbiased for (V* −
 * V_θ) ∇V_θ because V and g come from separate playouts.
 *
 * <p>Deterministic: each position's playouts use its own seed, so the sums do not depend on how
 * positions are sharded or which machine ran them. Thread-confined: one per thread.
 */
public final class BalanceShard {
  private final double[] psi = new double[FeatureSpace.size()];

  /**
   * A position of the shard.
   *
   * @param root the position
   * @param target V*, Black's value of the position (0..1)
   * @param heldOut whether it only measures the error (no gradient playouts)
   * @param seed the seed of its playouts this iteration
   */
  public record Sample(PlayoutRoot root, double target, boolean heldOut, long seed) {}

  /**
   * A shard's sums.
   *
   * @param gradient per feature id, Σ over the training positions of (V* − V) · g, g the mean of (z
   *     − V) Σ_t ψ over the gradient playouts
   * @param values each position's V, in the shard's order
   * @param trainSquaredError Σ (V* − V)² over the training positions
   * @param testSquaredError Σ (V* − V)² over the held-out positions
   * @param trainPositions training positions in the shard
   * @param testPositions held-out positions in the shard
   */
  public record Result(
      double[] gradient,
      double[] values,
      double trainSquaredError,
      double testSquaredError,
      int trainPositions,
      int testPositions) {}

  /**
   * Measures and, for the training positions, differentiates the shard's positions under {@code
   * playout}'s softmax policy.
   *
   * @param valuePlayouts M, at least 1
   * @param gradientPlayouts N, at least 1
   */
  public Result run(
      Playout playout, List<Sample> samples, int valuePlayouts, int gradientPlayouts) {
    double[] gradient = new double[FeatureSpace.size()];
    double[] values = new double[samples.size()];
    double trainError = 0;
    double testError = 0;
    int train = 0;
    int test = 0;
    PlayoutStats stats = playout.newStats();
    double[] g = new double[FeatureSpace.size()];
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      long wins = stats.blackWins();
      long draws = stats.draws();
      playout.run(s.root(), Rng.mix(s.seed(), 0), valuePlayouts, stats);
      double v = (stats.blackWins() - wins + 0.5 * (stats.draws() - draws)) / valuePlayouts;
      values[i] = v;
      double error = s.target() - v;
      if (s.heldOut()) {
        testError += error * error;
        test++;
        continue;
      }
      trainError += error * error;
      train++;
      java.util.Arrays.fill(g, 0);
      playout.setSeed(Rng.mix(s.seed(), 1));
      for (int j = 0; j < gradientPlayouts; j++) {
        java.util.Arrays.fill(psi, 0);
        byte winner = playout.playScored(s.root(), psi);
        double z = winner == Color.BLACK ? 1 : winner == Color.WHITE ? 0 : 0.5;
        double weight = z - v;
        if (weight != 0) {
          for (int id = 0; id < psi.length; id++) {
            g[id] += weight * psi[id];
          }
        }
      }
      double scale = error / gradientPlayouts;
      for (int id = 0; id < g.length; id++) {
        gradient[id] += scale * g[id];
      }
    }
    return new Result(gradient, values, trainError, testError, train, test);
  }
}
