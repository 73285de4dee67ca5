package gofarm.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Elo, its interval, LOS and normalized Elo against hand computations and a published report. */
class EloEstimateTest {

  @Test
  void matchesFastchessOnAOneSidedMatch() {
    // fastchess pull request #881 prints for Ptnml(0-2) [549, 54, 33, 1, 0] (1274 games):
    // "Elo: -517.92 +/- 38.60, nElo: -856.15 +/- 19.08, LOS: 0.00 %".
    EloEstimate e = EloEstimate.of(Pentanomial.of(549, 54, 33, 1, 0));
    assertEquals(1274, e.games());
    assertEquals(61.5 / 1274, e.score(), 1e-5); // the pseudo-count of the empty class
    assertEquals(-517.92, e.elo(), 0.01);
    assertEquals(38.60, e.eloHalfWidth(), 0.01);
    // fastchess does not regularize the empty class; the pseudo-count moves the third decimal.
    assertEquals(-856.15, e.normalizedElo(), 0.1);
    assertEquals(19.08, e.normalizedHalfWidth(), 0.01);
    assertEquals(0, e.los(), 1e-9);
  }

  @Test
  void winsAndLossesByHand() {
    // 60 wins, 40 losses: score 0.6, Elo = -400 log10(1/0.6 - 1) = 70.44; se = sqrt(0.24/100) =
    // 0.04899, LOS = Phi(0.1/0.04899) = Phi(2.0412) = 0.97938; the interval maps 0.6 -+ 0.09602:
    // Elo(0.50398) = 2.77, Elo(0.69602) = 143.91.
    EloEstimate e = EloEstimate.of(new WinDrawLoss(60, 0, 40));
    assertEquals(0.6, e.score(), 1e-5);
    assertEquals(70.44, e.elo(), 0.01);
    assertEquals(0.97938, e.los(), 1e-4);
    assertEquals(2.77, e.eloLower(), 0.02);
    assertEquals(143.91, e.eloUpper(), 0.02);
    // sigma per game = sqrt(0.24) = 0.4899: nElo = 0.1/0.4899 * 347.44 = 70.92.
    assertEquals(70.92, e.normalizedElo(), 0.02);
    assertEquals(1.959964 * 347.436 / 10, e.normalizedHalfWidth(), 0.01);
  }

  @Test
  void anEvenSampleIsZeroWithAnEvenLos() {
    EloEstimate e = EloEstimate.of(Pentanomial.of(10, 40, 100, 40, 10));
    assertEquals(0, e.elo(), 1e-9);
    assertEquals(0.5, e.los(), 1e-7); // Phi(0) to the precision of the erfc fit
    assertEquals(0, e.normalizedElo(), 1e-9);
    assertEquals(-e.eloLower(), e.eloUpper(), 1e-9);
  }

  @Test
  void normalCdf() {
    assertEquals(0.5, Elo.normalCdf(0), 1e-7);
    assertEquals(0.975, Elo.normalCdf(Elo.Z95), 1e-7);
    assertEquals(0.8413447461, Elo.normalCdf(1), 1e-7);
    assertEquals(1 - 0.8413447461, Elo.normalCdf(-1), 1e-7);
    assertEquals(2.866515719e-7, Elo.normalCdf(-5), 1e-12);
    assertEquals(0, Elo.fromScore(0.5), 1e-12);
    assertEquals(0.5 + 0.5 * Math.tanh(Math.log(10) / 8), Elo.score(100), 1e-12);
  }

  @Test
  void pentanomialClassesAndCounts() {
    assertEquals(0, Pentanomial.classify(0, 0));
    assertEquals(1, Pentanomial.classify(0.5, 0));
    assertEquals(2, Pentanomial.classify(1, 0));
    assertEquals(2, Pentanomial.classify(0.5, 0.5));
    assertEquals(3, Pentanomial.classify(0.5, 1));
    assertEquals(4, Pentanomial.classify(1, 1));
    Pentanomial p = Pentanomial.EMPTY.plus(4).plus(2).plus(2).plus(Pentanomial.of(1, 0, 0, 1, 0));
    assertEquals(Pentanomial.of(1, 0, 2, 1, 1), p);
    assertEquals("1, 0, 2, 1, 1", p.toString());
    assertEquals(5, p.pairs());
    assertEquals(10, p.games());
    assertEquals(0 + 2 * 1 + 1.5 + 2, p.points());
    assertEquals(
        "a game score must be 0, 0.5 or 1 (got 0.3)",
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.classify(0.3, 1))
            .getMessage());
    assertEquals(
        "a pentanomial needs 5 counts, lowest score first (got 3)",
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.of(1, 2, 3)).getMessage());
    assertEquals(
        "pentanomial count 1 must not be negative (got -2)",
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.of(1, -2, 3, 0, 0))
            .getMessage());
    assertEquals(
        "a pair class is 0..4 (got 5)",
        assertThrows(IllegalArgumentException.class, () -> p.plus(5)).getMessage());
    assertEquals(
        "wins, draws and losses must not be negative (got 1, -1, 0)",
        assertThrows(IllegalArgumentException.class, () -> new WinDrawLoss(1, -1, 0)).getMessage());
  }
}
