package gofarm.worker;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.Chunk;
import gofarm.wire.ChunkKey;
import gofarm.worker.metrics.WorkerMetrics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The chunks a worker holds, by key: queued (assigned, not started), running, and finished with
 * their results kept until the hub acknowledges them. The hub assigns at most the worker's credit
 * ({@link WorkerSettings#credit()}, twice the threads by default) at once, so that a thread never
 * waits for the hub; at most one chunk per thread runs, so that the chunks not started can still be
 * handed back (on a drain) or forgotten (when the stream breaks, the hub re-queues them).
 *
 * <p>A result is kept until acknowledged, because losing one is the only harm: a chunk's statistics
 * depend only on its position, policy, playout count and seed, and the hub counts each chunk once
 * by its key, so sending a result twice or running a chunk twice is harmless.
 *
 * <p>Control thread only (see {@link ControlThread}); a {@link Runner} starts the chunks on the
 * playout threads.
 */
final class ChunkQueue {
  /** Starts a chunk on a playout thread; called on the control thread. */
  interface Runner {
    /** Runs an evaluate chunk's playouts. */
    void run(Chunk chunk);

    /** Plays a match chunk's game pair; the assignment is decoded on the playout thread. */
    void play(ChunkKey key, ChunkAssignment assignment);
  }

  /** A chunk waiting for a thread. */
  private sealed interface Work permits Playouts, Pair {}

  /** Playouts of an evaluate job, decoded when assigned. */
  private record Playouts(Chunk chunk) implements Work {}

  /** A match's game pair, decoded on its thread. */
  private record Pair(ChunkKey key, ChunkAssignment assignment) implements Work {}

  private final int threads;
  private final WorkerMetrics metrics;
  private final Map<ChunkKey, Work> queued = new LinkedHashMap<>();
  private final Set<ChunkKey> running = new HashSet<>();
  private final Map<ChunkKey, ChunkResult> unacked = new LinkedHashMap<>();

  /**
   * @param threads the playout threads: at most this many chunks run at once
   */
  ChunkQueue(int threads, WorkerMetrics metrics) {
    this.threads = threads;
    this.metrics = metrics;
  }

  /** Queues an evaluate chunk, decoded. */
  void addPlayouts(Chunk chunk) {
    queued.put(chunk.key(), new Playouts(chunk));
  }

  /** Queues a match chunk's game pair, to be decoded on its thread. */
  void addPair(ChunkKey key, ChunkAssignment assignment) {
    queued.put(key, new Pair(key, assignment));
  }

  /** Hands queued chunks to {@code runner} while threads are free, in the order they came. */
  void startChunks(Runner runner) {
    Iterator<Work> next = queued.values().iterator();
    while (running.size() < threads && next.hasNext()) {
      Work work = next.next();
      next.remove();
      if (work instanceof Playouts p) {
        running.add(p.chunk().key());
        runner.run(p.chunk());
      } else if (work instanceof Pair p) {
        running.add(p.key());
        runner.play(p.key(), p.assignment());
      }
    }
    metrics.busyThreads(running.size());
  }

  /** Whether the chunk is queued or running: its result goes out when it finishes. */
  boolean inHand(ChunkKey key) {
    return running.contains(key) || queued.containsKey(key);
  }

  /** The chunk's result kept for the hub's acknowledgement, or null. */
  ChunkResult kept(ChunkKey key) {
    return unacked.get(key);
  }

  /** A running chunk finished: its result is kept until acknowledged. */
  void finished(ChunkKey key, ChunkResult result) {
    running.remove(key);
    unacked.put(key, result);
    metrics.resultsUnacked(unacked.size());
  }

  /** A running chunk ended without a result (handed back). */
  void ended(ChunkKey key) {
    running.remove(key);
  }

  /** Forgets a kept result the hub acknowledged; false if none was kept. */
  boolean acknowledge(ChunkKey key) {
    if (unacked.remove(key) == null) {
      return false;
    }
    metrics.resultsUnacked(unacked.size());
    return true;
  }

  /** Empties the queue of chunks not started; returns their keys in assignment order. */
  List<ChunkKey> forgetQueued() {
    List<ChunkKey> keys = new ArrayList<>(queued.keySet());
    queued.clear();
    return keys;
  }

  /** The results kept for acknowledgement, in the order the chunks finished. */
  Collection<ChunkResult> unackedResults() {
    return unacked.values();
  }

  int queuedCount() {
    return queued.size();
  }

  int runningCount() {
    return running.size();
  }

  int unackedCount() {
    return unacked.size();
  }

  /** Nothing running and every result acknowledged: what a drain waits for. */
  boolean isSettled() {
    return running.isEmpty() && unacked.isEmpty();
  }
}
