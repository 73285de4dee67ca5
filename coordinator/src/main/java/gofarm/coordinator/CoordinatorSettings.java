package gofarm.coordinator;

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
 * @param spotCheckShare the share of chunks run again on another worker to check results (and
 *     always each worker's first chunk of a job), 0..1; 0 checks nothing
 */
public record CoordinatorSettings(
    String metricsHost,
    int metricsPort,
    Path dataDir,
    Duration lease,
    String version,
    double spotCheckShare) {

  /** A minute's lease: far longer than a chunk (1-2 s), short enough to notice a hung worker. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);

  /**
   * Three chunks in a hundred: a worker sending wrong results is caught after about 33 of them (and
   * before its first counts), at 3 % more work.
   */
  public static final double DEFAULT_SPOT_CHECK_SHARE = 0.03;

  public CoordinatorSettings {
    if (!(spotCheckShare >= 0 && spotCheckShare <= 1)) {
      throw new IllegalArgumentException(
          "the spot check share must be in 0..1 (got " + spotCheckShare + ")");
    }
  }

  /** Settings with the default spot checks. */
  public CoordinatorSettings(
      String metricsHost, int metricsPort, Path dataDir, Duration lease, String version) {
    this(metricsHost, metricsPort, dataDir, lease, version, DEFAULT_SPOT_CHECK_SHARE);
  }
}
