package gofarm.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sums of shards add up to the sums of the whole (counts exactly, doubles to rounding), the same
 * shards added in the same order give the same bits, and sums cross the wire through their fields.
 */
class MmSumsTest {
  private static final long SEED = 11;
  private static final FeatureLayout LAYOUT = SyntheticDecisions.groupsOfSizes(5, 9, 4);
  private static final double[] GAMMA = SyntheticDecisions.logUniformGamma(LAYOUT, 0.1, 10, SEED);
  private static final DecisionSet DATA =
      SyntheticDecisions.draw(
          LAYOUT, GAMMA, SyntheticDecisions.inverse(GAMMA), 5000, 1, 25, 0.25, SEED + 1);

  @Test
  void twoShardsAddUpToTheWhole() {
    int n = DATA.decisionCount();
    for (int g = 0; g < LAYOUT.groupCount(); g++) {
      MmSums whole = MinorizationMaximization.accumulate(DATA, 0, n, GAMMA, g);
      for (int a : new int[] {0, 1, 1234, n - 1, n}) {
        MmSums sum =
            MinorizationMaximization.accumulate(DATA, 0, a, GAMMA, g)
                .add(MinorizationMaximization.accumulate(DATA, a, n, GAMMA, g));
        String where = "seed " + SEED + ", group " + g + ", split at " + a;
        assertArrayEquals(whole.wins(), sum.wins(), where);
        assertEquals(whole.decisions(), sum.decisions(), where);
        assertEquals(whole.top1(), sum.top1(), where);
        assertEquals(whole.top5(), sum.top5(), where);
        assertClose(whole.logLikelihood(), sum.logLikelihood(), where);
        double[] expected = whole.denominators();
        double[] actual = sum.denominators();
        for (int i = 0; i < expected.length; i++) {
          assertClose(expected[i], actual[i], where + ", value " + i);
        }
      }
    }
  }

  @Test
  void theSameShardsInTheSameOrderGiveTheSameBits() {
    int[] bounds = {0, 0, 17, 900, 901, 2500, 4999, DATA.decisionCount()};
    MmSums first = addShards(bounds, 1);
    MmSums second = addShards(bounds, 1);
    assertEquals(first, second, "seed " + SEED);
    assertEquals(
        Double.doubleToRawLongBits(first.logLikelihood()),
        Double.doubleToRawLongBits(second.logLikelihood()));
    // Starting from empty sums changes nothing: 0.0 + x is x.
    assertEquals(first, MmSums.empty(LAYOUT, 1).add(first));
  }

  @Test
  void addingLeavesTheAddedSumsAlone() {
    MmSums shard = MinorizationMaximization.accumulate(DATA, 0, 100, GAMMA, 2);
    MmSums before = shard.copy();
    MmSums total = MinorizationMaximization.accumulate(DATA, 100, 200, GAMMA, 2);
    assertEquals(total, total.add(shard));
    assertEquals(before, shard);
    assertNotEquals(before, total);
  }

  @Test
  void refusesSumsOfAnotherGroupOrLayout() {
    MmSums sums = MmSums.empty(LAYOUT, 0);
    IllegalArgumentException group =
        assertThrows(IllegalArgumentException.class, () -> sums.add(MmSums.empty(LAYOUT, 1)));
    assertEquals(
        "cannot add sums of group 1 of FeatureLayout[g0 5, g1 9, g2 4] to sums of group 0 of"
            + " FeatureLayout[g0 5, g1 9, g2 4]",
        group.getMessage());
    FeatureLayout renamed = new FeatureLayout(List.of("a", "g1", "g2"), new int[] {5, 9, 4});
    assertThrows(IllegalArgumentException.class, () -> sums.add(MmSums.empty(renamed, 0)));
  }

  @Test
  void theFieldsGiveTheSumsBack() {
    MmSums sums = MinorizationMaximization.accumulate(DATA, 0, DATA.decisionCount(), GAMMA, 1);
    MmSums copy =
        MmSums.of(
            sums.layout(),
            sums.group(),
            sums.denominators(),
            sums.wins(),
            sums.logLikelihood(),
            sums.decisions(),
            sums.top1(),
            sums.top5());
    assertEquals(sums, copy);
  }

  @Test
  void refusesFieldsNoPassCouldGive() {
    double[] denominators = new double[4];
    long[] wins = new long[18];
    assertOf("denominators: group 2 has 4 values (got 5)", new double[5], wins, 0, 0, 0, 0);
    assertOf(
        "wins: the layout has 18 feature ids (got 17)", denominators, new long[17], 0, 0, 0, 0);
    assertOf(
        "denominators[1]: must be >= 0 (got NaN)",
        new double[] {0, Double.NaN, 0, 0},
        wins,
        0,
        0,
        0,
        0);
    assertOf("logLikelihood: must be <= 0 (got 0.5)", denominators, wins, 0.5, 0, 0, 0);
    assertOf(
        "counts: need 0 <= top1 <= top5 <= decisions (got top1 3, top5 2, decisions 5)",
        denominators,
        wins,
        0,
        5,
        3,
        2);
    long[] tooMany = new long[18];
    tooMany[5] = 2;
    tooMany[6] = 2;
    assertOf("wins: group 1 ('g1') has 4 wins in 3 decisions", denominators, tooMany, -1, 3, 0, 0);
    long[] negative = new long[18];
    negative[0] = -1;
    assertOf("wins[0]: must be >= 0 (got -1)", denominators, negative, -1, 3, 0, 0);
  }

  private static MmSums addShards(int[] bounds, int group) {
    MmSums total = MmSums.empty(LAYOUT, group);
    for (int s = 0; s + 1 < bounds.length; s++) {
      total.add(MinorizationMaximization.accumulate(DATA, bounds[s], bounds[s + 1], GAMMA, group));
    }
    return total;
  }

  private static void assertClose(double expected, double actual, String where) {
    assertEquals(expected, actual, 1e-12 * Math.abs(expected), where);
  }

  private static void assertOf(
      String message,
      double[] denominators,
      long[] wins,
      double logLikelihood,
      long decisions,
      long top1,
      long top5) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MmSums.of(LAYOUT, 2, denominators, wins, logLikelihood, decisions, top1, top5));
    assertEquals(message, e.getMessage());
  }
}
