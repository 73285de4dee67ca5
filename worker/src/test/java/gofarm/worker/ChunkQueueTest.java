package gofarm.worker;

import static gofarm.worker.TestChunks.assignment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.Chunk;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.metrics.MetricsText;
import gofarm.worker.metrics.WorkerMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chunks in hand: one per thread running, in the order assigned, results kept until acked. */
class ChunkQueueTest {
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final WorkerMetrics metrics = new WorkerMetrics(registry, false);

  /** Records what it was asked to start, as chunk numbers; a pair as its negated number. */
  private static final class Started implements ChunkQueue.Runner {
    final List<Integer> chunks = new ArrayList<>();

    @Override
    public void run(Chunk chunk) {
      chunks.add(chunk.key().chunk());
    }

    @Override
    public void play(ChunkKey key, ChunkAssignment assignment) {
      chunks.add(-key.chunk());
    }
  }

  private static Chunk chunk(int n) {
    return WorkerProtocol.chunk(assignment("job", n, "uniform", 10));
  }

  private static ChunkKey key(int n) {
    return chunk(n).key();
  }

  private static ChunkResult result(int n) {
    return ChunkResult.newBuilder().setId(key(n).toProto()).setSeconds(n).build();
  }

  @Test
  void atMostOneChunkPerThreadRunsInTheOrderAssigned() {
    ChunkQueue queue = new ChunkQueue(2, metrics);
    Started started = new Started();
    queue.addPlayouts(chunk(1));
    queue.addPair(key(2), assignment("job", 2, "uniform", 10));
    queue.addPlayouts(chunk(3));
    queue.startChunks(started);
    assertEquals(List.of(1, -2), started.chunks);
    assertEquals(2, queue.runningCount());
    assertEquals(1, queue.queuedCount());
    assertEquals(2, MetricsText.value(registry, "gofarm_worker_busy_threads"));
    assertTrue(queue.inHand(key(2)) && queue.inHand(key(3)));

    queue.startChunks(started);
    assertEquals(List.of(1, -2), started.chunks, "no thread is free");
    queue.ended(key(2));
    queue.startChunks(started);
    assertEquals(List.of(1, -2, 3), started.chunks);
    assertFalse(queue.inHand(key(2)));
  }

  @Test
  void resultsAreKeptUntilAcknowledged() {
    ChunkQueue queue = new ChunkQueue(1, metrics);
    queue.addPlayouts(chunk(1));
    queue.startChunks(new Started());
    ChunkResult r = result(1);
    queue.finished(key(1), r);
    assertFalse(queue.inHand(key(1)));
    assertSame(r, queue.kept(key(1)));
    assertEquals(List.of(r), List.copyOf(queue.unackedResults()));
    assertEquals(1, MetricsText.value(registry, "gofarm_worker_results_unacked"));
    assertFalse(queue.isSettled(), "a result not acknowledged is not settled");

    assertTrue(queue.acknowledge(key(1)));
    assertFalse(queue.acknowledge(key(1)), "acknowledged once");
    assertNull(queue.kept(key(1)));
    assertEquals(0, MetricsText.value(registry, "gofarm_worker_results_unacked"));
    assertTrue(queue.isSettled());
  }

  @Test
  void forgettingTheQueueKeepsTheRunningChunks() {
    ChunkQueue queue = new ChunkQueue(1, metrics);
    for (int n = 1; n <= 3; n++) {
      queue.addPlayouts(chunk(n));
    }
    queue.startChunks(new Started());
    assertEquals(List.of(key(2), key(3)), queue.forgetQueued());
    assertEquals(0, queue.queuedCount());
    assertTrue(queue.inHand(key(1)));
    assertFalse(queue.inHand(key(2)));
    assertFalse(queue.isSettled(), "chunk 1 still runs");
  }
}
