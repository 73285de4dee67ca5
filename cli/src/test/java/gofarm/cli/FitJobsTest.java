package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.FitFeature;
import gofarm.proto.v1.FitIteration;
import gofarm.proto.v1.FitResult;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.FitStop;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.SgfSource;
import gofarm.worker.Worker;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fit jobs through the real coordinator and workers: the same γ, bit for bit, on one worker, on
 * three (with spot checks comparing their sums), and with a worker killed mid-job; the training
 * log-likelihood never falls; convergence and cancellation end a fit as its report says.
 */
class FitJobsTest {
  /** 36 short 9x9 games of softmax self-play: 8 shards of 5 games (the last of 1). */
  private static final String GAMES = TrainingGames.sgf(36, 9, 60, 2026);

  private static JobSpec spec(FitSpec.Builder fit) {
    return JobSpec.newBuilder().setName("fit determinism").setSeed(31).setFit(fit).build();
  }

  private static FitSpec.Builder fit() {
    return FitSpec.newBuilder()
        .addGames(SgfSource.newBuilder().setText(GAMES).setFile("games.sgf"))
        .setTestShare(0.2)
        .setSkipMoves(2)
        .setMaxIterations(12)
        .setMinGain(0)
        .setGamesPerChunk(5);
  }

  private static double[] gamma(JobResults r) {
    return r.getFit().getGammaList().stream().mapToDouble(Double::doubleValue).toArray();
  }

  @Test
  void theSameSeedGivesTheSameTableWhateverRunsIt() {
    JobResults one;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 1);
      one = f.finish(f.submit(spec(fit())));
    }
    FitResult r = one.getFit();
    assertEquals(FitStop.FIT_STOP_MAX_ITERATIONS, r.getSummary().getStop());
    assertEquals(12, r.getSummary().getIteration());
    assertEquals(13, r.getSummary().getPasses(), "a pass per update and one to measure the last");
    assertEquals(13, r.getIterationsCount());
    assertEquals(8 * 13, one.getStatus().getChunksDone());
    assertEquals("", r.getSummary().getGroup(), "nothing runs once it stopped");
    assertEquals("pat3", r.getSummary().getGroups(0));
    assertEquals(FeatureSpace.size(), r.getGammaCount());
    // Every iteration's training log-likelihood per decision at least the one before (MM with a
    // prior raises the penalised one; the data's own rises here too), and the fit learnt.
    List<FitIteration> its = r.getIterationsList();
    for (int i = 1; i < its.size(); i++) {
      assertTrue(
          its.get(i).getTrainLogLikelihood() >= its.get(i - 1).getTrainLogLikelihood(),
          "iteration " + i + ": " + its.get(i) + " after " + its.get(i - 1));
      assertEquals(
          r.getSummary().getGroups((i - 1) % r.getSummary().getGroupsCount()),
          its.get(i).getGroup());
    }
    assertTrue(
        its.get(12).getTrainLogLikelihood() > its.get(0).getTrainLogLikelihood() + 0.05,
        its.get(0) + " then " + its.get(12));
    assertTrue(its.get(0).getTestDecisions() > 0, "held-out games");
    assertTrue(its.get(12).getTestLogLikelihood() > its.get(0).getTestLogLikelihood());
    // The table is one a softmax policy takes, and the features are counted.
    GammaTable table = GammaTable.of(gamma(one));
    int capture = FeatureSpace.parse("capture", "size=1");
    assertTrue(table.gamma(capture) > 2, "captures were strong in the games: " + table);
    long chosen = 0;
    for (FitFeature feature : r.getFeaturesList()) {
      assertTrue(feature.getWins() <= feature.getCandidates(), feature.toString());
      assertEquals(FeatureSpace.name(feature.getId()), feature.getName());
      assertEquals(r.getGamma(feature.getId()), feature.getGamma());
      chosen += feature.getName().startsWith("pat3 ") ? feature.getWins() : 0;
    }
    assertEquals(its.get(0).getTrainDecisions(), chosen, "every move played has one pattern");

    JobResults many;
    double spotChecksAgreed;
    try (InProcessFarm f = new InProcessFarm()) {
      for (int i = 0; i < 3; i++) {
        f.startWorker("w" + i, 2);
      }
      many = f.finish(f.submit(spec(fit())));
      spotChecksAgreed = counter(f, "gofarm_coordinator_spot_check_runs", "agreed");
    }
    assertArrayEquals(gamma(one), gamma(many));
    assertEquals(r.getIterationsList(), many.getFit().getIterationsList());
    assertEquals("", many.getStatus().getMessage(), "no worker quarantined by a spot check");
    assertTrue(spotChecksAgreed > 0, "each worker's first shard ran again on another and agreed");

    try (InProcessFarm f = new InProcessFarm()) {
      Worker first = f.startWorker("a", 2);
      f.startWorker("b", 1);
      String id = f.submit(spec(fit()));
      while (f.status(id).getChunksDone() < 20) {
        Thread.onSpinWait();
      }
      first.close(); // abrupt: its shards go back to the queue
      f.startWorker("c", 2);
      JobResults disturbed = f.finish(id);
      assertArrayEquals(gamma(one), gamma(disturbed));
      assertEquals(r, disturbed.getFit());
    }
  }

  /** The value of a counter's data point with the label value {@code label}. */
  private static double counter(InProcessFarm f, String name, String label) {
    for (var m : f.coordinator.metrics().registry().scrape()) {
      if (m.getMetadata().getPrometheusName().equals(name)) {
        for (var d : ((CounterSnapshot) m).getDataPoints()) {
          if (d.getLabels().toString().contains(label)) {
            return d.getValue();
          }
        }
      }
    }
    return 0;
  }

  @Test
  void aFinishedFitIsServedAgainAfterARestart(@TempDir Path dir) {
    JobResults done;
    String id;
    try (InProcessFarm f = new InProcessFarm(dir)) {
      f.startWorker("solo", 2);
      id = f.submit(spec(fit().setMaxIterations(3)));
      done = f.finish(id);
    }
    try (InProcessFarm f = new InProcessFarm(dir)) {
      GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
      JobResults again = f.farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request);
      assertEquals(done.getFit(), again.getFit());
      assertEquals(JobState.SUCCEEDED, again.getStatus().getState());
      JobStatus listed =
          f.farm
              .withDeadlineAfter(30, TimeUnit.SECONDS)
              .listJobs(ListJobsRequest.getDefaultInstance())
              .getJobs(0);
      assertEquals(id, listed.getJobId());
      assertEquals(3, listed.getFit().getIteration(), "gofarm jobs shows where it ended");
      assertEquals(FitStop.FIT_STOP_MAX_ITERATIONS, listed.getFit().getStop());
      // A fit plays no games: gofarm games says so.
      StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> f.games(id));
      assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
      assertEquals(
          "job "
              + id
              + " is a fit job; it has no games (gofarm results "
              + id
              + " shows its results)",
          e.getStatus().getDescription());
    }
  }

  @Test
  void aFitStopsWhenACycleGainsTooLittle() {
    JobResults r;
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 2);
      r = f.finish(f.submit(spec(fit().setMaxIterations(100).setMinGain(0.5))));
    }
    FitResult fit = r.getFit();
    assertEquals(FitStop.FIT_STOP_CONVERGED, fit.getSummary().getStop());
    int cycle = fit.getSummary().getGroupsCount();
    int n = fit.getSummary().getIteration();
    assertEquals(0, n % cycle, "stopped at the end of a cycle");
    // The rule, from the figures: each cycle before the last gained at least 0.5, the last less.
    List<FitIteration> its = fit.getIterationsList();
    for (int k = cycle; k <= n; k += cycle) {
      double gain = its.get(k).getTrainLogLikelihood() - its.get(k - cycle).getTrainLogLikelihood();
      assertEquals(k == n, gain < 0.5, "cycle ending at iteration " + k + ": gain " + gain);
    }
    assertTrue(
        r.getStatus().getMessage().startsWith("converged after " + n + " iterations"),
        r.getStatus().getMessage());
    assertEquals(8L * (n + 1), r.getStatus().getChunksDone(), "no chunk beyond the last pass");
  }

  @Test
  void aCancelledFitSaysSo() {
    try (InProcessFarm f = new InProcessFarm()) {
      f.startWorker("solo", 1);
      String id = f.submit(spec(fit().setMaxIterations(10_000)));
      while (f.status(id).getFit().getPasses() < 2) {
        Thread.onSpinWait();
      }
      GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
      f.farm.withDeadlineAfter(30, TimeUnit.SECONDS).cancelJob(request);
      JobResults r = f.farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request);
      assertEquals(JobState.CANCELLED, r.getStatus().getState());
      assertEquals(FitStop.FIT_STOP_CANCELLED, r.getFit().getSummary().getStop());
      assertTrue(r.getFit().getIterationsCount() >= 2);
      assertEquals(FeatureSpace.size(), r.getFit().getGammaCount(), "the table reached");
    }
  }
}
