package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A coordinator and workers in this JVM over in-process gRPC, started and stopped at will: the real
 * services and actors without sockets, for tests that run many jobs.
 */
final class InProcessFarm implements AutoCloseable {
  final String name = InProcessServerBuilder.generateName();
  final Coordinator coordinator;
  final ManagedChannel client = InProcessChannelBuilder.forName(name).build();
  final PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(client);
  private final List<Worker> workers = new ArrayList<>();

  InProcessFarm() {
    this(null);
  }

  /** A farm whose coordinator keeps its jobs in {@code dataDir} (null: nothing kept). */
  InProcessFarm(Path dataDir) {
    this(dataDir, -1);
  }

  /**
   * The same with the coordinator's HTTP port (metrics, health, web pages) on {@code metricsPort}
   * of 127.0.0.1: 0 for any free port, -1 for none.
   */
  InProcessFarm(Path dataDir, int metricsPort) {
    coordinator =
        Coordinator.start(
            InProcessServerBuilder.forName(name),
            new CoordinatorSettings(
                "127.0.0.1", metricsPort, dataDir, Duration.ofSeconds(20), "test"));
  }

  Worker startWorker(String id, int threads) {
    return startWorker(WorkerSettings.builder().id(id).threads(threads));
  }

  Worker startWorker(WorkerSettings.Builder settings) {
    Worker w =
        new Worker(
            InProcessChannelBuilder.forName(name).build(),
            settings.version("test").build(),
            new WorkerMetrics(new PrometheusRegistry(), false));
    w.start();
    workers.add(w);
    return w;
  }

  String submit(JobSpec spec) {
    return farm.withDeadlineAfter(30, TimeUnit.SECONDS)
        .submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build())
        .getJobId();
  }

  JobStatus status(String id) {
    return farm.withDeadlineAfter(30, TimeUnit.SECONDS)
        .getJob(GetJobRequest.newBuilder().setJobId(id).build());
  }

  /** Watches the job to its end, checks that it succeeded, and returns its results. */
  JobResults finish(String id) {
    GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
    Iterator<JobStatus> watch = farm.withDeadlineAfter(300, TimeUnit.SECONDS).watchJob(request);
    JobStatus last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertEquals(JobState.SUCCEEDED, last.getState(), last.getMessage());
    return farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request);
  }

  /** A match's games, in pair order. */
  List<GameRecord> games(String id) {
    List<GameRecord> games = new ArrayList<>();
    farm.withDeadlineAfter(30, TimeUnit.SECONDS)
        .getGames(GetJobRequest.newBuilder().setJobId(id).build())
        .forEachRemaining(games::add);
    return games;
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
