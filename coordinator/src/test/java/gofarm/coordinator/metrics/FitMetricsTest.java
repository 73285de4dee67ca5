package gofarm.coordinator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import gofarm.coordinator.codec.FitCodec;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.job.FitPlan;
import gofarm.coordinator.job.FitTally;
import gofarm.coordinator.job.FitTallyTest;
import gofarm.coordinator.job.JobState;
import gofarm.learn.FitShard;
import gofarm.learn.GameDecisions;
import gofarm.learn.MmSums;
import gofarm.proto.v1.FitSpec;
import gofarm.wire.ResolvedFit;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fit gauges as Prometheus exposes them: running fit jobs summed, the latest training and
 * held-out log-likelihood per decision averaged over them by {@code sample}, a finished one left
 * out, and no job id among the labels.
 */
class FitMetricsTest {

  /** Sums of one shard: 10 decisions of log-likelihood {@code train} and {@code test} each. */
  private static FitShard.Result sums(int group, double train, double test) {
    var layout = GameDecisions.LAYOUT;
    long[] wins = new long[layout.size()];
    wins[0] = 10;
    double[] denominators = new double[layout.groupSize(group)];
    java.util.Arrays.fill(denominators, 1);
    return new FitShard.Result(
        MmSums.of(layout, group, denominators, wins, 10 * train, 10, 5, 10),
        MmSums.of(layout, group, denominators, wins, 10 * test, 10, 5, 10),
        0,
        0,
        new long[layout.size()]);
  }

  private static JobReport report(String id, JobState state, int passes, double train) {
    ResolvedFit fit =
        FitTallyTest.fit(100, FitSpec.newBuilder().setMaxIterations(50).setMinGain(0));
    FitTally tally = new FitTally(fit);
    for (int k = 0; k < passes; k++) {
      tally.count(0, k, sums(tally.groupFor(k + 1), train, train - 0.5));
    }
    FitCodec codec = new FitCodec(id, new FitPlan(fit));
    return new JobReport(
        id,
        "",
        state,
        0,
        Instant.EPOCH,
        Instant.EPOCH,
        null,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        "",
        codec.view(tally.report(s -> false, false, 0, false)),
        "");
  }

  @Test
  void runningFitJobsAreSummedAndTheirLogLikelihoodAveragedBySample() throws IOException {
    CoordinatorMetrics metrics =
        new CoordinatorMetrics(
            new io.prometheus.metrics.model.registry.PrometheusRegistry(), false);
    assertEquals(
        List.of(
            "gofarm_coordinator_running_fit_iterations_done 0.0",
            "gofarm_coordinator_running_fit_iterations_requested 0.0"),
        lines(metrics),
        "exported before any fit runs");
    metrics.runningJobs(
        List.of(
            report("a", JobState.RUNNING, 3, -2),
            report("b", JobState.RUNNING, 1, -3),
            report("q", JobState.RUNNING, 0, 0),
            report("c", JobState.SUCCEEDED, 5, -1)));
    assertEquals(
        List.of(
            "gofarm_coordinator_running_fit_iterations_done 4.0",
            "gofarm_coordinator_running_fit_iterations_requested 150.0",
            "gofarm_coordinator_running_fit_log_likelihood{sample=\"test\"} -3.0",
            "gofarm_coordinator_running_fit_log_likelihood{sample=\"train\"} -2.5"),
        lines(metrics));
    metrics.runningJobs(List.of(report("c", JobState.SUCCEEDED, 5, -1)));
    assertEquals(
        List.of(
            "gofarm_coordinator_running_fit_iterations_done 0.0",
            "gofarm_coordinator_running_fit_iterations_requested 0.0"),
        lines(metrics),
        "no running fit: no log-likelihood");
  }

  private static List<String> lines(CoordinatorMetrics metrics) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, metrics.registry().scrape());
    String text = out.toString(StandardCharsets.UTF_8);
    assertFalse(text.contains("\"a\""), "no job id as a label");
    return text.lines()
        .filter(l -> l.startsWith("gofarm_coordinator_running_fit"))
        .sorted()
        .toList();
  }
}
