package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.proto.v1.EngineSpec;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SprtDecision;
import gofarm.proto.v1.SprtSpec;
import gofarm.worker.Engines;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Match jobs through the real coordinator and workers: the same games whatever runs them, SPRT
 * decisions that go the right way for equal and unequal players, and a match against GNU Go.
 */
class MatchJobsTest {

  private static MatchPlayer search(String policy, long playouts) {
    return MatchPlayer.newBuilder()
        .setSearch(
            SearchPlayerSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName(policy))
                .setPlayouts(playouts))
        .build();
  }

  /** GNU Go's executable; fails the test under CI when it is missing, else skips it. */
  private static Path gnugo() {
    Path gnugo = Engines.detect().get("gnugo");
    if (gnugo == null) {
      String message = "GNU Go not found on the PATH or in /usr/games: apt-get install -y gnugo";
      if (System.getenv("CI") != null) {
        fail(message + " (CI is set, so this is a failure)");
      }
      org.junit.jupiter.api.Assumptions.abort(message);
    }
    return gnugo;
  }

  private static MatchPlayer neverResigns(MatchPlayer p) {
    return p.toBuilder().setSearch(p.getSearch().toBuilder().setResignThreshold(0)).build();
  }

  private static JobSpec match(String name, MatchSpec.Builder m) {
    return JobSpec.newBuilder()
        .setName(name)
        .setSeed(2026)
        .setRules(Rules.newBuilder().setKomi(7.5))
        .setMatch(m.setOpenings(Openings.newBuilder().setRandomMoves(2)))
        .build();
  }

  /** Outcomes without the seconds they took, which differ from run to run. */
  private static List<GamePairOutcome> outcomes(JobResults r) {
    return r.getMatch().getPairsList().stream()
        .map(
            p ->
                p.toBuilder()
                    .setFirst(p.getFirst().toBuilder().clearSeconds())
                    .setSecond(p.getSecond().toBuilder().clearSeconds())
                    .build())
        .toList();
  }

  @Test
  void theSameSeedGivesTheSameGamesWhateverRunsIt() {
    JobSpec spec =
        match(
            "determinism",
            MatchSpec.newBuilder()
                .setCandidate(search("heavy", 24))
                .setBaseline(search("uniform", 24))
                .setSize(7)
                .setPairs(8));
    JobResults one;
    List<GameRecord> oneGames;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 1);
      String id = f.submit(spec);
      one = f.finish(id);
      oneGames = f.games(id);
    }
    assertEquals(8, one.getMatch().getSummary().getPairs());
    assertEquals(16, oneGames.size());

    try (InProcessFarm f = new InProcessFarm()) {
      Worker first = f.startWorker("a", 2);
      f.startWorker("b", 1);
      String id = f.submit(spec);
      while (f.status(id).getChunksDone() < 2) {
        Thread.onSpinWait();
      }
      first.close(); // abrupt: its game pairs go back to the queue
      f.startWorker("c", 2);
      JobResults disturbed = f.finish(id);
      assertEquals(outcomes(one), outcomes(disturbed));
      assertEquals(oneGames, f.games(id));
      MatchSummary a = one.getMatch().getSummary();
      MatchSummary b = disturbed.getMatch().getSummary();
      assertEquals(a.getPentanomialList(), b.getPentanomialList());
      assertEquals(a.getFixedSampleElo(), b.getFixedSampleElo());
      assertEquals(a.getStopAware(), b.getStopAware());
    }
  }

  /**
   * The issue's check of the test itself: a policy against itself, SPRT [0, 20]. It takes hundreds
   * of pairs, so the players are as cheap as a search gets (4 playouts per move, 5x5). Stopping at
   * the lower bound selects samples that fell below ½, so the fixed-sample Elo leans negative: with
   * this seed -9.5 (95 %: -31.9 .. +12.9) after 439 pairs. The stop-aware Elo of the same counts is
   * -6.2 (95 %: -29.5 .. +17.7): nearer 0, the truth. (An SPRT [0, 5] took 3,147 pairs and showed
   * the same: docs/jobs.md.)
   */
  @Test
  void aSelfMatchAcceptsH0AgainstTwentyElo() {
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("w", 2);
      JobResults self =
          f.finish(
              f.submit(
                  JobSpec.newBuilder()
                      .setName("self")
                      .setSeed(1)
                      .setRules(Rules.newBuilder().setKomi(0.5))
                      .setMatch(
                          MatchSpec.newBuilder()
                              .setCandidate(search("heavy", 4))
                              .setBaseline(search("heavy", 4))
                              .setSize(5)
                              .setPairs(30_000)
                              .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(20)))
                      .build()));
      MatchSummary s = self.getMatch().getSummary();
      assertEquals("heavy 4 po #2", s.getBaseline());
      assertEquals(SprtDecision.ACCEPT_H0, s.getDecision(), s.toString());
      assertTrue(s.getLlr() <= s.getLlrLower());
      assertTrue(Math.abs(s.getStopAware().getElo()) < 20, "Elo about 0: " + s);
      assertTrue(s.getStopAware().getStopped());
      assertTrue(s.getStopAware().getElo() > s.getFixedSampleElo(), "the stop corrected: " + s);
      assertTrue(
          s.getStopAware().getEloLow() < 0 && 0 < s.getStopAware().getEloHigh(),
          "covers the truth: " + s);
      assertTrue(s.getPairs() < 30_000);
      assertTrue(self.getStatus().getMessage().contains("accepted H0"));
    }
  }

  @Test
  void theSprtAcceptsH1ForAStrongerCandidate() {
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("w", 2);
      JobResults stronger =
          f.finish(
              f.submit(
                  match(
                      "stronger",
                      MatchSpec.newBuilder()
                          .setCandidate(search("heavy", 128))
                          .setBaseline(search("heavy", 8))
                          .setSize(7)
                          .setPairs(2000)
                          .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(150)))));
      MatchSummary t = stronger.getMatch().getSummary();
      assertEquals(SprtDecision.ACCEPT_H1, t.getDecision(), t.toString());
      assertTrue(t.getLlr() >= t.getLlrUpper());
      assertTrue(t.getStopAware().getElo() > 0 && t.getStopAware().getLos() > 0.95, t.toString());
      assertTrue(t.getFixedSampleElo() > 0 && t.getFixedSampleLos() > 0.95, t.toString());
    }
  }

  @Test
  void aGamePairAgainstGnuGo() {
    Path gnugo = gnugo();
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("plain", 1); // without engines: must get none of the pairs
      f.startWorker(WorkerSettings.builder().id("go").threads(1).engine("gnugo", gnugo));
      // Level 1: the pair checks how engine games are routed and recorded, not GNU Go's strength.
      MatchPlayer level1 =
          MatchPlayer.newBuilder()
              .setEngine(
                  EngineSpec.newBuilder()
                      .addAllCommand(List.of("gnugo", "--mode", "gtp", "--level", "1")))
              .build();
      String id =
          f.submit(
              match(
                  "vs gnugo",
                  MatchSpec.newBuilder()
                      .setCandidate(search("heavy", 64))
                      .setBaseline(level1)
                      .setSize(9)
                      .setPairs(1)));
      JobResults r = f.finish(id);
      MatchSummary s = r.getMatch().getSummary();
      assertEquals(2, s.getGames());
      assertEquals("gnugo --mode gtp --level 1", s.getBaseline());
      List<GameRecord> games = f.games(id);
      assertEquals(2, games.size());
      assertTrue(games.get(0).getSgf().contains("PW[gnugo --mode gtp --level 1]"));
      assertTrue(games.get(1).getSgf().contains("PB[gnugo --mode gtp --level 1]"));
      for (GamePairOutcome p : r.getMatch().getPairsList()) {
        assertTrue(List.of("score", "resign").contains(p.getFirst().getEnd()), p.toString());
      }
    }
  }

  /**
   * A REFEREE match: GNU Go scores every game that ends on the board. Only the worker that has GNU
   * Go gets the pairs; each such game says it was scored by the referee, and its result is GNU Go's
   * final_score of its record.
   */
  @Test
  void aRefereeMatchThroughAWorkerThatHasGnuGo() throws Exception {
    Path gnugo = gnugo();
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("plain", 1); // without GNU Go: must get none of the pairs
      f.startWorker(WorkerSettings.builder().id("referee").threads(1).engine("gnugo", gnugo));
      String id =
          f.submit(
              match(
                  "refereed",
                  MatchSpec.newBuilder()
                      .setCandidate(neverResigns(search("heavy", 64)))
                      .setBaseline(neverResigns(search("uniform", 64)))
                      .setSize(7)
                      .setPairs(2)
                      .setAdjudication(gofarm.proto.v1.Adjudication.REFEREE)
                      .setReferee(
                          EngineSpec.newBuilder()
                              .addAllCommand(
                                  List.of("gnugo", "--mode", "gtp", "--chinese-rules")))));
      JobResults r = f.finish(id);
      MatchSummary s = r.getMatch().getSummary();
      assertEquals(4, s.getGames());
      assertEquals(gofarm.proto.v1.Adjudication.REFEREE, s.getAdjudication());
      int onTheBoard = 0;
      for (GamePairOutcome p : r.getMatch().getPairsList()) {
        for (var o : List.of(p.getFirst(), p.getSecond())) {
          if (o.getEnd().equals("score") || o.getEnd().equals("move limit")) {
            onTheBoard++;
            assertEquals("referee", o.getScoredBy(), o.toString());
          }
        }
      }
      assertTrue(onTheBoard > 0, "some game must end on the board: " + r.getMatch());
      assertEquals(onTheBoard, s.getGamesRefereed());
      assertEquals(0, s.getGamesAgreed() + s.getGamesCleanup() + s.getGamesEstimated());
      // The referee's verdict is GNU Go's final_score of the record.
      try (gofarm.gtp.GtpClient check =
          gofarm.gtp.GtpClient.start(
              List.of(gnugo.toString(), "--mode", "gtp", "--chinese-rules"))) {
        Path dir = java.nio.file.Files.createTempDirectory("referee");
        for (GameRecord g : f.games(id)) {
          gofarm.io.SgfGame record = gofarm.io.Sgf.parse(g.getSgf()).get(0);
          String result = record.result().orElseThrow();
          if (result.endsWith("+R") || result.endsWith("+F")) {
            continue;
          }
          Path file = dir.resolve("game-" + g.getPair() + "-" + g.getGame() + ".sgf");
          java.nio.file.Files.writeString(file, g.getSgf());
          check.send("loadsgf " + file);
          assertEquals(result, check.send("final_score"), g.getSgf());
        }
      }
    }
  }
}
