package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Prometheus text exposition holds: every sample name with the label names seen on it. A
 * histogram's {@code _bucket}, {@code _count} and {@code _sum} and a counter's {@code _total} are
 * sample names, as PromQL sees them. Also the HTTP calls of the deploy tests: an answer from
 * 127.0.0.1, and a query of a real Prometheus awaited.
 */
final class Scrape {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Pattern SAMPLE =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})?\\s");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");

  private final Map<String, Set<String>> samples = new TreeMap<>();

  /** Adds the samples of the exposition at {@code http://127.0.0.1:PORT/metrics}. */
  Scrape add(int port) throws IOException, InterruptedException {
    return add(get(port, "/metrics"));
  }

  Scrape add(String exposition) {
    for (String line : exposition.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (m.lookingAt()) {
        Set<String> labels = samples.computeIfAbsent(m.group(1), k -> new TreeSet<>());
        if (m.group(2) != null) {
          Matcher l = LABEL.matcher(m.group(2));
          while (l.find()) {
            labels.add(l.group(1));
          }
        }
      }
    }
    return this;
  }

  boolean has(String name) {
    return samples.containsKey(name);
  }

  Set<String> labels(String name) {
    return samples.getOrDefault(name, Set.of());
  }

  Set<String> names() {
    return samples.keySet();
  }

  /** The body of an HTTP 200 answer from 127.0.0.1; fails on any other status. */
  static String get(int port, String pathAndQuery) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException(pathAndQuery + " on port " + port + ": HTTP " + r.statusCode());
    }
    return r.body();
  }

  /**
   * Polls Prometheus's instant query API until the query has one result whose value is {@code
   * expected} (or any result when null).
   */
  static void awaitQuery(int port, String query, String expected) throws Exception {
    String path = "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    String body = "";
    while (System.nanoTime() < deadline) {
      body = get(port, path);
      Object result = DeployFiles.at(DeployFiles.yaml(body), "data", "result");
      List<Object> results = DeployFiles.list(result);
      if (results.size() == 1) {
        Object value = DeployFiles.list(DeployFiles.at(results.get(0), "value")).get(1);
        if (expected == null || expected.equals(value)) {
          return;
        }
      }
      Thread.sleep(250); // Prometheus scrapes every second
    }
    fail(query + " never gave " + (expected == null ? "a result" : expected) + "; last: " + body);
  }
}
