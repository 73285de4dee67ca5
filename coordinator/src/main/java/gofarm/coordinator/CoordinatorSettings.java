package gofarm.coordinator;

import gofarm.coordinator.job.JobLimits;
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
 * @param limits what one job may cost and how many may be unfinished
 */
public record CoordinatorSettings(
    String metricsHost,
    int metricsPort,
    Path dataDir,
    Duration lease,
    String version,
    JobLimits limits) {

  /** Settings with the default {@link JobLimits}. */
  public CoordinatorSettings(
      String metricsHost, int metricsPort, Path dataDir, Duration lease, String version) {
    this(metricsHost, metricsPort, dataDir, lease, version, JobLimits.defaults());
  }

  /** These settings with other limits. */
  public CoordinatorSettings withLimits(JobLimits other) {
    return new CoordinatorSettings(metricsHost, metricsPort, dataDir, lease, version, other);
  }

  /** A minute's lease: far longer than a chunk (1-2 s), short enough to notice a hung worker. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);
}
