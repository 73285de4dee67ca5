package gofarm.coordinator.codec;

import gofarm.coordinator.job.GameResult;
import gofarm.coordinator.job.MatchPlan;
import gofarm.coordinator.job.MatchProgress;
import gofarm.coordinator.job.MatchReport;
import gofarm.coordinator.job.PlayedPair;
import gofarm.coordinator.job.Tally;
import gofarm.match.GameRecord;
import gofarm.match.Scoring;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Color;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.SprtDecision;
import gofarm.rules.Player;
import gofarm.stats.EloEstimate;
import gofarm.stats.Sprt;
import gofarm.stats.StopAwareElo;
import gofarm.wire.ChunkKey;
import gofarm.wire.Codec;
import gofarm.wire.MatchSpecs;
import gofarm.wire.WorkerProtocol;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A match job on the wire: game pair assignments, results decoded into {@link PlayedPair}s (checked
 * by {@link WorkerProtocol#gamePairProblems} first), and its report as {@code MatchSummary} and
 * {@code MatchResult}.
 */
public final class MatchCodec extends KindCodec<PlayedPair, MatchReport> {
  private final MatchPlan match;

  public MatchCodec(String jobId, MatchPlan plan) {
    super(jobId, plan);
    this.match = plan;
  }

  @Override
  public ChunkAssignment assignment(ChunkKey key, Tally<PlayedPair, MatchReport> tally) {
    return assignment(key);
  }

  /** What a worker receives for chunk {@code key}: a function of the plan alone. */
  public ChunkAssignment assignment(ChunkKey key) {
    return WorkerProtocol.assignment(jobId(), match.job(), key.chunk());
  }

  @Override
  protected PlayedPair read(ChunkKey key, ChunkResult result) {
    refuseIfAny(key, WorkerProtocol.gamePairProblems(result, match.job().maxMoves()));
    return pair(result);
  }

  /**
   * A game pair result in core terms; precondition: checked by {@link
   * WorkerProtocol#gamePairProblems}.
   */
  static PlayedPair pair(ChunkResult result) {
    return new PlayedPair(
        game(result.getGamePair().getFirst()), game(result.getGamePair().getSecond()));
  }

  /** A checked game in core terms. */
  private static GameResult game(PlayedGame g) {
    GameOutcome o = g.getOutcome();
    return new GameResult(
        o.getCandidatePoints(),
        o.getWinner() == Color.BLACK
            ? Player.BLACK
            : o.getWinner() == Color.WHITE ? Player.WHITE : null,
        o.getScore(),
        o.getMoves(),
        end(o.getEnd()),
        o.getSeconds(),
        o.getScoredBy().isEmpty()
            ? null
            : Scoring.By.valueOf(o.getScoredBy().toUpperCase(Locale.ROOT)),
        o.getBlackClaim().isEmpty() ? null : o.getBlackClaim(),
        o.getWhiteClaim().isEmpty() ? null : o.getWhiteClaim(),
        o.getCleanupMoves(),
        g.getSgf());
  }

  /** The end {@link WorkerProtocol#endName} writes as {@code name} (checked before). */
  private static GameRecord.End end(String name) {
    for (GameRecord.End e : GameRecord.End.values()) {
      if (WorkerProtocol.endName(e).equals(name)) {
        return e;
      }
    }
    throw new IllegalStateException("unchecked game end: " + name);
  }

  /** A counted game as {@code GameOutcome}: the fields the worker sent. */
  static GameOutcome outcome(GameResult g) {
    return GameOutcome.newBuilder()
        .setCandidatePoints(g.candidatePoints())
        .setWinner(g.winner() == null ? Color.COLOR_UNSPECIFIED : Codec.toProto(g.winner()))
        .setScore(g.score())
        .setMoves(g.moves())
        .setEnd(WorkerProtocol.endName(g.end()))
        .setSeconds(g.seconds())
        .setScoredBy(g.scoredBy() == null ? "" : g.scoredBy().name().toLowerCase(Locale.ROOT))
        .setBlackClaim(g.blackClaim() == null ? "" : g.blackClaim())
        .setWhiteClaim(g.whiteClaim() == null ? "" : g.whiteClaim())
        .setCleanupMoves(g.cleanupMoves())
        .build();
  }

  @Override
  public KindView view(MatchReport report) {
    return new View(report);
  }

  /** The headline figures. */
  static MatchSummary toSummary(MatchReport r) {
    MatchSummary.Builder b =
        MatchSummary.newBuilder()
            .setCandidate(r.match().candidate().name())
            .setBaseline(r.match().baseline().name())
            .setPairs(r.pairs())
            .setGames((int) r.games())
            .setWins((int) r.wins())
            .setLosses((int) r.losses())
            .setDraws((int) r.draws())
            .setGamesPerMinute(r.gamesPerMinute())
            .setMeanLength(r.meanLength())
            .setBlackWinRate(r.blackWinRate())
            .setAdjudication(MatchSpecs.toProto(r.match().adjudication()))
            .setGamesAgreed(r.agreed())
            .setGamesCleanup(r.cleanups())
            .setGamesRefereed(r.refereed())
            .setGamesEstimated(r.estimated())
            .setDisagreements(r.disagreements());
    for (long c : r.pentanomial().counts()) {
      b.addPentanomial(c);
    }
    if (r.pairs() > 0) {
      EloEstimate e = r.elo();
      b.setScore(e.score())
          .setFixedSampleElo(e.elo())
          .setFixedSampleEloLow(e.eloLower())
          .setFixedSampleEloHigh(e.eloUpper())
          .setFixedSampleLos(e.los())
          .setFixedSampleNormalizedElo(e.normalizedElo())
          .setFixedSampleNormalizedHalfWidth(e.normalizedHalfWidth());
    } else {
      b.setScore(0.5).setFixedSampleLos(0.5);
    }
    Sprt sprt = r.match().sprt();
    if (sprt != null) {
      b.setLlr(r.llr())
          .setLlrLower(sprt.lowerBound())
          .setLlrUpper(sprt.upperBound())
          .setDecision(decision(r.decision(), r.finished() && r.pairs() >= r.match().pairs()))
          .addAllRecentLlr(r.recentLlr())
          .setSprt(MatchSpecs.toProto(sprt));
      StopAwareElo s = r.stopAware();
      if (s != null) {
        b.setStopAware(stopAware(s));
      }
    }
    return b.build();
  }

  /** The stop-aware estimate with its method named. */
  static gofarm.proto.v1.StopAwareElo stopAware(StopAwareElo s) {
    return gofarm.proto.v1.StopAwareElo.newBuilder()
        .setMethod(StopAwareElo.METHOD)
        .setElo(s.elo())
        .setEloLow(s.eloLower())
        .setEloHigh(s.eloUpper())
        .setLos(s.los())
        .setStopped(s.stopped())
        .build();
  }

  /**
   * The decision as clients see it: INCONCLUSIVE only when {@code everyPair} was played without
   * one; a match cancelled or failed before that has no decision ("ended before the test decided").
   */
  private static SprtDecision decision(Sprt.Decision decision, boolean everyPair) {
    return switch (decision) {
      case ACCEPT_H1 -> SprtDecision.ACCEPT_H1;
      case ACCEPT_H0 -> SprtDecision.ACCEPT_H0;
      case CONTINUE ->
          everyPair ? SprtDecision.INCONCLUSIVE : SprtDecision.SPRT_DECISION_UNSPECIFIED;
    };
  }

  /** Everything: the summary, the LLR after each pair and each pair's outcomes. */
  static MatchResult toResult(MatchReport r) {
    MatchResult.Builder b = MatchResult.newBuilder().setSummary(toSummary(r));
    List<PlayedPair> pairs = r.details().pairs();
    for (int i = 0; i < pairs.size(); i++) {
      b.addPairs(
          GamePairOutcome.newBuilder()
              .setPair(i)
              .setFirst(outcome(pairs.get(i).first()))
              .setSecond(outcome(pairs.get(i).second())));
    }
    return b.addAllLlr(r.details().llr()).build();
  }

  /** A match's figures: the summary in a status, everything in results. */
  private record View(MatchReport report) implements KindView {
    @Override
    public void status(JobStatus.Builder status) {
      status.setMatch(toSummary(report));
    }

    @Override
    public void results(JobResults.Builder results) {
      results.setMatch(toResult(report));
    }

    @Override
    public KindView summary() {
      return new View(report.headlines());
    }

    @Override
    public Optional<MatchProgress> matching() {
      return Optional.of(MatchProgress.of(report));
    }
  }
}
