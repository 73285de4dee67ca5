package gofarm.coordinator.job;

import gofarm.stats.EloEstimate;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.stats.StopAwareElo;
import gofarm.wire.ResolvedMatch;
import java.util.List;

/**
 * The report of a match job: the candidate's results over the pairs counted so far, the SPRT's
 * state and, when asked for, every pair's games.
 *
 * @param match the match (its players, adjudication and SPRT)
 * @param pairs game pairs counted
 * @param wins the candidate's games won
 * @param draws games drawn
 * @param losses the candidate's games lost
 * @param moves moves of all counted games after their openings
 * @param blackWins games won by black
 * @param agreed games scored by the players' agreeing claims
 * @param cleanups games scored after a cleanup phase
 * @param refereed games scored by the referee
 * @param estimated games scored by the estimate
 * @param disagreements games whose players claimed different scores
 * @param pentanomial the pairs by the candidate's points in each
 * @param decision the SPRT's decision after the last pair counted ({@code CONTINUE} without one)
 * @param finished whether the job has ended (an undecided test is then inconclusive)
 * @param gamesPerMinute games counted per minute over the match's run (a confirmation's own)
 * @param recentLlr the LLR after each of the last pairs (at most {@link MatchTally#RECENT_LLR}),
 *     empty without an SPRT
 * @param details the LLR after every pair and every pair's games, or null in a headline report
 */
public record MatchReport(
    ResolvedMatch match,
    int pairs,
    long wins,
    long draws,
    long losses,
    long moves,
    long blackWins,
    int agreed,
    int cleanups,
    int refereed,
    int estimated,
    int disagreements,
    Pentanomial pentanomial,
    Sprt.Decision decision,
    boolean finished,
    double gamesPerMinute,
    List<Double> recentLlr,
    Details details) {

  /**
   * Everything counted, pair by pair.
   *
   * @param llr the LLR after each pair, in pair order (empty without an SPRT)
   * @param pairs every pair counted, in pair order
   */
  public record Details(List<Double> llr, List<PlayedPair> pairs) {
    public Details {
      llr = List.copyOf(llr);
      pairs = List.copyOf(pairs);
    }
  }

  public MatchReport {
    recentLlr = List.copyOf(recentLlr);
  }

  /** This report without its details. */
  public MatchReport headlines() {
    return new MatchReport(
        match,
        pairs,
        wins,
        draws,
        losses,
        moves,
        blackWins,
        agreed,
        cleanups,
        refereed,
        estimated,
        disagreements,
        pentanomial,
        decision,
        finished,
        gamesPerMinute,
        recentLlr,
        null);
  }

  public long games() {
    return 2L * pairs;
  }

  /** Moves per game; 0 before any game. */
  public double meanLength() {
    return games() == 0 ? 0 : (double) moves / games();
  }

  /** Black's share of the games won; 0.5 before any game. */
  public double blackWinRate() {
    return games() == 0 ? 0.5 : (double) blackWins / games();
  }

  /**
   * The candidate's fixed-sample Elo estimate, as if the number of pairs had been fixed in advance;
   * precondition: {@code pairs > 0}. After an SPRT has ended it is biased by the stop: see {@link
   * #stopAware}.
   */
  public EloEstimate elo() {
    return EloEstimate.of(pentanomial);
  }

  /**
   * Whether the SPRT has ended as its design says: a bound reached, or every pair played without
   * one. A cancelled match's test has not (its length was nobody's stopping rule).
   */
  public boolean sprtEnded() {
    return match.sprt() != null
        && pairs > 0
        && (decision != Sprt.Decision.CONTINUE || pairs == match.pairs());
  }

  /**
   * The Elo corrected for the SPRT's stopping rule once the test has ended ({@link #sprtEnded}),
   * else null.
   */
  public StopAwareElo stopAware() {
    return sprtEnded() ? StopAwareElo.of(match.sprt(), pentanomial) : null;
  }

  /** The LLR after the last pair counted; 0 before any. */
  public double llr() {
    return recentLlr.isEmpty() ? 0 : recentLlr.get(recentLlr.size() - 1);
  }
}
