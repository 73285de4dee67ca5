package gofarm.worker;

import static gofarm.worker.WorkerLog.LOG;

import gofarm.worker.engine.PlayoutEngine;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * A worker node: dials the coordinator's {@code WorkerHub}, runs the chunks it is assigned on a
 * pool of playout threads, and streams their results back, keeping each result until the hub
 * acknowledges it.
 *
 * <pre>{@code
 * Worker worker = new Worker(channel, WorkerSettings.builder().build(), new WorkerMetrics());
 * worker.start();
 * Runtime.getRuntime().addShutdownHook(new Thread(() -> worker.drain(Duration.ofSeconds(25))));
 * worker.awaitTermination(); // throws WorkerFailedException if the hub refused this worker
 * }</pre>
 *
 * <p>This class holds the lifecycle (start, drain, close, stop); its parts, all confined to one
 * {@link ControlThread} (no locks, a single writer of the stream), are:
 *
 * <ul>
 *   <li>{@link HubConnection}: the stream, hello and welcome, heartbeats, and dialing again after a
 *       {@link Backoff} delay ({@link Reconnects}); a refusal stops the worker for good, and {@link
 *       #awaitTermination} throws {@link WorkerFailedException} with the hub's message.
 *   <li>{@link ChunkQueue}: the chunks queued, running, and finished with results kept until
 *       acknowledged, so that neither a broken stream nor a restarted hub loses a result.
 *   <li>{@link ChunkDispatch}: what each assignment, acknowledgement and chunk outcome means; runs
 *       evaluate chunks and match game pairs ({@link MatchChunks}) on the playout threads.
 *   <li>{@link Drain}: hands back the chunks not started and waits for every acknowledgement.
 * </ul>
 *
 * The worker owns the channel and the playout threads and shuts both down when it stops.
 */
public final class Worker implements AutoCloseable {
  /** How long {@link #close} and {@link #drain} wait for the channel once the stream is done. */
  private static final Duration CHANNEL_GRACE = Duration.ofSeconds(5);

  private enum State {
    NEW,
    RUNNING,
    DRAINING,
    STOPPED
  }

  private final WorkerSettings settings;
  private final ManagedChannel channel;
  private final PlayoutEngine engine;
  private final ControlThread control;
  private final ChunkQueue chunks;
  private final HubConnection connection;
  private final Drain drain;
  private final ChunkDispatch dispatch;
  private final CompletableFuture<Void> terminated = new CompletableFuture<>();
  private State state = State.NEW; // control thread only

  /**
   * A worker that will dial the hub through {@code channel} (TCP in production, in-process in
   * tests) once {@link #start}ed. It starts its playout threads at once.
   */
  public Worker(ManagedChannel channel, WorkerSettings settings, WorkerMetrics metrics) {
    this.channel = channel;
    this.settings = settings;
    this.engine = new PlayoutEngine(settings.threads());
    this.control = new ControlThread(this::internalError);
    this.chunks = new ChunkQueue(engine.threads(), metrics);
    this.connection = new HubConnection(channel, settings, metrics, control, chunks);
    this.drain = new Drain(chunks, connection);
    this.dispatch =
        new ChunkDispatch(
            settings, engine, metrics, control, chunks, connection, drain, this::fail);
    metrics.threads(settings.threads());
    metrics.busyThreads(0);
    metrics.connected(false);
    metrics.resultsUnacked(0);
  }

  public WorkerSettings settings() {
    return settings;
  }

  /**
   * Dials the hub; returns at once. Failures to connect are retried in the background.
   *
   * @throws IllegalStateException if the worker was started or stopped before
   */
  public void start() {
    CompletableFuture<Boolean> started = new CompletableFuture<>();
    boolean posted =
        control.post(
            () -> {
              if (state != State.NEW) {
                started.complete(false);
                return;
              }
              state = State.RUNNING;
              LOG.info(
                  "worker {} connecting to the coordinator at {} ({} {}, credit {},"
                      + " engines: {})",
                  settings.id(),
                  channel.authority(),
                  settings.threads(),
                  settings.threads() == 1 ? "thread" : "threads",
                  settings.credit(),
                  settings.engines().isEmpty() ? "none" : settings.engines());
              started.complete(true);
              connection.start(dispatch);
            });
    if (!posted || !started.join()) {
      throw new IllegalStateException("worker " + settings.id() + " was started or stopped before");
    }
  }

  /**
   * Drains the worker and stops it: tells the hub to assign nothing more, returns the chunks not
   * started, lets running chunks finish and waits for their results to be acknowledged, at most
   * {@code timeout} in all; then closes the stream, the threads and the channel. Blocks until the
   * worker has stopped.
   *
   * @return true if every result was acknowledged in time; false if the timeout cut the drain short
   *     (the hub re-queues the chunks it still leased) or the worker had stopped already
   */
  public boolean drain(Duration timeout) {
    if (!control.post(this::beginDrain)) {
      awaitStopped();
      return false;
    }
    boolean clean = drain.await(timeout);
    control.post(
        () -> {
          if (!clean && state != State.STOPPED) {
            LOG.warn(
                "drain timed out after {} with {} chunks running and {} results unacknowledged;"
                    + " the coordinator re-queues them",
                timeout,
                chunks.runningCount(),
                chunks.unackedCount());
          }
          stop(null);
        });
    awaitStopped();
    return clean;
  }

  /**
   * Stops at once without draining: cancels the stream (the hub re-queues this worker's chunks) and
   * shuts down the threads and the channel. Blocks until the worker has stopped; idempotent.
   */
  @Override
  public void close() {
    control.post(() -> stop(null));
    awaitStopped();
  }

  /**
   * Waits until the worker has stopped (drained, closed, or failed).
   *
   * @throws WorkerFailedException if it stopped because the hub refused it or no coordinator
   *     answered within {@link WorkerSettings#giveUpAfter()}
   */
  public void awaitTermination() {
    try {
      terminated.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof WorkerFailedException failed) {
        throw failed;
      }
      throw e;
    }
  }

  /**
   * Completes when the worker has stopped; exceptionally, with {@link WorkerFailedException}, when
   * the hub refused it or no coordinator answered in time.
   */
  public CompletableFuture<Void> terminated() {
    return terminated.copy();
  }

  // ------------------------------------------------------------------ control thread

  private void beginDrain() {
    if (state == State.NEW) {
      state = State.DRAINING;
      drain.beginUnstarted();
    } else if (state == State.RUNNING) {
      state = State.DRAINING;
      drain.begin();
    } // else draining already, or stopped (and then the drain is over)
  }

  private void fail(String message) {
    LOG.error(message);
    stop(new WorkerFailedException(message));
  }

  /** A bug in a control-thread task stops the worker loudly. */
  private void internalError(RuntimeException e) {
    LOG.error("worker {} internal error", settings.id(), e);
    stop(new WorkerFailedException("internal error: " + e));
  }

  /** Ends the stream and the threads; {@code failure} null for a drain or close. */
  private void stop(WorkerFailedException failure) {
    if (state == State.STOPPED) {
      return;
    }
    boolean clean = drain.isDone();
    state = State.STOPPED;
    connection.close(clean);
    chunks.forgetQueued();
    engine.close();
    channel.shutdown();
    control.shutdown();
    drain.abandon();
    int running = chunks.runningCount();
    LOG.info(
        "worker {} stopped{}",
        settings.id(),
        clean
            ? " after draining"
            : running == 0
                ? ""
                : "; the coordinator re-queues the " + running + " chunks it was running");
    if (failure == null) {
      terminated.complete(null);
    } else {
      terminated.completeExceptionally(failure);
    }
  }

  private void awaitStopped() {
    terminated.handle((ok, failure) -> null).join();
    try {
      if (!channel.awaitTermination(CHANNEL_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        channel.shutdownNow();
      }
    } catch (InterruptedException e) {
      channel.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
