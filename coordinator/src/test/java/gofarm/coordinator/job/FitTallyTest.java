package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.learn.FeatureLayout;
import gofarm.learn.FitShard;
import gofarm.learn.GameDecisions;
import gofarm.learn.MinorizationMaximization;
import gofarm.learn.MmSums;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedFit;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A fit's counting: each pass's shards added in shard order and one MM update with the spec's prior
 * (checked against the update computed here from the summed shards), passes released one at a time,
 * the groups without training candidates skipped, the stop rule per cycle on figures made by hand,
 * results for another group refused, γ kept within a table's range.
 */
public class FitTallyTest {
  private static final FeatureLayout LAYOUT = GameDecisions.LAYOUT;

  /** {@code n} games of random legal moves on 9x9. */
  public static String games(int n, int moves, long seed) {
    Random random = new Random(seed);
    Geometry g = Geometry.of(9);
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < n; k++) {
      Game game = new Game(g, Rules.DEFAULT);
      for (int m = 0; m < moves && !game.isOver(); m++) {
        int p = Point.PASS;
        for (int attempt = 0; attempt < 30 && random.nextInt(20) != 0; attempt++) {
          int q = g.point(random.nextInt(g.pointCount()));
          if (game.isLegal(game.toPlay(), q)) {
            p = q;
            break;
          }
        }
        game.play(p);
      }
      sb.append(Sgf.write(game));
    }
    return sb.toString();
  }

  /** A fit of 12 random games in shards of {@code perChunk}. */
  public static ResolvedFit fit(int perChunk, FitSpec.Builder settings) {
    FitSpec f =
        settings
            .addGames(SgfSource.newBuilder().setText(games(12, 30, 3)))
            .setGamesPerChunk(perChunk)
            .build();
    return (ResolvedFit) JobSpecs.resolve(JobSpec.newBuilder().setSeed(5).setFit(f).build());
  }

  /** The shard's real sums for pass {@code pass} as the tally asks for it. */
  private static FitShard.Result run(ResolvedFit fit, FitTally tally, int shard) {
    int pass = tally.passes() + 1;
    ResolvedFit.Shard s = fit.shards().get(shard);
    return new FitShard()
        .run(
            Sgf.parse(s.sgf()),
            s.heldOut(),
            fit.skipMoves(),
            tally.gammaFor(pass),
            tally.groupFor(pass));
  }

  @Test
  void aPassAddsItsShardsInOrderThenUpdatesItsGroupWithThePrior() {
    ResolvedFit fit = fit(5, FitSpec.newBuilder().setTestShare(0.25).setPrior(2));
    assertEquals(3, fit.shards().size());
    FitTally tally = new FitTally(fit);
    assertEquals(0, tally.groupFor(1), "the first pass sums for pat3");
    assertArrayEquals(GammaTable.uniform().toArray(), tally.gammaFor(1));
    FitShard.Result[] shards = new FitShard.Result[3];
    for (int s = 0; s < 3; s++) {
      shards[s] = run(fit, tally, s);
    }
    MmSums train = shards[0].train().copy().add(shards[1].train()).add(shards[2].train());
    MmSums test = shards[0].test().copy().add(shards[1].test()).add(shards[2].test());
    double[] expected =
        MinorizationMaximization.update(LAYOUT, GammaTable.uniform().toArray(), 0, train, 2);
    for (int s = 0; s < 3; s++) {
      assertEquals(3, tally.released(0), "pass 2 waits for every shard of pass 1");
      tally.count(0, s, shards[s]);
    }
    assertEquals(6, tally.released(0));
    assertEquals(1, tally.iteration());
    assertArrayEquals(expected, tally.gammaFor(2), "the update of pat3 with prior 2, bit for bit");
    FitReport r = tally.report(series -> false, false, 0, true);
    FitFigures start = r.latest();
    assertEquals(0, start.iteration());
    assertEquals("", start.group());
    assertEquals(train.logLikelihood() / train.decisions(), start.trainLogLikelihood());
    assertEquals(test.logLikelihood() / test.decisions(), start.testLogLikelihood());
    assertEquals((double) train.top5() / train.decisions(), start.trainTop5());
    assertEquals(
        shards[0].skippedTrain() + shards[1].skippedTrain() + shards[2].skippedTrain(),
        start.trainSkipped());
    assertArrayEquals(train.wins(), r.wins(), "the training wins of every feature id");
    long[] candidates = new long[LAYOUT.size()];
    for (FitShard.Result s : shards) {
      for (int i = 0; i < candidates.length; i++) {
        candidates[i] += s.candidates()[i];
      }
    }
    assertArrayEquals(candidates, r.candidates());
    assertEquals(FitReport.Stop.RUNNING, r.stop());
    assertEquals(r.groups().get(1), r.group(), "pass 2 sums for the cycle's second group");
    // Pass 2: its figures are those of the table after update 1, which it then updates again.
    for (int s = 0; s < 3; s++) {
      tally.count(0, 3 + s, run(fit, tally, s));
    }
    FitReport after = tally.report(series -> false, false, 0, true);
    assertEquals(1, after.latest().iteration());
    assertEquals("pat3", after.latest().group());
    assertEquals(2, after.iteration());
    assertTrue(
        after.latest().trainLogLikelihood() > start.trainLogLikelihood(), "the update helped");
    assertThrows(IllegalStateException.class, () -> tally.gammaFor(2), "pass 2 is counted");
  }

  /** Sums of one shard made by hand: {@code decisions} decisions of log-likelihood {@code ll}. */
  static FitShard.Result sums(int group, double ll, long decisions, int... candidateIds) {
    long[] wins = new long[LAYOUT.size()];
    wins[LAYOUT.start(0)] = decisions; // every move played with the first pattern
    double[] denominators = new double[LAYOUT.groupSize(group)];
    java.util.Arrays.fill(denominators, decisions / 10.0);
    MmSums train =
        MmSums.of(LAYOUT, group, denominators, wins, ll, decisions, decisions / 2, decisions);
    long[] candidates = new long[LAYOUT.size()];
    for (int id : candidateIds) {
      candidates[id] = 10;
    }
    return new FitShard.Result(train, MmSums.empty(LAYOUT, group), 3, 0, candidates);
  }

  @Test
  void aCycleThatGainsTooLittleStopsTheFitAndGroupsWithoutCandidatesAreSkipped() {
    ResolvedFit fit = fit(100, FitSpec.newBuilder().setMinGain(0.1).setTestShare(0));
    assertEquals(1, fit.shards().size());
    FitTally tally = new FitTally(fit);
    int capture = LAYOUT.start(1);
    int edge = LAYOUT.start(5);
    // Training log-likelihood per decision at each table (100 decisions a pass).
    double[] perDecision = {-3.0, -2.5, -2.2, -2.1, -2.08, -2.06, -2.05};
    int[] groups = {0, 1, 5, 0, 1, 5, 0};
    for (int k = 0; k < 7; k++) {
      assertEquals(groups[k], tally.groupFor(k + 1), "pass " + (k + 1));
      tally.count(0, k, sums(groups[k], perDecision[k] * 100, 100, capture, edge));
      assertTrue(k < 6 || tally.settled(0));
      if (k < 6) {
        assertEquals(FitReport.Stop.RUNNING, tally.report(s -> false, false, 0, false).stop());
      }
    }
    FitReport r = tally.report(series -> true, true, 0, true);
    assertEquals(java.util.List.of("pat3", "capture", "edge"), r.groups(), "the cycle");
    // The first cycle (iterations 1-3) gained 0.9 per decision, the second (4-6) only 0.05.
    assertEquals(FitReport.Stop.CONVERGED, r.stop());
    assertEquals(6, r.iteration(), "stopped once the table after iteration 6 was measured");
    assertEquals(7, r.figures().size());
    assertEquals("edge", r.figures().get(6).group());
    assertEquals("", r.group());
    assertEquals(
        "converged after 6 iterations: the last cycle over the groups raised the training"
            + " log-likelihood per decision by less than minGain 0.1",
        tally.stopMessage());
    assertEquals(7, tally.released(0), "nothing more to hand out");
  }

  @Test
  void aFitWithNoTrainingDecisionStopsAfterTheFirstPass() {
    ResolvedFit fit = fit(100, FitSpec.newBuilder().setTestShare(0));
    FitTally tally = new FitTally(fit);
    tally.count(0, 0, sums(0, 0, 0));
    assertTrue(tally.settled(0));
    FitReport r = tally.report(s -> true, true, 0, true);
    assertEquals(FitReport.Stop.CONVERGED, r.stop());
    assertEquals(java.util.List.of(), r.groups());
    assertEquals("no training decision to learn from", tally.stopMessage());
  }

  @Test
  void theMostIterationsEndTheFitOnceTheLastTableIsMeasured() {
    ResolvedFit fit = fit(100, FitSpec.newBuilder().setMaxIterations(2).setMinGain(0));
    FitTally tally = new FitTally(fit);
    for (int k = 0; k < 3; k++) {
      tally.count(0, k, sums(tally.groupFor(k + 1), -100, 50, LAYOUT.start(1)));
    }
    FitReport r = tally.report(s -> true, true, 0, false);
    assertEquals(FitReport.Stop.MAX_ITERATIONS, r.stop());
    assertEquals(2, r.iteration());
    assertEquals(3, r.passes());
    assertNull(r.figures(), "a headline report");
    assertEquals("", tally.stopMessage(), "not an early stop");
    assertEquals(3, fit.chunks());
  }

  @Test
  void aJobThatEndsBeforeTheFitStoppedIsCancelled() {
    FitTally tally = new FitTally(fit(100, FitSpec.newBuilder()));
    assertEquals(FitReport.Stop.RUNNING, tally.report(s -> false, false, 0, false).stop());
    assertEquals(FitReport.Stop.CANCELLED, tally.report(s -> false, true, 0, false).stop());
  }

  @Test
  void aResultForAnotherGroupThanItsPassIsRefused() {
    FitTally tally = new FitTally(fit(100, FitSpec.newBuilder()));
    assertNull(tally.refusal(0, 0, sums(0, -10, 5)));
    assertEquals(
        "pass 1 sums for group 0 (pat3), the result for group 3",
        tally.refusal(0, 0, sums(3, -10, 5)));
    assertNull(tally.refusal(0, 1, sums(3, -10, 5)), "pass 2 is not released: the table says");
  }

  @Test
  void gammaStaysWithinATablesRange() {
    // Without a prior a value seen and never chosen goes to 0: kept at 1e-9.
    ResolvedFit fit = fit(100, FitSpec.newBuilder().setPrior(0));
    FitTally tally = new FitTally(fit);
    int other = LAYOUT.start(0) + 1;
    FitShard.Result r = sums(0, -50, 20, other);
    tally.count(0, 0, r);
    double[] gamma = tally.gammaFor(2);
    assertEquals(GammaTable.MIN_GAMMA, gamma[other]);
    GammaTable.of(gamma);
  }

  @Test
  void thePlanHasAChunkPerShardAndPassWithItsMovesAndALongEnoughLease() {
    ResolvedFit fit = fit(5, FitSpec.newBuilder().setMaxIterations(4));
    FitPlan plan = new FitPlan(fit);
    assertEquals(3 * 5, plan.chunks());
    assertEquals(2, plan.passOf(3));
    assertEquals(fit.shards().get(1), plan.shardOf(7));
    assertEquals(fit.shards().get(2).moves(), plan.units(0, 8));
    assertEquals(5 * fit.moves(), plan.units());
    double longest = 0;
    for (ResolvedFit.Shard s : fit.shards()) {
      longest = Math.max(longest, s.seconds());
    }
    assertEquals(
        Duration.ofSeconds(60).plusMillis((long) Math.ceil(10 * longest * 1000)),
        plan.lease(Duration.ofSeconds(60)));
    // Statistics: up to a pass of dense results waiting, and the fixed part.
    long ids = LAYOUT.size();
    assertTrue(plan.statisticsBytes() > 3 * 8 * 3 * ids, "three shards' results at least");
    assertTrue(plan.statisticsBytes() < 3 * 8 * 6 * ids + 8 * 10 * ids + 10_000);
    assertEquals(
        "raise gamesPerChunk (fewer, larger shards) or lower maxIterations", plan.fewerChunks());
  }
}
