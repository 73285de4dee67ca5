package gofarm.worker.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.RuleKind;
import gofarm.rules.Player;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class WorkerMetricsTest {
  private static final PlayoutRoot EMPTY_9 =
      PlayoutRoot.of(new Board(Geometry.of(9)), Player.BLACK, Point.NONE, Point.NONE, 7.5);

  private final PrometheusRegistry registry = new PrometheusRegistry();

  private static PlayoutStats run(PolicySpec policy, long seed, int playouts) {
    Playout p = new Playout(policy, EMPTY_9.board().geometry());
    PlayoutStats stats = p.newStats();
    p.run(EMPTY_9, seed, playouts, stats);
    return stats;
  }

  private double value(String series) {
    return MetricsText.value(registry, series);
  }

  @Test
  void aFinishedChunkAddsItsPlayoutsMovesAndTheMovesEachRuleChose() {
    WorkerMetrics metrics = new WorkerMetrics(registry, false);
    PolicySpec heavy = PolicySpec.parse("heavy");
    PlayoutStats a = run(heavy, 1, 200);
    PlayoutStats b = run(heavy, 2, 100);
    metrics.chunkFinished(heavy, a, 0.4);
    metrics.chunkFinished(heavy, b, 1.2);

    assertEquals(300, value("gofarm_worker_playouts_total{policy=\"heavy\"}"));
    assertEquals(
        a.lengthSum() + b.lengthSum(), value("gofarm_worker_moves_total{policy=\"heavy\"}"));
    assertEquals(2, value("gofarm_worker_chunks_total{policy=\"heavy\"}"));
    assertEquals(2, value("gofarm_worker_chunk_duration_seconds_count"));
    assertEquals(1.6, value("gofarm_worker_chunk_duration_seconds_sum"), 1e-9);
    assertEquals(1, value("gofarm_worker_chunk_duration_seconds_bucket{le=\"0.5\"}"));
    Map<String, Long> chosen = new HashMap<>();
    for (int r = 0; r < heavy.rules().size(); r++) {
      chosen.merge(heavy.rules().get(r).kind().id(), a.ruleChosen(r) + b.ruleChosen(r), Long::sum);
    }
    assertTrue(chosen.get(RuleKind.RANDOM.id()) > 0, "random chose moves");
    for (Map.Entry<String, Long> e : chosen.entrySet()) {
      if (e.getValue() > 0) {
        assertEquals(
            (double) e.getValue(),
            value("gofarm_worker_rule_fires_total{policy=\"heavy\",rule=\"" + e.getKey() + "\"}"),
            e.getKey());
      }
    }
  }

  @Test
  void thePolicyLabelIsAPresetNameOrCustom() {
    assertEquals("mogo", WorkerMetrics.policyLabel(PolicySpec.parse("mogo")));
    assertEquals("custom", WorkerMetrics.policyLabel(PolicySpec.parse("capture random")));
    PolicySpec named = PolicySpec.parse("capture random");
    assertEquals(
        "custom", WorkerMetrics.policyLabel(new PolicySpec("my-experiment", named.rules())));
    // A custom rule list that borrows a preset's name is not that preset.
    assertEquals("custom", WorkerMetrics.policyLabel(new PolicySpec("heavy", named.rules())));
    WorkerMetrics metrics = new WorkerMetrics(registry, false);
    metrics.chunkFinished(new PolicySpec("my-experiment", named.rules()), run(named, 3, 20), 0.1);
    assertEquals(20, value("gofarm_worker_playouts_total{policy=\"custom\"}"));
  }

  @Test
  void theExpositionHasEveryWorkerMetricWithBoundedLabelsAndPassesPromtool() throws Exception {
    WorkerMetrics metrics = new WorkerMetrics(registry, true);
    metrics.threads(2);
    metrics.busyThreads(1);
    metrics.connected(true);
    metrics.reconnect();
    metrics.resultsUnacked(3);
    metrics.chunkFinished(PolicySpec.parse("mogo"), run(PolicySpec.parse("mogo"), 4, 50), 0.7);
    PolicySpec custom = PolicySpec.parse("capture(scope=1) random");
    metrics.chunkFinished(custom, run(custom, 5, 50), 1.7);
    String text = MetricsText.scrape(registry);

    for (String family :
        List.of(
            "gofarm_worker_playouts_total",
            "gofarm_worker_moves_total",
            "gofarm_worker_chunks_total",
            "gofarm_worker_rule_fires_total",
            "gofarm_worker_chunk_duration_seconds",
            "gofarm_worker_busy_threads",
            "gofarm_worker_threads",
            "gofarm_worker_reconnects_total",
            "gofarm_worker_connected",
            "gofarm_worker_results_unacked",
            "jvm_threads_current")) {
      assertTrue(text.contains("\n" + family), family + " missing from\n" + text);
    }
    TreeSet<String> labels = new TreeSet<>();
    Matcher m = Pattern.compile("^gofarm_worker_\\w+\\{([^}]*)}", Pattern.MULTILINE).matcher(text);
    while (m.find()) {
      for (String pair : m.group(1).split(",")) {
        labels.add(pair.substring(0, pair.indexOf('=')));
      }
    }
    assertEquals(new TreeSet<>(List.of("le", "policy", "rule")), labels);
    Promtool.checkMetrics(text);
  }
}
