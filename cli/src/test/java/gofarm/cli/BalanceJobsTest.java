package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.BalanceIteration;
import gofarm.proto.v1.BalanceResult;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SprtSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneMatch;
import gofarm.report.ResultsFiles;
import gofarm.wire.Codec;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.Violations;
import gofarm.worker.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Balance jobs through the real coordinator and workers: the same γ, bit for bit, on one worker, on
 * three (with spot checks comparing their sums), and with a worker killed mid-job; and balancing
 * lowers the held-out error when the values come from a softmax table the start can reach.
 */
class BalanceJobsTest {
  /** 5x5 games of softmax self-play under {@link TrainingGames#TABLE}. */
  private static final String GAMES = TrainingGames.sgf(12, 5, 25, 2027);

  private static final Rules KOMI = Rules.newBuilder().setKomi(0.5).build();

  private static gofarm.proto.v1.PolicySpec softmax(GammaTable table) {
    return gofarm.proto.v1.PolicySpec.newBuilder()
        .setName("start")
        .setGamma(GammaSource.newBuilder().setText(table.format()))
        .build();
  }

  /** Positions from the games, valued by short reference searches, with a confirmation. */
  private static JobSpec fromGames() {
    return JobSpec.newBuilder()
        .setName("balance determinism")
        .setSeed(41)
        .setRules(KOMI)
        .setBalance(
            BalanceSpec.newBuilder()
                .setPolicy(softmax(GammaTable.uniform()))
                .setGames(SgfSource.newBuilder().setText(GAMES).setFile("games.sgf"))
                .setFrom(4)
                .setEvery(8)
                .setMaxPositions(16)
                .setHeldOut(0.25)
                .setReference(100)
                .setIterations(3)
                .setValuePlayouts(40)
                .setGradientPlayouts(40)
                .setAlpha(2)
                .setPositionsPerChunk(3)
                .setConfirm(
                    TuneConfirm.newBuilder()
                        .setPairs(4)
                        .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(50))
                        .setMatch(
                            TuneMatch.newBuilder()
                                .setSize(5)
                                .setPlayouts(16)
                                .setOpenings(Openings.newBuilder().setRandomMoves(2)))))
        .build();
  }

  private static double[] gamma(JobResults r) {
    return r.getBalance().getGammaList().stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The figures that must not depend on who ran the job: everything but times and rates. */
  private static BalanceResult figures(JobResults r) {
    BalanceResult b = r.getBalance();
    var confirm = b.getConfirm().toBuilder();
    confirm.getSummaryBuilder().clearGamesPerMinute();
    for (var p : confirm.getPairsBuilderList()) {
      p.getFirstBuilder().clearSeconds();
      p.getSecondBuilder().clearSeconds();
    }
    BalanceResult.Builder out = b.toBuilder().setConfirm(confirm);
    out.getSummaryBuilder().getConfirmBuilder().clearGamesPerMinute();
    return out.build();
  }

  @Test
  void theSameSeedGivesTheSameTableWhateverRunsIt(@TempDir Path dir) throws IOException {
    JobResults one;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 1);
      one = f.finish(f.submit(fromGames()));
    }
    BalanceResult r = one.getBalance();
    assertEquals("done", r.getSummary().getPhase());
    assertEquals(3, r.getSummary().getIteration());
    assertEquals(4, r.getIterationsCount(), "a pass per update and one to measure the last");
    assertEquals(16, r.getReferenceValuesCount());
    assertEquals(16, r.getSummary().getReferences());
    assertEquals(16, r.getSummary().getReferencesDone());
    assertEquals(16, r.getSummary().getTrainPositions() + r.getSummary().getTestPositions());
    assertTrue(r.getSummary().getTestPositions() > 0, "positions held out");
    assertEquals(4, r.getConfirm().getSummary().getPairs());
    assertEquals(FeatureSpace.size(), r.getGammaCount());
    assertNotEquals(r.getStartGammaList(), r.getGammaList(), "γ moved");
    // The figures: a step per update, none for the last pass.
    for (int i = 0; i < 3; i++) {
      BalanceIteration it = r.getIterations(i);
      assertEquals(i, it.getIteration());
      assertEquals(2, it.getStep());
      assertTrue(it.getDelta() > 0, it.toString());
    }
    assertEquals(0, r.getIterations(3).getStep());
    // The balanced policy is the policy of the final γ, and a spec accepts it.
    PolicySpec tuned = Codec.policy(r.getTunedPolicy(), "policy", new Violations());
    assertArrayEquals(gamma(one), tuned.gammaTable().toArray());
    // A split by game: the positions of one game (4, 12 and 20 moves in) are on one side.
    for (int i = 0; i + 1 < r.getLabelsCount(); i++) {
      String game = r.getLabels(i).replaceAll(" move .*", "");
      if (r.getLabels(i + 1).startsWith(game + " move")) {
        assertEquals(r.getHeldOut(i), r.getHeldOut(i + 1), r.getLabels(i));
      }
    }

    // The results folder: the balanced table parses back to the job's γ, theta.csv lists the
    // values that moved most (at most 50) with a summary line, balance.csv a row per table.
    List<Path> files = ResultsFiles.write(one, dir);
    List<String> names = files.stream().map(p -> dir.relativize(p).toString()).toList();
    for (String expected :
        List.of(
            "results.json",
            "balance.csv",
            "results.txt",
            "theta.csv",
            "tuned-policy.gamma",
            "tuned-policy.json",
            "reference-positions.json",
            "confirm.csv",
            "svg/balance-mse.svg",
            "svg/patterns.svg",
            "svg/elo.svg",
            "svg/llr.svg")) {
      assertTrue(names.contains(expected), expected + " in " + names);
    }
    assertArrayEquals(
        gamma(one),
        GammaTable.parse(Files.readString(dir.resolve("tuned-policy.gamma"))).toArray());
    List<String> theta = Files.readAllLines(dir.resolve("theta.csv"));
    assertEquals("id,name,start_gamma,gamma,delta_log_gamma", theta.get(0));
    assertTrue(theta.size() >= 3 && theta.size() <= 52, theta.size() + " lines");
    assertTrue(theta.get(theta.size() - 1).startsWith("# the other "), theta.get(theta.size() - 1));
    assertEquals(1 + 4, Files.readAllLines(dir.resolve("balance.csv")).size());
    // The values found once, ready for a later spec: it resolves with every value given.
    BalanceSpec.Builder again = BalanceSpec.newBuilder().setPolicy(softmax(GammaTable.uniform()));
    JsonFormat.parser().merge(Files.readString(dir.resolve("reference-positions.json")), again);
    assertEquals(16, again.getPositionsCount());
    ResolvedBalance reused =
        (ResolvedBalance)
            JobSpecs.resolve(fromGames().toBuilder().setBalance(again.setHeldOut(0.25)).build());
    assertEquals(List.of(), reused.unvalued(), "no reference search needed");
    assertEquals(r.getReferenceValuesList(), reused.values());
    String table = Files.readString(dir.resolve("results.txt"));
    assertTrue(table.contains("MSE ") && table.contains("verdict"), table);

    JobResults many;
    try (InProcessFarm f = new InProcessFarm()) {
      for (int i = 0; i < 3; i++) {
        f.startWorker("w" + i, 2);
      }
      many = f.finish(f.submit(fromGames()));
    }
    assertArrayEquals(gamma(one), gamma(many));
    assertEquals(figures(one), figures(many));
    assertEquals("", many.getStatus().getMessage(), "no worker quarantined by a spot check");

    try (InProcessFarm f = new InProcessFarm()) {
      Worker first = f.startWorker("a", 2);
      f.startWorker("b", 1);
      String id = f.submit(fromGames());
      while (f.status(id).getChunksDone() < 20) {
        Thread.onSpinWait();
      }
      first.close(); // abrupt: its chunks go back to the queue
      f.startWorker("c", 2);
      JobResults disturbed = f.finish(id);
      assertArrayEquals(gamma(one), gamma(disturbed));
      assertEquals(figures(one), figures(disturbed));
      assertEquals(2 * 4, f.games(id).size(), "the confirmation's games");
    }
  }

  /**
   * V* of 5x5 positions measured under {@link TrainingGames#TABLE} with many playouts, the start
   * flattened to every γ = 1: the table that gave V* is within reach, so the held-out error must
   * fall, not only the training error. Positions the target decides (V* outside 0.1..0.9) are left
   * out: their playouts win or lose whatever the table, so they carry no gradient.
   */
  @Test
  void balancingLowersTheHeldOutError() {
    GammaTable target = GammaTable.parse(TrainingGames.TABLE);
    List<SgfGame> games = Sgf.parse(TrainingGames.sgf(12, 5, 25, 2027));
    BalanceSpec.Builder b =
        BalanceSpec.newBuilder()
            .setPolicy(softmax(GammaTable.uniform()))
            .setHeldOut(0.3)
            .setIterations(4)
            .setValuePlayouts(200)
            .setGradientPlayouts(200)
            .setAlpha(100);
    gofarm.rules.Rules rules = gofarm.rules.Rules.DEFAULT.withKomi(0.5);
    for (int g = 0; g < games.size(); g++) {
      String text = Sgf.write(games.get(g));
      for (int move = 4; move < games.get(g).moves().size(); move += 5) {
        PlayoutRoot root = PlayoutRoot.of(games.get(g).replay(move, rules));
        Playout playout = new Playout(PolicySpec.softmax(target), root.board().geometry());
        PlayoutStats stats = playout.newStats();
        playout.run(root, 1000L * g + move, 600, stats);
        double value = (stats.blackWins() + 0.5 * stats.draws()) / 600;
        if (value < 0.1 || value > 0.9) {
          continue;
        }
        b.addPositions(
            ReferencePosition.newBuilder()
                .setPosition(
                    PositionSource.newBuilder()
                        .setSgf(
                            SgfSource.newBuilder()
                                .setText(text)
                                .setFile("game" + g + ".sgf")
                                .setMove(move)))
                .setBlackValue(value));
      }
    }
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("balancing lowers the error")
            .setSeed(5)
            .setRules(Rules.newBuilder().setKomi(0.5))
            .setBalance(b)
            .build();
    JobResults done;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 2);
      done = f.finish(f.submit(spec));
    }
    List<BalanceIteration> its = done.getBalance().getIterationsList();
    assertTrue(done.getBalance().getSummary().getTestPositions() >= 8, "enough held out");
    BalanceIteration first = its.get(0);
    // The last two tables, so that one lucky pass cannot pass the test alone.
    double train = (its.get(3).getTrainMse() + its.get(4).getTrainMse()) / 2;
    double test = (its.get(3).getTestMse() + its.get(4).getTestMse()) / 2;
    assertTrue(train < 0.6 * first.getTrainMse(), its.toString());
    assertTrue(test < 0.7 * first.getTestMse(), its.toString());
  }
}
