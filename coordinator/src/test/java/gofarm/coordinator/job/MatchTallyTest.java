package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.match.GameRecord;
import gofarm.match.Scoring;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SprtSpec;
import gofarm.rules.Player;
import gofarm.stats.EloEstimate;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.wire.ChunkKey;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedMatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A match's counting: pair classes, the SPRT on the pair-order prefix, and a stop at the same pair
 * whatever the order in which the pairs arrive. The outcomes are given here; real games are played
 * in the farm tests, and their wire form is {@code MatchCodecTest}'s.
 */
public class MatchTallyTest {

  public static ResolvedMatch match(int pairs, boolean sprt) {
    MatchSpec.Builder m =
        MatchSpec.newBuilder()
            .setCandidate(player("heavy"))
            .setBaseline(player("uniform"))
            .setPairs(pairs);
    if (sprt) {
      m.setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(50));
    }
    return (ResolvedMatch) JobSpecs.resolve(JobSpec.newBuilder().setSeed(3).setMatch(m).build());
  }

  private static MatchPlayer player(String policy) {
    return MatchPlayer.newBuilder()
        .setSearch(
            SearchPlayerSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName(policy))
                .setPlayouts(100))
        .build();
  }

  /** A pair where the candidate scores {@code a} as black and {@code b} as white. */
  public static PlayedPair pair(double a, double b) {
    return new PlayedPair(
        game(a, a == 1 ? Player.BLACK : a == 0 ? Player.WHITE : null, 40),
        game(b, b == 1 ? Player.WHITE : b == 0 ? Player.BLACK : null, 60));
  }

  private static GameResult game(double points, Player winner, int moves) {
    return new GameResult(
        points,
        winner,
        0,
        moves,
        GameRecord.End.PASSES,
        0.5,
        Scoring.By.AGREED,
        "B+1",
        "B+1",
        0,
        "(;GM[1]SZ[9])");
  }

  /** Candidate points per pair in a long, favourable sequence (70 % wins, fixed by a seed). */
  private static final double[][] POINTS = new double[400][];

  static {
    Random r = new Random(7);
    for (int i = 0; i < POINTS.length; i++) {
      POINTS[i] = new double[] {r.nextDouble() < 0.7 ? 1 : 0, r.nextDouble() < 0.7 ? 1 : 0};
    }
  }

  private static double[] points(int i) {
    return POINTS[i];
  }

  /**
   * A match on clocks is leased for what the clocks allow (two games, a clock per side in each),
   * and never spot-checked: its games depend on each worker's speed.
   */
  @Test
  void aClockedMatchIsLeasedForItsClocksAndNeverSpotChecked() {
    gofarm.proto.v1.ClockSpec sudden =
        gofarm.proto.v1.ClockSpec.newBuilder().setMainSeconds(60).build();
    MatchSpec.Builder m =
        MatchSpec.newBuilder()
            .setCandidate(
                MatchPlayer.newBuilder()
                    .setSearch(
                        SearchPlayerSpec.newBuilder()
                            .setPolicy(PolicySpec.newBuilder().setName("heavy")))
                    .setClock(sudden))
            .setBaseline(
                MatchPlayer.newBuilder()
                    .setSearch(
                        SearchPlayerSpec.newBuilder()
                            .setPolicy(PolicySpec.newBuilder().setName("uniform")))
                    .setClock(sudden));
    ResolvedMatch clocked =
        (ResolvedMatch) JobSpecs.resolve(JobSpec.newBuilder().setSeed(3).setMatch(m).build());
    MatchPlan plan = new MatchPlan(clocked);
    java.time.Duration base = java.time.Duration.ofMinutes(1);
    assertEquals(base.plusSeconds(4 * 60), plan.lease(base));
    assertFalse(plan.reproducible());
    assertTrue(new MatchPlan(match(4, false)).reproducible(), "playouts: spot-checked");
    gofarm.search.TimeSettings byoyomi =
        gofarm.search.TimeSettings.byoyomi(
            java.time.Duration.ofSeconds(10), java.time.Duration.ofSeconds(2), 3);
    assertEquals(10 + (100 + 3) * 2, MatchPlan.clockSeconds(byoyomi, 100), 1e-9);
  }

  @Test
  void countsPairsGamesAndTheFiguresOfTheStatisticsLibrary() {
    MatchTally tally = new MatchTally(match(4, false));
    double[][] given = {{1, 1}, {1, 0}, {0, 0}, {1, 0.5}};
    for (int i = 0; i < given.length; i++) {
      tally.count(0, i, pair(given[i][0], given[i][1]));
      assertFalse(tally.settled(0), "no SPRT: never settled");
    }
    MatchReport s = tally.report(series -> true, true, 0.2, false);
    // Pairs scoring 2, 1, 0 and 1.5 points: classes 4, 2, 0 and 3.
    assertEquals(Pentanomial.of(1, 0, 1, 1, 1), s.pentanomial());
    assertEquals(4, s.pairs());
    assertEquals(8, s.games());
    assertEquals(4, s.wins());
    assertEquals(1, s.draws());
    assertEquals(3, s.losses());
    assertEquals(50, s.meanLength(), 1e-12);
    assertEquals(0.2 * 60, s.gamesPerMinute(), 1e-12);
    EloEstimate e = EloEstimate.of(Pentanomial.of(1, 0, 1, 1, 1));
    assertEquals(e.elo(), s.elo().elo(), 1e-12);
    assertEquals(e.los(), s.elo().los(), 1e-12);
    assertEquals(Sprt.Decision.CONTINUE, s.decision());
    assertEquals(List.of(), s.recentLlr());
    assertEquals(8, s.agreed());
    assertEquals(0, s.disagreements());
    assertNull(s.details(), "headlines only");
    assertEquals(4, tally.report(series -> true, true, 0, true).details().pairs().size());
    assertEquals(8, tally.games().size());
    assertEquals(3, tally.games().get(7).pair());
    assertEquals(1, tally.games().get(7).game());
  }

  @Test
  void theSprtStopsAtTheSamePairWhateverTheArrivalOrder() {
    ResolvedMatch match = match(400, true);
    Sprt sprt = match.sprt();
    // Where the test should stop, computed directly from the pair classes.
    Pentanomial p = Pentanomial.EMPTY;
    int stop = -1;
    for (int i = 0; i < 400 && stop < 0; i++) {
      p = p.plus(Pentanomial.classify(points(i)[0], points(i)[1]));
      if (sprt.test(p).decision() != Sprt.Decision.CONTINUE) {
        stop = i;
      }
    }
    assertTrue(stop > 0 && stop < 399, "the sequence decides well before its end: " + stop);
    assertEquals(Sprt.Decision.ACCEPT_H1, sprt.test(p).decision());

    MatchPlan plan = new MatchPlan(match);
    for (int seed = 0; seed < 4; seed++) {
      MatchTally tally = plan.newTally();
      ChunkTable<PlayedPair> table = new ChunkTable<>("m", plan, tally);
      Random random = new Random(seed);
      List<ChunkKey> out = new ArrayList<>();
      java.util.Map<ChunkKey, String> holders = new java.util.HashMap<>();
      while (!table.finished()) {
        String worker = "w" + random.nextInt(3);
        for (ChunkKey key : table.lease(worker, 1 + random.nextInt(8), Long.MAX_VALUE)) {
          out.add(key);
          holders.put(key, worker);
        }
        Collections.shuffle(out, random);
        for (int k = random.nextInt(out.size() + 1); k > 0; k--) {
          ChunkKey key = out.remove(out.size() - 1);
          double[] pts = points(key.chunk());
          table.complete(key, pair(pts[0], pts[1]), holders.get(key));
        }
      }
      assertEquals(stop + 1, tally.pairs(), "seed " + seed);
      MatchReport s = tally.report(table::seriesDone, true, 0, false);
      assertEquals(Sprt.Decision.ACCEPT_H1, s.decision());
      assertEquals(sprt.test(p).llr(), s.llr(), 1e-12);
      assertTrue(s.llr() >= sprt.upperBound());
      assertTrue(tally.stopMessage().startsWith("SPRT [0, 50] accepted H1 after " + (stop + 1)));
      assertEquals(Math.min(MatchTally.RECENT_LLR, stop + 1), s.recentLlr().size());
      assertEquals(stop + 1, tally.report(table::seriesDone, true, 0, true).details().llr().size());
    }
  }

  @Test
  void aQueuedMatchReportsNoPairsYet() {
    MatchReport queued = new MatchPlan(match(3, true)).queuedReport();
    assertEquals(0, queued.pairs());
    assertEquals(0.5, queued.blackWinRate());
    assertEquals(0, queued.llr());
    assertFalse(queued.finished());
  }
}
