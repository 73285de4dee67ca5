package gofarm.coordinator;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import javax.net.ssl.SSLContext;

/**
 * The metrics port: {@code /metrics} (the Prometheus exporter's handler), and the web pages with
 * the HTTP health checks ({@code WebPages}, {@link CoordinatorHealth#httpHandler}) on the JDK's
 * HTTP server, with threads of its own ({@link HttpExchanges}) and room for a burst of new
 * connections ({@value #BACKLOG}); over HTTPS when given a TLS context ({@code --http-tls}). The
 * TLS handshake runs on the exchange's thread, so a client that stalls it is cut at the deadline
 * like any slow client; one that speaks plain HTTP to the HTTPS port fails its handshake and loses
 * only its own connection.
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
   * @param tls the context of HTTPS, or null for plain HTTP
   * @throws IOException if the port is taken
   */
  MetricsPort(String host, int port, SSLContext tls, PrometheusRegistry registry, HttpHandler pages)
      throws IOException {
    InetSocketAddress address = new InetSocketAddress(host, port);
    if (tls == null) {
      server = HttpServer.create(address, BACKLOG);
    } else {
      HttpsServer https = HttpsServer.create(address, BACKLOG);
      https.setHttpsConfigurator(new HttpsConfigurator(tls));
      server = https;
    }
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

  /** {@code https} or {@code http}, for the log. */
  String scheme() {
    return server instanceof HttpsServer ? "https" : "http";
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
