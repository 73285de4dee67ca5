package gofarm.coordinator;

import gofarm.coordinator.auth.Tokens;
import gofarm.coordinator.job.JobLimits;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * How a coordinator runs. The five-argument constructor gives the defaults; the {@code with}
 * methods change one concern each.
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
 * @param limits what one job may cost and how many may be unfinished
 * @param tokens the tokens callers must present ({@code --auth}); null lets every caller in as a
 *     local admin
 * @param maxRunningJobsPerToken how many unfinished jobs one token NAME may have; 0 for no limit
 *     (without tokens there is no limit)
 * @param idleConnection how long a TCP connection without a call stays open (silent sockets
 *     included); applies to a Netty server
 * @param maxStreamsPerToken how many worker streams one token NAME may have open; 0 for no limit
 *     (without tokens there is no limit)
 * @param maxConnections how many TCP connections the gRPC port keeps open at once; one more is
 *     closed as soon as it is accepted. 0 for no limit; applies to a Netty server
 * @param httpTls the TLS context of the metrics port, which then serves HTTPS ({@code --http-tls});
 *     null for plain HTTP
 */
public record CoordinatorSettings(
    String metricsHost,
    int metricsPort,
    Path dataDir,
    Duration lease,
    String version,
    double spotCheckShare,
    JobLimits limits,
    Tokens tokens,
    int maxRunningJobsPerToken,
    Duration idleConnection,
    int maxStreamsPerToken,
    int maxConnections,
    SSLContext httpTls) {

  /** A minute's lease: far longer than a chunk (1-2 s), short enough to notice a hung worker. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);

  /**
   * Three chunks in a hundred: a worker sending wrong results is caught after about 33 of them (and
   * before its first counts), at 3 % more work.
   */
  public static final double DEFAULT_SPOT_CHECK_SHARE = 0.03;

  /**
   * Unfinished jobs per token: room for a tuning script's batch, not for a flood that would queue
   * ahead of everyone else's work.
   */
  public static final int DEFAULT_MAX_RUNNING_JOBS_PER_TOKEN = 16;

  /**
   * Half a minute: a client dials again when it needs to, while a socket that never sends a byte
   * (or a flood of them) would otherwise hold a file descriptor for good.
   */
  public static final Duration DEFAULT_IDLE_CONNECTION = Duration.ofSeconds(30);

  /**
   * Worker streams per token: a token is one voter in spot checks whatever its number of streams,
   * so more streams buy a liar nothing there; the limit bounds what one token can hold (chunks,
   * sessions). Generous, because a Deployment's replicas share one Secret.
   */
  public static final int DEFAULT_MAX_STREAMS_PER_TOKEN = 256;

  /**
   * Connections at once: half the file descriptors a process may have here (20,000), far more than
   * a farm needs (a worker process holds one connection, and the 1,000-worker benchmark shares one
   * among 50 workers), few enough that a flood leaves descriptors for the archive, the metrics port
   * and the JVM.
   */
  public static final int DEFAULT_MAX_CONNECTIONS = 10_000;

  public CoordinatorSettings {
    if (!(spotCheckShare >= 0 && spotCheckShare <= 1)) {
      throw new IllegalArgumentException(
          "the spot check share must be in 0..1 (got " + spotCheckShare + ")");
    }
    if (maxRunningJobsPerToken < 0) {
      throw new IllegalArgumentException(
          "the running jobs per token must be 0 (no limit) or more (got "
              + maxRunningJobsPerToken
              + ")");
    }
    if (maxStreamsPerToken < 0) {
      throw new IllegalArgumentException(
          "the worker streams per token must be 0 (no limit) or more (got "
              + maxStreamsPerToken
              + ")");
    }
    if (maxConnections < 0) {
      throw new IllegalArgumentException(
          "the connections at once must be 0 (no limit) or more (got " + maxConnections + ")");
    }
    if (idleConnection.isNegative() || idleConnection.isZero()) {
      throw new IllegalArgumentException(
          "the idle connection time must be positive (got " + idleConnection + ")");
    }
  }

  /** Default spot checks and limits, and no tokens: every caller is a local admin. */
  public CoordinatorSettings(
      String metricsHost, int metricsPort, Path dataDir, Duration lease, String version) {
    this(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        DEFAULT_SPOT_CHECK_SHARE,
        JobLimits.defaults(),
        null,
        DEFAULT_MAX_RUNNING_JOBS_PER_TOKEN,
        DEFAULT_IDLE_CONNECTION,
        DEFAULT_MAX_STREAMS_PER_TOKEN,
        DEFAULT_MAX_CONNECTIONS,
        null);
  }

  /** These settings with another spot check share. */
  public CoordinatorSettings withSpotChecks(double share) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        share,
        limits,
        tokens,
        maxRunningJobsPerToken,
        idleConnection,
        maxStreamsPerToken,
        maxConnections,
        httpTls);
  }

  /** These settings with other limits. */
  public CoordinatorSettings withLimits(JobLimits other) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        spotCheckShare,
        other,
        tokens,
        maxRunningJobsPerToken,
        idleConnection,
        maxStreamsPerToken,
        maxConnections,
        httpTls);
  }

  /** These settings with tokens callers must present, and a limit of unfinished jobs per name. */
  public CoordinatorSettings withTokens(Tokens given, int maxPerToken) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        spotCheckShare,
        limits,
        given,
        maxPerToken,
        idleConnection,
        maxStreamsPerToken,
        maxConnections,
        httpTls);
  }

  /** These settings with another idle time for connections. */
  public CoordinatorSettings withIdleConnection(Duration idle) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        spotCheckShare,
        limits,
        tokens,
        maxRunningJobsPerToken,
        idle,
        maxStreamsPerToken,
        maxConnections,
        httpTls);
  }

  /** These settings with another limit of worker streams per token NAME (0: none). */
  public CoordinatorSettings withMaxStreamsPerToken(int max) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        spotCheckShare,
        limits,
        tokens,
        maxRunningJobsPerToken,
        idleConnection,
        max,
        maxConnections,
        httpTls);
  }

  /** These settings with another limit of TCP connections at once on the gRPC port (0: none). */
  public CoordinatorSettings withMaxConnections(int max) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        spotCheckShare,
        limits,
        tokens,
        maxRunningJobsPerToken,
        idleConnection,
        maxStreamsPerToken,
        max,
        httpTls);
  }

  /** These settings with the metrics port serving HTTPS in {@code context} (null: plain HTTP). */
  public CoordinatorSettings withHttpTls(SSLContext context) {
    return new CoordinatorSettings(
        metricsHost,
        metricsPort,
        dataDir,
        lease,
        version,
        spotCheckShare,
        limits,
        tokens,
        maxRunningJobsPerToken,
        idleConnection,
        maxStreamsPerToken,
        maxConnections,
        context);
  }
}
