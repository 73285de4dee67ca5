package gofarm.coordinator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.codec.TuneCodec;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.job.MatchTallyTest;
import gofarm.coordinator.job.TunePlan;
import gofarm.coordinator.job.TunePlay;
import gofarm.coordinator.job.TuneTally;
import gofarm.coordinator.job.TuneTallyTest;
import gofarm.wire.ResolvedTune;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tune gauges as Prometheus exposes them: running tune jobs summed by objective, a finished one
 * left out, and no job id among the labels.
 */
class TuneMetricsTest {

  private static JobReport report(String id, JobState state, ResolvedTune t, int iterations) {
    TuneTally tally = new TuneTally(t);
    for (int c = 0; c < iterations * t.chunksPerIteration(); c++) {
      // θ+ wins both games of every pair, whatever its δ: θ+'s score is 1, but no side further
      // along θ's way gains by it. In iteration 3 one of the two pairs has θ+ further along (its
      // 2 points) and one θ− (0 points): the forward score is 0.5.
      tally.count(TunePlan.ITERATIONS, c, TunePlay.of(MatchTallyTest.pair(1, 1)));
    }
    TuneCodec codec = new TuneCodec(id, new TunePlan(t));
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
  void runningTuneJobsAreSummedByObjective() throws IOException {
    CoordinatorMetrics metrics =
        new CoordinatorMetrics(
            new io.prometheus.metrics.model.registry.PrometheusRegistry(), false);
    ResolvedTune t = TuneTallyTest.tune(10, 2, 0.002, false);
    metrics.runningJobs(
        List.of(
            report("a", JobState.RUNNING, t, 3),
            report("b", JobState.RUNNING, t, 0),
            report("c", JobState.SUCCEEDED, t, 10)));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, metrics.registry().scrape());
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(
        List.of(
            "gofarm_coordinator_running_tune_iterations_done{objective=\"evaluation\"} 0.0",
            "gofarm_coordinator_running_tune_iterations_done{objective=\"match\"} 3.0",
            "gofarm_coordinator_running_tune_iterations_requested{objective=\"evaluation\"} 0.0",
            "gofarm_coordinator_running_tune_iterations_requested{objective=\"match\"} 20.0",
            "gofarm_coordinator_running_tune_objective{objective=\"match\"} 0.5"),
        text.lines()
            .filter(l -> l.startsWith("gofarm_coordinator_running_tune"))
            .sorted()
            .toList());
    assertFalse(text.contains("\"a\""), "no job id as a label");
  }
}
