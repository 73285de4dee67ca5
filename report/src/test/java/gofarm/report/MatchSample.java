package gofarm.report;

import com.google.protobuf.Timestamp;
import gofarm.proto.v1.Color;
import gofarm.proto.v1.EloModel;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SprtDecision;
import gofarm.proto.v1.SprtSpec;
import gofarm.stats.EloEstimate;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.stats.StopAwareElo;
import gofarm.wire.MatchSpecs;
import java.util.ArrayList;
import java.util.List;

/**
 * Match results as the coordinator states them, made by hand for tests: games from a list of
 * candidate points per pair, and every figure of the summary computed from them with {@code
 * gofarm.stats} (Pentanomial, EloEstimate, Sprt), pair by pair in pair order and stopping where the
 * SPRT decides, as the contract says.
 *
 * <p>The games are plain: the winner of game 1 is black if the candidate won it (it plays black
 * there), of game 2 white; a draw (½) has no winner and score 0; a game lasts {@code 40 + pair % 13
 * (+ 5 in game 2)} moves and {@code 1.5 + pair % 3} seconds.
 */
public final class MatchSample {
  public static final String CANDIDATE = "heavy 200 po";
  public static final String BASELINE = "uniform 200 po";

  private MatchSample() {}

  /** The pairs {@code pattern} (one digit per pair: the pair class 0..4) repeated to {@code n}. */
  public static double[][] points(String pattern, int n) {
    double[][] points = new double[n][];
    for (int i = 0; i < n; i++) {
      points[i] =
          switch (pattern.charAt(i % pattern.length())) {
            case '0' -> new double[] {0, 0};
            case '1' -> new double[] {0.5, 0};
            case '2' -> new double[] {1, 0};
            case '3' -> new double[] {1, 0.5};
            case '4' -> new double[] {1, 1};
            default -> throw new IllegalArgumentException(pattern);
          };
    }
    return points;
  }

  public static JobSpec spec(Sprt sprt, int pairs) {
    MatchSpec.Builder m =
        MatchSpec.newBuilder()
            .setCandidate(player(CANDIDATE, "heavy"))
            .setBaseline(player(BASELINE, "uniform"))
            .setSize(9)
            .setPairs(pairs);
    if (sprt != null) {
      m.setSprt(
          SprtSpec.newBuilder()
              .setElo0(sprt.elo0())
              .setElo1(sprt.elo1())
              .setAlpha(sprt.alpha())
              .setBeta(sprt.beta())
              .setModel(
                  sprt.model() == gofarm.stats.EloModel.NORMALIZED
                      ? EloModel.NORMALIZED
                      : EloModel.LOGISTIC));
    }
    return JobSpec.newBuilder().setName("heavy vs uniform").setSeed(7).setMatch(m).build();
  }

  private static MatchPlayer player(String name, String policy) {
    return MatchPlayer.newBuilder()
        .setName(name)
        .setSearch(
            SearchPlayerSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName(policy))
                .setPlayouts(200))
        .build();
  }

  /**
   * The results of a finished match of up to {@code points.length} pairs out of {@code maxPairs}:
   * with an SPRT it stops at the first pair where the test decides.
   */
  public static JobResults results(double[][] points, Sprt sprt, int maxPairs) {
    List<GamePairOutcome> pairs = new ArrayList<>();
    List<Double> llr = new ArrayList<>();
    Pentanomial counts = Pentanomial.EMPTY;
    SprtDecision decision = null;
    for (int k = 0; k < points.length && decision == null; k++) {
      pairs.add(pair(k, points[k][0], points[k][1]));
      counts = counts.plus(Pentanomial.classify(points[k][0], points[k][1]));
      if (sprt != null) {
        Sprt.Result r = sprt.test(counts);
        llr.add(r.llr());
        decision =
            switch (r.decision()) {
              case ACCEPT_H1 -> SprtDecision.ACCEPT_H1;
              case ACCEPT_H0 -> SprtDecision.ACCEPT_H0;
              case CONTINUE -> null;
            };
      }
    }
    if (decision == null) {
      decision =
          sprt != null && pairs.size() == maxPairs
              ? SprtDecision.INCONCLUSIVE
              : SprtDecision.SPRT_DECISION_UNSPECIFIED;
    }
    MatchSummary summary = summary(pairs, counts, llr, sprt, decision);
    JobStatus status =
        JobStatus.newBuilder()
            .setJobId("j-match")
            .setName("heavy vs uniform")
            .setState(JobState.SUCCEEDED)
            .setStarted(Timestamp.newBuilder().setSeconds(1_000))
            .setFinished(Timestamp.newBuilder().setSeconds(1_000 + 6 * pairs.size()))
            .setPlayoutsDone(2L * pairs.size())
            .setPlayoutsTotal(2L * maxPairs)
            .setChunksDone(pairs.size())
            .setChunksTotal(maxPairs)
            .setMatch(summary)
            .build();
    return JobResults.newBuilder()
        .setStatus(status)
        .setSpec(spec(sprt, maxPairs))
        .setMatch(MatchResult.newBuilder().setSummary(summary).addAllLlr(llr).addAllPairs(pairs))
        .build();
  }

  /** The summary after the given pairs, as the coordinator would state it. */
  public static MatchSummary summary(
      List<GamePairOutcome> pairs,
      Pentanomial counts,
      List<Double> llr,
      Sprt sprt,
      SprtDecision decision) {
    int wins = 0;
    int losses = 0;
    int draws = 0;
    int blackWins = 0;
    long moves = 0;
    for (GamePairOutcome p : pairs) {
      for (GameOutcome g : List.of(p.getFirst(), p.getSecond())) {
        wins += g.getCandidatePoints() == 1 ? 1 : 0;
        losses += g.getCandidatePoints() == 0 ? 1 : 0;
        draws += g.getCandidatePoints() == 0.5 ? 1 : 0;
        blackWins += g.getWinner() == Color.BLACK ? 1 : 0;
        moves += g.getMoves();
      }
    }
    int games = 2 * pairs.size();
    EloEstimate e = EloEstimate.of(counts);
    MatchSummary.Builder s =
        MatchSummary.newBuilder()
            .setCandidate(CANDIDATE)
            .setBaseline(BASELINE)
            .setPairs(pairs.size())
            .setGames(games)
            .setWins(wins)
            .setLosses(losses)
            .setDraws(draws)
            .setScore(e.score())
            .setFixedSampleElo(e.elo())
            .setFixedSampleEloLow(e.eloLower())
            .setFixedSampleEloHigh(e.eloUpper())
            .setFixedSampleLos(e.los())
            .setFixedSampleNormalizedElo(e.normalizedElo())
            .setFixedSampleNormalizedHalfWidth(e.normalizedHalfWidth())
            .setDecision(decision)
            .setGamesPerMinute(20)
            .setMeanLength(games == 0 ? 0 : (double) moves / games)
            .setBlackWinRate(games == 0 ? 0 : (double) blackWins / games);
    for (long c : counts.counts()) {
      s.addPentanomial(c);
    }
    if (sprt != null) {
      s.setLlr(llr.isEmpty() ? 0 : llr.get(llr.size() - 1))
          .setLlrLower(sprt.lowerBound())
          .setLlrUpper(sprt.upperBound())
          .addAllRecentLlr(llr.subList(Math.max(0, llr.size() - 120), llr.size()))
          .setSprt(MatchSpecs.toProto(sprt));
      // The test has ended: a bound reached, or every pair played (inconclusive).
      if (!pairs.isEmpty()
          && decision != SprtDecision.SPRT_DECISION_UNSPECIFIED
          && decision != SprtDecision.UNRECOGNIZED) {
        StopAwareElo a = StopAwareElo.of(sprt, counts);
        s.setStopAware(
            gofarm.proto.v1.StopAwareElo.newBuilder()
                .setMethod(StopAwareElo.METHOD)
                .setElo(a.elo())
                .setEloLow(a.eloLower())
                .setEloHigh(a.eloUpper())
                .setLos(a.los())
                .setStopped(a.stopped()));
      }
    }
    return s.build();
  }

  public static GamePairOutcome pair(int k, double first, double second) {
    return GamePairOutcome.newBuilder()
        .setPair(k)
        .setFirst(game(k, first, Color.BLACK, 0))
        .setSecond(game(k, second, Color.WHITE, 5))
        .build();
  }

  /** A game the candidate played as {@code candidate}, with its points. */
  private static GameOutcome game(int k, double points, Color candidate, int extraMoves) {
    Color other = candidate == Color.BLACK ? Color.WHITE : Color.BLACK;
    Color winner = points == 1 ? candidate : points == 0 ? other : Color.COLOR_UNSPECIFIED;
    double score = winner == Color.BLACK ? 3.5 : winner == Color.WHITE ? -2.5 : 0;
    return GameOutcome.newBuilder()
        .setCandidatePoints(points)
        .setWinner(winner)
        .setScore(score)
        .setMoves(40 + k % 13 + extraMoves)
        .setEnd(k % 5 == 4 ? "resign" : "score")
        .setSeconds(1.5 + k % 3)
        .build();
  }
}
