package gofarm.coordinator.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.job.MatchTallyTest;
import gofarm.coordinator.job.TunePlan;
import gofarm.coordinator.job.TunePlay;
import gofarm.coordinator.job.TuneReport;
import gofarm.coordinator.job.TuneTally;
import gofarm.coordinator.job.TuneTallyTest;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.PositionValue;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneResult;
import gofarm.proto.v1.TuneSpec;
import gofarm.wire.ChunkKey;
import gofarm.wire.Codec;
import gofarm.wire.JobSpecs;
import gofarm.wire.PositionSearches;
import gofarm.wire.ResolvedTune;
import gofarm.wire.SearchChunk;
import gofarm.wire.Violations;
import org.junit.jupiter.api.Test;

/**
 * A tune job on the wire: each chunk is ordinary work (a position search, a game pair of θ+ against
 * θ− at the tally's θ, a playout chunk), and malformed results are refused with their fields.
 */
class TuneCodecTest {

  @Test
  void gamePairsPlayThePerturbedPoliciesAroundTheTallysTheta() {
    ResolvedTune t = TuneTallyTest.tune(10, 2, 0.002, false);
    TunePlan plan = new TunePlan(t);
    TuneCodec codec = new TuneCodec("j", plan);
    TuneTally tally = plan.newTally();
    ChunkAssignment a = codec.assignment(new ChunkKey("j", TunePlan.ITERATIONS, 0, 1), tally);
    double[] plus = t.spsa().perturbed(t.startTheta(), 1, t.delta(1, 1), 1);
    double[] minus = t.spsa().perturbed(t.startTheta(), 1, t.delta(1, 1), -1);
    assertEquals(
        t.policy(plus).rulesText(),
        Codec.policy(a.getGamePair().getCandidate().getSearch().getPolicy(), "", new Violations())
            .rulesText());
    assertEquals(
        t.policy(minus).rulesText(),
        Codec.policy(a.getGamePair().getBaseline().getSearch().getPolicy(), "", new Violations())
            .rulesText());
    assertEquals(ResolvedTune.PLUS, a.getGamePair().getCandidate().getName());
    assertEquals(t.pairSeed(1, 1), a.getSeed());
    assertThrows(
        IllegalArgumentException.class,
        () -> codec.assignment(new ChunkKey("j", TunePlan.ITERATIONS, 0, 2), tally),
        "iteration 2 is not released");
  }

  @Test
  void theResultsCarryEachIterationsForwardScoreAndTheSummaryItsRunningValue() {
    ResolvedTune t = TuneTallyTest.tune(10, 2, 0.002, false);
    TunePlan plan = new TunePlan(t);
    TuneCodec codec = new TuneCodec("j", plan);
    TuneTally tally = plan.newTally();
    tally.count(TunePlan.ITERATIONS, 0, TunePlay.of(MatchTallyTest.pair(1, 1)));
    tally.count(TunePlan.ITERATIONS, 1, TunePlay.of(MatchTallyTest.pair(1, 0)));
    JobStatus.Builder first = JobStatus.newBuilder();
    codec.view(tally.report(s -> false, false, 0, false)).status(first);
    assertTrue(Double.isNaN(first.getTune().getObjectiveValue()), "no forward side in iteration 1");
    tally.count(TunePlan.ITERATIONS, 2, TunePlay.of(MatchTallyTest.pair(0, 1)));
    tally.count(TunePlan.ITERATIONS, 3, TunePlay.of(MatchTallyTest.pair(1, 1)));
    TuneReport report = tally.report(s -> false, false, 0, true);
    JobResults.Builder results = JobResults.newBuilder();
    codec.view(report).results(results);
    TuneResult r = results.getTune();
    assertEquals(2, r.getIterationsCount());
    for (int k = 0; k < 2; k++) {
      assertEquals(report.forward().get(k).points(), r.getIterations(k).getForwardPoints());
      assertEquals(report.forward().get(k).games(), r.getIterations(k).getForwardGames());
    }
    assertEquals(0, r.getIterations(0).getForwardGames());
    assertTrue(r.getIterations(1).getForwardGames() > 0, "iteration 1 moved θ");
    assertEquals(report.objectiveValue(), r.getSummary().getObjectiveValue());
    assertEquals(
        r.getIterations(1).getForwardPoints() / r.getIterations(1).getForwardGames(),
        r.getSummary().getObjectiveValue(),
        1e-15,
        "the window of 2 iterations is the last one");
  }

  @Test
  void aReferenceSearchIsAPositionSearchOnTheStartingPolicy() {
    TuneSpec.Builder spec =
        TuneSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setName("heavy"))
            .addParameters(
                TuneParameter.newBuilder()
                    .setPath("rules[0].rate")
                    .setMax(1)
                    .setCEnd(0.1)
                    .setREnd(1))
            .setObjective(
                TuneObjective.newBuilder()
                    .setEvaluation(
                        TuneEvaluation.newBuilder()
                            .setReferencePlayouts(800)
                            .addPositions(
                                ReferencePosition.newBuilder()
                                    .setPosition(PositionSource.newBuilder().setEmpty(9)))));
    ResolvedTune t =
        (ResolvedTune) JobSpecs.resolve(JobSpec.newBuilder().setSeed(3).setTune(spec).build());
    TunePlan plan = new TunePlan(t);
    TuneCodec codec = new TuneCodec("j", plan);
    ChunkKey key = new ChunkKey("j", TunePlan.REFERENCE, 0, 0);
    SearchChunk search = PositionSearches.decode(codec.assignment(key, plan.newTally()));
    assertEquals(key, search.key());
    assertEquals(800, search.playouts());
    assertEquals(t.referenceSeed(0), search.seed());
    assertEquals("heavy", search.config().policy().name());
    assertEquals(9, search.game().geometry().size());

    TunePlay value = codec.decode(key, PositionSearches.result(key, 0.4, 800, 1.5));
    assertEquals(TunePlay.value(0.4, 800), value);
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                codec.decode(
                    key,
                    ChunkResult.newBuilder()
                        .setId(key.toProto())
                        .setValue(PositionValue.newBuilder().setBlackValue(1.5))
                        .build()));
    assertEquals("chunk " + key + ": value.blackValue: must be 0..1 (got 1.5)", bad.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> codec.decode(key, ChunkResult.newBuilder().setId(key.toProto()).build()),
        "value: required");
  }
}
