package gofarm.coordinator.codec;

import gofarm.coordinator.job.JobState;
import java.time.Instant;

/**
 * A snapshot of a job: its state and progress, and its kind's figures ({@link KindView}: for an
 * evaluate job each pair's headlines and, when asked for, a copy of its statistics; for a match its
 * summary and, when asked for, every pair's outcome). Progress counts the kind's units: playouts,
 * or games for a match.
 *
 * @param started null until the first chunk is leased
 * @param finished null until the job ends
 * @param playoutsPerSecond counted units per second over the last few seconds (a match: its whole
 *     run)
 * @param etaSeconds estimated seconds left at that rate; 0 when unknown or finished
 * @param message why the job failed or stopped early, or empty
 * @param kind the kind's figures
 * @param owner the NAME of the token that submitted the job; empty without {@code --auth}
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
    long chunksDone,
    long chunksTotal,
    int chunksLeased,
    double playoutsPerSecond,
    double etaSeconds,
    String message,
    KindView kind,
    String owner) {

  /** This report without what a listing leaves out (an evaluate job's pairs). */
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
        kind.summary(),
        owner);
  }
}
