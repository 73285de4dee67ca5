package gofarm.coordinator;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The metrics port: {@code /metrics} (the Prometheus exporter's handler), and the web pages with
 * the HTTP health checks ({@code WebPages}, {@link CoordinatorHealth#httpHandler}) on the JDK's
 * HTTP server, with threads of its own ({@link HttpExchanges}) and room for a burst of new
 * connections ({@value #BACKLOG}).
 *
 * <p>Why not the exporter's {@code HTTPServer}: it listens with a backlog of 3, so that a burst of
 * a few new connections makes the next one wait for the kernel's SYN retry (a second, a probe's
 * whole timeout), and it offers no way to change that.
 */
final class MetricsPort implements AutoCloseable {
  /** New connections waiting to be accepted: the JDK's HTTP server takes them one at a time. */
  static final int BACKLOG = 128;

  private final HttpServer server;
  private final HttpExchanges exchanges = new HttpExchanges();

  /**
   * Listens on {@code host:port} (0 for any free port); {@code pages} answers every path but {@code
   * /metrics}.
   *
   * @throws IOException if the port is taken
   */
  MetricsPort(String host, int port, PrometheusRegistry registry, HttpHandler pages)
      throws IOException {
    server = HttpServer.create(new InetSocketAddress(host, port), BACKLOG);
    HttpHandler metrics = new MetricsHandler(registry);
    server.createContext(
        "/metrics",
        exchange -> {
          try {
            metrics.handle(exchange);
          } finally {
            exchange.close();
          }
        });
    server.createContext("/", pages);
    server.setExecutor(exchanges);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
    exchanges.shutdownNow();
  }
}
