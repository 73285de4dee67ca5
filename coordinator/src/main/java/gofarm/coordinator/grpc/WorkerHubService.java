package gofarm.coordinator.grpc;

import gofarm.coordinator.actor.JobManager;
import gofarm.coordinator.actor.WorkerPool;
import gofarm.coordinator.actor.WorkerSession;
import gofarm.coordinator.auth.Caller;
import gofarm.coordinator.auth.Tokens;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.WorkerProtocol;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;

/**
 * The hub workers dial into ({@code WorkerHub.Connect}): checks each stream's Hello (protocol
 * version first: another version is refused with FAILED_PRECONDITION and a message saying what to
 * do), then starts a {@link WorkerSession} actor that owns the stream from there on. When a reload
 * of the tokens revokes a stream's token, the stream ends at once with UNAUTHENTICATED and its
 * chunks are leased again.
 */
public final class WorkerHubService extends WorkerHubGrpc.WorkerHubImplBase {
  private final ActorSystem<?> system;
  private final ActorRef<WorkerPool.Command> pool;
  private final ActorRef<JobManager.Command> manager;
  private final CoordinatorMetrics metrics;
  private final Duration lease;
  private final String version;
  private final AtomicLong sessions = new AtomicLong();
  private final Set<Stream> streams = ConcurrentHashMap.newKeySet();

  /**
   * Streams that said Hello, by token name, kept under the lock of {@link #streams}: counting them
   * by walking every stream made the start of a thousand workers quadratic.
   */
  private final Map<String, Integer> helloed = new HashMap<>();

  private final ScheduledExecutorService timer;
  private final int maxStreamsPerToken;
  private final boolean denseStats;

  /**
   * How long a new stream may take to send its Hello: a worker sends it at once, so a stream that
   * stays silent longer only holds a connection (and a file descriptor) for nothing.
   */
  public static final Duration HELLO_DEADLINE = Duration.ofSeconds(10);

  /**
   * @param lease how long a chunk stays leased; also how long a worker may stay silent
   * @param version the coordinator's version, for the Welcome
   * @param tokens the tokens callers present, or null without {@code --auth}
   * @param timer runs the {@link #HELLO_DEADLINE} checks
   * @param maxStreamsPerToken how many worker streams one token NAME may have open; 0 for no limit
   * @param denseStats whether workers are told to send their statistics dense ({@code
   *     Welcome.dense_stats}): over a network, where the repeated fields cost far more to parse;
   *     not in-process, where nothing is parsed and the repeated fields add up twice as fast
   */
  public WorkerHubService(
      ActorSystem<?> system,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      CoordinatorMetrics metrics,
      Duration lease,
      String version,
      Tokens tokens,
      ScheduledExecutorService timer,
      int maxStreamsPerToken,
      boolean denseStats) {
    this.system = system;
    this.denseStats = denseStats;
    this.timer = timer;
    this.maxStreamsPerToken = maxStreamsPerToken;
    this.pool = pool;
    this.manager = manager;
    this.metrics = metrics;
    this.lease = lease;
    this.version = version;
    if (tokens != null) {
      tokens.onReload(
          () -> {
            for (Stream stream : streams) {
              if (!tokens.inForce(stream.caller)) {
                stream.revoke();
              }
            }
          });
    }
  }

  @Override
  public StreamObserver<WorkerMessage> connect(StreamObserver<HubMessage> responses) {
    Stream stream = new Stream((ServerCallStreamObserver<HubMessage>) responses, Caller.current());
    streams.add(stream);
    timer.schedule(stream::checkHello, HELLO_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
    return stream;
  }

  /** One worker's stream, as gRPC delivers it. */
  private final class Stream implements StreamObserver<WorkerMessage> {
    private final ServerCallStreamObserver<HubMessage> out;
    private final Caller caller;
    private volatile ActorRef<WorkerSession.Command> session;
    private boolean refused;

    Stream(ServerCallStreamObserver<HubMessage> out, Caller caller) {
      this.out = out;
      this.caller = caller;
    }

    /**
     * Whose vote the worker's results are in spot checks: its token's, whatever id it claims, so
     * that one token's streams count once; without {@code --auth}, its own.
     */
    private String voter(Hello hello) {
      return caller.name().isEmpty() ? "worker " + hello.getWorkerId() : "token " + caller.name();
    }

    @Override
    public synchronized void onNext(WorkerMessage message) {
      if (refused) {
        return;
      }
      if (session != null) {
        session.tell(new WorkerSession.Received(message));
        return;
      }
      if (!message.hasHello()) {
        refuse(
            Status.INVALID_ARGUMENT
                .withDescription("the first message of a worker stream must be a Hello")
                .asRuntimeException());
        return;
      }
      Hello hello = message.getHello();
      try {
        WorkerProtocol.checkHello(hello);
      } catch (StatusRuntimeException e) {
        refuse(e);
        return;
      }
      // One Hello at a time past this point, so that concurrent Hellos cannot overshoot the limit.
      synchronized (streams) {
        if (!streams.contains(this)) {
          return; // it ended while its Hello was checked
        }
        int open = helloed.getOrDefault(caller.name(), 0);
        if (maxStreamsPerToken > 0 && !caller.name().isEmpty() && open >= maxStreamsPerToken) {
          refuse(
              Status.RESOURCE_EXHAUSTED
                  .withDescription(
                      caller.describe()
                          + " has "
                          + open
                          + " worker streams open, the most --max-streams-per-token allows ("
                          + maxStreamsPerToken
                          + "); give each machine its own worker token (deploy/secrets.sh --workers"
                          + " N), or raise the limit")
                  .asRuntimeException());
          return;
        }
        session =
            system.systemActorOf(
                WorkerSession.create(
                    hello.getWorkerId(),
                    hello.getThreads(),
                    WorkerProtocol.credit(hello),
                    java.util.Set.copyOf(hello.getEnginesList()),
                    hello.getResumeToken(),
                    voter(hello),
                    new WorkerPool.About(hello.getLabelsMap(), hello.getVersion()),
                    new Link(out),
                    hello.getBatches(),
                    WorkerProtocol.welcome((int) lease.toSeconds(), version, denseStats),
                    pool,
                    manager,
                    metrics,
                    lease),
                "worker-" + hello.getWorkerId() + "-" + sessions.incrementAndGet(),
                Props.empty());
        helloed.merge(caller.name(), 1, Integer::sum);
      }
    }

    /** The stream has ended: it no longer counts against its token's streams. */
    private void forget() {
      synchronized (streams) {
        if (streams.remove(this) && session != null) {
          helloed.computeIfPresent(caller.name(), (name, n) -> n == 1 ? null : n - 1);
        }
      }
    }

    private void refuse(StatusRuntimeException e) {
      refused = true;
      forget();
      synchronized (out) {
        try {
          out.onError(e);
        } catch (IllegalStateException alreadyClosed) {
          // the call has ended already
        }
      }
    }

    /** Ends the stream if it has not said Hello by now. */
    private synchronized void checkHello() {
      if (session == null && !refused) {
        refuse(
            Status.DEADLINE_EXCEEDED
                .withDescription(
                    "no Hello within "
                        + HELLO_DEADLINE.toSeconds()
                        + " s: a worker's first message must be its Hello")
                .asRuntimeException());
      }
    }

    /** The stream's token was revoked: it ends now, and its session gives its chunks back. */
    private void revoke() {
      String why =
          caller.describe()
              + " was revoked (the coordinator's --auth file no longer has it); ask the"
              + " farm's operator for a token";
      if (session != null) {
        session.tell(new WorkerSession.StreamClosed(why));
      }
      refuse(Status.UNAUTHENTICATED.withDescription(why).asRuntimeException());
    }

    @Override
    public void onError(Throwable t) {
      forget();
      if (session != null) {
        session.tell(new WorkerSession.StreamClosed(Status.fromThrowable(t).toString()));
      }
    }

    @Override
    public void onCompleted() {
      forget();
      if (session != null) {
        session.tell(new WorkerSession.StreamClosed("the worker closed its stream"));
      }
      synchronized (out) {
        try {
          out.onCompleted();
        } catch (IllegalStateException alreadyClosed) {
          // the session closed our side first
        }
      }
    }
  }

  /** Writes to one stream; the session is its only writer, the lock guards against gRPC's end. */
  private static final class Link implements WorkerSession.Link {
    private final ServerCallStreamObserver<HubMessage> out;

    Link(ServerCallStreamObserver<HubMessage> out) {
      this.out = out;
    }

    @Override
    public void send(HubMessage message) {
      synchronized (out) {
        if (!out.isCancelled()) {
          out.onNext(message);
        }
      }
    }

    @Override
    public void close(String reason) {
      end(Status.UNAVAILABLE.withDescription(reason));
    }

    @Override
    public void refuse(WorkerSession.Refusal refusal, String reason) {
      end(
          switch (refusal) {
            case ID_TAKEN -> Status.ALREADY_EXISTS.withDescription(reason);
            case QUARANTINED -> Status.PERMISSION_DENIED.withDescription(reason);
          });
    }

    private void end(Status status) {
      synchronized (out) {
        if (!out.isCancelled()) {
          try {
            out.onError(status.asRuntimeException());
          } catch (IllegalStateException alreadyClosed) {
            // the call has ended already
          }
        }
      }
    }
  }
}
