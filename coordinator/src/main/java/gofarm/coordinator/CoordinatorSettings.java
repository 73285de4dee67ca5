package gofarm.coordinator;

import gofarm.coordinator.auth.Tokens;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How a coordinator runs.
 *
 * @param metricsHost the interface the metrics endpoint listens on ({@code 0.0.0.0} for all)
 * @param metricsPort the port of {@code /metrics} and {@code /-/healthy}; 0 for any free port, -1
 *     for none
 * @param dataDir where finished jobs and the specs of running ones are kept; null to keep nothing
 *     across restarts
 * @param lease how long a chunk stays leased to a worker (and how long a worker may be silent)
 * @param version the software version reported to workers and clients
 * @param tokens the tokens callers must present ({@code --auth}); null lets every caller in as a
 *     local admin
 * @param maxRunningJobsPerToken how many unfinished jobs one token NAME may have; 0 for no limit
 *     (without tokens there is no limit)
 */
public record CoordinatorSettings(
    String metricsHost,
    int metricsPort,
    Path dataDir,
    Duration lease,
    String version,
    Tokens tokens,
    int maxRunningJobsPerToken) {

  /** A minute's lease: far longer than a chunk (1-2 s), short enough to notice a hung worker. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);

  /**
   * Unfinished jobs per token: room for a tuning script's batch, not for a flood that would queue
   * ahead of everyone else's work.
   */
  public static final int DEFAULT_MAX_RUNNING_JOBS_PER_TOKEN = 16;

  public CoordinatorSettings {
    if (maxRunningJobsPerToken < 0) {
      throw new IllegalArgumentException(
          "the running jobs per token must be 0 (no limit) or more (got "
              + maxRunningJobsPerToken
              + ")");
    }
  }

  /** A coordinator without tokens: every caller is a local admin. */
  public CoordinatorSettings(
      String metricsHost, int metricsPort, Path dataDir, Duration lease, String version) {
    this(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        null,
        DEFAULT_MAX_RUNNING_JOBS_PER_TOKEN);
  }
}
