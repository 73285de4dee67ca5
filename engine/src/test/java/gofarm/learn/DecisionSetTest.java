package gofarm.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Decisions are stored as given, however many, and malformed ones are refused by name. */
class DecisionSetTest {
  private static final int NONE = DecisionSet.NONE;
  private static final FeatureLayout LAYOUT = SyntheticDecisions.groupsOfSizes(3, 10, 2);

  @Test
  void growsFromOneAndKeepsEverything() {
    long seed = 5;
    DecisionSet data = new DecisionSet(LAYOUT, 1, 1);
    // Generate twice from one seed: once to store, once to check against.
    fill(data, new SplittableRandom(seed), 100_000);
    SplittableRandom expected = new SplittableRandom(seed);
    int candidate = 0;
    int most = 0;
    for (int d = 0; d < 100_000; d++) {
      int n = 1 + expected.nextInt(12);
      int decision = d;
      Supplier<String> where = () -> "seed " + seed + ", decision " + decision;
      assertEquals(candidate, data.firstCandidate(d), where);
      assertEquals(n, data.candidateCount(d), where);
      for (int k = 0; k < n; k++) {
        for (int g = 0; g < 3; g++) {
          assertEquals(value(expected, g), data.feature(candidate + k, g), where);
        }
      }
      assertEquals(candidate + expected.nextInt(n), data.chosenCandidate(d), where);
      candidate += n;
      most = Math.max(most, n);
    }
    assertEquals(100_000, data.decisionCount());
    assertEquals(candidate, data.candidateCount());
    assertEquals(most, data.maxCandidatesPerDecision());
    assertFalse(data.isOpen());
  }

  @Test
  void refusesAChosenCandidateOutOfRangeAndStaysOpen() {
    DecisionSet data = new DecisionSet(LAYOUT);
    data.startDecision();
    assertEquals(0, data.addCandidate(new int[] {0, 3, NONE}));
    assertEquals(1, data.addCandidate(new int[] {NONE, NONE, 13}));
    assertEquals(
        "decision 0: chosen candidate 2 outside its 2 candidates [0, 2)",
        assertThrows(IllegalArgumentException.class, () -> data.endDecision(2)).getMessage());
    assertEquals(
        "decision 0: chosen candidate -1 outside its 2 candidates [0, 2)",
        assertThrows(IllegalArgumentException.class, () -> data.endDecision(-1)).getMessage());
    assertTrue(data.isOpen());
    assertEquals(0, data.decisionCount());
    data.endDecision(1);
    assertEquals(1, data.decisionCount());
    assertEquals(1, data.chosenCandidate(0));

    data.startDecision();
    assertEquals(
        "decision 1: chosen candidate 0 outside its 0 candidates [0, 0)",
        assertThrows(IllegalArgumentException.class, () -> data.endDecision(0)).getMessage());
  }

  @Test
  void refusesAFeatureOutsideItsGroupAndStoresNothing() {
    DecisionSet data = new DecisionSet(LAYOUT);
    data.startDecision();
    data.addCandidate(new int[] {2, 3, 13});
    // Group 1 owns ids 3..12: 2 belongs to group 0, 13 to group 2.
    assertEquals(
        "group 1 ('g1'): feature id 2 outside [3, 13) and not NONE",
        assertThrows(
                IllegalArgumentException.class, () -> data.addCandidate(new int[] {0, 2, NONE}))
            .getMessage());
    assertEquals(
        "group 2 ('g2'): feature id 15 outside [13, 15) and not NONE",
        assertThrows(IllegalArgumentException.class, () -> data.addCandidate(new int[] {0, 3, 15}))
            .getMessage());
    assertEquals(
        "group 0 ('g0'): feature id -2 outside [0, 3) and not NONE",
        assertThrows(IllegalArgumentException.class, () -> data.addCandidate(new int[] {-2, 3, 13}))
            .getMessage());
    assertEquals(
        "a candidate needs one feature per group: 3 groups, got 2",
        assertThrows(IllegalArgumentException.class, () -> data.addCandidate(new int[] {0, 3}))
            .getMessage());
    assertEquals(1, data.candidateCount());
    assertEquals(1, data.addCandidate(new int[] {NONE, NONE, NONE}));
  }

  @Test
  void refusesCallsOutOfOrder() {
    DecisionSet data = new DecisionSet(LAYOUT);
    assertEquals(
        "addCandidate outside a decision: call startDecision first",
        assertThrows(IllegalStateException.class, () -> data.addCandidate(new int[] {0, 3, 13}))
            .getMessage());
    assertEquals(
        "endDecision without startDecision",
        assertThrows(IllegalStateException.class, () -> data.endDecision(0)).getMessage());
    data.startDecision();
    assertEquals(
        "decision 0 is still open",
        assertThrows(IllegalStateException.class, data::startDecision).getMessage());
    assertEquals(
        "decision 0 outside [0, 0)",
        assertThrows(IllegalArgumentException.class, () -> data.chosenCandidate(0)).getMessage());
  }

  private static void fill(DecisionSet data, SplittableRandom random, int decisions) {
    int[] features = new int[3];
    for (int d = 0; d < decisions; d++) {
      int n = 1 + random.nextInt(12);
      data.startDecision();
      for (int k = 0; k < n; k++) {
        for (int g = 0; g < 3; g++) {
          features[g] = value(random, g);
        }
        data.addCandidate(features);
      }
      data.endDecision(random.nextInt(n));
    }
  }

  /** A value of group g or NONE, one draw. */
  private static int value(SplittableRandom random, int g) {
    int v = random.nextInt(LAYOUT.groupSize(g) + 1) - 1;
    return v < 0 ? NONE : LAYOUT.start(g) + v;
  }
}
