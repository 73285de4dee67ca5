package gofarm.coordinator.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.coordinator.job.ChunkStats;
import gofarm.coordinator.job.EvaluatePlan;
import gofarm.coordinator.job.EvaluateReport;
import gofarm.coordinator.job.PlayoutTally;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PositionSource;
import gofarm.wire.Chunk;
import gofarm.wire.ChunkKey;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.Results;
import gofarm.wire.WorkerProtocol;
import org.junit.jupiter.api.Test;

/**
 * An evaluate job on the wire: assignments as workers read them, results decoded into the
 * statistics the worker computed or refused with the field at fault, and the report encoded with
 * {@code gofarm.wire.Results}.
 */
class EvaluateCodecTest {
  /** One empty 5x5 position, uniform, 1000 playouts in chunks of 300 (the last has 100). */
  private static final ResolvedEvaluation JOB =
      (ResolvedEvaluation)
          JobSpecs.resolve(
              JobSpec.newBuilder()
                  .setSeed(5)
                  .setEvaluate(
                      EvaluateSpec.newBuilder()
                          .addPositions(PositionSource.newBuilder().setEmpty(5))
                          .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                          .setPlayouts(1000)
                          .setChunkPlayouts(300))
                  .build());

  private final EvaluatePlan plan = new EvaluatePlan(JOB);
  private final EvaluateCodec codec = new EvaluateCodec("j", plan);

  /** What a worker sends for chunk {@code key}: it runs the assignment it was given. */
  private ChunkResult run(ChunkKey key) {
    ChunkAssignment a = codec.assignment(key);
    Chunk chunk = WorkerProtocol.chunk(a);
    Playout playout = new Playout(chunk.policy(), Geometry.of(5));
    PlayoutStats stats = playout.newStats();
    playout.run(chunk.root(), chunk.seed(), chunk.playouts(), stats);
    return WorkerProtocol.result(chunk.key(), stats, 0.1);
  }

  @Test
  void assignmentsCarryTheChunksSizeAndSeed() {
    ChunkAssignment last = codec.assignment(new ChunkKey("j", 0, 0, 3));
    assertEquals(100, last.getPlayouts());
    assertEquals(JOB.chunkSeed(0, 0, 3), last.getSeed());
    assertEquals(new ChunkKey("j", 0, 0, 3), ChunkKey.fromProto(last.getId()));
  }

  @Test
  void resultsDecodeIntoTheStatisticsTheWorkerSent() {
    ChunkKey key = new ChunkKey("j", 0, 0, 1);
    ChunkResult r = run(key);
    ChunkStats decoded = codec.decode(key, r);
    assertEquals(300, decoded.playouts());
    assertEquals(r.getStats().getLengthSum(), decoded.moves());
    PlayoutStats added = plan.pair(key).newStats();
    decoded.addTo(added);
    assertEquals(gofarm.wire.StatsCodec.decode(r.getStats()), added);
  }

  @Test
  void foreignOrMisshapenResultsAreRefusedWithTheFieldAtFault() {
    ChunkResult full = run(new ChunkKey("j", 0, 0, 0));
    ChunkKey other = new ChunkKey("k", 0, 0, 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> codec.decode(other, full));
    assertEquals("no such chunk: k/0/0/0", e.getMessage());
    ChunkKey outside = new ChunkKey("j", 0, 0, 4);
    e = assertThrows(IllegalArgumentException.class, () -> codec.decode(outside, full));
    assertEquals("no such chunk: j/0/0/4", e.getMessage());
    ChunkKey last = new ChunkKey("j", 0, 0, 3);
    e = assertThrows(IllegalArgumentException.class, () -> codec.decode(last, full));
    assertEquals(
        "chunk j/0/0/3: stats.playouts: must be the chunk's 100 (got 300)", e.getMessage());
    ChunkResult match = ChunkResult.newBuilder().setId(last.toProto()).setSeconds(1).build();
    e = assertThrows(IllegalArgumentException.class, () -> codec.decode(last, match));
    assertEquals("chunk j/0/0/3: stats: required", e.getMessage());
  }

  @Test
  void theReportIsEncodedWithTheResultsFigures() {
    PlayoutTally tally = plan.newTally();
    ChunkKey key = new ChunkKey("j", 0, 0, 0);
    tally.count(0, 0, codec.decode(key, run(key)));
    EvaluateReport report = tally.report(series -> false, false, 0, true);
    KindView view = codec.view(report);
    JobStatus.Builder status = JobStatus.newBuilder();
    view.status(status);
    assertEquals(Results.pairSummary(JOB, 0, 0, tally.aggregate(0), false), status.getPairs(0));
    JobResults.Builder results = JobResults.newBuilder();
    view.results(results);
    assertEquals(Results.positions(JOB), results.getPositionsList());
    assertEquals(Results.pairResult(JOB, 0, 0, tally.aggregate(0)), results.getPairs(0));
    assertTrue(view.countsPlayouts());
    assertEquals(1, view.playoutPairs().size());
    JobStatus.Builder listing = JobStatus.newBuilder();
    view.summary().status(listing);
    assertEquals(0, listing.getPairsCount(), "a listing shows no pairs");
    JobStatus.Builder queued = JobStatus.newBuilder();
    codec.queuedView().status(queued);
    assertEquals(0, queued.getPairsCount(), "nor does a queued job");
  }

  /**
   * Issue 33: a tally allocates a pair's statistics when it counts the pair's first chunk, a final
   * report shares them instead of copying, and a pair nothing was counted for is encoded as empty
   * statistics of its own shape; the results written a pair at a time parse to the same message.
   */
  @Test
  void uncountedPairsHoldNothingAndFinalReportsShareTheStatistics() throws Exception {
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                JobSpec.newBuilder()
                    .setSeed(5)
                    .setEvaluate(
                        EvaluateSpec.newBuilder()
                            .addPositions(PositionSource.newBuilder().setEmpty(5))
                            .addPositions(PositionSource.newBuilder().setEmpty(7))
                            .addPositions(PositionSource.newBuilder().setEmpty(5))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                            .setPlayouts(1000)
                            .setChunkPlayouts(300))
                    .build());
    EvaluatePlan plan = new EvaluatePlan(job);
    EvaluateCodec codec = new EvaluateCodec("j", plan);
    PlayoutTally tally = plan.newTally();
    long bookkeeping = 6 * 256;
    assertEquals(bookkeeping, tally.heldBytes(Long.MAX_VALUE), "nothing allocated when queued");

    PlayoutStats counted = plan.pairs().get(0).newStats();
    new Playout(plan.pairs().get(0).policySpec(), Geometry.of(5))
        .run(
            gofarm.playout.PlayoutRoot.of(job.positions().get(0).game(job.rules())),
            9,
            300,
            counted);
    tally.count(0, 0, ChunkStats.of(counted));
    assertEquals(
        bookkeeping + plan.pairs().get(0).statisticsBytes(), tally.heldBytes(Long.MAX_VALUE));

    EvaluateReport running = tally.report(series -> false, false, 0, true);
    assertNotSame(tally.aggregate(0), running.pairs().get(0).stats(), "a running job's copy");
    EvaluateReport last = tally.report(series -> false, true, 0, true);
    assertSame(tally.aggregate(0), last.pairs().get(0).stats(), "a final report's own");
    assertNull(last.pairs().get(5).stats(), "nothing counted, nothing shown");
    assertEquals(0, last.pairs().get(5).playouts());

    JobResults.Builder built = JobResults.newBuilder();
    codec.view(last).results(built);
    assertEquals(Results.pairResult(job, 0, 0, counted), built.getPairs(0));
    for (int pair = 1; pair < 6; pair++) {
      assertEquals(
          Results.pairResult(job, pair / 2, pair % 2, plan.pairs().get(pair).newStats()),
          built.getPairs(pair),
          "pair " + pair + ": empty statistics of its shape (pair 5 a copy of pair 1's)");
    }
    com.google.protobuf.ByteString.Output bytes = com.google.protobuf.ByteString.newOutput();
    com.google.protobuf.CodedOutputStream out =
        com.google.protobuf.CodedOutputStream.newInstance(bytes);
    codec.view(last).writeResults(out);
    out.flush();
    assertEquals(built.build(), JobResults.parseFrom(bytes.toByteString()));
  }
}
