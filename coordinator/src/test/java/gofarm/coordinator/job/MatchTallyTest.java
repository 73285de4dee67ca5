package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Color;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairResult;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SprtDecision;
import gofarm.proto.v1.SprtSpec;
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
 * in the farm tests.
 */
class MatchTallyTest {

  private static ResolvedMatch match(int pairs, boolean sprt) {
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

  /** A pair's result where the candidate scores {@code a} as black and {@code b} as white. */
  private static ChunkResult pair(int index, double a, double b) {
    return ChunkResult.newBuilder()
        .setId(new ChunkKey("m", 0, 0, index).toProto())
        .setSeconds(1)
        .setGamePair(
            GamePairResult.newBuilder()
                .setFirst(game(a, a == 1 ? Color.BLACK : a == 0 ? Color.WHITE : null, 40))
                .setSecond(game(b, b == 1 ? Color.WHITE : b == 0 ? Color.BLACK : null, 60)))
        .build();
  }

  private static PlayedGame game(double points, Color winner, int moves) {
    GameOutcome.Builder o =
        GameOutcome.newBuilder()
            .setCandidatePoints(points)
            .setMoves(moves)
            .setEnd("score")
            .setSeconds(0.5);
    if (winner != null) {
      o.setWinner(winner);
    }
    return PlayedGame.newBuilder().setOutcome(o).setSgf("(;GM[1]SZ[9])").build();
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

  @Test
  void countsPairsGamesAndTheFiguresOfTheStatisticsLibrary() {
    MatchTally tally = new MatchTally(match(4, false));
    double[][] given = {{1, 1}, {1, 0}, {0, 0}, {1, 0.5}};
    for (int i = 0; i < given.length; i++) {
      assertTrue(tally.problems(pair(i, given[i][0], given[i][1]), i).isEmpty());
      tally.count(pair(i, given[i][0], given[i][1]), i);
      assertFalse(tally.settled(), "no SPRT: never settled");
    }
    MatchSummary s = tally.summary(true, 12);
    // Pairs scoring 2, 1, 0 and 1.5 points: classes 4, 2, 0 and 3.
    assertEquals(List.of(1L, 0L, 1L, 1L, 1L), s.getPentanomialList());
    assertEquals(4, s.getPairs());
    assertEquals(8, s.getGames());
    assertEquals(4, s.getWins());
    assertEquals(1, s.getDraws());
    assertEquals(3, s.getLosses());
    assertEquals(50, s.getMeanLength(), 1e-12);
    EloEstimate e = EloEstimate.of(Pentanomial.of(1, 0, 1, 1, 1));
    assertEquals(e.elo(), s.getElo(), 1e-12);
    assertEquals(e.los(), s.getLos(), 1e-12);
    assertEquals(SprtDecision.SPRT_DECISION_UNSPECIFIED, s.getDecision());
    assertEquals(0, s.getRecentLlrCount());
    assertEquals(8, tally.games().size());
    assertEquals(3, tally.games().get(7).getPair());
    assertEquals(1, tally.games().get(7).getGame());
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

    for (int seed = 0; seed < 4; seed++) {
      MatchTally tally = new MatchTally(match);
      ChunkTable table = new ChunkTable("m", List.of(tally), 1);
      Random random = new Random(seed);
      List<ChunkKey> out = new ArrayList<>();
      while (!table.finished()) {
        out.addAll(table.lease("w" + random.nextInt(3), 1 + random.nextInt(8), Long.MAX_VALUE));
        Collections.shuffle(out, random);
        for (int k = random.nextInt(out.size() + 1); k > 0; k--) {
          ChunkKey key = out.remove(out.size() - 1);
          double[] pts = points(key.chunk());
          table.complete(key, pair(key.chunk(), pts[0], pts[1]));
        }
      }
      assertEquals(stop + 1, tally.pairs(), "seed " + seed);
      MatchSummary s = tally.summary(true, 0);
      assertEquals(SprtDecision.ACCEPT_H1, s.getDecision());
      assertEquals(sprt.test(p).llr(), s.getLlr(), 1e-12);
      assertEquals(sprt.upperBound(), s.getLlrUpper(), 1e-12);
      assertTrue(s.getLlr() >= s.getLlrUpper());
      assertTrue(tally.stopMessage().startsWith("SPRT [0, 50] accepted H1 after " + (stop + 1)));
      assertEquals(Math.min(MatchTally.RECENT_LLR, stop + 1), s.getRecentLlrCount());
    }
  }

  @Test
  void anUndecidedTestIsInconclusiveOnlyOnceTheJobHasEnded() {
    MatchTally tally = new MatchTally(match(2, true));
    tally.count(pair(0, 1, 0), 0);
    assertEquals(SprtDecision.SPRT_DECISION_UNSPECIFIED, tally.summary(false, 0).getDecision());
    tally.count(pair(1, 0, 1), 1);
    assertEquals(SprtDecision.INCONCLUSIVE, tally.summary(true, 0).getDecision());
  }

  @Test
  void malformedResultsAreRefusedWithTheirFieldPaths() {
    ChunkTable table = new ChunkTable("m", List.of(new MatchTally(match(3, false))), 1);
    ChunkResult bad =
        pair(0, 1, 0).toBuilder()
            .setGamePair(
                pair(0, 1, 0).getGamePair().toBuilder()
                    .setFirst(game(0.7, Color.BLACK, 10))
                    .setSecond(game(1, Color.WHITE, 100_000)))
            .build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> table.complete(new ChunkKey("m", 0, 0, 0), bad));
    assertTrue(
        e.getMessage().contains("gamePair.first.outcome.candidatePoints: must be 0, 0.5 or 1"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("gamePair.second.outcome.moves: must be 0..243"), e.getMessage());
    ChunkResult evaluate = ChunkResult.newBuilder().setId(bad.getId()).build();
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> table.complete(new ChunkKey("m", 0, 0, 0), evaluate));
    assertTrue(e.getMessage().endsWith("gamePair: required"), e.getMessage());
    assertEquals(0, table.chunksDone());
  }
}
