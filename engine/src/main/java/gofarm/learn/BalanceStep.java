package gofarm.learn;

import gofarm.playout.GammaTable;

/**
 * One update of simulation balancing: θ = log γ moves by α_k times the mean over the training
 * positions of (V* − V) · g ({@link BalanceShard}), with γ kept in {@link GammaTable}'s range.
 *
 * <h2>Step sizes</h2>
 *
 * α_k = α · A / (A + k − 1) for iteration k (1-based): constant while k is small against A, then
 * falling as 1/k, which stochastic approximation needs to settle (Robbins and Monro); A = 0 keeps α
 * constant. The mean rather than the sum over positions makes α independent of how many training
 * positions a spec names.
 *
 * @param alpha α, the first step's size (in log γ per unit of error × score)
 * @param decay A, in iterations; 0 for a constant step
 */
public record BalanceStep(double alpha, double decay) {

  /** α_k for iteration {@code k} (1-based). */
  public double stepSize(int k) {
    return decay == 0 ? alpha : alpha * decay / (decay + k - 1);
  }

  /**
   * γ after iteration {@code k}: {@code gamma} with log γ moved by α_k · {@code gradientSum} ÷
   * {@code positions}.
   */
  public double[] update(double[] gamma, int k, double[] gradientSum, int positions) {
    double[] next = gamma.clone();
    if (positions == 0) {
      return next;
    }
    double step = stepSize(k) / positions;
    for (int i = 0; i < next.length; i++) {
      if (gradientSum[i] != 0) {
        double g = gamma[i] * Math.exp(step * gradientSum[i]);
        next[i] = Math.max(GammaTable.MIN_GAMMA, Math.min(GammaTable.MAX_GAMMA, g));
      }
    }
    return next;
  }
}
