package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.LoopbackPorts;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.ServerTls;
import io.grpc.inprocess.InProcessServerBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus scrapes a coordinator whose HTTP port serves HTTPS ({@code --http-tls}) with
 * the certificate {@code deploy/secrets.sh} makes, trusting its CA: the scrape config
 * docs/security.md gives ({@code scheme: https}, {@code tls_config.ca_file}) works, and the target
 * is up.
 */
class PrometheusHttpsScrapeTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @Test
  void prometheusScrapesTheHttpsPortTrustingTheFarmsCa(@TempDir Path dir) throws Exception {
    Path prometheus = Tools.require("prometheus", "apt-get install prometheus");
    Path secrets = dir.resolve("secrets");
    Tools.Result made =
        Tools.run(
            DeployFiles.ROOT,
            TIMEOUT,
            List.of("bash", "deploy/secrets.sh", secrets.toString(), "127.0.0.1", "localhost"));
    assertEquals(0, made.exit(), made.output());

    try (Coordinator coordinator =
        Coordinator.start(
            InProcessServerBuilder.forName(InProcessServerBuilder.generateName()),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "test")
                .withHttpTls(
                    ServerTls.httpContext(
                        secrets.resolve("server.pem"), secrets.resolve("server-key.pem"))))) {
      String target = "127.0.0.1:" + coordinator.metricsPort();
      Files.writeString(
          dir.resolve("prometheus.yml"),
          """
          global:
            scrape_interval: 1s
          scrape_configs:
            - job_name: gofarm-coordinator
              scheme: https
              tls_config:
                ca_file: %s
              static_configs:
                - targets: ["%s"]
          """
              .formatted(secrets.resolve("ca.pem"), target));
      int port = LoopbackPorts.free();
      Process p =
          new ProcessBuilder(
                  prometheus.toString(),
                  "--config.file=" + dir.resolve("prometheus.yml"),
                  "--storage.tsdb.path=" + dir.resolve("data"),
                  "--web.listen-address=127.0.0.1:" + port)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("prometheus.log").toFile())
              .start();
      try {
        awaitReady(p, port, dir.resolve("prometheus.log"));
        Scrape.awaitQuery(port, "up{job=\"gofarm-coordinator\"}", "1");
        Scrape.awaitQuery(port, "gofarm_coordinator_workers_connected", "0");
        String targets = Scrape.get(port, "/api/v1/targets?state=active");
        assertTrue(targets.contains("\"scrapeUrl\":\"https://" + target + "/metrics\""), targets);
        assertFalse(targets.contains("\"health\":\"down\""), targets);
      } finally {
        p.destroy();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
    }
  }

  /** Waits for Prometheus's readiness endpoint; fails with its log if it stops or never gets up. */
  private static void awaitReady(Process p, int port, Path log) throws Exception {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        throw new AssertionError("prometheus stopped:\n" + Files.readString(log));
      }
      try {
        Scrape.get(port, "/-/ready");
        return;
      } catch (java.io.IOException notYet) {
        Thread.sleep(200); // another process: nothing in this JVM to wait on
      }
    }
    throw new AssertionError("prometheus not ready in " + TIMEOUT + ":\n" + Files.readString(log));
  }
}
