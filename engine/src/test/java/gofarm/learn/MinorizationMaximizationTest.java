package gofarm.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The MM fit finds the strengths that generated the data, never lowers the (penalised) likelihood,
 * and computes the sums, ranks and prior update of hand-checked examples.
 */
class MinorizationMaximizationTest {
  private static final int NONE = DecisionSet.NONE;

  /**
   * 200,000 decisions of 10 to 30 candidates drawn from known strengths (log-uniform in 0.2..5);
   * the fit from all ones, cycling over the groups until no strength moves by 3e-4 in a cycle, is
   * within 5 % of every one (here each cycle moves about 0.73 times as far as the one before, so
   * about 0.1 % is left).
   *
   * <p>Each candidate has no value in a group with probability 0.35. "None" has strength 1, so the
   * comparisons between candidates with and without a value fix each group's scale and no
   * normalisation is needed (a group whose every candidate had a value would be known only up to a
   * factor). The error of a strength is about 1/sqrt(its wins); 6 values per group give each 7,000
   * to 20,000 wins, and the largest of the 30 errors was 1.7-2.5 % over eight seeds (with 10 values
   * per group it was 2.6-4.2 %, too near the bound to be a fair test).
   */
  @Test
  void recoversTheStrengthsThatGeneratedTheData() {
    long seed = 20070101L;
    FeatureLayout layout = SyntheticDecisions.layout(5, 6);
    double[] truth = SyntheticDecisions.logUniformGamma(layout, 0.2, 5, seed);
    DecisionSet data =
        SyntheticDecisions.draw(
            layout, truth, SyntheticDecisions.inverse(truth), 200_000, 10, 30, 0.35, seed + 1);
    double[] gamma = MinorizationMaximization.initialGamma(layout);
    double change = Double.POSITIVE_INFINITY;
    int cycles = 0;
    while (change > 3e-4 && cycles < 60) {
      change = 0;
      for (int g = 0; g < layout.groupCount(); g++) {
        MmSums sums = MinorizationMaximization.accumulate(data, 0, data.decisionCount(), gamma, g);
        double[] next = MinorizationMaximization.update(layout, gamma, g, sums, 0);
        for (int i = 0; i < next.length; i++) {
          change = Math.max(change, Math.abs(next[i] / gamma[i] - 1));
        }
        gamma = next;
      }
      cycles++;
    }
    assertTrue(change <= 3e-4, "seed " + seed + ": still moving by " + change + " after 60 cycles");
    double worst = 0;
    for (int i = 0; i < gamma.length; i++) {
      worst = Math.max(worst, Math.abs(gamma[i] / truth[i] - 1));
      assertEquals(
          truth[i],
          gamma[i],
          0.05 * truth[i],
          "seed " + seed + ": feature " + i + " after " + cycles + " cycles");
    }
    System.out.printf("recovery: %d cycles, largest error %.4f%n", cycles, worst);
  }

  /**
   * Every group update raises the log-likelihood or leaves it (without a prior), or the penalised
   * log-likelihood (with Coulom's prior), over 75 updates of three unequal groups; the data has
   * forced decisions (one candidate), a value no candidate has and a value never chosen.
   */
  @Test
  void noUpdateLowersTheObjective() {
    long seed = 42;
    FeatureLayout layout = SyntheticDecisions.groupsOfSizes(4, 7, 3);
    double[] truth = SyntheticDecisions.logUniformGamma(layout, 0.1, 10, seed);
    int neverSeen = 5; // in group 1: no candidate has it
    int neverChosen = 12; // in group 2: an extra candidate of every other decision, never chosen
    double[] frequency = new double[layout.size()];
    Arrays.fill(frequency, 1);
    frequency[neverSeen] = 0;
    frequency[neverChosen] = 0;
    DecisionSet drawn =
        SyntheticDecisions.draw(layout, truth, frequency, 3000, 1, 12, 0.3, seed + 1);
    DecisionSet data = new DecisionSet(layout);
    int[] features = new int[layout.groupCount()];
    for (int d = 0; d < drawn.decisionCount(); d++) {
      int first = drawn.firstCandidate(d);
      data.startDecision();
      for (int k = first; k < first + drawn.candidateCount(d); k++) {
        for (int g = 0; g < features.length; g++) {
          features[g] = drawn.feature(k, g);
        }
        data.addCandidate(features);
      }
      if (d % 2 == 0) {
        data.addCandidate(new int[] {NONE, NONE, neverChosen});
      }
      data.endDecision(drawn.chosenCandidate(d) - first);
    }
    for (double prior : new double[] {0, 1}) {
      double[] gamma = MinorizationMaximization.initialGamma(layout);
      double first = Double.NaN;
      double previous = Double.NEGATIVE_INFINITY;
      MmSums sums = null;
      for (int step = 0; step < 75; step++) {
        int g = step % layout.groupCount();
        sums = MinorizationMaximization.accumulate(data, 0, data.decisionCount(), gamma, g);
        double objective = sums.logLikelihood() + MinorizationMaximization.logPrior(gamma, prior);
        assertTrue(
            objective >= previous - 1e-9 * Math.abs(previous),
            "seed "
                + seed
                + ", prior "
                + prior
                + ", step "
                + step
                + ": "
                + objective
                + " < "
                + previous);
        if (step == 0) {
          first = objective;
        }
        previous = objective;
        gamma = MinorizationMaximization.update(layout, gamma, g, sums, prior);
      }
      assertTrue(
          previous > first + 100,
          "seed " + seed + ": learnt nothing: " + first + " to " + previous);
      assertEquals(0, sums.wins(neverChosen), "seed " + seed);
      assertEquals(1.0, gamma[neverSeen], "seed " + seed + ", prior " + prior);
      if (prior == 0) {
        assertEquals(
            0.0, gamma[neverChosen], "seed " + seed + ": maximum likelihood without a prior");
      } else {
        assertTrue(gamma[neverChosen] > 0, "seed " + seed + ": the prior keeps it positive");
      }
    }
  }

  /** A single group of strengths 1..8; the comments give each decision's rank. */
  @Test
  void ranksCountTiesAgainstThePrediction() {
    FeatureLayout layout = SyntheticDecisions.groupsOfSizes(8);
    double[] gamma = {1, 2, 3, 4, 5, 6, 7, 8}; // value v has strength v + 1
    DecisionSet data = new DecisionSet(layout);
    // Strongest alone (8 against 1 and 2): rank 1.
    decision(data, 0, new int[] {7}, new int[] {0}, new int[] {1});
    // A tie with the strongest other candidate (3 and 3): rank 2.
    decision(data, 0, new int[] {2}, new int[] {2}, new int[] {0});
    // Five stronger (4 to 8 against 3): rank 6.
    decision(
        data,
        2,
        new int[] {0},
        new int[] {1},
        new int[] {2},
        new int[] {3},
        new int[] {4},
        new int[] {5},
        new int[] {6},
        new int[] {7});
    // Four stronger (5 to 8 against 4): rank 5.
    decision(
        data,
        0,
        new int[] {3},
        new int[] {4},
        new int[] {5},
        new int[] {6},
        new int[] {7},
        new int[] {1});
    // Forced: skipped.
    decision(data, 0, new int[] {0});
    // No value (strength 1) tied with value 0 (strength 1): rank 2, and no win for a value.
    decision(data, 0, new int[] {NONE}, new int[] {0});

    MmSums sums = MinorizationMaximization.accumulate(data, 0, data.decisionCount(), gamma, 0);
    assertEquals(5, sums.decisions());
    assertEquals(1, sums.top1());
    assertEquals(4, sums.top5());
    assertArrayEquals(new long[] {0, 0, 2, 1, 0, 0, 0, 1}, sums.wins());
    double expected =
        Math.log(8.0 / 11)
            + Math.log(3.0 / 7)
            + Math.log(3.0 / 36)
            + Math.log(4.0 / 32)
            + Math.log(1.0 / 2);
    assertEquals(expected, sums.logLikelihood(), 1e-12 * Math.abs(expected));
    // C_ij is the count of value i among j's candidates (one group: no team-mates).
    assertEquals(1.0 / 11 + 1.0 / 7 + 1.0 / 36 + 1.0 / 2, sums.denominator(0), 1e-15);
    assertEquals(2.0 / 7 + 1.0 / 36, sums.denominator(2), 1e-15);
    assertEquals(1.0 / 11 + 1.0 / 36 + 1.0 / 32, sums.denominator(7), 1e-15);
  }

  /**
   * One decision, groups a (ids 0, 1) and b (ids 2, 3), γ = (1, 2, 3, 0.5). Candidates A = (0, 2)
   * of strength 3 (chosen), B = (1, none) of 2, C = (none, 3) of 0.5, D = (none, none) of 1: E =
   * 6.5.
   *
   * <pre>
   * group a: W0 = 1, W1 = 0; D0 = γ2 / E = 6/13, D1 = 1 / E = 2/13
   *   p = 1:   γ0 = (1 + 1) / (6/13 + 2/(1 + 1)) = 26/19    γ1 = (0 + 1) / (2/13 + 2/3) = 39/32
   *   p = 0.5: γ0 = 1.5 / (6/13 + 1/2) = 39/25              γ1 = 0.5 / (2/13 + 1/3) = 39/38
   *   p = 0:   γ0 = 1 / (6/13) = 13/6                       γ1 = 0 / (2/13) = 0
   * group b: W2 = 1, W3 = 0; D2 = γ0 / E = 2/13, D3 = 1 / E = 2/13
   *   p = 1:   γ2 = 2 / (2/13 + 2/4) = 52/17                γ3 = 1 / (2/13 + 2/1.5) = 39/58
   * </pre>
   */
  @Test
  void updatesAHandComputedExample() {
    FeatureLayout layout = SyntheticDecisions.layout(2, 2);
    double[] gamma = {1, 2, 3, 0.5};
    DecisionSet data = new DecisionSet(layout);
    decision(
        data,
        0,
        new int[] {0, 2},
        new int[] {1, NONE},
        new int[] {NONE, 3},
        new int[] {NONE, NONE});

    MmSums a = MinorizationMaximization.accumulate(data, 0, 1, gamma, 0);
    assertArrayEquals(new double[] {6.0 / 13, 2.0 / 13}, a.denominators(), 1e-15);
    assertArrayEquals(new long[] {1, 0, 1, 0}, a.wins());
    assertEquals(Math.log(3 / 6.5), a.logLikelihood(), 1e-15);
    assertEquals(1, a.top1());
    assertUpdate(new double[] {26.0 / 19, 39.0 / 32, 3, 0.5}, layout, gamma, 0, a, 1);
    assertUpdate(new double[] {39.0 / 25, 39.0 / 38, 3, 0.5}, layout, gamma, 0, a, 0.5);
    assertUpdate(new double[] {13.0 / 6, 0, 3, 0.5}, layout, gamma, 0, a, 0);

    MmSums b = MinorizationMaximization.accumulate(data, 0, 1, gamma, 1);
    assertArrayEquals(new double[] {2.0 / 13, 2.0 / 13}, b.denominators(), 1e-15);
    assertUpdate(new double[] {1, 2, 52.0 / 17, 39.0 / 58}, layout, gamma, 1, b, 1);

    assertEquals(
        Math.log(1.0 / 4) + Math.log(2.0 / 9) + Math.log(3.0 / 16) + Math.log(0.5 / 2.25),
        MinorizationMaximization.logPrior(gamma, 1),
        1e-14);
    assertEquals(0.0, MinorizationMaximization.logPrior(new double[] {0, 1}, 0));
  }

  /**
   * The pass against the definitions written plainly (a strength as the product of its values,
   * ranks by counting, one log per decision), for every group of a layout of six groups (the pass
   * multiplies four groups at a time, then the rest) with strengths 0.01..100 and 0: the counts are
   * equal and the doubles agree to rounding. The log-likelihood is taken as the log of one product
   * rescaled by powers of two, so this also checks that trick and its constant ln 2.
   */
  @Test
  void agreesWithTheDefinitions() {
    long seed = 7;
    FeatureLayout layout = SyntheticDecisions.groupsOfSizes(3, 5, 4, 1, 2, 6);
    double[] gamma = SyntheticDecisions.logUniformGamma(layout, 0.01, 100, seed);
    gamma[4] = 0; // a value never chosen gets 0 from a fit without a prior
    double[] frequency = new double[layout.size()];
    Arrays.fill(frequency, 1);
    frequency[4] = 0.05; // rare, so that no decision has it in every candidate
    DecisionSet data = SyntheticDecisions.draw(layout, gamma, frequency, 5000, 1, 40, 0.2, seed);
    for (int g = 0; g < layout.groupCount(); g++) {
      double[] denominators = new double[layout.groupSize(g)];
      long[] wins = new long[layout.size()];
      double logLikelihood = 0;
      long decisions = 0;
      long top1 = 0;
      long top5 = 0;
      for (int d = 0; d < data.decisionCount(); d++) {
        int first = data.firstCandidate(d);
        int end = first + data.candidateCount(d);
        if (end - first < 2) {
          continue;
        }
        double total = 0;
        for (int k = first; k < end; k++) {
          total += MinorizationMaximization.strength(data, k, gamma);
        }
        int chosen = data.chosenCandidate(d);
        double strength = MinorizationMaximization.strength(data, chosen, gamma);
        logLikelihood += StrictMath.log(strength / total);
        int rank = 1;
        for (int k = first; k < end; k++) {
          int value = data.feature(k, g);
          if (value != NONE) {
            double[] others = gamma.clone();
            others[value] = 1;
            denominators[value - layout.start(g)] +=
                MinorizationMaximization.strength(data, k, others) / total;
          }
          if (k != chosen && MinorizationMaximization.strength(data, k, gamma) >= strength) {
            rank++;
          }
        }
        for (int h = 0; h < layout.groupCount(); h++) {
          if (data.feature(chosen, h) != NONE) {
            wins[data.feature(chosen, h)]++;
          }
        }
        decisions++;
        top1 += rank == 1 ? 1 : 0;
        top5 += rank <= 5 ? 1 : 0;
      }
      MmSums sums = MinorizationMaximization.accumulate(data, 0, data.decisionCount(), gamma, g);
      String where = "seed " + seed + ", group " + g;
      assertArrayEquals(wins, sums.wins(), where);
      assertEquals(decisions, sums.decisions(), where);
      assertEquals(top1, sums.top1(), where);
      assertEquals(top5, sums.top5(), where);
      assertTrue(Double.isFinite(logLikelihood), where);
      assertEquals(logLikelihood, sums.logLikelihood(), 1e-12 * Math.abs(logLikelihood), where);
      double[] actual = sums.denominators();
      for (int i = 0; i < denominators.length; i++) {
        assertEquals(denominators[i], actual[i], 1e-12 * denominators[i], where + ", value " + i);
      }
    }
    assertEquals(Math.log(2), 0.6931471805599453);
  }

  @Test
  void refusesArgumentsThatDoNotFit() {
    FeatureLayout layout = SyntheticDecisions.layout(2, 2);
    DecisionSet data = new DecisionSet(layout);
    decision(data, 0, new int[] {0, 2}, new int[] {1, 3});
    double[] gamma = {1, 1, 1, 1};
    assertMessage(
        "decisions [0, 2) outside [0, 1)",
        () -> MinorizationMaximization.accumulate(data, 0, 2, gamma, 0));
    assertMessage(
        "decisions [1, 0) outside [0, 1)",
        () -> MinorizationMaximization.accumulate(data, 1, 0, gamma, 0));
    assertMessage(
        "gamma: the layout has 4 feature ids (got 3)",
        () -> MinorizationMaximization.accumulate(data, 0, 1, new double[3], 0));
    assertMessage(
        "gamma[2]: must be finite and >= 0 (got -1.0)",
        () -> MinorizationMaximization.accumulate(data, 0, 1, new double[] {1, 1, -1, 1}, 0));
    assertMessage(
        "gamma[0]: must be finite and >= 0 (got NaN)",
        () ->
            MinorizationMaximization.accumulate(data, 0, 1, new double[] {Double.NaN, 1, 1, 1}, 0));
    assertMessage(
        "group 2 outside [0, 2)", () -> MinorizationMaximization.accumulate(data, 0, 1, gamma, 2));
    MmSums sums = MinorizationMaximization.accumulate(data, 0, 1, gamma, 0);
    assertMessage(
        "sums of group 0 of FeatureLayout[g0 2, g1 2] cannot update group 1 of FeatureLayout[g0 2,"
            + " g1 2]",
        () -> MinorizationMaximization.update(layout, gamma, 1, sums, 1));
    assertMessage(
        "priorWeight: must be finite and >= 0 (got -1.0)",
        () -> MinorizationMaximization.update(layout, gamma, 0, sums, -1));
  }

  private static void assertUpdate(
      double[] expected,
      FeatureLayout layout,
      double[] gamma,
      int group,
      MmSums sums,
      double prior) {
    double[] before = gamma.clone();
    assertArrayEquals(
        expected,
        MinorizationMaximization.update(layout, gamma, group, sums, prior),
        1e-14,
        "prior " + prior);
    assertArrayEquals(before, gamma, "update leaves its argument alone");
  }

  private static void assertMessage(String message, Runnable call) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, call::run).getMessage());
  }

  /** Adds a decision of the given candidates, the one at {@code chosen} chosen. */
  static void decision(DecisionSet data, int chosen, int[]... candidates) {
    data.startDecision();
    for (int[] candidate : candidates) {
      data.addCandidate(candidate);
    }
    data.endDecision(chosen);
  }
}
