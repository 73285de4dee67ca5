package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A job with a seed gives bit-identical statistics however it runs: one worker with one thread,
 * three workers with two threads each, or workers that stop abruptly mid-job and come back.
 */
class FarmDeterminismTest {

  private static JobSpec spec() throws IOException {
    String sgf = Files.readString(Path.of("..", "examples", "games", "9x9-gnugo-b.sgf"));
    return JobSpec.newBuilder()
        .setName("determinism")
        .setSeed(99)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(9))
                .addPositions(
                    PositionSource.newBuilder()
                        .setSgf(SgfSource.newBuilder().setText(sgf).setMove(24)))
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .addPolicies(PolicySpec.newBuilder().setName("heavy"))
                .setPlayouts(4_000)
                .setChunkPlayouts(400))
        .build();
  }

  /** An in-process farm: a coordinator and workers started and stopped at will. */
  private static final class Farm implements AutoCloseable {
    final String name = InProcessServerBuilder.generateName();
    final Coordinator coordinator =
        Coordinator.start(
            InProcessServerBuilder.forName(name),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(20), "test"));
    final ManagedChannel client = InProcessChannelBuilder.forName(name).build();
    final PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(client);
    final List<Worker> workers = new ArrayList<>();

    Worker startWorker(String id, int threads) {
      Worker w =
          new Worker(
              InProcessChannelBuilder.forName(name).build(),
              WorkerSettings.builder().id(id).threads(threads).version("test").build(),
              new WorkerMetrics(new PrometheusRegistry(), false));
      w.start();
      workers.add(w);
      return w;
    }

    String submit() throws IOException {
      return farm.withDeadlineAfter(30, TimeUnit.SECONDS)
          .submitJob(SubmitJobRequest.newBuilder().setSpec(spec()).build())
          .getJobId();
    }

    JobResults finish(String id) {
      GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
      Iterator<JobStatus> watch = farm.withDeadlineAfter(120, TimeUnit.SECONDS).watchJob(request);
      JobStatus last = null;
      while (watch.hasNext()) {
        last = watch.next();
      }
      assertEquals(JobState.SUCCEEDED, last.getState());
      return farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request);
    }

    @Override
    public void close() {
      for (Worker w : workers) {
        w.close();
      }
      client.shutdownNow();
      coordinator.close();
    }
  }

  @Test
  void theSameSeedGivesTheSameStatisticsWhateverRunsIt() throws Exception {
    JobResults one;
    try (Farm f = new Farm()) {
      f.startWorker("solo", 1);
      one = f.finish(f.submit());
    }
    JobResults many;
    try (Farm f = new Farm()) {
      for (int i = 0; i < 3; i++) {
        f.startWorker("w" + i, 2);
      }
      many = f.finish(f.submit());
    }
    assertSameStatistics(one, many);

    JobResults disturbed;
    try (Farm f = new Farm()) {
      Worker first = f.startWorker("a", 2);
      f.startWorker("b", 1);
      String id = f.submit();
      GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
      while (f.farm.getJob(request).getPlayoutsDone() < 8_000) {
        Thread.onSpinWait();
      }
      first.close(); // abrupt: its leases go back to the queue
      f.startWorker("a", 2); // and it comes back
      disturbed = f.finish(id);
    }
    assertSameStatistics(one, disturbed);
  }

  private static void assertSameStatistics(JobResults expected, JobResults actual) {
    assertEquals(expected.getPairsCount(), actual.getPairsCount());
    for (int i = 0; i < expected.getPairsCount(); i++) {
      assertEquals(expected.getPairs(i).getStats(), actual.getPairs(i).getStats(), "pair " + i);
      assertEquals(4_000, actual.getPairs(i).getPlayouts());
    }
  }
}
