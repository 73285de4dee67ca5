package gofarm.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The probability of a worse outcome of a Brownian SPRT path: the sine series and the images agree
 * where both hold, the limits are the classical ones, and a simulated random walk agrees.
 */
class BrownianTest {
  private static final double A = Math.log(0.05 / 0.95);
  private static final double B = Math.log(0.95 / 0.05);

  @Test
  void theSeriesAndTheImagesAgreeWhereBothHold() {
    // Moderate times (σ²T/A² 0.02 to 0.2) and drifts (|γ|A up to 8): the series is exact, the
    // images miss only paths that touch both barriers, rare here.
    for (double mu : new double[] {-0.02, -0.005, 0, 0.003, 0.015}) {
      Brownian w = new Brownian(A, B, mu, 0.01);
      for (double t : new double[] {70, 150, 300}) {
        for (double y : new double[] {A, A / 2, 0, 1, B}) {
          String what = "mu " + mu + " t " + t + " y " + y;
          assertTrue(w.useSeries(t), what);
          assertEquals(w.series(t, y), w.images(t, y), 2e-3, what);
        }
      }
    }
  }

  @Test
  void theLimitsAreTheClassicalOnes() {
    double mu = 0.004;
    double sigma2 = 0.01;
    Brownian w = new Brownian(A, B, mu, sigma2);
    // After a very long time every path has left: worse than a pass at T = P(fail) + P(a pass after
    // T) → P(fail) = (e^(−2γ·(−a)) − e^(−2γ(b−a))) / (1 − e^(−2γ(b−a))) (gambler's ruin).
    double gamma = mu / sigma2;
    double ruin =
        (Math.exp(2 * gamma * A) - Math.exp(-2 * gamma * (B - A)))
            / (1 - Math.exp(-2 * gamma * (B - A)));
    assertEquals(ruin, w.worseThan(1e6, B), 1e-9);
    assertEquals(ruin, w.worseThan(1e6, A), 1e-9);
    // Without drift: P(fail) = b / (b − a) = ½ for symmetric bounds.
    assertEquals(0.5, new Brownian(A, B, 0, sigma2).worseThan(1e6, 0), 1e-9);
    // Very early nothing has left: the normal law of X_T.
    double t = 1;
    assertEquals(Elo.normalCdf((0.3 - mu * t) / Math.sqrt(sigma2 * t)), w.worseThan(t, 0.3), 1e-7);
  }

  @Test
  void aStrongerDriftMakesEveryOutcomeLessLikelyToBeWorse() {
    for (double y : new double[] {A, -1, 0, 2, B}) {
      double last = 1;
      for (double mu = -0.05; mu <= 0.05; mu += 0.005) {
        double p = new Brownian(A, B, mu, 0.02).worseThan(200, y);
        assertTrue(p <= last + 1e-12, "mu " + mu + " y " + y);
        last = p;
      }
    }
  }

  /**
   * A random walk of Gaussian steps (20 per unit of time, each step's mean and variance μ/20 and
   * σ²/20) between the barriers: the share of walks worse than an outcome agrees with the formula
   * within its sampling error plus the walk's small overshoot of the barriers.
   */
  @Test
  void aSimulatedWalkAgrees() {
    double mu = 0.01;
    double sigma2 = 0.02;
    double t = 250;
    int steps = (int) (20 * t);
    double stepMean = mu / 20;
    double stepSd = Math.sqrt(sigma2 / 20);
    long seed = 3;
    SplittableRandom random = new SplittableRandom(seed);
    int walks = 2000;
    int failedBy = 0;
    int belowZero = 0;
    for (int i = 0; i < walks; i++) {
      double x = 0;
      int s = 0;
      for (; s < steps && x > A && x < B; s++) {
        x += stepMean + stepSd * gaussian(random);
      }
      if (x <= A) {
        failedBy++;
      } else if (x < B && x < 0) {
        belowZero++;
      }
    }
    Brownian w = new Brownian(A, B, mu, sigma2);
    double error = 3 * Math.sqrt(0.25 / walks) + 0.01;
    assertEquals(w.worseThan(t, A), failedBy / (double) walks, error, "seed " + seed);
    assertEquals(w.worseThan(t, 0), (failedBy + belowZero) / (double) walks, error, "seed " + seed);
  }

  private static double gaussian(SplittableRandom random) {
    // Box–Muller: SplittableRandom has no nextGaussian on Java 17.
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
        * Math.cos(2 * Math.PI * random.nextDouble());
  }

  @Test
  void imageTermsStayFiniteUnderAHugeDrift() {
    Brownian w = new Brownian(A, B, -3, 0.01);
    assertFalse(w.useSeries(100));
    double p = w.worseThan(100, A);
    assertTrue(p > 0.999999 && p <= 1, Double.toString(p));
    assertEquals(0, new Brownian(A, B, 3, 0.01).worseThan(100, B), 1e-9);
    assertTrue(Double.isFinite(Elo.logNormalCdf(-60)));
    // The same fit whether taken in logarithms or not, and right far out: Φ(−10) = 7.6198530e-24.
    assertEquals(Math.log(Elo.normalCdf(-5.5)), Elo.logNormalCdf(-5.5), 1e-12);
    assertEquals(Math.log(2.866515719e-7), Elo.logNormalCdf(-5), 1e-6);
    assertEquals(Math.log(7.6198530241605e-24), Elo.logNormalCdf(-10), 1e-5);
  }

  @Test
  void refusesImpossibleArguments() {
    assertThrows(IllegalArgumentException.class, () -> new Brownian(1, 2, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new Brownian(A, B, 0, 0));
    Brownian w = new Brownian(A, B, 0, 1);
    assertThrows(IllegalArgumentException.class, () -> w.worseThan(0, 0));
    assertThrows(IllegalArgumentException.class, () -> w.worseThan(10, B + 1));
  }
}
