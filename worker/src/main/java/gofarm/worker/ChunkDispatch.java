package gofarm.worker;

import static gofarm.worker.WorkerLog.LOG;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.Chunk;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.engine.PlayoutEngine;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * What the worker does with each assignment, acknowledgement and chunk: queues it ({@link
 * ChunkQueue}), runs it on a playout thread, and sends its result or hands it back.
 *
 * <p>An assignment is decoded at once, except a match's game pair ({@link MatchChunks}), which is
 * decoded on the playout thread that plays it (a balanced random opening takes a few hundred
 * playouts to draw) and holds that one thread for both games, a position search ({@link
 * PositionSearchChunks}), a fit job's shard ({@link FitShardChunks}: its games are parsed there)
 * and a balance job's shard of positions ({@link BalanceShardChunks}), which hold one thread
 * likewise. An assignment of a chunk whose result is kept is answered with that result instead of
 * running it again; one in hand is not run twice; one that arrives while draining goes straight
 * back.
 *
 * <p>The outcomes are told apart for the hub: a result; a malformed assignment (cannot be run here:
 * handed back with a failure text counted against the job); an external engine that is missing,
 * cannot start, dies, times out or breaks the protocol (handed back with the engine and what
 * happened; the hub re-queues the chunk and fails the job after repeated failures); or another
 * error (a bug: handed back with the error). Encoding a result and publishing its metrics happen on
 * the playout thread; everything else on the control thread ({@link ControlThread}).
 */
final class ChunkDispatch implements HubConnection.Listener, ChunkQueue.Runner {
  private final String workerId;
  private final PlayoutEngine engine;
  private final MatchChunks matches;
  private final WorkerMetrics metrics;
  private final ControlThread control;
  private final ChunkQueue chunks;
  private final HubConnection connection;
  private final Drain drain;
  private final Consumer<String> onFatal;

  /**
   * @param onFatal stops the worker for good with a message (the hub refused it, or gave up)
   */
  ChunkDispatch(
      WorkerSettings settings,
      PlayoutEngine engine,
      WorkerMetrics metrics,
      ControlThread control,
      ChunkQueue chunks,
      HubConnection connection,
      Drain drain,
      Consumer<String> onFatal) {
    this.workerId = settings.id();
    this.engine = engine;
    this.matches = new MatchChunks(settings.engines());
    this.metrics = metrics;
    this.control = control;
    this.chunks = chunks;
    this.connection = connection;
    this.drain = drain;
    this.onFatal = onFatal;
  }

  @Override
  public void assigned(ChunkAssignment a) {
    ChunkKey key = ChunkKey.fromProto(a.getId());
    if (drain.isDraining()) {
      connection.returnChunk(key); // sent before the hub saw our Draining
      return;
    }
    ChunkResult done = chunks.kept(key);
    if (done != null) {
      connection.sendResult(done); // re-leased after a broken stream: the kept result is the answer
      return;
    }
    if (chunks.inHand(key)) {
      return; // its result goes out when it finishes
    }
    if (a.hasGamePair() || a.hasSearch() || a.hasFit() || a.hasBalance()) {
      // Decoded on its playout thread: drawing a balanced random opening takes milliseconds, and
      // a search or a shard of games holds its one thread as a game pair does.
      chunks.addPair(key, a);
      chunks.startChunks(this);
      return;
    }
    Chunk chunk;
    try {
      // Replays the position's moves: about 0.3 ms for 240 moves on 19x19, next to a chunk's
      // 1-2 s, so decoded positions are not cached.
      chunk = WorkerProtocol.chunk(a);
    } catch (StatusRuntimeException e) {
      LOG.error(
          "chunk {} cannot be run ({}); returning it to the coordinator",
          key,
          e.getStatus().getDescription());
      connection.returnChunk(key, malformed(e));
      return;
    }
    chunks.addPlayouts(chunk);
    chunks.startChunks(this);
  }

  @Override
  public void acknowledged(ChunkKey key) {
    if (chunks.acknowledge(key)) {
      drain.progress();
    }
  }

  @Override
  public void fatal(String message) {
    onFatal.accept(message);
  }

  /** Runs an evaluate chunk's playouts on a playout thread. */
  @Override
  public void run(Chunk chunk) {
    long start = System.nanoTime();
    engine
        .runChunk(chunk.root(), chunk.policy(), chunk.seed(), chunk.playouts())
        .handle(
            (stats, error) -> {
              // On the playout thread: encoding and metrics stay off the control thread.
              if (error != null) {
                control.post(() -> failed(chunk.key(), error));
                return null;
              }
              try {
                double seconds = (System.nanoTime() - start) / 1e9;
                metrics.chunkFinished(chunk.policy(), stats, seconds);
                ChunkResult result = WorkerProtocol.result(chunk.key(), stats, seconds);
                control.post(() -> finished(chunk.key(), result));
              } catch (RuntimeException e) {
                control.post(() -> failed(chunk.key(), e));
              }
              return null;
            });
  }

  /**
   * Plays a match chunk's game pair, runs a position search, sums a fit shard or runs a balance
   * shard, on one playout thread.
   */
  @Override
  public void play(ChunkKey key, ChunkAssignment a) {
    engine
        .run(
            () ->
                a.hasSearch()
                    ? PositionSearchChunks.run(a)
                    : a.hasFit()
                        ? FitShardChunks.run(a)
                        : a.hasBalance() ? BalanceShardChunks.run(a) : matches.play(a))
        .handle(
            (result, error) -> {
              Throwable cause =
                  error instanceof CompletionException && error.getCause() != null
                      ? error.getCause()
                      : error;
              if (cause == null) {
                control.post(() -> finished(key, result));
              } else if (cause instanceof StatusRuntimeException malformed) {
                control.post(() -> malformed(key, malformed));
              } else if (cause instanceof MatchChunks.EngineFailedException failed) {
                control.post(() -> engineFailed(key, failed.getMessage()));
              } else {
                control.post(() -> failed(key, cause));
              }
              return null;
            });
  }

  private void finished(ChunkKey key, ChunkResult result) {
    chunks.finished(key, result);
    connection.sendResult(result);
    chunks.startChunks(this);
    drain.progress();
  }

  private void malformed(ChunkKey key, StatusRuntimeException e) {
    LOG.error(
        "chunk {} cannot be run ({}); returning it to the coordinator",
        key,
        e.getStatus().getDescription());
    handBack(key, malformed(e));
  }

  private void engineFailed(ChunkKey key, String failure) {
    LOG.warn("chunk {} failed; returning it to the coordinator: {}", key, failure);
    handBack(key, failure);
  }

  private void failed(ChunkKey key, Throwable error) {
    LOG.error("chunk {} failed; returning it to the coordinator", key, error);
    handBack(key, "worker " + workerId + " failed: " + error);
  }

  /** A running chunk that ended without a result goes back with the reason; the next starts. */
  private void handBack(ChunkKey key, String failure) {
    chunks.ended(key);
    connection.returnChunk(key, failure);
    chunks.startChunks(this);
    drain.progress();
  }

  /**
   * The failure text for an assignment this worker cannot decode: counted against the job, so that
   * a coordinator of another release does not send the same chunk round forever.
   */
  private String malformed(StatusRuntimeException e) {
    return "worker "
        + workerId
        + " cannot run the assignment ("
        + e.getStatus().getDescription()
        + "); run workers of the coordinator's release";
  }
}
