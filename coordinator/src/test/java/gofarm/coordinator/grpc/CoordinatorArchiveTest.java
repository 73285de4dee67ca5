package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.job.JobLimits;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finished jobs' results under a small statistics budget with {@code --data-dir}, over gRPC on
 * 127.0.0.1: the oldest leave memory for the archive and are read from it on demand, every job's
 * results stay served, and after a restart every finished job is listed (from the start of its
 * results alone) and served again.
 */
class CoordinatorArchiveTest {
  /**
   * Room for one unfinished job of {@link #spec} (about 1.5 MiB) and a few finished jobs' results
   * (about 120 KB each).
   */
  private static final JobLimits LIMITS =
      new JobLimits(JobLimits.DEFAULT_MAX_JOB_CHUNKS, 10, 2 * JobLimits.MIB);

  @TempDir Path data;

  private Coordinator coordinator;
  private ManagedChannel channel;
  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm;

  private void start() {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", -1, data, Duration.ofSeconds(30), "test")
                .withLimits(LIMITS));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    farm = PlayoutFarmGrpc.newBlockingStub(channel);
  }

  private void stop() {
    channel.shutdownNow();
    coordinator.close();
  }

  @AfterEach
  void stopAll() {
    if (coordinator != null) {
      stop();
    }
  }

  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm() {
    return farm.withDeadlineAfter(30, TimeUnit.SECONDS);
  }

  /** One empty 25×25 position under 12 policies: 12 pairs, about 1.5 MiB while it runs. */
  private static JobSpec spec(int round) {
    EvaluateSpec.Builder e =
        EvaluateSpec.newBuilder()
            .addPositions(PositionSource.newBuilder().setEmpty(25))
            .setPlayouts(1_000);
    List<String> presets = List.of("uniform", "atari-local", "mogo", "heavy");
    for (int i = 0; i < 12; i++) {
      e.addPolicies(PolicySpec.newBuilder().setName(presets.get(i % presets.size())));
    }
    return JobSpec.newBuilder().setName("archived " + round).setEvaluate(e).build();
  }

  /**
   * Submits {@code spec}, again while the coordinator refuses it because results just finished are
   * still being written to the archive (they stay in memory, counted, until then): the archive's
   * first writes (JSON printing not yet compiled) are slower than this loop.
   */
  private String submit(JobSpec spec) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        return farm().submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()).getJobId();
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() != Status.Code.RESOURCE_EXHAUSTED
            || !e.getStatus().getDescription().contains("until their results are stored")
            || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(50); // the archive writes on a thread of its own: nothing here to wait on
      }
    }
  }

  private static GetJobRequest request(String id) {
    return GetJobRequest.newBuilder().setJobId(id).build();
  }

  private double finishedResultsBytesInMemory() {
    return coordinator.metrics().registry().scrape().stream()
        .filter(s -> s.getMetadata().getName().equals("gofarm_coordinator_statistics_bytes"))
        .flatMap(s -> ((GaugeSnapshot) s).getDataPoints().stream())
        .filter(d -> "finished".equals(d.getLabels().get("jobs")))
        .mapToDouble(GaugeSnapshot.GaugeDataPointSnapshot::getValue)
        .sum();
  }

  @Test
  void theOldestResultsLeaveMemoryForTheArchiveAndAreServedFromItAcrossARestart() throws Exception {
    start();
    List<String> ids = new ArrayList<>();
    List<JobResults> served = new ArrayList<>();
    long stored = 0;
    for (int round = 0; round < 16; round++) {
      String id = submit(spec(round));
      ids.add(id);
      assertEquals(JobState.CANCELLED, farm().cancelJob(request(id)).getState());
      // Served at once (from memory), whatever the archive is doing.
      JobResults results = farm().getResults(request(id));
      assertEquals(12, results.getPairsCount());
      served.add(results);
      stored += results.getSerializedSize();
    }
    assertTrue(
        finishedResultsBytesInMemory() < stored / 2,
        "most results left memory: "
            + finishedResultsBytesInMemory()
            + " bytes of "
            + stored
            + " in memory");
    for (int i = 0; i < ids.size(); i++) {
      assertEquals(served.get(i), farm().getResults(request(ids.get(i))), "job " + i);
    }

    stop();
    start();
    List<JobStatus> listed =
        farm().listJobs(ListJobsRequest.newBuilder().setLimit(20).build()).getJobsList();
    assertEquals(16, listed.size());
    for (JobStatus s : listed) {
      assertEquals(JobState.CANCELLED, s.getState());
      assertEquals(0, s.getPairsCount(), "a listing has the headlines only");
    }
    for (int i = 0; i < ids.size(); i++) {
      assertEquals(served.get(i), farm().getResults(request(ids.get(i))), "job " + i);
      JobStatus status = farm().getJob(request(ids.get(i)));
      assertEquals(served.get(i).getStatus(), status, "the full status, pairs and all");
    }
    assertEquals(0, finishedResultsBytesInMemory(), "read from the archive, not kept");
  }
}
