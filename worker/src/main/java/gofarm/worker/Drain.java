package gofarm.worker;

import static gofarm.worker.WorkerLog.LOG;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A worker's drain: it tells the hub (which stops assigning), hands back every chunk not started,
 * lets running chunks finish and is done when every result is acknowledged (a broken stream is
 * dialed again to deliver them). A worker that dies without draining loses nothing either: the hub
 * re-queues its leases.
 *
 * <p>{@link #await} may be called on any thread; everything else on the control thread.
 */
final class Drain {
  private final ChunkQueue chunks;
  private final HubConnection connection;

  /** True once every chunk is finished and acknowledged; false if the worker stopped first. */
  private final CompletableFuture<Boolean> done = new CompletableFuture<>();

  private boolean draining;

  Drain(ChunkQueue chunks, HubConnection connection) {
    this.chunks = chunks;
    this.connection = connection;
  }

  /** Drains a worker that was never started: there is nothing to wait for. */
  void beginUnstarted() {
    draining = true;
    done.complete(true);
  }

  /** Tells the hub, hands back the chunks not started, and checks whether that was all. */
  void begin() {
    draining = true;
    LOG.info(
        "draining: returning {} chunks not started, finishing {} running, {} results to be"
            + " acknowledged",
        chunks.queuedCount(),
        chunks.runningCount(),
        chunks.unackedCount());
    connection.drain();
    chunks.forgetQueued().forEach(connection::returnChunk);
    progress();
  }

  /** Whether a drain has begun: the hub's assignments go straight back. */
  boolean isDraining() {
    return draining;
  }

  /** After a chunk ended or a result was acknowledged: during a drain, done if nothing is left. */
  void progress() {
    if (draining && chunks.isSettled()) {
      done.complete(true);
    }
  }

  /** Whether every result was acknowledged (so the stream may be half-closed cleanly). */
  boolean isDone() {
    return done.getNow(false);
  }

  /** The worker stopped: a drain still waiting is cut short. */
  void abandon() {
    done.complete(false);
  }

  /**
   * Waits at most {@code timeout} for the drain to be done.
   *
   * @return false if it timed out, was interrupted or the worker stopped first
   */
  boolean await(Duration timeout) {
    try {
      return done.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      throw new IllegalStateException("drained never fails", e);
    }
  }
}
