package gofarm.coordinator.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.job.MatchPlan;
import gofarm.coordinator.job.MatchReport;
import gofarm.coordinator.job.PlayedPair;
import gofarm.coordinator.job.Tally;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Color;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairResult;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SprtDecision;
import gofarm.proto.v1.SprtSpec;
import gofarm.stats.EloEstimate;
import gofarm.stats.EloModel;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.stats.StopAwareElo;
import gofarm.wire.ChunkKey;
import gofarm.wire.JobSpecs;
import gofarm.wire.MatchSpecs;
import gofarm.wire.ResolvedMatch;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A match on the wire: game pair results decoded (and refused with their field paths), and the
 * figures encoded as {@code MatchSummary} and {@code MatchResult} with every outcome as the worker
 * sent it.
 */
class MatchCodecTest {

  private static MatchCodec codec(int pairs, boolean sprt) {
    MatchSpec.Builder m =
        MatchSpec.newBuilder()
            .setCandidate(player("heavy"))
            .setBaseline(player("uniform"))
            .setPairs(pairs);
    if (sprt) {
      m.setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(50));
    }
    ResolvedMatch match =
        (ResolvedMatch) JobSpecs.resolve(JobSpec.newBuilder().setSeed(3).setMatch(m).build());
    return new MatchCodec("m", new MatchPlan(match));
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

  /** Decodes and counts pair {@code i}, as the session and the job do. */
  private static void count(
      MatchCodec codec, Tally<PlayedPair, MatchReport> tally, int i, double a, double b) {
    ChunkKey key = new ChunkKey("m", 0, 0, i);
    tally.count(0, i, codec.decode(key, pair(i, a, b)));
  }

  private static MatchSummary summary(
      MatchCodec codec, Tally<PlayedPair, MatchReport> tally, boolean finished) {
    JobStatus.Builder status = JobStatus.newBuilder();
    codec.view(tally.report(series -> finished, finished, 0.2, false)).status(status);
    return status.getMatch();
  }

  @Test
  void theSummaryCarriesTheFiguresOfTheStatisticsLibrary() {
    MatchCodec codec = codec(4, false);
    Tally<PlayedPair, MatchReport> tally = codec.kind().newTally();
    double[][] given = {{1, 1}, {1, 0}, {0, 0}, {1, 0.5}};
    for (int i = 0; i < given.length; i++) {
      count(codec, tally, i, given[i][0], given[i][1]);
    }
    MatchSummary s = summary(codec, tally, true);
    // Pairs scoring 2, 1, 0 and 1.5 points: classes 4, 2, 0 and 3.
    assertEquals(List.of(1L, 0L, 1L, 1L, 1L), s.getPentanomialList());
    assertEquals(4, s.getPairs());
    assertEquals(8, s.getGames());
    assertEquals(4, s.getWins());
    assertEquals(1, s.getDraws());
    assertEquals(3, s.getLosses());
    assertEquals(50, s.getMeanLength(), 1e-12);
    assertEquals("heavy 100 po", s.getCandidate());
    EloEstimate e = EloEstimate.of(Pentanomial.of(1, 0, 1, 1, 1));
    assertEquals(e.elo(), s.getFixedSampleElo(), 1e-12);
    assertEquals(e.los(), s.getFixedSampleLos(), 1e-12);
    assertEquals(SprtDecision.SPRT_DECISION_UNSPECIFIED, s.getDecision());
    assertEquals(0, s.getRecentLlrCount());
    assertFalse(s.hasSprt(), "no SPRT");
    assertFalse(s.hasStopAware(), "without an SPRT the fixed-sample figures are the estimate");
  }

  @Test
  void aStoppedTestCarriesItsBoundsAndTheStopAwareEloWithItsMethod() {
    MatchCodec codec = codec(100, true);
    Tally<PlayedPair, MatchReport> tally = codec.kind().newTally();
    int i = 0;
    while (!tally.settled(0)) {
      assertFalse(summary(codec, tally, false).hasStopAware(), "not while the test runs");
      // Two wins in three pairs, one lost: H1 of [0, 50] is accepted after a dozen pairs.
      count(codec, tally, i, i % 3 == 2 ? 0 : 1, i % 3 == 2 ? 0 : 1);
      i++;
    }
    MatchSummary s = summary(codec, tally, true);
    assertEquals(SprtDecision.ACCEPT_H1, s.getDecision());
    assertEquals(MatchSpecs.toProto(Sprt.of(0, 50, EloModel.LOGISTIC)), s.getSprt());
    Pentanomial counts =
        Pentanomial.of(s.getPentanomialList().stream().mapToLong(x -> x).toArray());
    StopAwareElo expected = StopAwareElo.of(Sprt.of(0, 50, EloModel.LOGISTIC), counts);
    assertTrue(s.getStopAware().getStopped());
    assertEquals(expected.elo(), s.getStopAware().getElo(), 1e-12);
    assertEquals(expected.eloLower(), s.getStopAware().getEloLow(), 1e-12);
    assertEquals(expected.eloUpper(), s.getStopAware().getEloHigh(), 1e-12);
    assertEquals(expected.los(), s.getStopAware().getLos(), 1e-12);
    assertEquals(StopAwareElo.METHOD, s.getStopAware().getMethod());
    // The stop shrinks the estimate towards the bounds: below the fixed-sample one here.
    assertTrue(
        s.getStopAware().getElo() < s.getFixedSampleElo(),
        s.getStopAware().getElo() + " against " + s.getFixedSampleElo());
  }

  @Test
  void anUndecidedTestIsInconclusiveOnlyOnceEveryPairIsPlayed() {
    MatchCodec codec = codec(2, true);
    Tally<PlayedPair, MatchReport> tally = codec.kind().newTally();
    count(codec, tally, 0, 1, 0);
    assertEquals(
        SprtDecision.SPRT_DECISION_UNSPECIFIED, summary(codec, tally, false).getDecision());
    // Ended (cancelled) after 1 of the 2 pairs: no decision, not INCONCLUSIVE.
    assertEquals(SprtDecision.SPRT_DECISION_UNSPECIFIED, summary(codec, tally, true).getDecision());
    count(codec, tally, 1, 0, 1);
    assertEquals(SprtDecision.INCONCLUSIVE, summary(codec, tally, true).getDecision());
    assertEquals(2, summary(codec, tally, true).getRecentLlrCount());
    // Every pair played without a decision: the test ended, truncated, and says so.
    assertTrue(summary(codec, tally, true).hasStopAware());
    assertFalse(summary(codec, tally, true).getStopAware().getStopped());
  }

  @Test
  void everyOutcomeGoesBackToClientsAsTheWorkerSentIt() {
    MatchCodec codec = codec(2, true);
    Tally<PlayedPair, MatchReport> tally = codec.kind().newTally();
    ChunkResult sent =
        pair(0, 1, 0.5).toBuilder()
            .setGamePair(
                pair(0, 1, 0.5).getGamePair().toBuilder()
                    .setFirst(
                        PlayedGame.newBuilder()
                            .setSgf("(;GM[1]SZ[9];B[ee])")
                            .setOutcome(
                                GameOutcome.newBuilder()
                                    .setCandidatePoints(1)
                                    .setWinner(Color.BLACK)
                                    .setScore(3.5)
                                    .setMoves(81)
                                    .setEnd("move limit")
                                    .setSeconds(2.25)
                                    .setScoredBy("cleanup")
                                    .setBlackClaim("B+3.5")
                                    .setWhiteClaim("W+0.5")
                                    .setCleanupMoves(12))))
            .build();
    tally.count(0, 0, codec.decode(new ChunkKey("m", 0, 0, 0), sent));
    count(codec, tally, 1, 0, 0);
    JobResults.Builder results = JobResults.newBuilder();
    codec.view(tally.report(series -> true, true, 0, true)).results(results);
    MatchResult r = results.getMatch();
    assertEquals(2, r.getPairsCount());
    assertEquals(0, r.getPairs(0).getPair());
    assertEquals(sent.getGamePair().getFirst().getOutcome(), r.getPairs(0).getFirst());
    assertEquals(sent.getGamePair().getSecond().getOutcome(), r.getPairs(0).getSecond());
    assertEquals(1, r.getPairs(1).getPair());
    assertEquals(2, r.getLlrCount());
    assertEquals(r.getSummary().getLlr(), r.getLlr(1), 1e-12);
    assertEquals(1, r.getSummary().getDisagreements());
    assertEquals(1, r.getSummary().getGamesCleanup());
    assertEquals("(;GM[1]SZ[9];B[ee])", tally.games().get(0).sgf(), "the record kept for GetGames");
  }

  @Test
  void malformedResultsAreRefusedWithTheirFieldPaths() {
    MatchCodec codec = codec(3, false);
    ChunkResult bad =
        pair(0, 1, 0).toBuilder()
            .setGamePair(
                pair(0, 1, 0).getGamePair().toBuilder()
                    .setFirst(game(0.7, Color.BLACK, 10))
                    .setSecond(game(1, Color.WHITE, 100_000)))
            .build();
    ChunkKey key = new ChunkKey("m", 0, 0, 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> codec.decode(key, bad));
    assertTrue(
        e.getMessage().contains("gamePair.first.outcome.candidatePoints: must be 0, 0.5 or 1"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("gamePair.second.outcome.moves: must be 0..243"), e.getMessage());
    ChunkResult evaluate = ChunkResult.newBuilder().setId(bad.getId()).build();
    e = assertThrows(IllegalArgumentException.class, () -> codec.decode(key, evaluate));
    assertTrue(e.getMessage().endsWith("gamePair: required"), e.getMessage());
    ChunkKey beyond = new ChunkKey("m", 0, 0, 3);
    e = assertThrows(IllegalArgumentException.class, () -> codec.decode(beyond, pair(3, 1, 1)));
    assertEquals("no such chunk: m/0/0/3", e.getMessage());
  }
}
