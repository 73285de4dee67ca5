package gofarm.coordinator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import gofarm.coordinator.actor.JobManager;
import gofarm.coordinator.actor.WorkerPool;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the coordinator's health checks say, and why: liveness (the process and its actor system are
 * up, and the job manager and worker pool serve) and readiness (alive, and the archive is restored,
 * so that jobs submitted now are not mixed up with jobs being resumed). Both are watched, not
 * assumed: a small actor watches the manager and the pool, and the actor system's termination is
 * heard, so that a coordinator whose actors died (an {@code OutOfMemoryError} in an actor, say)
 * says NOT_SERVING instead of SERVING while its ports stay open.
 *
 * <ul>
 *   <li>gRPC health ({@code grpc.health.v1}): service {@code ""} is liveness, {@value #READY} and
 *       {@code gofarm.v1.PlayoutFarm} readiness.
 *   <li>HTTP on the metrics port: {@code /-/healthy} (liveness) and {@code /-/ready} (readiness),
 *       200 or 503 with the reason.
 * </ul>
 *
 * Thread-safe.
 */
public final class CoordinatorHealth {
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorHealth.class);

  /** The gRPC health service name of readiness. */
  public static final String READY = "gofarm.ready";

  /** The client API's service name: ready when the coordinator is. */
  public static final String FARM_SERVICE = "gofarm.v1.PlayoutFarm";

  private final HealthStatusManager grpc = new HealthStatusManager();
  private volatile String down;
  private volatile boolean restored;

  CoordinatorHealth() {
    grpc.setStatus(READY, ServingStatus.NOT_SERVING);
    grpc.setStatus(FARM_SERVICE, ServingStatus.NOT_SERVING);
  }

  /** The gRPC health service answering these checks. */
  HealthStatusManager grpc() {
    return grpc;
  }

  /**
   * Watches {@code system}, {@code manager} and {@code pool}: if any stops, the coordinator is no
   * longer alive.
   */
  void watch(
      ActorSystem<Void> system,
      ActorRef<JobManager.Command> manager,
      ActorRef<WorkerPool.Command> pool) {
    system.systemActorOf(watcher(manager, pool), "health", Props.empty());
    system.getWhenTerminated().thenRun(() -> down("the actor system has terminated"));
  }

  private Behavior<Void> watcher(
      ActorRef<JobManager.Command> manager, ActorRef<WorkerPool.Command> pool) {
    return Behaviors.setup(
        context -> {
          context.watch(manager);
          context.watch(pool);
          return Behaviors.receive(Void.class)
              .onSignal(
                  Terminated.class,
                  t -> {
                    down(
                        (t.getRef().equals(manager) ? "the job manager" : "the worker pool")
                            + " has stopped; see the coordinator log");
                    return Behaviors.same();
                  })
              .build();
        });
  }

  /** The archive is restored: the coordinator is ready, unless it is down. */
  void restored() {
    restored = true;
    update();
  }

  /** The coordinator is down for good, because of {@code why}. */
  void down(String why) {
    if (down == null) {
      down = why;
      LOG.error("coordinator not serving: {}", why);
    }
    update();
  }

  /** Closing: every check says NOT_SERVING from now on. */
  void closing() {
    down = "the coordinator is stopping";
    grpc.enterTerminalState();
  }

  private synchronized void update() {
    ServingStatus live = isAlive() ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
    ServingStatus ready = isReady() ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
    grpc.setStatus(HealthStatusManager.SERVICE_NAME_ALL_SERVICES, live);
    grpc.setStatus(READY, ready);
    grpc.setStatus(FARM_SERVICE, ready);
  }

  public boolean isAlive() {
    return down == null;
  }

  public boolean isReady() {
    return down == null && restored;
  }

  /**
   * Serves {@code /-/healthy} and {@code /-/ready} on the metrics port (200, or 503 and why), and
   * 404 for anything else the metrics handler does not take.
   */
  HttpHandler httpHandler() {
    return exchange -> {
      try {
        String path = exchange.getRequestURI().getPath();
        switch (path) {
          case "/-/healthy" ->
              answer(exchange, isAlive(), "Exporter is healthy.", "not alive: " + down);
          case "/-/ready" ->
              answer(
                  exchange,
                  isReady(),
                  "Ready.",
                  down != null ? "not ready: " + down : "not ready: restoring the job archive");
          default -> send(exchange, 404, "Not found: try /metrics, /-/healthy or /-/ready.");
        }
      } finally {
        exchange.close();
      }
    };
  }

  private static void answer(HttpExchange exchange, boolean ok, String yes, String no)
      throws IOException {
    send(exchange, ok ? 200 : 503, ok ? yes : no);
  }

  private static void send(HttpExchange exchange, int code, String text) throws IOException {
    byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    if ("HEAD".equals(exchange.getRequestMethod())) {
      exchange.sendResponseHeaders(code, -1);
      return;
    }
    exchange.sendResponseHeaders(code, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
