package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The metric-name reader that DeployMetricsTest relies on: what it finds and what it skips. */
class PromQlTest {
  @Test
  void findsMetricsAndSkipsFunctionsLabelsRangesAndKeywords() {
    assertEquals(
        List.of("gofarm_worker_moves_total", "gofarm_worker_playouts_total"),
        List.copyOf(
            PromQl.metricNames(
                "sum by (policy) (rate(gofarm_worker_moves_total{policy=~\"heavy|mogo\"}[5m]))"
                    + " / on (policy) group_left sum without (instance, job)"
                    + " (rate(gofarm_worker_playouts_total[$__rate_interval] offset 1m))")));
    assertEquals(
        Set.of("up", "gofarm_coordinator_chunks_completed_total", "cluster:x:rate1m"),
        PromQl.metricNames(
            "up{job=\"gofarm-coordinator\"} == 0 or absent(up{job=\"gofarm-coordinator\"})"
                + " unless increase(gofarm_coordinator_chunks_completed_total[10m]) > 1e-9"
                + " and bool cluster:x:rate1m"));
    assertEquals(
        Set.of("jvm_memory_used_bytes"),
        PromQl.metricNames("sum by (job, instance) (jvm_memory_used_bytes{area=\"heap\"}) * 60"));
  }

  @Test
  void readsTheLabelsOfMatchers() {
    assertEquals(
        Map.of(
            "gofarm_coordinator_jobs",
            Set.of("state", "job"),
            "jvm_memory_used_bytes",
            Set.of("area")),
        PromQl.matcherLabels(
            "sum(gofarm_coordinator_jobs{state=~\"queued|running\", job!=\"x\"})"
                + " + jvm_memory_used_bytes {area=\"heap\"}"));
  }
}
