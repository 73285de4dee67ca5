package gofarm.stats;

import java.util.List;

/**
 * Simultaneous perturbation stochastic approximation with Fishtest's gains: the arithmetic of a
 * tuning run, with no games in it. The caller draws the perturbations and plays the games; this
 * class says where to play them and how far to move.
 *
 * <pre>{@code
 * Spsa spsa = new Spsa(2000, List.of(new Spsa.Parameter(0, 1, 0.1, 0.002)));
 * double[] theta = {0.9};
 * for (int k = 1; k <= 2000; k++) {
 *   int[][] deltas = ...;                      // one ±1 per parameter for each pair of the batch
 *   // pair j plays spsa.perturbed(theta, k, deltas[j], +1) against perturbed(..., -1)
 *   theta = spsa.update(theta, k, deltas, wins minus losses of θ+ per pair);
 * }
 * }</pre>
 *
 * <h2>Gains (Fishtest, after Spall 1998)</h2>
 *
 * With N iterations, A = 0.1·N, α = 0.602 and γ = 0.101, each parameter's inputs cEnd and rEnd give
 * c = cEnd·N^γ and a = rEnd·cEnd²·(A+N)^α. At iteration k (1-based): c_k = c/k^γ, a_k = a/(A+k)^α
 * and R_k = a_k/c_k². So the perturbation shrinks to cEnd and the step rate to rEnd at the last
 * iteration, which is why users state those two: cEnd in the parameter's units, rEnd per unit of
 * result.
 *
 * <h2>Update</h2>
 *
 * A batch of pairs at iteration k, pair j with its own δ_j ∈ {−1, +1}^d, gives θ_i ← clip(θ_i + Σ_j
 * R_k c_k r_j δ_ji, min_i, max_i), where r_j is the pair's result for θ + c_kδ_j (wins minus
 * losses, or any objective where larger is better). The sum runs in pair order, so the same results
 * give the same bits. Integer parameters stay real here; whoever builds a policy rounds.
 */
public final class Spsa {
  /** The exponent of the step gain a_k (Spall's 0.602). */
  public static final double ALPHA = 0.602;

  /** The exponent of the perturbation c_k (Spall's 0.101). */
  public static final double GAMMA = 0.101;

  /**
   * One tuned number: its range and Fishtest's inputs.
   *
   * @param min the smallest value θ may take
   * @param max the largest value, at least min
   * @param cEnd the perturbation at the last iteration, positive, in the parameter's units
   * @param rEnd the step rate at the last iteration, positive
   */
  public record Parameter(double min, double max, double cEnd, double rEnd) {
    /** Checks the values; the messages name the field. */
    public Parameter {
      if (!(Double.isFinite(min) && Double.isFinite(max) && min <= max)) {
        throw new IllegalArgumentException(
            "min and max must be finite with min <= max (got " + min + ", " + max + ")");
      }
      if (!(cEnd > 0 && Double.isFinite(cEnd))) {
        throw new IllegalArgumentException("cEnd must be positive (got " + cEnd + ")");
      }
      if (!(rEnd > 0 && Double.isFinite(rEnd))) {
        throw new IllegalArgumentException("rEnd must be positive (got " + rEnd + ")");
      }
    }

    double clip(double value) {
      return Math.max(min, Math.min(max, value));
    }
  }

  private final int iterations;
  private final double stability; // Spall's A
  private final List<Parameter> parameters;
  private final double[] c;
  private final double[] a;

  /**
   * The gains of a run.
   *
   * @param iterations N, at least 1
   * @param parameters at least one
   */
  public Spsa(int iterations, List<Parameter> parameters) {
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations must be at least 1 (got " + iterations + ")");
    }
    if (parameters.isEmpty()) {
      throw new IllegalArgumentException("at least one parameter is needed");
    }
    this.iterations = iterations;
    this.stability = 0.1 * iterations;
    this.parameters = List.copyOf(parameters);
    int d = parameters.size();
    this.c = new double[d];
    this.a = new double[d];
    for (int i = 0; i < d; i++) {
      Parameter p = parameters.get(i);
      c[i] = p.cEnd() * Math.pow(iterations, GAMMA);
      a[i] = p.rEnd() * p.cEnd() * p.cEnd() * Math.pow(stability + iterations, ALPHA);
    }
  }

  /** N. */
  public int iterations() {
    return iterations;
  }

  /** The parameters, in order. */
  public List<Parameter> parameters() {
    return parameters;
  }

  /** c_k of parameter i at iteration k (1..N). */
  public double c(int i, int k) {
    checkIteration(k);
    return c[i] / Math.pow(k, GAMMA);
  }

  /** R_k = a_k / c_k² of parameter i at iteration k (1..N). */
  public double r(int i, int k) {
    checkIteration(k);
    double ck = c(i, k);
    return a[i] / Math.pow(stability + k, ALPHA) / (ck * ck);
  }

  /**
   * θ + sign·c_k·δ, each value clipped to its parameter's range.
   *
   * @param sign +1 for the θ+ side of a pair, −1 for θ−
   */
  public double[] perturbed(double[] theta, int k, int[] delta, int sign) {
    checkVector(theta, "theta");
    checkDelta(delta);
    if (sign != 1 && sign != -1) {
      throw new IllegalArgumentException("sign must be +1 or -1 (got " + sign + ")");
    }
    double[] out = new double[theta.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = parameters.get(i).clip(theta[i] + sign * c(i, k) * delta[i]);
    }
    return out;
  }

  /**
   * θ after the batch of iteration k.
   *
   * @param deltas δ of each pair, in pair order
   * @param results each pair's result for θ+ (larger is better for θ+), in the same order
   */
  public double[] update(double[] theta, int k, int[][] deltas, double[] results) {
    checkVector(theta, "theta");
    if (deltas.length != results.length) {
      throw new IllegalArgumentException(
          deltas.length + " perturbations but " + results.length + " results");
    }
    for (int[] delta : deltas) {
      checkDelta(delta);
    }
    double[] out = theta.clone();
    for (int i = 0; i < out.length; i++) {
      double step = r(i, k) * c(i, k);
      double sum = 0;
      for (int j = 0; j < deltas.length; j++) {
        sum += results[j] * deltas[j][i];
      }
      out[i] = parameters.get(i).clip(theta[i] + step * sum);
    }
    return out;
  }

  private void checkIteration(int k) {
    if (k < 1 || k > iterations) {
      throw new IllegalArgumentException("iteration must be 1.." + iterations + " (got " + k + ")");
    }
  }

  private void checkVector(double[] theta, String name) {
    if (theta.length != parameters.size()) {
      throw new IllegalArgumentException(
          name + " has " + theta.length + " values for " + parameters.size() + " parameters");
    }
  }

  private void checkDelta(int[] delta) {
    if (delta.length != parameters.size()) {
      throw new IllegalArgumentException(
          "delta has " + delta.length + " values for " + parameters.size() + " parameters");
    }
    for (int v : delta) {
      if (v != 1 && v != -1) {
        throw new IllegalArgumentException("delta values must be +1 or -1 (got " + v + ")");
      }
    }
  }
}
