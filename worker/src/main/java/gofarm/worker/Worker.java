package gofarm.worker;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.ChunkReturned;
import gofarm.proto.v1.Draining;
import gofarm.proto.v1.Heartbeat;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.Welcome;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.Chunk;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.engine.PlayoutEngine;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <h2>A stream's life</h2>
 *
 * Each stream starts with a {@code Hello}; after the hub's {@code Welcome} the worker sends again
 * every result not yet acknowledged, then a {@code Heartbeat} every {@link
 * WorkerSettings#heartbeat()} (at most a third of the hub's lease, since the hub drops silent
 * workers). Assignments are decoded at once (match chunks when they start) and queued; at most one
 * chunk per thread runs, so chunks not started can still be handed back. When a stream breaks, the
 * worker forgets the chunks it had not started (the hub re-queues a lost stream's leases), lets
 * running chunks finish, and dials again after a {@link Backoff} delay. A refusal
 * (FAILED_PRECONDITION for another protocol version, INVALID_ARGUMENT for a bad hello,
 * UNIMPLEMENTED for a server that is no hub) is final: {@link #awaitTermination} throws {@link
 * WorkerFailedException} with the hub's message.
 *
 * <h2>No loss, no double counting</h2>
 *
 * A chunk's statistics depend only on its position, policy, playout count and seed (see {@link
 * PlayoutEngine}), and the hub counts each chunk once by its key. So sending a result twice, or
 * running a chunk another worker also ran, is harmless; losing one is not, hence the results kept
 * until acknowledged. An assignment of a chunk whose result is kept is answered with that result
 * instead of running it again.
 *
 * <h2>Match chunks</h2>
 *
 * A chunk with a {@code game_pair} is a match's colour-swapped pair of games ({@link MatchChunks}).
 * It is decoded on the playout thread that plays it (a balanced random opening takes a few hundred
 * playouts to draw) and holds that one thread for both games; search players with playout budgets
 * play the same games on any worker, so the guarantees above hold for pairs too. External engines
 * ({@link WorkerSettings#engines()}, advertised in the hello) run as child processes, the program
 * name replaced by this worker's executable and no shell involved. When an engine is missing,
 * cannot start, dies, times out or breaks the protocol, the chunk is handed back with a {@code
 * ChunkReturned.failure} that names the engine and what happened; the hub re-queues it and fails
 * the job after repeated failures. A malformed assignment of either kind is logged and handed back
 * without running, with a failure text too.
 *
 * <h2>Draining</h2>
 *
 * {@link #drain} tells the hub (which stops assigning), returns every chunk not started, lets
 * running chunks finish and waits for all acknowledgements before it closes the stream. A worker
 * that dies without draining loses nothing either: the hub re-queues its leases.
 *
 * <h2>Threads</h2>
 *
 * All state belongs to one control thread. gRPC callbacks, finished chunks, timers and the
 * lifecycle methods post tasks to it, so there are no locks and the stream has a single writer
 * (gRPC's {@code StreamObserver} is not thread-safe). The worker owns the channel and the playout
 * threads and shuts both down when it stops.
 */
public final class Worker implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

  /** How long {@link #close} and {@link #drain} wait for the channel once the stream is done. */
  private static final Duration CHANNEL_GRACE = Duration.ofSeconds(5);

  private enum State {
    NEW,
    RUNNING,
    DRAINING,
    STOPPED
  }

  private final WorkerSettings settings;
  private final WorkerMetrics metrics;
  private final ManagedChannel channel;
  private final WorkerHubGrpc.WorkerHubStub hub;
  private final PlayoutEngine engine;
  private final MatchChunks matches;
  private final ScheduledExecutorService control;
  private final Random jitter = new Random(); // backoff jitter only, never playout seeds
  private final CompletableFuture<Void> terminated = new CompletableFuture<>();

  /** True once every chunk is finished and acknowledged while draining; false if stopped first. */
  private final CompletableFuture<Boolean> drained = new CompletableFuture<>();

  // Control-thread state.
  private State state = State.NEW;
  private Stream stream; // the current stream; null between attempts
  private int failedAttempts; // since the last Welcome
  private long offlineSince; // System.nanoTime() since when no stream has been welcomed
  private ScheduledFuture<?> heartbeats;
  private final Map<ChunkKey, Work> queued = new LinkedHashMap<>(); // assigned, not started
  private final Set<ChunkKey> running = new HashSet<>();
  private final Map<ChunkKey, ChunkResult> unacked = new LinkedHashMap<>();

  /**
   * A worker that will dial the hub through {@code channel} (TCP in production, in-process in
   * tests) once {@link #start}ed. It starts its playout threads at once.
   */
  public Worker(ManagedChannel channel, WorkerSettings settings, WorkerMetrics metrics) {
    this.channel = channel;
    this.settings = settings;
    this.metrics = metrics;
    this.hub = WorkerHubGrpc.newStub(channel);
    this.engine = new PlayoutEngine(settings.threads());
    this.matches = new MatchChunks(settings.engines());
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "worker-control");
              t.setDaemon(true);
              return t;
            });
    executor.setRemoveOnCancelPolicy(true);
    // A reconnect timer pending when the worker stops must not fire.
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.control = executor;
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
        post(
            () -> {
              if (state != State.NEW) {
                started.complete(false);
                return;
              }
              state = State.RUNNING;
              offlineSince = System.nanoTime();
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
              connect();
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
    if (!post(this::beginDrain)) {
      awaitStopped();
      return false;
    }
    boolean clean;
    try {
      clean = drained.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      clean = false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      clean = false;
    } catch (ExecutionException e) {
      throw new IllegalStateException("drained never fails", e);
    }
    boolean drainedCleanly = clean;
    post(
        () -> {
          if (!drainedCleanly && state != State.STOPPED) {
            LOG.warn(
                "drain timed out after {} with {} chunks running and {} results unacknowledged;"
                    + " the coordinator re-queues them",
                timeout,
                running.size(),
                unacked.size());
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
    post(() -> stop(null));
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

  private void connect() {
    Stream s = new Stream();
    stream = s;
    hub.connect(s); // calls s.beforeStart, which keeps the request side
    s.out.onNext(WorkerMessage.newBuilder().setHello(settings.hello()).build());
  }

  private void onHubMessage(Stream s, HubMessage m) {
    if (s != stream) {
      return; // a late message of a stream given up on
    }
    switch (m.getKindCase()) {
      case WELCOME -> onWelcome(s, m.getWelcome());
      case ASSIGNMENT -> onAssignment(m.getAssignment());
      case ACK -> onAck(ChunkKey.fromProto(m.getAck().getId()));
      case KIND_NOT_SET -> {
        // A kind added by a newer hub of the same protocol version: it asks nothing of us.
      }
    }
  }

  private void onWelcome(Stream s, Welcome welcome) {
    String problem = WorkerProtocol.welcomeProblem(welcome);
    if (problem != null) {
      fail(problem);
      return;
    }
    s.welcomed = true;
    failedAttempts = 0;
    metrics.connected(true);
    LOG.info(
        "connected to coordinator {} at {} (lease {} s); {} chunks running, {} results to resend",
        welcome.getVersion(),
        channel.authority(),
        welcome.getLeaseSeconds(),
        running.size(),
        unacked.size());
    scheduleHeartbeats(welcome.getLeaseSeconds());
    if (state == State.DRAINING) {
      send(WorkerMessage.newBuilder().setDraining(Draining.getDefaultInstance()).build());
    }
    for (ChunkResult r : unacked.values()) {
      sendResult(r);
    }
  }

  private void onAssignment(ChunkAssignment a) {
    ChunkKey key = ChunkKey.fromProto(a.getId());
    if (state == State.DRAINING) {
      returnChunk(key); // sent before the hub saw our Draining
      return;
    }
    ChunkResult done = unacked.get(key);
    if (done != null) {
      sendResult(done); // re-leased after a broken stream: the kept result is the answer
      return;
    }
    if (running.contains(key) || queued.containsKey(key)) {
      return; // its result goes out when it finishes
    }
    if (a.hasGamePair()) {
      // Decoded on its playout thread: drawing a balanced random opening takes milliseconds.
      queued.put(key, new Pair(key, a));
      startChunks();
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
      returnChunk(key, malformed(e));
      return;
    }
    queued.put(key, new Playouts(chunk));
    startChunks();
  }

  private void onAck(ChunkKey key) {
    if (unacked.remove(key) != null) {
      metrics.resultsUnacked(unacked.size());
      checkDrained();
    }
  }

  /** Hands queued chunks to free playout threads. */
  private void startChunks() {
    Iterator<Work> next = queued.values().iterator();
    while (running.size() < engine.threads() && next.hasNext()) {
      Work work = next.next();
      next.remove();
      if (work instanceof Playouts p) {
        run(p.chunk());
      } else if (work instanceof Pair p) {
        play(p.key(), p.assignment());
      }
    }
    metrics.busyThreads(running.size());
  }

  private void run(Chunk chunk) {
    running.add(chunk.key());
    long start = System.nanoTime();
    engine
        .runChunk(chunk.root(), chunk.policy(), chunk.seed(), chunk.playouts())
        .handle(
            (stats, error) -> {
              // On the playout thread: encoding and metrics stay off the control thread.
              if (error != null) {
                post(() -> onChunkFailed(chunk.key(), error));
                return null;
              }
              try {
                double seconds = (System.nanoTime() - start) / 1e9;
                metrics.chunkFinished(chunk.policy(), stats, seconds);
                ChunkResult result = WorkerProtocol.result(chunk.key(), stats, seconds);
                post(() -> onChunkFinished(chunk.key(), result));
              } catch (RuntimeException e) {
                post(() -> onChunkFailed(chunk.key(), e));
              }
              return null;
            });
  }

  /** Plays a match chunk's game pair on one playout thread. */
  private void play(ChunkKey key, ChunkAssignment a) {
    running.add(key);
    engine
        .run(() -> matches.play(a))
        .handle(
            (result, error) -> {
              Throwable cause =
                  error instanceof CompletionException && error.getCause() != null
                      ? error.getCause()
                      : error;
              if (cause == null) {
                post(() -> onChunkFinished(key, result));
              } else if (cause instanceof StatusRuntimeException malformed) {
                post(() -> onMalformed(key, malformed));
              } else if (cause instanceof MatchChunks.EngineFailedException failed) {
                post(() -> onEngineFailed(key, failed.getMessage()));
              } else {
                post(() -> onChunkFailed(key, cause));
              }
              return null;
            });
  }

  private void onMalformed(ChunkKey key, StatusRuntimeException e) {
    LOG.error(
        "chunk {} cannot be run ({}); returning it to the coordinator",
        key,
        e.getStatus().getDescription());
    running.remove(key);
    returnChunk(key, malformed(e));
    startChunks();
    checkDrained();
  }

  /**
   * The failure text for an assignment this worker cannot decode: counted against the job, so that
   * a coordinator of another release does not send the same chunk round forever.
   */
  private String malformed(StatusRuntimeException e) {
    return "worker "
        + settings.id()
        + " cannot run the assignment ("
        + e.getStatus().getDescription()
        + "); run workers of the coordinator's release";
  }

  private void onEngineFailed(ChunkKey key, String failure) {
    LOG.warn("chunk {} failed; returning it to the coordinator: {}", key, failure);
    running.remove(key);
    returnChunk(key, failure);
    startChunks();
    checkDrained();
  }

  private void onChunkFinished(ChunkKey key, ChunkResult result) {
    running.remove(key);
    unacked.put(key, result);
    metrics.resultsUnacked(unacked.size());
    sendResult(result);
    startChunks();
    checkDrained();
  }

  private void onChunkFailed(ChunkKey key, Throwable error) {
    LOG.error("chunk {} failed; returning it to the coordinator", key, error);
    running.remove(key);
    returnChunk(key, "worker " + settings.id() + " failed: " + error);
    startChunks();
    checkDrained();
  }

  private void onStreamEnded(Stream s, Status status) {
    if (s != stream) {
      return;
    }
    stream = null;
    cancelHeartbeats();
    metrics.connected(false);
    if (s.welcomed) {
      offlineSince = System.nanoTime();
    }
    // The hub re-queues a lost stream's leases at once, so they are no longer ours to run.
    queued.clear();
    String refusal =
        switch (status.getCode()) {
          case FAILED_PRECONDITION, INVALID_ARGUMENT ->
              "the coordinator at "
                  + channel.authority()
                  + " refused this worker: "
                  + status.getDescription();
          case UNIMPLEMENTED ->
              channel.authority()
                  + " does not serve the gofarm worker hub ("
                  + describe(status)
                  + "); is it the coordinator's gRPC address?";
          default -> null;
        };
    if (refusal != null) {
      fail(refusal);
      return;
    }
    if (state == State.DRAINING && running.isEmpty() && unacked.isEmpty()) {
      return; // drained: drain() stops the worker
    }
    failedAttempts++;
    Duration wait = settings.backoff().delay(failedAttempts, jitter::nextDouble);
    Duration giveUp = settings.giveUpAfter();
    if (giveUp != null && System.nanoTime() - offlineSince + wait.toNanos() > giveUp.toNanos()) {
      fail(
          "gave up: no connection to the coordinator at "
              + channel.authority()
              + " for "
              + seconds(giveUp)
              + " (last error: "
              + describe(status)
              + ")");
      return;
    }
    if (s.welcomed) {
      LOG.warn(
          "lost the coordinator at {} ({}); {} chunks running, {} results unacknowledged;"
              + " reconnecting in {}",
          channel.authority(),
          describe(status),
          running.size(),
          unacked.size(),
          seconds(wait));
    } else {
      LOG.warn(
          "cannot reach the coordinator at {} ({}); attempt {} failed, retrying in {}",
          channel.authority(),
          describe(status),
          failedAttempts,
          seconds(wait));
    }
    schedule(this::reconnect, wait);
  }

  private void reconnect() {
    if (state != State.STOPPED) {
      metrics.reconnect();
      connect();
    }
  }

  private void beginDrain() {
    if (state == State.NEW) {
      state = State.DRAINING;
      drained.complete(true);
      return;
    }
    if (state != State.RUNNING) {
      return; // draining already, or stopped (and then drained is complete)
    }
    state = State.DRAINING;
    LOG.info(
        "draining: returning {} chunks not started, finishing {} running, {} results to be"
            + " acknowledged",
        queued.size(),
        running.size(),
        unacked.size());
    if (stream != null && stream.welcomed) {
      send(WorkerMessage.newBuilder().setDraining(Draining.getDefaultInstance()).build());
    }
    for (ChunkKey key : queued.keySet()) {
      returnChunk(key);
    }
    queued.clear();
    checkDrained();
  }

  private void checkDrained() {
    if (state == State.DRAINING && running.isEmpty() && unacked.isEmpty()) {
      drained.complete(true);
    }
  }

  private void fail(String message) {
    LOG.error(message);
    stop(new WorkerFailedException(message));
  }

  /** Ends the stream and the threads; {@code failure} null for a drain or close. */
  private void stop(WorkerFailedException failure) {
    if (state == State.STOPPED) {
      return;
    }
    boolean clean = state == State.DRAINING && drained.getNow(false);
    state = State.STOPPED;
    cancelHeartbeats();
    if (stream != null) {
      if (clean) {
        stream.out.onCompleted();
      } else {
        stream.out.cancel("worker " + settings.id() + " stopping", null);
      }
      stream = null;
    }
    queued.clear();
    metrics.connected(false);
    engine.close();
    channel.shutdown();
    control.shutdown();
    drained.complete(false);
    LOG.info(
        "worker {} stopped{}",
        settings.id(),
        clean
            ? " after draining"
            : running.isEmpty()
                ? ""
                : "; the coordinator re-queues the " + running.size() + " chunks it was running");
    if (failure == null) {
      terminated.complete(null);
    } else {
      terminated.completeExceptionally(failure);
    }
  }

  private void scheduleHeartbeats(int leaseSeconds) {
    Duration every = settings.heartbeat();
    Duration third = Duration.ofSeconds(leaseSeconds).dividedBy(3);
    if (leaseSeconds > 0 && third.compareTo(every) < 0) {
      every = third;
    }
    cancelHeartbeats();
    heartbeats =
        control.scheduleAtFixedRate(
            guarded(this::heartbeat), every.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
  }

  private void heartbeat() {
    send(
        WorkerMessage.newBuilder()
            .setHeartbeat(Heartbeat.newBuilder().setBusyThreads(running.size()))
            .build());
  }

  private void cancelHeartbeats() {
    if (heartbeats != null) {
      heartbeats.cancel(false);
      heartbeats = null;
    }
  }

  private void sendResult(ChunkResult result) {
    send(WorkerMessage.newBuilder().setResult(result).build());
  }

  /** Hands a chunk back unstarted (draining). */
  private void returnChunk(ChunkKey key) {
    send(
        WorkerMessage.newBuilder()
            .setReturned(ChunkReturned.newBuilder().setId(key.toProto()))
            .build());
  }

  /** Hands back a chunk that failed, saying why (the hub fails the job after repeated failures). */
  private void returnChunk(ChunkKey key, String failure) {
    send(
        WorkerMessage.newBuilder()
            .setReturned(ChunkReturned.newBuilder().setId(key.toProto()).setFailure(failure))
            .build());
  }

  /** Writes to the current stream once the hub has welcomed it; drops the message otherwise. */
  private void send(WorkerMessage m) {
    if (stream != null && stream.welcomed) {
      stream.out.onNext(m);
    }
  }

  // ------------------------------------------------------------------ plumbing

  /** Runs {@code task} on the control thread; false if the worker has stopped. */
  private boolean post(Runnable task) {
    try {
      control.execute(guarded(task));
      return true;
    } catch (RejectedExecutionException stopped) {
      return false;
    }
  }

  private void schedule(Runnable task, Duration delay) {
    control.schedule(guarded(task), delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** An executor would swallow a task's exception; a bug stops the worker loudly instead. */
  private Runnable guarded(Runnable task) {
    return () -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        LOG.error("worker {} internal error", settings.id(), e);
        stop(new WorkerFailedException("internal error: " + e));
      }
    };
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

  private static String describe(Status status) {
    String text = status.getCode().name();
    if (status.getDescription() != null) {
      text += ": " + status.getDescription();
    }
    if (status.getCause() != null && status.getCause().getMessage() != null) {
      text += " (" + status.getCause().getMessage() + ")";
    }
    return text;
  }

  private static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
  }

  /** A decoded chunk waiting for a thread. */
  private sealed interface Work permits Playouts, Pair {}

  /** Playouts of an evaluate job. */
  private record Playouts(Chunk chunk) implements Work {}

  /** A match's game pair, decoded on its thread. */
  private record Pair(ChunkKey key, ChunkAssignment assignment) implements Work {}

  /** One dial of the hub: the gRPC callbacks post to the control thread. */
  private final class Stream implements ClientResponseObserver<WorkerMessage, HubMessage> {
    private ClientCallStreamObserver<WorkerMessage> out;
    private boolean welcomed; // control thread only

    @Override
    public void beforeStart(ClientCallStreamObserver<WorkerMessage> requests) {
      out = requests;
    }

    @Override
    public void onNext(HubMessage message) {
      post(() -> onHubMessage(this, message));
    }

    @Override
    public void onError(Throwable t) {
      post(() -> onStreamEnded(this, Status.fromThrowable(t)));
    }

    @Override
    public void onCompleted() {
      post(
          () ->
              onStreamEnded(
                  this, Status.UNAVAILABLE.withDescription("the coordinator ended the stream")));
    }
  }
}
