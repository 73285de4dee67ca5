package gofarm.coordinator.job;

import java.util.Locale;
import java.util.Optional;

/**
 * What one coordinator takes: the chunks of one job, the jobs not yet finished, and the memory of
 * their statistics. Checked at submission against a spec's {@link JobCost} (known in closed form
 * before anything is allocated), so that a spec too big for the coordinator is refused at once with
 * the numbers and what to do, instead of pinning a thread or running the heap out. Immutable.
 *
 * @param maxJobChunks chunks of one job, at most {@link Integer#MAX_VALUE} (a job's status counts
 *     chunks in 32 bits)
 * @param maxQueuedJobs jobs submitted and not yet finished (queued or running)
 * @param maxStatisticsBytes bytes of statistics all unfinished jobs may hold together, with the
 *     results of finished jobs kept in memory (which leave it, oldest first, to make room)
 */
public record JobLimits(long maxJobChunks, int maxQueuedJobs, long maxStatisticsBytes) {

  /**
   * The default chunks per job. Each chunk costs the coordinator a lease, a result message and a
   * count, about 40 µs at the measured 25k results per second ({@code gofarm bench --farm}), and
   * nothing while it waits (tables are counts, not lists); so a million chunks is about 40 s of the
   * coordinator's time over the job's life, and at the default 1.5 s per chunk about 17 days of one
   * worker thread: more than any job needs, far less than a spec can ask (10^13).
   */
  public static final long DEFAULT_MAX_JOB_CHUNKS = 1_000_000;

  /**
   * The default unfinished jobs. A queued job costs an actor, its plan and its statistics, but no
   * time while nothing changes; a thousand are far more than a farm runs at once.
   */
  public static final int DEFAULT_MAX_QUEUED_JOBS = 1_000;

  public static final long MIB = 1024 * 1024;

  public JobLimits {
    if (maxJobChunks < 1 || maxJobChunks > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "the chunks per job must be 1.." + Integer.MAX_VALUE + " (got " + maxJobChunks + ")");
    }
    if (maxQueuedJobs < 1) {
      throw new IllegalArgumentException(
          "the unfinished jobs must be at least 1 (got " + maxQueuedJobs + ")");
    }
    if (maxStatisticsBytes < MIB) {
      throw new IllegalArgumentException(
          "the statistics memory must be at least 1 MiB (got " + maxStatisticsBytes + " bytes)");
    }
  }

  /** The defaults, with half of this JVM's heap for statistics. */
  public static JobLimits defaults() {
    return new JobLimits(DEFAULT_MAX_JOB_CHUNKS, DEFAULT_MAX_QUEUED_JOBS, defaultStatisticsBytes());
  }

  /**
   * Half the heap: the rest is for results in flight (a 19×19 result is about 4 KB, thousands a
   * second), encoding one finished job's results at a time and answering clients.
   */
  public static long defaultStatisticsBytes() {
    return Math.max(MIB, Runtime.getRuntime().maxMemory() / 2);
  }

  /**
   * Why a job of this cost can never run here, whatever else runs, or empty.
   *
   * @param shrink what the spec's author can change to need fewer chunks (kind-specific)
   * @param smaller what the spec's author can change to need less statistics memory (kind-specific)
   */
  public Optional<String> refuseAlone(JobCost cost, String shrink, String smaller) {
    if (cost.chunks() > maxJobChunks) {
      return Optional.of(
          "the spec has "
              + count(cost.chunks())
              + " chunks; this coordinator takes at most "
              + count(maxJobChunks)
              + " per job (--max-job-chunks): "
              + shrink);
    }
    if (cost.statisticsBytes() > maxStatisticsBytes) {
      return Optional.of(
          "the spec's statistics need about "
              + mib(cost.statisticsBytes())
              + " ("
              + count(cost.series())
              + " series); this coordinator keeps at most "
              + mib(maxStatisticsBytes)
              + " for all unfinished jobs (--max-statistics-mb): "
              + smaller
              + ", or give the coordinator more heap and a larger budget");
    }
    return Optional.empty();
  }

  /**
   * Why a job of this cost cannot start now beside {@code unfinished} unfinished jobs, with {@code
   * heldBytes} of statistics that cannot leave memory now (unfinished jobs' bounds, and finished
   * jobs' until their results are encoded and archived; other finished jobs' results leave memory
   * to make room), or empty.
   */
  public Optional<String> refuseNow(JobCost cost, int unfinished, long heldBytes) {
    if (unfinished >= maxQueuedJobs) {
      return Optional.of(
          count(unfinished)
              + " jobs are queued or running; this coordinator takes at most "
              + count(maxQueuedJobs)
              + " (--max-queued-jobs): submit again once some have finished, or cancel some"
              + " (gofarm jobs lists them)");
    }
    if (heldBytes + cost.statisticsBytes() > maxStatisticsBytes) {
      return Optional.of(
          "the unfinished jobs, and the jobs just finished until their results are stored,"
              + " hold about "
              + mib(heldBytes)
              + " of statistics and this spec needs about "
              + mib(cost.statisticsBytes())
              + " more, over this coordinator's "
              + mib(maxStatisticsBytes)
              + " (--max-statistics-mb): submit again once some have finished");
    }
    return Optional.empty();
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%,d MiB", (bytes + MIB - 1) / MIB);
  }
}
