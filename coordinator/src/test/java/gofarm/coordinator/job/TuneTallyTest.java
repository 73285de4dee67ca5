package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SprtSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneSpec;
import gofarm.wire.ChunkKey;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedTune;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A tuning's counting: θ moved once per batch by Fishtest's formula (checked against gains computed
 * here from the formula, not by {@code Spsa}), iterations released one at a time, the confirmation
 * after the last, and convergence on a synthetic objective with a known optimum played through the
 * same tally.
 */
public class TuneTallyTest {
  private static final double C_END = 0.1;
  private static final double R_END = 0.002;

  public static ResolvedTune tune(int iterations, int batchPairs, double rEnd, boolean confirm) {
    TuneSpec.Builder t =
        TuneSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setName("heavy"))
            .addParameters(parameter("rules[0].rate", rEnd))
            .addParameters(parameter("rules[4].rate", rEnd))
            .setObjective(
                TuneObjective.newBuilder()
                    .setMatch(
                        TuneMatch.newBuilder()
                            .setSize(9)
                            .setPlayouts(50)
                            .setOpenings(Openings.newBuilder().setRandomMoves(2))))
            .setIterations(iterations)
            .setBatchPairs(batchPairs);
    if (confirm) {
      t.setConfirm(
          TuneConfirm.newBuilder()
              .setPairs(40)
              .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(100)));
    }
    return (ResolvedTune) JobSpecs.resolve(JobSpec.newBuilder().setSeed(11).setTune(t).build());
  }

  private static TuneParameter parameter(String path, double rEnd) {
    return TuneParameter.newBuilder()
        .setPath(path)
        .setMin(0)
        .setMax(1)
        .setCEnd(C_END)
        .setREnd(rEnd)
        .build();
  }

  /** A game pair where θ+ scores {@code a} as black and {@code b} as white. */
  private static TunePlay pair(double a, double b) {
    return TunePlay.of(MatchTallyTest.pair(a, b));
  }

  @Test
  void aBatchMovesThetaByFishtestsFormulaInPairOrder() {
    ResolvedTune t = tune(10, 3, R_END, false);
    TuneTally tally = new TuneTally(t);
    tally.count(TunePlan.ITERATIONS, 0, pair(1, 1)); // +2
    tally.count(TunePlan.ITERATIONS, 1, pair(0, 0)); // -2
    assertEquals(0, tally.iteration(), "the batch is not complete");
    tally.count(TunePlan.ITERATIONS, 2, pair(1, 0.5)); // +1
    assertEquals(1, tally.iteration());

    // The gains by the formula: N = 10, A = 1, c = cEnd·N^γ, a = rEnd·cEnd²·(A+N)^α, at k = 1.
    double c1 = C_END * Math.pow(10, 0.101);
    double a = R_END * C_END * C_END * Math.pow(11, 0.602);
    double r1 = a / Math.pow(2, 0.602) / (c1 * c1);
    double[] results = {2, -2, 1};
    double[] expected = {0.9, 1.0};
    for (int i = 0; i < 2; i++) {
      double sum = 0;
      for (int j = 0; j < 3; j++) {
        sum += results[j] * t.delta(1, j)[i];
      }
      expected[i] = Math.max(0, Math.min(1, expected[i] + r1 * c1 * sum));
    }
    assertArrayEquals(expected, tally.thetaAt(2), 1e-15);
    assertArrayEquals(new double[] {0.9, 1.0}, tally.thetaAt(1));
    assertThrows(IllegalArgumentException.class, () -> tally.thetaAt(3), "not released");

    TuneReport report = tally.report(s -> false, false, 0, true);
    assertEquals(1, report.iteration());
    assertEquals(List.of(expected[0], expected[1]), report.trajectory().get(0));
    assertEquals(1.0 / 3, report.objectives().get(0), 1e-15, "mean W-L per pair");
    // θ has not moved before iteration 1: no pair has a side further along its way.
    assertEquals(new TuneReport.Forward(0, 0), report.forward().get(0));
    assertTrue(Double.isNaN(report.objectiveValue()), "no forward score yet");
    assertEquals("tuning", report.phase());
  }

  @Test
  void theForwardScoreCountsTheSideFurtherAlongThetasWayFromTheStart() {
    ResolvedTune t = tune(10, 3, R_END, false);
    TuneTally tally = new TuneTally(t);
    for (int j = 0; j < 3; j++) {
      tally.count(TunePlan.ITERATIONS, j, pair(1, 1)); // θ+ wins: θ moves along Σ δ_j
    }
    double[] way = tally.thetaAt(2);
    double[] start = t.startTheta();
    double points = 0;
    int games = 0;
    double[][] played = {{1, 0}, {0, 0}, {0.5, 1}};
    for (int j = 0; j < 3; j++) {
      tally.count(TunePlan.ITERATIONS, 3 + j, pair(played[j][0], played[j][1]));
      double along = 0;
      for (int i = 0; i < 2; i++) {
        along += t.delta(2, j)[i] * (way[i] - start[i]) / t.spsa().c(i, 2);
      }
      if (along != 0) {
        double plus = played[j][0] + played[j][1];
        points += along > 0 ? plus : 2 - plus;
        games += 2;
      }
    }
    TuneReport report = tally.report(s -> false, false, 0, true);
    assertTrue(games > 0, "iteration 1 moved θ");
    assertEquals(new TuneReport.Forward(points, games), report.forward().get(1));
    assertEquals(points / games, report.objectiveValue(), 1e-15, "the window is iteration 2");
  }

  /**
   * The progress signal on the synthetic objective below, from a fixed seed. While θ climbs from
   * (0.9, 1.0) towards (0.3, 0.6) (iterations 2 to 40; it arrives by about iteration 80), θ+'s
   * score against θ− stays at 50 % (δ is random) but the forward score is well above it (74 % in
   * iterations 2 to 20, 57 % in 21 to 40). Once θ has arrived (iterations 201 to 1,000) the forward
   * score is back at 50 % within its error, as it is throughout with no gradient at all (every game
   * a coin flip).
   */
  @Test
  void theForwardScoreTracksProgressWhereThetaPlusScoreCannot() {
    long seed = 5;
    TuneReport climb = play(tune(2000, 4, 0.02, false), 1000, seed, true);
    double[] early = window(climb, 2, 40);
    double sigma = Math.sqrt(0.25 / early[2]);
    assertEquals(0.5, early[0], 3 * sigma, "θ+'s score while climbing, seed " + seed);
    assertTrue(early[1] > 0.5 + 3 * sigma, "forward score while climbing " + early[1]);
    double[] arrived = window(climb, 201, 1000);
    assertEquals(0.5, arrived[1], 3 * Math.sqrt(0.25 / arrived[3]), "arrived, seed " + seed);
    double[] flat = window(play(tune(2000, 4, 0.02, false), 500, seed, false), 2, 500);
    assertEquals(0.5, flat[1], 3 * Math.sqrt(0.25 / flat[3]), "no gradient, seed " + seed);
  }

  /** Plays {@code iterations} iterations of the synthetic objective, or of coin flips. */
  private static TuneReport play(ResolvedTune t, int iterations, long seed, boolean gradient) {
    TuneTally tally = new TuneTally(t);
    Random random = new Random(seed);
    for (int k = 1; k <= iterations; k++) {
      double[] theta = tally.thetaAt(k);
      for (int j = 0; j < t.batchPairs(); j++) {
        int[] delta = t.delta(k, j);
        double gap =
            f(t.spsa().perturbed(theta, k, delta, 1)) - f(t.spsa().perturbed(theta, k, delta, -1));
        double p = gradient ? 1 / (1 + Math.exp(-4 * gap)) : 0.5;
        tally.count(
            TunePlan.ITERATIONS,
            (k - 1) * t.batchPairs() + j,
            pair(random.nextDouble() < p ? 1 : 0, random.nextDouble() < p ? 1 : 0));
      }
    }
    return tally.report(s -> false, false, 0, true);
  }

  /**
   * θ+'s score, the forward score, θ+'s games and the forward games over iterations {@code from} to
   * {@code to} (1-based, inclusive).
   */
  private static double[] window(TuneReport r, int from, int to) {
    double plus = 0;
    double points = 0;
    int games = 0;
    for (int k = from; k <= to; k++) {
      plus += 0.5 + r.objectives().get(k - 1) / 4; // θ+'s score from its mean W-L per pair
      points += r.forward().get(k - 1).points();
      games += r.forward().get(k - 1).games();
    }
    int iterations = to - from + 1;
    int pairs = r.tune().batchPairs();
    return new double[] {plus / iterations, points / games, 2.0 * pairs * iterations, games};
  }

  @Test
  void iterationsAreReleasedOneAtATimeAndTheConfirmationAfterTheLast() {
    ResolvedTune t = tune(2, 2, R_END, true);
    TunePlan plan = new TunePlan(t);
    TuneTally tally = plan.newTally();
    ChunkTable<TunePlay> table = new ChunkTable<>("j", plan, tally);
    assertEquals(2 * 2 + 40, table.chunksTotal());
    assertEquals(2 * 4 + 80, table.playoutsTotal(), "games");

    List<ChunkKey> first = table.lease("w", 100, Long.MAX_VALUE);
    assertEquals(
        List.of(
            new ChunkKey("j", TunePlan.ITERATIONS, 0, 0),
            new ChunkKey("j", TunePlan.ITERATIONS, 0, 1)),
        first);
    assertEquals(0, table.waiting(), "iteration 2 waits for iteration 1");
    table.complete(first.get(1), pair(1, 1), "w");
    assertEquals(0, table.waiting(), "pair 0 of iteration 1 is missing");
    assertFalse(table.openedMore(), "nothing released yet");
    table.complete(first.get(0), pair(0, 1), "w");
    assertEquals(2, table.waiting());
    assertTrue(table.openedMore(), "iteration 2 released");
    assertFalse(table.openedMore(), "told once");
    List<ChunkKey> second = table.lease("w", 100, Long.MAX_VALUE);
    assertEquals(
        List.of(
            new ChunkKey("j", TunePlan.ITERATIONS, 0, 2),
            new ChunkKey("j", TunePlan.ITERATIONS, 0, 3)),
        second);
    assertNull(tally.report(s -> false, false, 0, false).confirm());
    table.complete(second.get(0), pair(1, 0), "w");
    table.complete(second.get(1), pair(1, 0), "w");
    assertEquals(40, table.waiting(), "the confirmation is released");
    TuneReport report = tally.report(table::seriesDone, false, 0, false);
    assertEquals("confirming", report.phase());
    assertNotNull(report.confirm());
    assertEquals("tuned", report.confirm().match().candidate().name());
    assertEquals(
        t.policy(tally.thetaAt(3)).rulesText(),
        report.confirm().match().candidate().search().policy().rulesText());

    // The tuned policy wins every pair: the SPRT accepts H1 early and the job ends.
    for (ChunkKey key : table.lease("w", 100, Long.MAX_VALUE)) {
      table.complete(key, pair(1, 1), "w");
    }
    assertTrue(table.finished());
    assertTrue(table.seriesStoppedEarly(TunePlan.CONFIRM));
    assertEquals("done", tally.report(table::seriesDone, true, 0, false).phase());
    assertTrue(tally.stopMessage().startsWith("confirmation: SPRT [0, 100] accepted H1"));
    assertEquals(
        2 * tally.report(table::seriesDone, true, 0, false).confirm().pairs(),
        tally.games().size());
  }

  /**
   * A synthetic objective with a known optimum over the same machinery: θ+ wins each game with
   * probability logistic(4·(f(θ+) − f(θ−))), f(θ) = −|θ − (0.3, 0.6)|², the games drawn from a
   * fixed seed. From (0.9, 1.0), 2,000 iterations of 4 pairs reach the optimum within 0.1.
   */
  @Test
  void convergesOnASyntheticObjectiveWithAKnownOptimum() {
    ResolvedTune t = tune(2000, 4, 0.02, false);
    TuneTally tally = new TuneTally(t);
    Random random = new Random(5);
    for (int k = 1; k <= t.iterations(); k++) {
      double[] theta = tally.thetaAt(k);
      for (int j = 0; j < t.batchPairs(); j++) {
        int[] delta = t.delta(k, j);
        double gap =
            f(t.spsa().perturbed(theta, k, delta, 1)) - f(t.spsa().perturbed(theta, k, delta, -1));
        double p = 1 / (1 + Math.exp(-4 * gap));
        tally.count(
            TunePlan.ITERATIONS,
            (k - 1) * t.batchPairs() + j,
            pair(random.nextDouble() < p ? 1 : 0, random.nextDouble() < p ? 1 : 0));
      }
    }
    double[] end = tally.thetaAt(t.iterations() + 1);
    assertEquals(0.3, end[0], 0.1, "rules[0].rate");
    assertEquals(0.6, end[1], 0.1, "rules[4].rate");
    assertFalse(tally.settled(0));
  }

  @Test
  void theReferenceStepValuesPositionsBeforeTheFirstIteration() {
    TuneEvaluation.Builder e =
        TuneEvaluation.newBuilder().setPlayouts(100).setReferencePlayouts(500);
    e.addPositions(
        ReferencePosition.newBuilder().setPosition(PositionSource.newBuilder().setEmpty(7)));
    e.addPositions(
        ReferencePosition.newBuilder()
            .setPosition(PositionSource.newBuilder().setEmpty(9))
            .setBlackValue(0.25));
    e.addPositions(
        ReferencePosition.newBuilder().setPosition(PositionSource.newBuilder().setEmpty(5)));
    TuneSpec.Builder spec =
        TuneSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setName("heavy"))
            .addParameters(parameter("rules[0].rate", R_END))
            .setObjective(TuneObjective.newBuilder().setEvaluation(e))
            .setIterations(3)
            .setBatchPairs(1);
    ResolvedTune t =
        (ResolvedTune) JobSpecs.resolve(JobSpec.newBuilder().setSeed(4).setTune(spec).build());
    assertEquals(List.of(0, 2), t.unvalued());
    TunePlan plan = new TunePlan(t);
    TuneTally tally = plan.newTally();
    ChunkTable<TunePlay> table = new ChunkTable<>("j", plan, tally);
    assertEquals(
        2 + 3 * 2, table.chunksTotal(), "two searches, three iterations of two evaluations");

    List<ChunkKey> searches = table.lease("w", 100, Long.MAX_VALUE);
    assertEquals(
        List.of(
            new ChunkKey("j", TunePlan.REFERENCE, 0, 0),
            new ChunkKey("j", TunePlan.REFERENCE, 0, 1)),
        searches,
        "the iterations wait for the reference values");
    assertEquals("reference", tally.report(table::seriesDone, false, 0, false).phase());
    table.complete(searches.get(1), TunePlay.value(0.75, 500), "w");
    assertEquals(0, table.waiting());
    assertTrue(Double.isNaN(tally.values()[0]));
    table.complete(searches.get(0), TunePlay.value(0.5, 500), "w");
    assertArrayEquals(new double[] {0.5, 0.25, 0.75}, tally.values());
    assertEquals(2, table.waiting(), "iteration 1 is released");
    TuneReport report = tally.report(table::seriesDone, false, 0, false);
    assertEquals("tuning", report.phase());
    assertEquals(List.of(0.5, 0.25, 0.75), report.values());

    // The squared errors are taken against the values found: θ+ hits its position's value.
    List<ChunkKey> evaluations = table.lease("w", 100, Long.MAX_VALUE);
    double value = tally.values()[t.positionOf(1, 0)];
    table.complete(evaluations.get(0), TunePlay.evaluation(value, 100, 0), "w");
    table.complete(evaluations.get(1), TunePlay.evaluation(value + 0.1, 100, 0), "w");
    TuneReport after = tally.report(table::seriesDone, false, 0, true);
    assertEquals(1, after.iteration());
    assertEquals(0.005, after.objectives().get(0), 1e-12, "(0² + 0.1²) / 2");
  }

  @Test
  void leasesCoverAnEvaluationOrAGamePairOnASlowWorker() {
    TuneSpec.Builder t =
        TuneSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setName("heavy"))
            .addParameters(parameter("rules[0].rate", R_END))
            .setObjective(
                TuneObjective.newBuilder()
                    .setEvaluation(
                        TuneEvaluation.newBuilder()
                            .setPlayouts(1_000_000)
                            .addPositions(
                                ReferencePosition.newBuilder()
                                    .setPosition(PositionSource.newBuilder().setEmpty(19))
                                    .setBlackValue(0.4))));
    TunePlan big =
        new TunePlan((ResolvedTune) JobSpecs.resolve(JobSpec.newBuilder().setTune(t).build()));
    Duration base = Duration.ofSeconds(60);
    // A million heavy playouts on 19x19 take minutes on one thread: the lease allows ten times
    // that.
    assertTrue(big.lease(base).compareTo(Duration.ofMinutes(30)) > 0, big.lease(base).toString());
    TunePlan games = new TunePlan(tune(10, 2, R_END, false));
    assertEquals(new MatchPlan(tune(10, 2, R_END, false).games()).lease(base), games.lease(base));
  }

  private static double f(double[] theta) {
    return -(sq(theta[0] - 0.3) + sq(theta[1] - 0.6));
  }

  private static double sq(double x) {
    return x * x;
  }
}
