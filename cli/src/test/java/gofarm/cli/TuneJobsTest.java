package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.PolicySpec;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SprtSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneIteration;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneResult;
import gofarm.proto.v1.TuneSpec;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import gofarm.wire.Codec;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedTune;
import gofarm.wire.Violations;
import gofarm.worker.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tune jobs through the real coordinator and workers: the same trajectory, tuned policy and
 * confirmation on one worker, on three, and with a worker killed mid-job; the evaluation objective
 * on reference positions.
 */
class TuneJobsTest {

  private static TuneParameter.Builder rate(int rule) {
    return TuneParameter.newBuilder()
        .setPath("rules[" + rule + "].rate")
        .setMin(0)
        .setMax(1)
        .setCEnd(0.1)
        .setREnd(0.02);
  }

  private static JobSpec byMatch() {
    return JobSpec.newBuilder()
        .setName("tune determinism")
        .setSeed(2026)
        .setRules(Rules.newBuilder().setKomi(7.5))
        .setTune(
            TuneSpec.newBuilder()
                .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                .addParameters(rate(0))
                .addParameters(rate(4))
                .setObjective(
                    TuneObjective.newBuilder()
                        .setMatch(
                            TuneMatch.newBuilder()
                                .setSize(7)
                                .setPlayouts(16)
                                .setOpenings(Openings.newBuilder().setRandomMoves(2))))
                .setIterations(6)
                .setBatchPairs(3)
                .setConfirm(
                    TuneConfirm.newBuilder()
                        .setPairs(6)
                        .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(50))))
        .build();
  }

  /** The figures that must not depend on who played: everything but times and rates. */
  private static TuneResult figures(JobResults r) {
    TuneResult t = r.getTune();
    var confirm = t.getConfirm().toBuilder();
    confirm.getSummaryBuilder().clearGamesPerMinute();
    for (var p : confirm.getPairsBuilderList()) {
      p.getFirstBuilder().clearSeconds();
      p.getSecondBuilder().clearSeconds();
    }
    TuneResult.Builder b = t.toBuilder().setConfirm(confirm);
    b.getSummaryBuilder().getConfirmBuilder().clearGamesPerMinute();
    return b.build();
  }

  @Test
  void theSameSeedGivesTheSameTrajectoryWhateverRunsIt() {
    JobResults one;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 1);
      one = f.finish(f.submit(byMatch()));
    }
    assertEquals(JobState.SUCCEEDED, one.getStatus().getState());
    TuneResult t = one.getTune();
    assertEquals(6, t.getIterationsCount());
    assertEquals("done", t.getSummary().getPhase());
    assertEquals(6, t.getSummary().getIteration());
    assertEquals(6, t.getConfirm().getSummary().getPairs());
    // The tuned policy is the policy at the last θ, and a spec accepts it.
    List<Double> last = t.getIterations(5).getThetaList();
    assertEquals(last.get(0), t.getSummary().getTheta(0).getTheta());
    PolicySpec tuned = Codec.policy(t.getTunedPolicy(), "policy", new Violations());
    assertEquals(t.getSummary().getTunedPolicy(), tuned.rulesText());
    assertEquals(tuned.rules(), PolicySpec.parse(tuned.rulesText()).rules());
    assertNotEquals(List.of(0.9, 1.0), last, "θ moved");

    JobResults many;
    try (InProcessFarm f = new InProcessFarm()) {
      for (int i = 0; i < 3; i++) {
        f.startWorker("w" + i, 2);
      }
      many = f.finish(f.submit(byMatch()));
    }
    assertEquals(figures(one), figures(many));

    try (InProcessFarm f = new InProcessFarm()) {
      Worker first = f.startWorker("a", 2);
      f.startWorker("b", 1);
      String id = f.submit(byMatch());
      while (f.status(id).getChunksDone() < 5) {
        Thread.onSpinWait();
      }
      first.close(); // abrupt: its game pairs go back to the queue
      f.startWorker("c", 2);
      JobResults disturbed = f.finish(id);
      assertEquals(figures(one), figures(disturbed));
      assertEquals(2 * 6, f.games(id).size(), "the confirmation's games");
    }
  }

  @Test
  void theEvaluationObjectiveTunesOnReferencePositions() throws IOException {
    String sgf = Files.readString(Path.of("..", "examples", "games", "9x9-gnugo-b.sgf"));
    TuneEvaluation.Builder positions = TuneEvaluation.newBuilder().setPlayouts(200);
    // The middle position has no value: the reference step finds it with a 300-playout search.
    double[] values = {0.45, Double.NaN, 0.1};
    int[] moves = {0, 30, 40};
    for (int i = 0; i < values.length; i++) {
      ReferencePosition.Builder r =
          ReferencePosition.newBuilder()
              .setPosition(
                  PositionSource.newBuilder()
                      .setSgf(SgfSource.newBuilder().setText(sgf).setMove(moves[i])));
      if (!Double.isNaN(values[i])) {
        r.setBlackValue(values[i]);
      }
      positions.addPositions(r);
    }
    positions.setReferencePlayouts(300);
    JobSpec spec =
        JobSpec.newBuilder()
            .setSeed(3)
            .setTune(
                TuneSpec.newBuilder()
                    .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                    .addParameters(rate(0))
                    .setObjective(TuneObjective.newBuilder().setEvaluation(positions))
                    .setIterations(5)
                    .setBatchPairs(2))
            .build();
    JobResults a;
    JobResults b;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 2);
      a = f.finish(f.submit(spec));
    }
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("x", 1);
      f.startWorker("y", 1);
      b = f.finish(f.submit(spec));
    }
    assertEquals(JobState.SUCCEEDED, a.getStatus().getState());
    assertEquals("evaluation", a.getTune().getSummary().getObjective());
    assertEquals(5, a.getTune().getIterationsCount());
    for (TuneIteration it : a.getTune().getIterationsList()) {
      assertTrue(it.getObjective() >= 0 && it.getObjective() <= 1, "a mean squared error");
    }
    assertEquals(1 + 20, a.getStatus().getPlayoutsDone(), "a search, then 5 x 2 pairs x 2");
    assertEquals(a.getTune(), b.getTune());

    // The value found is the one a search made from scratch here gives: same policy, budget, seed.
    ResolvedTune t = (ResolvedTune) JobSpecs.resolve(spec);
    Game game = t.positions().get(1).game(t.rules());
    SearchResult r =
        new SearchPlayer(SearchConfig.of(t.start()), Budget.playouts(300), t.referenceSeed(1))
            .decide(game, game.toPlay());
    double black = game.toPlay() == Player.BLACK ? r.winRate() : 1 - r.winRate();
    assertEquals(List.of(0.45, black, 0.1), a.getTune().getReferenceValuesList());
  }
}
