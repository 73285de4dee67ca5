package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.Welcome;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerProtocolTest {

  private static Hello.Builder hello() {
    return Hello.newBuilder()
        .setWorkerId("node-7.zone_a:1")
        .setThreads(8)
        .setProtocolVersion(WorkerProtocol.VERSION);
  }

  private static StatusRuntimeException refused(Hello.Builder hello) {
    return assertThrows(
        StatusRuntimeException.class, () -> WorkerProtocol.checkHello(hello.build()));
  }

  @Test
  void aValidHelloAndItsCredit() {
    WorkerProtocol.checkHello(hello().putLabels("zone", "a").build());
    assertEquals(16, WorkerProtocol.credit(hello().build()), "2 per thread by default");
    assertEquals(5, WorkerProtocol.credit(hello().setCredit(5).build()));
  }

  @Test
  void anotherProtocolVersionIsAFailedPrecondition() {
    StatusRuntimeException e = refused(hello().setProtocolVersion(2));
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
    assertEquals(
        "the worker speaks worker protocol 2, this coordinator speaks 1; run workers of the same"
            + " gofarm release as the coordinator",
        e.getStatus().getDescription());
    e = refused(hello().clearProtocolVersion().setThreads(0));
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode(), "version first");
    assertEquals(
        "the worker did not say which protocol it speaks (hello.protocolVersion is unset); this"
            + " coordinator speaks worker protocol 1; run workers of the same gofarm release as"
            + " the coordinator",
        e.getStatus().getDescription());
  }

  @Test
  void helloFields() {
    StatusRuntimeException e =
        refused(
            hello()
                .setWorkerId("bad id!")
                .setThreads(0)
                .setCredit(5000)
                .putLabels("zone", "z".repeat(129)));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "hello.workerId: must be 1..128 characters of A-Z a-z 0-9 . _ : - (got 'bad id!');"
            + " hello.threads: must be 1..1024 (got 0); hello.credit: must be 1..4096 (got 5000);"
            + " hello.labels.zone: at most 128 characters (got 129)",
        e.getStatus().getDescription());
    assertEquals(
        "hello.workerId: must be 1..128 characters of A-Z a-z 0-9 . _ : - (got '')",
        refused(hello().clearWorkerId()).getStatus().getDescription());
    Hello.Builder many = hello();
    for (int i = 0; i < 33; i++) {
      many.putLabels("l" + i, "v");
    }
    assertEquals(
        "hello.labels: at most 32 labels (got 33)", refused(many).getStatus().getDescription());
    assertEquals(
        "hello.labels: a label name must be 1..128 characters (got 0)",
        refused(hello().putLabels("", "v")).getStatus().getDescription());
  }

  @Test
  void welcome() {
    Welcome w = WorkerProtocol.welcome(30, "0.1.0");
    assertEquals(WorkerProtocol.VERSION, w.getProtocolVersion());
    assertEquals(30, w.getLeaseSeconds());
    assertNull(WorkerProtocol.welcomeProblem(w));
    assertEquals(
        "the coordinator speaks worker protocol 3, this worker speaks 1; run a worker of the same"
            + " gofarm release as the coordinator",
        WorkerProtocol.welcomeProblem(w.toBuilder().setProtocolVersion(3).build()));
  }

  /** A job's chunk goes to a worker and its result comes back into the aggregate. */
  @Test
  void chunkRoundTrip() {
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                JobSpec.newBuilder()
                    .setSeed(99)
                    .setRules(gofarm.proto.v1.Rules.newBuilder().setKomi(6.5))
                    .setEvaluate(
                        EvaluateSpec.newBuilder()
                            .addPositions(
                                PositionSource.newBuilder()
                                    .setSgf(
                                        SgfSource.newBuilder()
                                            .setText(JobSpecsTest.sgfGame(9, 30, 3))
                                            .setMove(21)))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                            .setPlayouts(100)
                            .setChunkPlayouts(40))
                    .build());
    ChunkAssignment a = WorkerProtocol.assignment("job-1", job, 0, 1, 2);
    assertEquals(20, a.getPlayouts(), "the last chunk: 100 - 2 * 40");
    assertEquals(job.chunkSeed(0, 1, 2), a.getSeed());

    Chunk chunk = WorkerProtocol.chunk(a);
    assertEquals(new ChunkKey("job-1", 0, 1, 2), chunk.key());
    assertEquals(job.policies().get(1), chunk.policy());
    assertEquals(20, chunk.playouts());
    assertEquals(job.chunkSeed(0, 1, 2), chunk.seed());
    PlayoutRoot expected = PlayoutRoot.of(job.positions().get(0).game(job.rules()));
    assertArrayEquals(expected.board().colors(), chunk.root().board().colors());
    assertEquals(expected.toPlay(), chunk.root().toPlay());
    assertEquals(expected.lastMove(), chunk.root().lastMove());
    assertEquals(6.5, chunk.root().komi());

    Playout playout = new Playout(chunk.policy(), chunk.root().board().geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(chunk.root(), chunk.seed(), chunk.playouts(), stats);
    ChunkResult result = WorkerProtocol.result(chunk.key(), stats, 0.25);
    assertEquals(chunk.key(), ChunkKey.fromProto(result.getId()));

    PlayoutStats aggregate = playout.newStats();
    assertEquals(
        List.of(), WorkerProtocol.resultProblems(result, aggregate, job.playoutsOfChunk(0, 1, 2)));
    StatsCodec.mergeInto(aggregate, result.getStats());
    assertEquals(stats, aggregate);
  }

  @Test
  void badAssignments() {
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> WorkerProtocol.chunk(ChunkAssignment.getDefaultInstance()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "id.jobId: required; playouts: must be 1..10000000 (got 0); policy: give a preset name"
            + " (uniform, atari-local, atari-global, mogo, heavy), rules or text; position.size:"
            + " must be 2..25 (got 0)",
        e.getStatus().getDescription());
  }

  @Test
  void badResults() {
    PlayoutStats shape = StatsCodecTest.handMade();
    ChunkResult good =
        ChunkResult.newBuilder()
            .setId(new ChunkKey("j", 0, 0, 0).toProto())
            .setStats(StatsCodec.toProto(shape))
            .setSeconds(1.5)
            .build();
    assertEquals(List.of(), WorkerProtocol.resultProblems(good, shape, 4));
    assertEquals(
        List.of("stats.playouts: must be the chunk's 5 (got 4)"),
        WorkerProtocol.resultProblems(good, shape, 5));
    assertEquals(
        List.of("seconds: must be finite and not negative (got NaN)", "stats: required"),
        WorkerProtocol.resultProblems(
            good.toBuilder().setSeconds(Double.NaN).clearStats().build(), shape, 4));
    assertEquals(
        List.of("stats.size: must be 3 (got 4)"),
        WorkerProtocol.resultProblems(
            good.toBuilder().setStats(good.getStats().toBuilder().setSize(4)).build(), shape, 4));
  }

  @Test
  void chunkKeys() {
    ChunkKey key = new ChunkKey("job", 1, 2, 3);
    assertEquals(key, ChunkKey.fromProto(key.toProto()));
    assertEquals("job/1/2/3", key.toString());
  }
}
