package gofarm.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpsaTest {
  private static final double EPS = 1e-12;

  /** N = 100 (so A = 10); a rate in [0, 1] and a count in [0, 4]. */
  private static final Spsa SPSA =
      new Spsa(
          100, List.of(new Spsa.Parameter(0, 1, 0.1, 0.002), new Spsa.Parameter(0, 4, 2.0, 0.01)));

  /**
   * Gains computed by hand (Python, from the formulas in the issue): c = 0.1·100^0.101 =
   * 0.1592208727..., a = 0.002·0.01·110^0.602; c_1 = c, R_1 = a/11^0.602/c_1².
   */
  @Test
  void gainsAreFishtests() {
    assertEquals(0.15922087270511703, SPSA.c(0, 1), EPS);
    assertEquals(0.0031552225393986968, SPSA.r(0, 1), EPS);
    assertEquals(0.14845539006893024, SPSA.c(0, 2), EPS);
    assertEquals(0.0034442077618904343, SPSA.r(0, 2), EPS);
    assertEquals(0.10725166168179426, SPSA.c(0, 50), EPS);
    assertEquals(3.1844174541023405, SPSA.c(1, 1), EPS);
    assertEquals(0.015776112696993482, SPSA.r(1, 1), EPS);
    // At the last iteration the gains are the user's inputs: that is what cEnd and rEnd mean.
    assertEquals(0.1, SPSA.c(0, 100), EPS);
    assertEquals(0.002, SPSA.r(0, 100), EPS);
    assertEquals(2.0, SPSA.c(1, 100), EPS);
    assertEquals(0.01, SPSA.r(1, 100), EPS);
  }

  /**
   * Iteration 2, two pairs: δ = (+1, −1) won both games (+2), δ = (+1, +1) lost one and drew one
   * (−1). Sums: parameter 0: 2 − 1 = 1; parameter 1: −2 − 1 = −3. R_2·c_2 is 0.0005113112067698817
   * and 0.051131120676988155.
   */
  @Test
  void aBatchMovesThetaByTheSumOfItsPairsInPairOrder() {
    double[] theta = {0.5, 3.0};
    int[][] deltas = {{1, -1}, {1, 1}};
    double[] next = SPSA.update(theta, 2, deltas, new double[] {2, -1});
    assertArrayEquals(new double[] {0.5005113112067699, 2.8466066379690355}, next, EPS);
    assertArrayEquals(new double[] {0.5, 3.0}, theta, 0, "the input is not changed");
  }

  @Test
  void perturbationsAndUpdatesStayInTheRange() {
    double[] theta = {0.95, 0.5};
    int[] delta = {1, -1};
    assertArrayEquals(
        new double[] {1.0, 0.0}, SPSA.perturbed(theta, 1, delta, +1), EPS, "clipped at both ends");
    assertArrayEquals(
        new double[] {0.95 - 0.15922087270511703, 0.5 + 3.1844174541023405},
        SPSA.perturbed(theta, 1, delta, -1),
        EPS);
    double[] far = SPSA.update(theta, 1, new int[][] {{1, -1}}, new double[] {1000});
    assertArrayEquals(new double[] {1.0, 0.0}, far, EPS);
  }

  @Test
  void badInputsAreRefusedSayingWhat() {
    assertEquals(
        "iterations must be at least 1 (got 0)",
        assertThrows(IllegalArgumentException.class, () -> new Spsa(0, SPSA.parameters()))
            .getMessage());
    assertEquals(
        "min and max must be finite with min <= max (got 1.0, 0.0)",
        assertThrows(IllegalArgumentException.class, () -> new Spsa.Parameter(1, 0, 0.1, 0.1))
            .getMessage());
    assertEquals(
        "cEnd must be positive (got 0.0)",
        assertThrows(IllegalArgumentException.class, () -> new Spsa.Parameter(0, 1, 0, 0.1))
            .getMessage());
    assertEquals(
        "iteration must be 1..100 (got 101)",
        assertThrows(IllegalArgumentException.class, () -> SPSA.c(0, 101)).getMessage());
    assertEquals(
        "delta values must be +1 or -1 (got 0)",
        assertThrows(
                IllegalArgumentException.class,
                () -> SPSA.perturbed(new double[] {0, 0}, 1, new int[] {0, 1}, 1))
            .getMessage());
    assertEquals(
        "2 perturbations but 1 results",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    SPSA.update(
                        new double[] {0, 0}, 1, new int[][] {{1, 1}, {1, 1}}, new double[1]))
            .getMessage());
  }

  /**
   * A synthetic match with a known optimum: the Elo of θ is −1000·|θ − (0.3, 0.7)|², each pair is
   * two games of θ+ against θ− won with the logistic probability of their Elo difference. From
   * (0.9, 0.1), 1,000 iterations of 8 pairs reach the optimum within 0.05 on every seed (a Python
   * model of the same run ended within 0.03 on 8 seeds).
   */
  @Test
  void aNoisyMatchConvergesToTheKnownOptimum() {
    double[] optimum = {0.3, 0.7};
    Spsa spsa =
        new Spsa(
            1000,
            List.of(new Spsa.Parameter(0, 1, 0.1, 0.005), new Spsa.Parameter(0, 1, 0.1, 0.005)));
    for (long seed = 1; seed <= 5; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      double[] theta = {0.9, 0.1};
      for (int k = 1; k <= spsa.iterations(); k++) {
        int[][] deltas = new int[8][];
        double[] results = new double[8];
        for (int j = 0; j < 8; j++) {
          deltas[j] = new int[] {random.nextBoolean() ? 1 : -1, random.nextBoolean() ? 1 : -1};
          double diff =
              elo(spsa.perturbed(theta, k, deltas[j], +1), optimum)
                  - elo(spsa.perturbed(theta, k, deltas[j], -1), optimum);
          double win = Elo.score(diff);
          for (int game = 0; game < 2; game++) {
            results[j] += random.nextDouble() < win ? 1 : -1;
          }
        }
        theta = spsa.update(theta, k, deltas, results);
      }
      for (int i = 0; i < 2; i++) {
        assertTrue(
            Math.abs(theta[i] - optimum[i]) < 0.05,
            "seed " + seed + ": parameter " + i + " ended at " + theta[i]);
      }
    }
  }

  private static double elo(double[] theta, double[] optimum) {
    double sum = 0;
    for (int i = 0; i < theta.length; i++) {
      sum += (theta[i] - optimum[i]) * (theta[i] - optimum[i]);
    }
    return -1000 * sum;
  }
}
