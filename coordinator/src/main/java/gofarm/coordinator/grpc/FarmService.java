package gofarm.coordinator.grpc;

import gofarm.coordinator.actor.FinishedJob;
import gofarm.coordinator.actor.Job;
import gofarm.coordinator.actor.JobEncoder;
import gofarm.coordinator.actor.JobManager;
import gofarm.coordinator.actor.WorkerPool;
import gofarm.coordinator.auth.Caller;
import gofarm.coordinator.codec.Games;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.job.GameSgf;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.ListJobsResponse;
import gofarm.proto.v1.ListWorkersRequest;
import gofarm.proto.v1.ListWorkersResponse;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.proto.v1.WorkerSummary;
import gofarm.wire.FarmRequests;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Scheduler;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client API ({@code PlayoutFarm}): a thin adapter that validates requests with {@code
 * gofarm.wire}, asks the {@link JobManager} or a {@link Job}, and encodes the answers. Bad requests
 * get INVALID_ARGUMENT naming each bad field, unknown jobs NOT_FOUND, cancelling a finished job
 * FAILED_PRECONDITION, and so does asking for results the coordinator no longer keeps (saying why);
 * clients never see a stack trace. A finished job's results are read and decoded off the actors'
 * threads ({@link FinishedJob}).
 *
 * <p>With {@code --auth}, the {@link Caller} of each call decides what it sees: a submitter's jobs
 * belong to its token's NAME, and it gets PERMISSION_DENIED for another's job (a clearer answer
 * than NOT_FOUND; job ids are no secret, their contents are) and lists only its own. A token NAME
 * may have at most {@code maxRunningJobsPerToken} unfinished jobs; one more is RESOURCE_EXHAUSTED.
 */
public final class FarmService extends PlayoutFarmGrpc.PlayoutFarmImplBase {
  private static final Logger LOG = LoggerFactory.getLogger(FarmService.class);
  private static final Duration ASK = Duration.ofSeconds(10);
  private static final long WATCH_PERIOD_MILLIS = 500;

  /** Fresh ids tried for one submission whose id the manager finds taken (after a restart). */
  private static final int ID_ATTEMPTS = 5;

  private final ActorRef<JobManager.Command> manager;
  private final ActorRef<WorkerPool.Command> pool;
  private final Scheduler scheduler;
  private final JobEncoder encoder;
  private final JobIds ids;
  private final Clock clock;
  private final ScheduledExecutorService watchTimer;
  private final int maxRunningJobsPerToken;

  /**
   * The last submission of each token NAME: the next one waits for it, so that counting a token's
   * unfinished jobs and submitting one more is one step (two at once cannot both take the last
   * place). Holds one entry per NAME that has submitted.
   */
  private final ConcurrentHashMap<String, CompletableFuture<?>> submissions =
      new ConcurrentHashMap<>();

  /**
   * @param maxRunningJobsPerToken unfinished jobs a token NAME may have; 0 for no limit
   */
  public FarmService(
      ActorRef<JobManager.Command> manager,
      ActorRef<WorkerPool.Command> pool,
      Scheduler scheduler,
      JobEncoder encoder,
      JobIds ids,
      Clock clock,
      ScheduledExecutorService watchTimer,
      int maxRunningJobsPerToken) {
    this.manager = manager;
    this.pool = pool;
    this.scheduler = scheduler;
    this.encoder = encoder;
    this.ids = ids;
    this.clock = clock;
    this.watchTimer = watchTimer;
    this.maxRunningJobsPerToken = maxRunningJobsPerToken;
  }

  /** The connected workers, then the quarantined ones (see {@link WorkerPool.GetWorkers}). */
  @Override
  public void listWorkers(ListWorkersRequest request, StreamObserver<ListWorkersResponse> out) {
    reply(
        out,
        AskPattern.<WorkerPool.Command, List<WorkerPool.WorkerInfo>>ask(
                pool, WorkerPool.GetWorkers::new, ASK, scheduler)
            .thenApply(FarmService::workers));
  }

  private static ListWorkersResponse workers(List<WorkerPool.WorkerInfo> workers) {
    ListWorkersResponse.Builder out = ListWorkersResponse.newBuilder();
    for (WorkerPool.WorkerInfo w : workers) {
      WorkerSummary.Builder b =
          out.addWorkersBuilder()
              .setWorkerId(w.workerId())
              .setThreads(w.threads())
              .setCredit(w.credit())
              .setInFlight(w.inFlight())
              .setDraining(w.draining())
              .putAllLabels(w.about().labels())
              .addAllEngines(new java.util.TreeSet<>(w.engines()))
              .setVersion(w.about().version())
              .setVoter(w.voter())
              .setChunksAnswered(w.answered())
              .setQuarantined(w.quarantined() == null ? "" : w.quarantined());
      if (w.connected() != null) {
        b.setConnected(
            com.google.protobuf.Timestamp.newBuilder()
                .setSeconds(w.connected().getEpochSecond())
                .setNanos(w.connected().getNano()));
      }
    }
    return out.build();
  }

  /** Validates and plans a spec: the same path for new jobs and for jobs resumed at start-up. */
  public static JobPlan plan(
      String jobId, java.time.Instant submitted, SubmitJobRequest request, String owner) {
    return JobPlan.of(jobId, submitted, request.getSpec(), owner);
  }

  /**
   * Submits a job: INVALID_ARGUMENT for a bad spec, RESOURCE_EXHAUSTED with the numbers for one
   * over the coordinator's limits; an id the manager finds taken is replaced by a fresh one.
   */
  @Override
  public void submitJob(SubmitJobRequest request, StreamObserver<JobStatus> out) {
    Caller caller = Caller.current();
    java.time.Instant submitted = clock.instant();
    // The local admin (no --auth) has no token, hence no limit.
    if (maxRunningJobsPerToken == 0 || caller.name().isEmpty()) {
      reply(out, submit(request, submitted, caller.name(), ID_ATTEMPTS).thenApply(encoder::status));
      return;
    }
    // One submission per token at a time: count, then submit, so that two cannot both take the
    // last place.
    CompletableFuture<JobStatus> answer = new CompletableFuture<>();
    submissions.compute(
        caller.name(),
        (name, previous) ->
            (previous == null ? CompletableFuture.completedFuture(null) : previous)
                .handle((ignored, error) -> null)
                .thenCompose(ignored -> submitWithinLimit(request, submitted, name))
                .whenComplete(
                    (status, error) -> {
                      if (error != null) {
                        answer.completeExceptionally(error);
                      } else {
                        answer.complete(status);
                      }
                    }));
    reply(out, answer);
  }

  /** Submits the job unless {@code owner} has as many unfinished jobs as the limit allows. */
  private CompletionStage<JobStatus> submitWithinLimit(
      SubmitJobRequest request, java.time.Instant submitted, String owner) {
    return AskPattern.<JobManager.Command, Integer>ask(
            manager, r -> new JobManager.CountUnfinished(owner, r), ASK, scheduler)
        .thenCompose(
            unfinished -> {
              if (unfinished >= maxRunningJobsPerToken) {
                throw Status.RESOURCE_EXHAUSTED
                    .withDescription(
                        "token "
                            + owner
                            + " has "
                            + unfinished
                            + " unfinished jobs, the limit is "
                            + maxRunningJobsPerToken
                            + "; wait for one to finish or cancel one (gofarm cancel JOB)")
                    .asRuntimeException();
              }
              return submit(request, submitted, owner, ID_ATTEMPTS).thenApply(encoder::status);
            });
  }

  private CompletionStage<JobReport> submit(
      SubmitJobRequest request, java.time.Instant submitted, String owner, int attempts) {
    JobPlan plan;
    try {
      plan = plan(ids.next(), submitted, request, owner);
    } catch (StatusRuntimeException e) {
      return java.util.concurrent.CompletableFuture.failedFuture(e);
    }
    return admit(manager, scheduler, plan)
        .exceptionallyCompose(
            error -> {
              Throwable e =
                  error instanceof java.util.concurrent.CompletionException
                      ? error.getCause()
                      : error;
              if (attempts > 1
                  && e instanceof StatusRuntimeException s
                  && s.getStatus().getCode() == Status.Code.ALREADY_EXISTS) {
                LOG.warn("{}; submitting with a fresh id", s.getStatus().getDescription());
                return submit(request, submitted, owner, attempts - 1);
              }
              return java.util.concurrent.CompletableFuture.failedFuture(e);
            });
  }

  /**
   * Asks the manager to start {@code plan}: its first report, or a failed stage with
   * RESOURCE_EXHAUSTED (over a limit) or ALREADY_EXISTS (its id is taken).
   */
  public static CompletionStage<JobReport> admit(
      ActorRef<JobManager.Command> manager, Scheduler scheduler, JobPlan plan) {
    return AskPattern.<JobManager.Command, JobManager.Admission>ask(
            manager, r -> new JobManager.Submit(plan, r), ASK, scheduler)
        .thenApply(
            admission -> {
              if (admission instanceof JobManager.Refused r) {
                throw (r.reason() == JobManager.Refusal.LIMIT
                        ? Status.RESOURCE_EXHAUSTED
                        : Status.ALREADY_EXISTS)
                    .withDescription(r.message())
                    .asRuntimeException();
              }
              return ((JobManager.Accepted) admission).report();
            });
  }

  @Override
  public void getJob(GetJobRequest request, StreamObserver<JobStatus> out) {
    withJob(
        request,
        out,
        found ->
            found.running() != null
                ? report(found.running(), false).thenApply(encoder::status)
                : found.finished().status());
  }

  /**
   * This service as the server runs it: {@code GetResults} answers with {@link SerializedResults}
   * ({@link #results}), every other method as generated. The service descriptor keeps the proto
   * schema, so reflection still describes {@code GetResults} as returning {@code JobResults}.
   */
  public ServerServiceDefinition definition() {
    ServerServiceDefinition generated = bindService();
    MethodDescriptor<GetJobRequest, SerializedResults> getResults =
        PlayoutFarmGrpc.getGetResultsMethod().toBuilder(
                ProtoUtils.marshaller(GetJobRequest.getDefaultInstance()),
                SerializedResults.MARSHALLER)
            .build();
    ServiceDescriptor.Builder service =
        ServiceDescriptor.newBuilder(PlayoutFarmGrpc.SERVICE_NAME)
            .setSchemaDescriptor(generated.getServiceDescriptor().getSchemaDescriptor());
    for (MethodDescriptor<?, ?> m : generated.getServiceDescriptor().getMethods()) {
      service.addMethod(
          m.getFullMethodName().equals(getResults.getFullMethodName()) ? getResults : m);
    }
    ServerServiceDefinition.Builder def = ServerServiceDefinition.builder(service.build());
    for (ServerMethodDefinition<?, ?> m : generated.getMethods()) {
      if (!m.getMethodDescriptor().getFullMethodName().equals(getResults.getFullMethodName())) {
        def.addMethod(m);
      }
    }
    return def.addMethod(getResults, ServerCalls.asyncUnaryCall(this::results)).build();
  }

  /**
   * A job's results: a running job's encoded now, a finished job's bytes as they are kept (see
   * {@link SerializedResults}).
   */
  void results(GetJobRequest request, StreamObserver<SerializedResults> out) {
    withJob(
        request,
        out,
        found ->
            found.running() != null
                ? report(found.running(), true)
                    .thenApply(r -> SerializedResults.of(encoder.results(found.plan(), r)))
                : kept(found.finished()).serializedResults().thenApply(SerializedResults::new));
  }

  @Override
  public void cancelJob(GetJobRequest request, StreamObserver<JobStatus> out) {
    withJob(
        request,
        out,
        found -> {
          if (found.running() == null) {
            JobStatus s = found.finished().listed();
            throw Status.FAILED_PRECONDITION
                .withDescription(
                    "job " + s.getJobId() + " has already finished (" + s.getState() + ")")
                .asRuntimeException();
          }
          return AskPattern.<Job.Command, JobReport>ask(
                  found.running(), Job.Cancel::new, ASK, scheduler)
              .thenApply(encoder::status);
        });
  }

  /**
   * Streams a match's games in pair order, first game of each pair first: all of them once it has
   * finished, those counted so far while it runs.
   */
  @Override
  public void getGames(GetJobRequest request, StreamObserver<GameRecord> out) {
    String id = request.getJobId();
    withJobStreaming(
        request,
        out,
        found -> {
          JobSpec.KindCase kind =
              found.running() != null ? found.plan().spec().getKindCase() : found.finished().kind();
          // A match's games, or a tuning's or balancing's confirmation games (a tuning's own games
          // are not kept).
          if (kind != JobSpec.KindCase.MATCH
              && kind != JobSpec.KindCase.TUNE
              && kind != JobSpec.KindCase.BALANCE) {
            throw Status.FAILED_PRECONDITION
                .withDescription(
                    "job "
                        + id
                        + (kind == JobSpec.KindCase.FIT ? " is a fit job" : " is an evaluate job")
                        + "; it has no games (gofarm results "
                        + id
                        + " shows its results)")
                .asRuntimeException();
          }
          CompletionStage<List<GameSgf>> games =
              found.running() != null
                  ? AskPattern.<Job.Command, List<GameSgf>>ask(
                      found.running(), Job.GetGames::new, ASK, scheduler)
                  : kept(found.finished()).games();
          return games.thenApply(list -> list.stream().map(Games::toProto).toList());
        });
  }

  @Override
  public void listJobs(ListJobsRequest request, StreamObserver<ListJobsResponse> out) {
    int limit;
    String after;
    try {
      limit = FarmRequests.listLimit(request);
      after = FarmRequests.listAfter(request);
    } catch (StatusRuntimeException e) {
      out.onError(e);
      return;
    }
    Caller caller = Caller.current();
    String owner = caller.ownJobsOnly() ? caller.name() : null;
    // A page after an unknown job is NOT_FOUND, not an empty page that looks like the end.
    CompletionStage<?> known =
        after == null
            ? CompletableFuture.completedFuture(null)
            : lookup(after)
                .thenAccept(
                    found -> {
                      if (!found.exists()) {
                        throw notFound(after);
                      }
                    });
    reply(
        out,
        known
            .thenCompose(
                ignored ->
                    AskPattern.<JobManager.Command, List<JobStatus>>ask(
                        manager,
                        r -> new JobManager.ListJobs(limit, owner, after, r),
                        ASK,
                        scheduler))
            .thenApply(jobs -> ListJobsResponse.newBuilder().addAllJobs(jobs).build()));
  }

  /**
   * Streams the job's status about twice a second until it has finished, then its final status. The
   * stream ends when the job does, or when the client goes away.
   */
  @Override
  public void watchJob(GetJobRequest request, StreamObserver<JobStatus> out) {
    String id;
    try {
      id = FarmRequests.jobId(request);
    } catch (StatusRuntimeException e) {
      out.onError(e);
      return;
    }
    ServerCallStreamObserver<JobStatus> call = (ServerCallStreamObserver<JobStatus>) out;
    new Watch(id, Caller.current(), call).poll();
  }

  /** One status sent by a watch, and whether it is the last. */
  private record Step(JobStatus status, boolean last) {}

  /** One WatchJob call: polls the job and streams its status until it has finished. */
  private final class Watch {
    private final String id;
    private final Caller caller;
    private final ServerCallStreamObserver<JobStatus> call;
    private volatile boolean cancelled;

    Watch(String id, Caller caller, ServerCallStreamObserver<JobStatus> call) {
      this.id = id;
      this.caller = caller;
      this.call = call;
      call.setOnCancelHandler(() -> cancelled = true);
    }

    void poll() {
      if (cancelled) {
        return;
      }
      lookup(id)
          .thenCompose(
              found -> {
                if (!found.exists()) {
                  throw notFound(id);
                }
                checkOwner(caller, id, found);
                return found.running() != null
                    ? report(found.running(), false)
                        .thenApply(r -> new Step(encoder.status(r), r.state().isFinished()))
                    : found.finished().status().thenApply(s -> new Step(s, true));
              })
          .whenComplete(
              (step, error) -> {
                if (cancelled) {
                  return;
                }
                synchronized (call) {
                  if (error != null) {
                    call.onError(toStatus(error));
                    return;
                  }
                  call.onNext(step.status());
                  if (step.last()) {
                    call.onCompleted();
                    return;
                  }
                }
                watchTimer.schedule(this::poll, WATCH_PERIOD_MILLIS, TimeUnit.MILLISECONDS);
              });
    }
  }

  // ------------------------------------------------------------------ plumbing

  /** Answers a request about one job with one message. */
  private <T> void withJob(
      GetJobRequest request,
      StreamObserver<T> out,
      Function<JobManager.Found, CompletionStage<T>> then) {
    withJobStreaming(request, out, found -> then.apply(found).thenApply(List::of));
  }

  /**
   * Answers a request about one job with the messages {@code then} gives for it: INVALID_ARGUMENT
   * for a malformed id, NOT_FOUND for an unknown job.
   */
  private <T> void withJobStreaming(
      GetJobRequest request,
      StreamObserver<T> out,
      Function<JobManager.Found, CompletionStage<List<T>>> then) {
    Caller caller = Caller.current();
    String id;
    try {
      id = FarmRequests.jobId(request);
    } catch (StatusRuntimeException e) {
      out.onError(e);
      return;
    }
    lookup(id)
        .thenCompose(
            found -> {
              if (!found.exists()) {
                throw notFound(id);
              }
              checkOwner(caller, id, found);
              return then.apply(found);
            })
        .whenComplete(
            (values, error) -> {
              if (error != null) {
                out.onError(toStatus(error));
                return;
              }
              for (T value : values) {
                out.onNext(value);
              }
              out.onCompleted();
            });
  }

  private CompletionStage<JobManager.Found> lookup(String id) {
    return AskPattern.ask(manager, r -> new JobManager.Lookup(id, r), ASK, scheduler);
  }

  private CompletionStage<JobReport> report(ActorRef<Job.Command> job, boolean withStats) {
    return AskPattern.ask(job, r -> new Job.GetReport(withStats, r), ASK, scheduler);
  }

  /**
   * A finished job whose results are kept; FAILED_PRECONDITION saying why when they were dropped
   * (to keep the coordinator within its statistics budget, with no archive to move them to).
   */
  private static FinishedJob kept(FinishedJob finished) {
    if (finished.gone() != null) {
      throw Status.FAILED_PRECONDITION.withDescription(finished.gone()).asRuntimeException();
    }
    return finished;
  }

  /** PERMISSION_DENIED unless {@code caller} may see the job: its own, or any for a reader. */
  private static void checkOwner(Caller caller, String id, JobManager.Found found) {
    String owner =
        found.running() != null ? found.plan().owner() : found.finished().listed().getOwner();
    if (caller.ownJobsOnly() && !owner.equals(caller.name())) {
      throw Status.PERMISSION_DENIED
          .withDescription(
              "job "
                  + id
                  + " belongs to another token; "
                  + caller.describe()
                  + " may read and cancel only its own jobs (gofarm jobs lists them)")
          .asRuntimeException();
    }
  }

  private static StatusRuntimeException notFound(String id) {
    return Status.NOT_FOUND
        .withDescription("no job " + id + " here (gofarm jobs lists the jobs)")
        .asRuntimeException();
  }

  private static <T> void reply(StreamObserver<T> out, CompletionStage<T> answer) {
    answer.whenComplete(
        (value, error) -> {
          if (error != null) {
            out.onError(toStatus(error));
          } else {
            out.onNext(value);
            out.onCompleted();
          }
        });
  }

  /** The status for a failure: the one it carries, or UNAVAILABLE/INTERNAL without internals. */
  private static StatusRuntimeException toStatus(Throwable error) {
    Throwable e =
        error instanceof java.util.concurrent.CompletionException ? error.getCause() : error;
    if (e instanceof StatusRuntimeException s) {
      return s;
    }
    if (e instanceof java.util.concurrent.TimeoutException) {
      return Status.UNAVAILABLE
          .withDescription("the coordinator did not answer in time; try again")
          .asRuntimeException();
    }
    LOG.error("request failed", e);
    return Status.INTERNAL
        .withDescription(
            "internal error (" + e.getClass().getSimpleName() + "); see the coordinator log")
        .asRuntimeException();
  }
}
