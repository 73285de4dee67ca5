package gofarm.coordinator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.codec.MatchCodec;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.job.MatchPlan;
import gofarm.coordinator.job.MatchReport;
import gofarm.coordinator.job.MatchTally;
import gofarm.coordinator.job.MatchTallyTest;
import gofarm.stats.EloEstimate;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The match gauges as Prometheus exposes them: running match jobs' games summed, their LLR with its
 * bounds and their Elo with its interval averaged over the matches that have them, a finished one
 * left out, the LLR and Elo series gone when no match runs, and no job id among the labels.
 */
class MatchMetricsTest {

  /** A match of {@code pairs} pairs, with an SPRT or not, that has counted {@code points}. */
  private static MatchTally tally(int pairs, boolean sprt, double[]... points) {
    MatchTally tally = new MatchTally(MatchTallyTest.match(pairs, sprt));
    for (int i = 0; i < points.length; i++) {
      tally.count(0, i, MatchTallyTest.pair(points[i][0], points[i][1]));
    }
    return tally;
  }

  private static JobReport report(String id, JobState state, MatchTally tally) {
    MatchReport r = tally.report(s -> false, state != JobState.RUNNING, 0, false);
    MatchCodec codec = new MatchCodec(id, new MatchPlan(r.match()));
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
        codec.view(r).summary(),
        "");
  }

  @Test
  void runningMatchesAreSummedAndTheirLlrAndEloAveraged() throws IOException {
    CoordinatorMetrics metrics = new CoordinatorMetrics(new PrometheusRegistry(), false);
    assertEquals(
        Map.of(
            "gofarm_coordinator_running_match_games_done", 0.0,
            "gofarm_coordinator_running_match_games_requested", 0.0),
        values(metrics),
        "games exported before any match runs, the LLR and Elo not");
    MatchTally a = tally(10, true, new double[] {1, 1}, new double[] {1, 0}, new double[] {0, 0.5});
    MatchTally b =
        tally(
            20,
            true,
            new double[] {0, 1},
            new double[] {0, 0.5},
            new double[] {1, 0.5},
            new double[] {0, 0});
    MatchTally noSprt = tally(4, false);
    MatchTally finished = tally(2, true, new double[] {1, 1}, new double[] {1, 1});
    metrics.runningJobs(
        List.of(
            report("a", JobState.RUNNING, a),
            report("b", JobState.RUNNING, b),
            report("n", JobState.RUNNING, noSprt),
            report("c", JobState.SUCCEEDED, finished)));
    MatchReport ra = a.report(s -> false, false, 0, false);
    MatchReport rb = b.report(s -> false, false, 0, false);
    EloEstimate ea = ra.elo();
    EloEstimate eb = rb.elo();
    Map<String, Double> expected = new TreeMap<>();
    expected.put("gofarm_coordinator_running_match_games_done", 14.0);
    expected.put("gofarm_coordinator_running_match_games_requested", 68.0);
    // n has no SPRT and no pair: a and b alone make the means.
    expected.put("gofarm_coordinator_running_match_llr", (ra.llr() + rb.llr()) / 2);
    expected.put(
        "gofarm_coordinator_running_match_llr_lower",
        (ra.match().sprt().lowerBound() + rb.match().sprt().lowerBound()) / 2);
    expected.put(
        "gofarm_coordinator_running_match_llr_upper",
        (ra.match().sprt().upperBound() + rb.match().sprt().upperBound()) / 2);
    expected.put("gofarm_coordinator_running_match_elo", (ea.elo() + eb.elo()) / 2);
    expected.put("gofarm_coordinator_running_match_elo_low", (ea.eloLower() + eb.eloLower()) / 2);
    expected.put("gofarm_coordinator_running_match_elo_high", (ea.eloUpper() + eb.eloUpper()) / 2);
    Map<String, Double> got = values(metrics);
    assertEquals(expected.keySet(), got.keySet());
    for (Map.Entry<String, Double> e : expected.entrySet()) {
      assertTrue(Double.isFinite(e.getValue()), e.getKey() + " is a number here");
      assertEquals(e.getValue(), got.get(e.getKey()), 1e-12, e.getKey());
    }
    assertTrue(ra.llr() != 0 && rb.llr() != 0 && ra.llr() != rb.llr(), "the LLRs are the tallies'");
    assertTrue(ea.eloLower() < ea.elo() && ea.elo() < ea.eloUpper(), "an interval around it");

    metrics.runningJobs(List.of(report("c", JobState.SUCCEEDED, finished)));
    assertEquals(
        Map.of(
            "gofarm_coordinator_running_match_games_done", 0.0,
            "gofarm_coordinator_running_match_games_requested", 0.0),
        values(metrics),
        "no running match: no LLR and no Elo");
  }

  /** The match gauges' values by name; fails on any label, so also on a job id. */
  private static Map<String, Double> values(CoordinatorMetrics metrics) throws IOException {
    Map<String, Double> values = new TreeMap<>();
    metrics.registry().scrape().stream()
        .filter(
            s -> s.getMetadata().getPrometheusName().startsWith("gofarm_coordinator_running_match"))
        .forEach(
            s -> {
              for (GaugeSnapshot.GaugeDataPointSnapshot d : ((GaugeSnapshot) s).getDataPoints()) {
                assertTrue(d.getLabels().isEmpty(), s.getMetadata().getName() + " has no labels");
                values.put(s.getMetadata().getPrometheusName(), d.getValue());
              }
            });
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, metrics.registry().scrape());
    assertFalse(out.toString(StandardCharsets.UTF_8).contains("\"a\""), "no job id as a label");
    return values;
  }
}
