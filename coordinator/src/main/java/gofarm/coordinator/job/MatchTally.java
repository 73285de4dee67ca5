package gofarm.coordinator.job;

import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.SprtDecision;
import gofarm.stats.EloEstimate;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.wire.MatchSpecs;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.WorkerProtocol;
import java.util.ArrayList;
import java.util.List;

/**
 * The games of a match job, one chunk per colour-swapped game pair, counted in pair order: the
 * candidate's pentanomial pair counts, its wins, draws and losses, the LLR of the SPRT after each
 * pair, every outcome and every game record. Settled when the SPRT accepts a hypothesis.
 *
 * <p>Counting in pair order (not arrival order) matters: short games finish first, and a test that
 * counted them first would see a biased sample. Here the decision after pair k depends only on
 * pairs 0..k, so a job stops at the same pair with the same figures however many workers played.
 */
public final class MatchTally implements Tally {
  /** LLR values kept in a job's status for a sparkline. */
  public static final int RECENT_LLR = 120;

  private final ResolvedMatch match;
  private Pentanomial pentanomial = Pentanomial.EMPTY;
  private final double[] llr;
  private final List<GamePairOutcome> outcomes = new ArrayList<>();
  private final List<GameRecord> games = new ArrayList<>();
  private long wins;
  private long draws;
  private long losses;
  private long moves;
  private long blackWins;
  private int agreed;
  private int cleanups;
  private int refereed;
  private int estimated;
  private int disagreements;
  private Sprt.Decision decision = Sprt.Decision.CONTINUE;

  public MatchTally(ResolvedMatch match) {
    this.match = match;
    this.llr = new double[match.sprt() == null ? 0 : match.pairs()];
  }

  public ResolvedMatch match() {
    return match;
  }

  @Override
  public int chunks() {
    return match.pairs();
  }

  @Override
  public long units(int chunk) {
    return 2;
  }

  @Override
  public List<String> problems(ChunkResult result, int chunk) {
    return WorkerProtocol.gamePairProblems(result, match.maxMoves());
  }

  @Override
  public void count(ChunkResult result, int chunk) {
    PlayedGame first = result.getGamePair().getFirst();
    PlayedGame second = result.getGamePair().getSecond();
    for (PlayedGame g : List.of(first, second)) {
      double points = g.getOutcome().getCandidatePoints();
      if (points == 1) {
        wins++;
      } else if (points == 0) {
        losses++;
      } else {
        draws++;
      }
      moves += g.getOutcome().getMoves();
      switch (g.getOutcome().getScoredBy()) {
        case "agreed" -> agreed++;
        case "cleanup" -> cleanups++;
        case "referee" -> refereed++;
        case "estimate" -> estimated++;
        default -> {}
      }
      String bc = g.getOutcome().getBlackClaim();
      String wc = g.getOutcome().getWhiteClaim();
      if (!bc.isEmpty() && !wc.isEmpty() && !bc.equals(wc)) {
        disagreements++;
      }
      if (g.getOutcome().getWinner() == gofarm.proto.v1.Color.BLACK) {
        blackWins++;
      }
    }
    pentanomial =
        pentanomial.plus(
            Pentanomial.classify(
                first.getOutcome().getCandidatePoints(), second.getOutcome().getCandidatePoints()));
    outcomes.add(
        GamePairOutcome.newBuilder()
            .setPair(chunk)
            .setFirst(first.getOutcome())
            .setSecond(second.getOutcome())
            .build());
    games.add(GameRecord.newBuilder().setPair(chunk).setGame(0).setSgf(first.getSgf()).build());
    games.add(GameRecord.newBuilder().setPair(chunk).setGame(1).setSgf(second.getSgf()).build());
    if (match.sprt() != null) {
      Sprt.Result test = match.sprt().test(pentanomial);
      llr[chunk] = test.llr();
      decision = test.decision();
    }
  }

  @Override
  public boolean settled() {
    return decision != Sprt.Decision.CONTINUE;
  }

  /** Pairs counted. */
  public int pairs() {
    return outcomes.size();
  }

  /** The games counted so far, in pair order, first game first. */
  public List<GameRecord> games() {
    return List.copyOf(games);
  }

  /**
   * The headline figures.
   *
   * @param finished whether the job has ended (a test still undecided is then inconclusive)
   * @param gamesPerMinute the recent rate, measured by the job
   */
  public MatchSummary summary(boolean finished, double gamesPerMinute) {
    int n = pairs();
    long gameCount = 2L * n;
    MatchSummary.Builder b =
        MatchSummary.newBuilder()
            .setCandidate(match.candidate().name())
            .setBaseline(match.baseline().name())
            .setPairs(n)
            .setGames((int) gameCount)
            .setWins((int) wins)
            .setLosses((int) losses)
            .setDraws((int) draws)
            .setGamesPerMinute(gamesPerMinute)
            .setMeanLength(gameCount == 0 ? 0 : (double) moves / gameCount)
            .setBlackWinRate(gameCount == 0 ? 0.5 : (double) blackWins / gameCount)
            .setAdjudication(MatchSpecs.toProto(match.adjudication()))
            .setGamesAgreed(agreed)
            .setGamesCleanup(cleanups)
            .setGamesRefereed(refereed)
            .setGamesEstimated(estimated)
            .setDisagreements(disagreements);
    for (long c : pentanomial.counts()) {
      b.addPentanomial(c);
    }
    if (n > 0) {
      EloEstimate e = EloEstimate.of(pentanomial);
      b.setScore(e.score())
          .setElo(e.elo())
          .setEloLow(e.eloLower())
          .setEloHigh(e.eloUpper())
          .setLos(e.los())
          .setNormalizedElo(e.normalizedElo())
          .setNormalizedHalfWidth(e.normalizedHalfWidth());
    } else {
      b.setScore(0.5).setLos(0.5);
    }
    Sprt sprt = match.sprt();
    if (sprt != null) {
      b.setLlr(n == 0 ? 0 : llr[n - 1])
          .setLlrLower(sprt.lowerBound())
          .setLlrUpper(sprt.upperBound())
          .setDecision(decision(finished));
      for (int i = Math.max(0, n - RECENT_LLR); i < n; i++) {
        b.addRecentLlr(llr[i]);
      }
    }
    return b.build();
  }

  private SprtDecision decision(boolean finished) {
    return switch (decision) {
      case ACCEPT_H1 -> SprtDecision.ACCEPT_H1;
      case ACCEPT_H0 -> SprtDecision.ACCEPT_H0;
      case CONTINUE ->
          finished ? SprtDecision.INCONCLUSIVE : SprtDecision.SPRT_DECISION_UNSPECIFIED;
    };
  }

  /** Everything: the summary, the LLR after each pair and each pair's outcomes. */
  public MatchResult result(boolean finished, double gamesPerMinute) {
    MatchResult.Builder b =
        MatchResult.newBuilder()
            .setSummary(summary(finished, gamesPerMinute))
            .addAllPairs(outcomes);
    for (int i = 0; i < Math.min(llr.length, pairs()); i++) {
      b.addLlr(llr[i]);
    }
    return b.build();
  }

  /** Why the match stopped before its last pair, or an empty text. */
  public String stopMessage() {
    Sprt sprt = match.sprt();
    if (sprt == null || decision == Sprt.Decision.CONTINUE) {
      return "";
    }
    return String.format(
        java.util.Locale.ROOT,
        "SPRT [%s, %s] %s after %d pairs (LLR %.2f)",
        fmt(sprt.elo0()),
        fmt(sprt.elo1()),
        decision == Sprt.Decision.ACCEPT_H1 ? "accepted H1" : "accepted H0",
        pairs(),
        llr[pairs() - 1]);
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
