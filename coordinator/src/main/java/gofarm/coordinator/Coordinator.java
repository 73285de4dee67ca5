package gofarm.coordinator;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import gofarm.coordinator.actor.FinishedJob;
import gofarm.coordinator.actor.JobArchive;
import gofarm.coordinator.actor.JobManager;
import gofarm.coordinator.actor.WorkerPool;
import gofarm.coordinator.auth.AuthInterceptor;
import gofarm.coordinator.auth.Tokens;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.grpc.ConnectionLimit;
import gofarm.coordinator.grpc.FarmService;
import gofarm.coordinator.grpc.JobIds;
import gofarm.coordinator.grpc.WireEncoder;
import gofarm.coordinator.grpc.WorkerHubService;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.coordinator.store.FileJobArchive;
import gofarm.coordinator.web.WebPages;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.wire.FarmRequests;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerServiceDefinition;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running coordinator: the actor system with the {@link JobManager} and {@link WorkerPool}, a
 * gRPC server with the client API, the worker hub, health and reflection (so that {@code grpcurl}
 * works), the metrics endpoint, and the job archive.
 *
 * <pre>{@code
 * try (Coordinator c = Coordinator.start(NettyServerBuilder.forPort(7070), settings)) {
 *   c.awaitTermination();
 * }
 * }</pre>
 *
 * The server builder is passed in, so that {@code gofarm local} and tests can use in-process
 * transport and everything else uses TCP.
 */
public final class Coordinator implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Coordinator.class);

  /** How often the tokens file is read for changes: a revoked token is refused within this. */
  public static final Duration TOKENS_CHECK = Duration.ofSeconds(2);

  /** How long a new connection may take to finish its TLS handshake. */
  public static final Duration HANDSHAKE = Duration.ofSeconds(10);

  /** Pekko logs through SLF4J, never to stdout, which may carry tables and JSON. */
  private static final Config PEKKO =
      ConfigFactory.parseString(
              """
              pekko {
                loggers = ["org.apache.pekko.event.slf4j.Slf4jLogger"]
                logging-filter = "org.apache.pekko.event.slf4j.Slf4jLoggingFilter"
                loglevel = "INFO"
                stdout-loglevel = "OFF"
                log-dead-letters = 0
                log-dead-letters-during-shutdown = off
                jvm-exit-on-fatal-error = off
                coordinated-shutdown.run-by-jvm-shutdown-hook = off
              }
              """)
          .withFallback(ConfigFactory.load());

  private final ActorSystem<Void> system;
  private final ActorRef<JobManager.Command> manager;
  private final ActorRef<WorkerPool.Command> pool;
  private final CoordinatorMetrics metrics;
  private final Server server;

  /** The client API again, in-process, for the web pages (see {@code WebPages}). */
  private final Server webServer;

  private final ManagedChannel webChannel;
  private final MetricsPort metricsServer;
  private final CoordinatorHealth health = new CoordinatorHealth();
  private final ScheduledExecutorService watchTimer;

  /** The cap on the gRPC port's connections, with its event loops; null for in-process. */
  private final ConnectionLimit connectionLimit;

  private Coordinator(ServerBuilder<?> serverBuilder, CoordinatorSettings settings)
      throws IOException {
    Clock clock = Clock.systemUTC();
    metrics = new CoordinatorMetrics();
    system = ActorSystem.create(Behaviors.empty(), "gofarm-coordinator", PEKKO);
    JobArchive archive =
        settings.dataDir() == null ? JobArchive.NONE : new FileJobArchive(settings.dataDir());
    WireEncoder encoder = new WireEncoder();
    pool =
        system.systemActorOf(WorkerPool.create(metrics, settings.lease()), "pool", Props.empty());
    manager =
        system.systemActorOf(
            JobManager.create(
                pool,
                metrics,
                encoder,
                archive,
                clock,
                settings.lease(),
                settings.spotCheckShare(),
                settings.limits()),
            "jobs",
            Props.empty());
    health.watch(system, manager, pool);
    if (archive instanceof FileJobArchive files) {
      restore(files);
    }
    watchTimer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "watch-jobs");
              t.setDaemon(true);
              return t;
            });
    String webName = "gofarm-web-" + UUID.randomUUID();
    InProcessServerBuilder webBuilder = InProcessServerBuilder.forName(webName);
    if (settings.tokens() != null) {
      // One gate for every service; it lets health and reflection through.
      serverBuilder.intercept(new AuthInterceptor(settings.tokens()));
      webBuilder.intercept(new AuthInterceptor(settings.tokens()));
      // Without a signal: under nohup SIGHUP is ignored, and Secrets change files in place.
      Tokens tokens = settings.tokens();
      watchTimer.scheduleWithFixedDelay(
          tokens::reloadIfChanged,
          TOKENS_CHECK.toMillis(),
          TOKENS_CHECK.toMillis(),
          TimeUnit.MILLISECONDS);
    }
    ConnectionLimit limit = null;
    if (serverBuilder instanceof NettyServerBuilder netty) {
      // A connection with no call for this long is closed (a client dials again when it needs
      // to); so is a socket that never sends anything, which otherwise stays open for good.
      netty.maxConnectionIdle(settings.idleConnection().toMillis(), TimeUnit.MILLISECONDS);
      if (settings.maxConnections() > 0) {
        // So that a flood cannot take every file descriptor: one more is closed before TLS.
        limit = new ConnectionLimit(settings.maxConnections(), metrics);
        limit.applyTo(netty);
      }
    }
    connectionLimit = limit;
    ServerServiceDefinition farm =
        new FarmService(
                manager,
                pool,
                system.scheduler(),
                encoder,
                new JobIds(clock),
                clock,
                watchTimer,
                settings.maxRunningJobsPerToken())
            .definition();
    webServer = webBuilder.addService(farm).build().start();
    webChannel = InProcessChannelBuilder.forName(webName).build();
    server =
        serverBuilder
            .handshakeTimeout(HANDSHAKE.toMillis(), TimeUnit.MILLISECONDS)
            .maxInboundMessageSize(FarmRequests.MAX_MESSAGE_BYTES)
            .addService(farm)
            .addService(
                new WorkerHubService(
                    system,
                    pool,
                    manager,
                    metrics,
                    settings.lease(),
                    settings.version(),
                    settings.tokens(),
                    watchTimer,
                    settings.maxStreamsPerToken(),
                    // Dense statistics over the network only: in-process nothing is parsed.
                    serverBuilder instanceof NettyServerBuilder))
            .addService(health.grpc().getHealthService())
            .addService(ProtoReflectionServiceV1.newInstance())
            .build()
            .start();
    WebPages web = new WebPages(webChannel, settings.tokens(), health.httpHandler());
    metricsServer =
        settings.metricsPort() < 0
            ? null
            : new MetricsPort(
                settings.metricsHost(),
                settings.metricsPort(),
                settings.httpTls(),
                metrics.registry(),
                web);
    if (metricsServer != null) {
      web.warm();
    }
    health.restored();
    LOG.info(
        "coordinator {} ready: gRPC {}{}, metrics {}",
        settings.version(),
        server.getPort() < 0 ? "in-process" : "port " + server.getPort(),
        settings.tokens() == null
            ? ""
            : " (" + settings.tokens().size() + " tokens from " + settings.tokens().file() + ")",
        metricsServer == null
            ? "off"
            : metricsServer.scheme()
                + "://"
                + settings.metricsHost()
                + ":"
                + metricsServer.port()
                + "/metrics");
  }

  /**
   * Starts a coordinator whose gRPC server is built by {@code serverBuilder}.
   *
   * @throws UncheckedIOException if a port is taken or the data directory cannot be used
   */
  public static Coordinator start(ServerBuilder<?> serverBuilder, CoordinatorSettings settings) {
    try {
      return new Coordinator(serverBuilder, settings);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  /** Serves finished jobs again and runs unfinished ones again from the start. */
  private void restore(FileJobArchive archive) {
    FileJobArchive.Contents contents = archive.load();
    for (FinishedJob.Head done : contents.finished()) {
      manager.tell(new JobManager.Restore(done));
    }
    for (JobResults submitted : contents.unfinished()) {
      String id = submitted.getStatus().getJobId();
      try {
        JobPlan plan =
            FarmService.plan(
                id,
                Instant.ofEpochSecond(
                    submitted.getStatus().getSubmitted().getSeconds(),
                    submitted.getStatus().getSubmitted().getNanos()),
                SubmitJobRequest.newBuilder().setSpec(submitted.getSpec()).build(),
                submitted.getStatus().getOwner());
        FarmService.admit(manager, system.scheduler(), plan).toCompletableFuture().join();
        LOG.info("resumed unfinished job {}", id);
      } catch (StatusRuntimeException e) {
        LOG.error("cannot resume job {}: {}", id, e.getStatus().getDescription());
      } catch (java.util.concurrent.CompletionException e) {
        LOG.error(
            "cannot resume job {}: {}",
            id,
            e.getCause() instanceof StatusRuntimeException s
                ? s.getStatus().getDescription()
                : e.getCause().toString());
      }
    }
    LOG.info(
        "archive: {} finished jobs, {} resumed",
        contents.finished().size(),
        contents.unfinished().size());
  }

  /** The gRPC port (useful when it was 0: any free port). */
  public int port() {
    return server.getPort();
  }

  /** The metrics port, or -1 when there is no metrics endpoint. */
  public int metricsPort() {
    return metricsServer == null ? -1 : metricsServer.port();
  }

  public CoordinatorMetrics metrics() {
    return metrics;
  }

  public ActorRef<JobManager.Command> manager() {
    return manager;
  }

  public ActorRef<WorkerPool.Command> pool() {
    return pool;
  }

  public ActorSystem<Void> system() {
    return system;
  }

  /** Blocks until the server is shut down. */
  public void awaitTermination() throws InterruptedException {
    server.awaitTermination();
  }

  /** What the health checks say (liveness, readiness) and why. */
  public CoordinatorHealth health() {
    return health;
  }

  /**
   * Stops taking requests, closes workers' streams (their leases return to the queue), and stops.
   */
  @Override
  public void close() {
    close(Duration.ZERO);
  }

  /**
   * Stops after {@code grace}: every health check (gRPC health, {@code /-/ready}, {@code
   * /-/healthy}) says NOT_SERVING at once, while the ports keep answering for {@code grace}, so
   * that a load balancer or an orchestrator probing every few seconds sees it and stops routing
   * here before the ports close.
   */
  public void close(Duration grace) {
    health.closing();
    if (!grace.isNegative() && !grace.isZero()) {
      LOG.info("not serving; closing the ports in {} ms", grace.toMillis());
      try {
        Thread.sleep(grace.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    server.shutdown();
    try {
      if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
        server.shutdownNow();
      }
    } catch (InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    }
    webChannel.shutdownNow();
    webServer.shutdownNow();
    if (connectionLimit != null) {
      connectionLimit.close();
    }
    watchTimer.shutdownNow();
    system.terminate();
    try {
      system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warn("actor system did not stop in time: {}", e.toString());
    }
    if (metricsServer != null) {
      metricsServer.close();
    }
    LOG.info("coordinator stopped");
  }
}
