package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Timestamp;
import gofarm.coordinator.actor.FinishedJob;
import gofarm.coordinator.actor.JobArchive;
import gofarm.coordinator.actor.JobManager;
import gofarm.coordinator.actor.WorkerPool;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.SubmitJobRequest;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Job ids stay unique under a flood, and an id that is taken (by a job restored from the archive of
 * an earlier run, the one way left to repeat one) is replaced by a fresh one while the manager
 * serves on.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class JobIdsTest {
  @JUnit5TestKit ActorTestKit testKit = ActorTestKit.create();

  private static final Instant SECOND = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void idsOfOneSecondNeverRepeat() {
    JobIds ids = new JobIds(Clock.fixed(SECOND, ZoneOffset.UTC));
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 200_000; i++) {
      String id = ids.next();
      assertTrue(id.matches("20260101-000000-[0-9a-z]{4}"), id);
      assertTrue(seen.add(id), "repeated " + id + " after " + i);
    }
  }

  @Test
  void aTakenIdIsReplacedByAFreshOneAndTheManagerServesOn() throws Exception {
    CoordinatorMetrics metrics = new CoordinatorMetrics(new PrometheusRegistry(), false);
    ActorRef<WorkerPool.Command> pool =
        testKit.spawn(WorkerPool.create(metrics, Duration.ofMinutes(1)));
    WireEncoder encoder = new WireEncoder();
    ActorRef<JobManager.Command> manager =
        testKit.spawn(
            JobManager.create(
                pool,
                metrics,
                encoder,
                JobArchive.NONE,
                Clock.systemUTC(),
                Duration.ofMinutes(1),
                0,
                gofarm.coordinator.job.JobLimits.defaults()));
    // A job of an earlier run, restored from the archive, holds the id the seam draws first.
    String taken = "20260101-000000-aaaa";
    manager.tell(
        new JobManager.Restore(
            new FinishedJob.Head(
                JobStatus.newBuilder()
                    .setJobId(taken)
                    .setState(JobState.SUCCEEDED)
                    .setSubmitted(Timestamp.newBuilder().setSeconds(SECOND.getEpochSecond()))
                    .build(),
                JobSpec.KindCase.EVALUATE)));
    Iterator<String> suffixes = List.of("aaaa", "bbbb", "cccc").iterator();
    Clock clock = Clock.fixed(SECOND, ZoneOffset.UTC);
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    String name = InProcessServerBuilder.generateName();
    Server server =
        InProcessServerBuilder.forName(name)
            .directExecutor()
            .addService(
                new FarmService(
                    manager,
                    pool,
                    testKit.system().scheduler(),
                    encoder,
                    new JobIds(clock, suffixes::next),
                    clock,
                    timer,
                    0))
            .build()
            .start();
    ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    try {
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(channel);
      SubmitJobRequest request =
          SubmitJobRequest.newBuilder().setSpec(CoordinatorLimitsTest.tiny("t", 8)).build();
      assertEquals("20260101-000000-bbbb", farm.submitJob(request).getJobId());
      assertEquals("20260101-000000-cccc", farm.submitJob(request).getJobId());
      assertEquals(
          List.of("20260101-000000-cccc", "20260101-000000-bbbb", taken),
          farm.listJobs(ListJobsRequest.newBuilder().setLimit(10).build()).getJobsList().stream()
              .map(JobStatus::getJobId)
              .toList());
    } finally {
      channel.shutdownNow();
      server.shutdownNow();
      timer.shutdownNow();
    }
  }
}
