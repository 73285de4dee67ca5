package gofarm.coordinator.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
