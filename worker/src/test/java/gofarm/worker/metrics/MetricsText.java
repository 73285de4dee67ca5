package gofarm.worker.metrics;

import static org.junit.jupiter.api.Assertions.fail;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The Prometheus text exposition of a registry, as a scrape would see it, and its values. */
public final class MetricsText {
  private MetricsText() {}

  /** The registry in the Prometheus text format. */
  public static String scrape(PrometheusRegistry registry) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      PrometheusTextFormatWriter.create().write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * The value of one series, named as in the exposition with its labels: {@code
   * gofarm_worker_playouts_total{policy="mogo"}}.
   */
  public static double value(PrometheusRegistry registry, String series) {
    String text = scrape(registry);
    for (String line : text.split("\n")) {
      if (line.startsWith(series + " ")) {
        return Double.parseDouble(line.substring(series.length() + 1).split(" ")[0]);
      }
    }
    return fail("no series " + series + " in\n" + text);
  }
}
