package gofarm.coordinator.job;

import gofarm.stats.EloEstimate;
import gofarm.stats.Sprt;

/**
 * Where a running match stands, for the metrics: games counted of all, the SPRT's LLR with its
 * bounds (NaN without an SPRT), and the candidate's fixed-sample Elo with its 95 % interval (NaN
 * before the first pair; ±∞ while one side has scored every point).
 */
public record MatchProgress(
    long games,
    long gamesRequested,
    double llr,
    double llrLower,
    double llrUpper,
    double elo,
    double eloLow,
    double eloHigh) {

  /** The progress in {@code report}. */
  public static MatchProgress of(MatchReport report) {
    Sprt sprt = report.match().sprt();
    double llr = sprt == null ? Double.NaN : report.llr();
    double lower = sprt == null ? Double.NaN : sprt.lowerBound();
    double upper = sprt == null ? Double.NaN : sprt.upperBound();
    EloEstimate e = report.pairs() == 0 ? null : report.elo();
    return new MatchProgress(
        report.games(),
        2L * report.match().pairs(),
        llr,
        lower,
        upper,
        e == null ? Double.NaN : e.elo(),
        e == null ? Double.NaN : e.eloLower(),
        e == null ? Double.NaN : e.eloUpper());
  }
}
