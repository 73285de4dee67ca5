package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
import java.time.Instant;
import java.util.List;

/**
 * A snapshot of a job: its state and progress, and per (position, policy) pair the headline figures
 * and, when asked for, a copy of its statistics; for a match, its figures and, when asked for,
 * every pair's outcome. Progress counts playouts, or games for a match.
 *
 * @param started null until the first chunk is leased
 * @param finished null until the job ends
 * @param playoutsPerSecond counted playouts per second over the last few seconds
 * @param etaSeconds estimated seconds left at that rate; 0 when unknown or finished
 * @param message why the job failed or stopped early, or empty
 * @param match a match's headline figures, or null for an evaluate job
 * @param matchResult a match's figures with every pair, or null in a summary
 */
public record JobReport(
    String jobId,
    String name,
    JobState state,
    int priority,
    Instant submitted,
    Instant started,
    Instant finished,
    long playoutsDone,
    long playoutsTotal,
    int chunksDone,
    int chunksTotal,
    int chunksLeased,
    double playoutsPerSecond,
    double etaSeconds,
    String message,
    List<Pair> pairs,
    MatchSummary match,
    MatchResult matchResult) {

  /**
   * The figures of one pair.
   *
   * @param stats a copy of the counted statistics, or null in a summary
   * @param halfWidth half-width of the 95 % Wilson interval of the black win rate
   * @param done all playouts counted, or stopped early
   */
  public record Pair(
      int position,
      int policy,
      String positionLabel,
      String policyName,
      long playouts,
      double blackWinRate,
      double halfWidth,
      boolean done,
      PlayoutStats stats) {}

  /** This report without the pairs' statistics (for listings). */
  public JobReport summary() {
    return new JobReport(
        jobId,
        name,
        state,
        priority,
        submitted,
        started,
        finished,
        playoutsDone,
        playoutsTotal,
        chunksDone,
        chunksTotal,
        chunksLeased,
        playoutsPerSecond,
        etaSeconds,
        message,
        List.of(),
        match,
        null);
  }
}
