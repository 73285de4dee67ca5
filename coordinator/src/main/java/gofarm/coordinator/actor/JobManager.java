package gofarm.coordinator.actor;

import com.google.protobuf.ByteString;
import gofarm.coordinator.codec.Games;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.job.GameSgf;
import gofarm.coordinator.job.JobCost;
import gofarm.coordinator.job.JobLimits;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.job.Tally;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry of jobs: starts a {@link Job} actor per submitted job, says where a job runs (to
 * clients, and to worker sessions holding results of a job they have no lease of), and keeps
 * finished jobs to list and serve them. Workers' results do not pass through here: sessions send
 * them to the job whose lease they hold.
 *
 * <p>Memory is bounded by the statistics budget ({@link JobLimits#maxStatisticsBytes}), which
 * counts three things: each unfinished job's bound (its {@link JobCost}, from admission until it
 * finishes); what a finished job's actor still holds until it stops ({@link Tally#heldBytes}); and
 * the results of finished jobs kept in memory, as serialized bytes. A job's final report is encoded
 * and archived off the actors' threads, one job at a time, so that finishing or cancelling a job of
 * 16,000 pairs costs the actors no more than a small one. When the budget is short (a submission,
 * or results just encoded), finished jobs' results leave memory, oldest first: to the archive, from
 * which they are read on demand, or, without one, dropped, and then asking for them is answered
 * with why. Every finished job stays listed.
 *
 * <p>No single job stops it: a submission over the {@link JobLimits} or with an id already taken is
 * refused with an answer, never an exception; each job's actor is supervised (stopped on failure)
 * and watched, and a job whose actor stops before it finishes is marked FAILED. Its cost grows with
 * the running jobs only: queued jobs send nothing until they run, the count of jobs in each state
 * is kept as jobs change state, the listing is kept in submission order (a listing of {@code limit}
 * jobs reads {@code limit} entries), and the running jobs' metrics are summed once a second when
 * something changed.
 */
public final class JobManager extends AbstractBehavior<JobManager.Command> {

  /** Messages the manager understands. */
  public sealed interface Command
      permits Submit,
          Lookup,
          ListJobs,
          JobUpdated,
          JobFinished,
          ResultsEncoded,
          ResultsArchived,
          Restore,
          MetricsTick,
          Stop,
          CountUnfinished {}

  /** Starts a job unless it is over the limits or its id is taken; replies with the answer. */
  public record Submit(JobPlan plan, ActorRef<Admission> replyTo) implements Command {}

  /** The answer to {@link Submit}. */
  public sealed interface Admission permits Accepted, Refused {}

  /** The job is queued: its first report. */
  public record Accepted(JobReport report) implements Admission {}

  /** Why a job was refused. */
  public enum Refusal {
    /** Over a limit of the coordinator's (RESOURCE_EXHAUSTED): the message has the numbers. */
    LIMIT,
    /** Another job has this id (ALREADY_EXISTS): submit again with a fresh one. */
    ID_TAKEN
  }

  /** The job was not started, and why, in words for the submitter. */
  public record Refused(Refusal reason, String message) implements Admission {}

  /** Finds a job: running (an actor to ask) or finished (its results). */
  public record Lookup(String jobId, ActorRef<Found> replyTo) implements Command {}

  /**
   * The answer to {@link Lookup}: for a running job its actor and plan, for a finished one where
   * its results are; all null when there is no such job.
   */
  public record Found(ActorRef<Job.Command> running, JobPlan plan, FinishedJob finished) {
    public boolean exists() {
      return running != null || finished != null;
    }
  }

  /**
   * Lists up to {@code limit} jobs, newest first: every job, or only those of {@code owner} when it
   * is not null; those listed after job {@code after} (older) when it is not null (none when there
   * is no such job: ask {@link Lookup} first to tell the two apart).
   */
  public record ListJobs(int limit, String owner, String after, ActorRef<List<JobStatus>> replyTo)
      implements Command {
    public ListJobs(int limit, ActorRef<List<JobStatus>> replyTo) {
      this(limit, null, null, replyTo);
    }
  }

  /** Asks how many unfinished jobs {@code owner} has (for the per-token limit). */
  public record CountUnfinished(String owner, ActorRef<Integer> replyTo) implements Command {}

  /** A running job's latest summary, sent when it changed. */
  public record JobUpdated(JobReport report) implements Command {}

  /**
   * A job ended; {@code report} carries its statistics, {@code games} a match's games. Its actor
   * holds {@code heldBytes} until it stops, shared with the report, which nothing changes any more.
   */
  public record JobFinished(JobPlan plan, JobReport report, List<GameSgf> games, long heldBytes)
      implements Command {}

  /** A finished job read back from the archive at start-up: the start of its results. */
  public record Restore(FinishedJob.Head head) implements Command {}

  /** A finished job's results are encoded, or could not be ({@code error}). */
  private record ResultsEncoded(String jobId, FinishedJob.Stored stored, Throwable error)
      implements Command {}

  /** A finished job's results are written to the archive, or not ({@code kept} false). */
  private record ResultsArchived(String jobId, boolean kept) implements Command {}

  private enum MetricsTick implements Command {
    INSTANCE
  }

  /**
   * Stops the manager for good. Nothing in the coordinator sends it: it lets tests see that health
   * reports a stopped manager.
   */
  public enum Stop implements Command {
    INSTANCE
  }

  private static final Logger LOG = LoggerFactory.getLogger(JobManager.class);

  /** How often the running jobs' gauges are summed, when a report changed. */
  private static final Duration METRICS_PERIOD = Duration.ofSeconds(1);

  /** Where a job sits in the listing: newest first, then by id, newest first. */
  private record Listed(Instant submitted, String jobId) implements Comparable<Listed> {
    private static final Comparator<Listed> NEWEST_FIRST =
        Comparator.comparing(Listed::submitted).thenComparing(Listed::jobId).reversed();

    @Override
    public int compareTo(Listed other) {
      return NEWEST_FIRST.compare(this, other);
    }
  }

  private final ActorRef<WorkerPool.Command> pool;
  private final CoordinatorMetrics metrics;
  private final JobEncoder encoder;
  private final JobArchive archive;
  private final Clock clock;
  private final Duration leaseTimeout;
  private final double spotCheckShare;
  private final JobLimits limits;
  private final Map<String, ActorRef<Job.Command>> running = new HashMap<>();
  private final Map<ActorRef<Job.Command>, String> jobOfActor = new HashMap<>();
  private final Map<String, JobPlan> plans = new HashMap<>();

  /** The latest summary of each unfinished job. */
  private final Map<String, JobReport> latest = new HashMap<>();

  /** Where a finished job's results are written to the archive. */
  private enum Archiving {
    /** Being written: they stay in memory until then. */
    WRITING,
    /** Written: memory may let them go. */
    WRITTEN,
    /** Not kept there (no archive, or it failed): leaving memory drops them. */
    NOT_KEPT
  }

  /**
   * A finished job: its listing entry, and where its results are: being encoded ({@code pending}),
   * in memory ({@code stored}), in the archive only ({@code onDisk}) or gone ({@code dropped}).
   */
  private static final class Kept {
    final JobStatus listed;
    final JobSpec.KindCase kind;

    /** Being encoded; null once done. */
    CompletableFuture<FinishedJob.Stored> pending;

    /** The full status, encoded before the results; null once they are. */
    CompletableFuture<JobStatus> status;

    /** In memory, counted in {@link #inMemoryBytes}. */
    FinishedJob.Stored stored;

    Archiving archiving = Archiving.WRITING;

    /** In the archive only. */
    boolean onDisk;

    /** Why they are gone, or null. */
    String dropped;

    /** Whether the job's actor has stopped (it holds the statistics the report shares until). */
    boolean actorStopped;

    Kept(JobStatus listed, JobSpec.KindCase kind) {
      this.listed = listed;
      this.kind = kind;
    }
  }

  private final Map<String, Kept> finished = new HashMap<>();

  /** Finished jobs whose results are in memory, oldest first: the first to leave it. */
  private final LinkedHashMap<String, Kept> inMemory = new LinkedHashMap<>();

  /** The bytes of results in memory, and of those among them still being archived. */
  private long inMemoryBytes;

  private long archivingBytes;

  /**
   * The statistics finished jobs' final reports share with their actors' tallies, by job, and the
   * sum: held until the actor has stopped and the results are encoded, whichever comes last.
   */
  private final Map<String, Long> lingering = new HashMap<>();

  private long lingeringBytes;

  /** Where results are encoded, archived and read: never an actor's thread. */
  private final Executor executor;

  /**
   * The last job's results being encoded, and being archived: the next waits for each, so that one
   * job is encoded at a time and one archived at a time, in the order they finished. Encoding does
   * not wait for the archive: results are served from memory while they are written.
   */
  private CompletableFuture<?> encoding = CompletableFuture.completedFuture(null);

  private CompletableFuture<?> archiving = CompletableFuture.completedFuture(null);

  /** Every job, newest first, for listing. */
  private final TreeMap<Listed, String> listing = new TreeMap<>();

  /** Each job's place in {@link #listing}, for a listing that starts after it. */
  private final Map<String, Listed> listed = new HashMap<>();

  /** Jobs in each state, kept as jobs change state. */
  private final Map<String, JobState> states = new HashMap<>();

  private final EnumMap<JobState, Integer> stateCounts = new EnumMap<>(JobState.class);

  /** The statistics bytes each unfinished job was admitted with, and their sum. */
  private final Map<String, Long> heldBytes = new HashMap<>();

  private long heldBytesTotal;

  /** Unfinished jobs per owner (token NAME), for the per-token limit; owners with none absent. */
  private final Map<String, Integer> unfinishedByOwner = new HashMap<>();

  /** The latest report of each running job, with its pairs (for the metrics). */
  private final Map<String, JobReport> runningReports = new HashMap<>();

  /** Whether a running job's report changed since the gauges were last summed. */
  private boolean runningChanged;

  private JobManager(
      ActorContext<Command> context,
      TimerScheduler<Command> timers,
      ActorRef<WorkerPool.Command> pool,
      CoordinatorMetrics metrics,
      JobEncoder encoder,
      JobArchive archive,
      Clock clock,
      Duration leaseTimeout,
      double spotCheckShare,
      JobLimits limits) {
    super(context);
    // Named, not found on the call stack: there it can be one of Pekko's, which logback mutes.
    context.setLoggerName(JobManager.class);
    this.spotCheckShare = spotCheckShare;
    this.pool = pool;
    this.metrics = metrics;
    this.encoder = encoder;
    this.archive = archive;
    this.clock = clock;
    this.leaseTimeout = leaseTimeout;
    this.limits = limits;
    this.executor = context.getSystem().dispatchers().lookup(DispatcherSelector.blocking());
    for (JobState s : JobState.values()) {
      stateCounts.put(s, 0);
    }
    metrics.jobs(stateCounts);
    timers.startTimerAtFixedRate(MetricsTick.INSTANCE, METRICS_PERIOD);
  }

  /**
   * A manager whose jobs run again {@code spotCheckShare} of their chunks on another worker (0: no
   * spot checks) and are admitted within {@code limits}.
   */
  public static Behavior<Command> create(
      ActorRef<WorkerPool.Command> pool,
      CoordinatorMetrics metrics,
      JobEncoder encoder,
      JobArchive archive,
      Clock clock,
      Duration leaseTimeout,
      double spotCheckShare,
      JobLimits limits) {
    return Behaviors.setup(
        context ->
            Behaviors.withTimers(
                timers ->
                    new JobManager(
                        context,
                        timers,
                        pool,
                        metrics,
                        encoder,
                        archive,
                        clock,
                        leaseTimeout,
                        spotCheckShare,
                        limits)));
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Submit.class, this::onSubmit)
        .onMessage(Lookup.class, this::onLookup)
        .onMessage(ListJobs.class, this::onListJobs)
        .onMessage(JobUpdated.class, this::onJobUpdated)
        .onMessage(JobFinished.class, this::onJobFinished)
        .onMessage(ResultsEncoded.class, this::onResultsEncoded)
        .onMessage(ResultsArchived.class, this::onResultsArchived)
        .onMessage(Restore.class, this::onRestore)
        .onMessageEquals(MetricsTick.INSTANCE, this::onMetricsTick)
        .onMessageEquals(Stop.INSTANCE, Behaviors::stopped)
        .onMessage(CountUnfinished.class, this::onCountUnfinished)
        .onSignal(Terminated.class, this::onJobStopped)
        .build();
  }

  private Behavior<Command> onSubmit(Submit submit) {
    JobPlan plan = submit.plan();
    String id = plan.jobId();
    if (running.containsKey(id) || finished.containsKey(id)) {
      getContext().getLog().warn("job id {} is taken; the submission is refused", id);
      submit.replyTo().tell(new Refused(Refusal.ID_TAKEN, "job id " + id + " is taken"));
      return this;
    }
    JobCost cost;
    Optional<String> refusal;
    try {
      cost = plan.cost();
      // Finished jobs' results in memory are not counted here: they leave memory to make room.
      refusal =
          plan.refusal(limits).or(() -> limits.refuseNow(cost, running.size(), pinnedBytes()));
    } catch (ArithmeticException e) {
      submit.replyTo().tell(new Refused(Refusal.LIMIT, "the spec's size overflows 64 bits"));
      return this;
    }
    if (refusal.isPresent()) {
      submit.replyTo().tell(new Refused(Refusal.LIMIT, refusal.get()));
      return this;
    }
    makeRoom(cost.statisticsBytes());
    archive.submitted(plan);
    ActorRef<Job.Command> job =
        getContext()
            .spawn(
                Behaviors.supervise(
                        Job.create(
                            plan,
                            pool,
                            getContext().getSelf(),
                            metrics,
                            clock,
                            leaseTimeout,
                            spotCheckShare))
                    .onFailure(SupervisorStrategy.stop()),
                "job-" + id);
    getContext().watch(job);
    running.put(id, job);
    jobOfActor.put(job, id);
    plans.put(id, plan);
    heldBytes.put(id, cost.statisticsBytes());
    heldBytesTotal += cost.statisticsBytes();
    budgetChanged();
    unfinishedByOwner.merge(plan.owner(), 1, Integer::sum);
    pool.tell(
        new WorkerPool.JobWaiting(
            id,
            plan.priority(),
            job,
            (int) Math.min(Integer.MAX_VALUE, cost.chunks()),
            plan.engines()));
    JobReport first = initialReport(plan);
    latest.put(id, first);
    list(new Listed(plan.submitted(), id));
    setState(id, JobState.QUEUED);
    submit.replyTo().tell(new Accepted(first));
    return this;
  }

  private static JobReport initialReport(JobPlan plan) {
    return new JobReport(
        plan.jobId(),
        plan.name(),
        JobState.QUEUED,
        plan.priority(),
        plan.submitted(),
        null,
        null,
        0,
        plan.units(),
        0,
        plan.chunks(),
        0,
        0,
        0,
        plan.queuedMessage(),
        plan.codec().queuedView(),
        plan.owner());
  }

  private Behavior<Command> onLookup(Lookup lookup) {
    String id = lookup.jobId();
    Kept done = finished.get(id);
    lookup
        .replyTo()
        .tell(new Found(running.get(id), plans.get(id), done == null ? null : handle(id, done)));
    return this;
  }

  /** Reads only the {@code limit} newest entries of the listing. */
  private void list(Listed entry) {
    listing.put(entry, entry.jobId());
    listed.put(entry.jobId(), entry);
  }

  private Behavior<Command> onListJobs(ListJobs list) {
    Map<Listed, String> from = listing;
    if (list.after() != null) {
      Listed after = listed.get(list.after());
      from = after == null ? Map.of() : listing.tailMap(after, false);
    }
    List<JobStatus> out = new ArrayList<>(Math.min(list.limit(), from.size()));
    for (String id : from.values()) {
      if (out.size() >= list.limit()) {
        break;
      }
      Kept done = finished.get(id);
      JobStatus s = done != null ? done.listed : encoder.status(latest.get(id));
      // A submitter lists its own jobs only: the walk goes on past others' until it has enough.
      if (list.owner() == null || s.getOwner().equals(list.owner())) {
        out.add(s);
      }
    }
    list.replyTo().tell(out);
    return this;
  }

  private Behavior<Command> onJobUpdated(JobUpdated updated) {
    String id = updated.report().jobId();
    if (running.containsKey(id)) {
      latest.put(id, updated.report().summary());
      setState(id, updated.report().state());
      if (updated.report().state() == JobState.RUNNING) {
        runningReports.put(id, updated.report());
      }
      runningChanged = true;
    }
    return this;
  }

  private Behavior<Command> onJobFinished(JobFinished done) {
    String id = done.plan().jobId();
    ActorRef<Job.Command> job = running.get(id);
    if (job == null) {
      return this;
    }
    job.tell(Job.Retire.INSTANCE);
    lingering.put(id, done.heldBytes());
    lingeringBytes += done.heldBytes();
    ended(done.plan(), done.report(), done.games());
    return this;
  }

  /**
   * A job's actor stopped: as planned after it finished (it is no longer running), or because it
   * failed, when the job is marked FAILED, the pool forgets it, and the manager serves on.
   */
  private Behavior<Command> onJobStopped(Terminated stopped) {
    String id = jobOfActor.remove(stopped.getRef());
    Kept done = id == null ? null : finished.get(id);
    if (done != null) {
      done.actorStopped = true;
      if (done.pending == null) {
        release(id);
      }
    }
    if (id == null || !running.containsKey(id)) {
      return this;
    }
    String cause =
        stopped instanceof ChildFailed failed ? failed.getCause().toString() : "it stopped";
    String message = "the job's actor failed: " + cause + "; see the coordinator log";
    getContext().getLog().error("job {}: {}", id, message);
    pool.tell(new WorkerPool.JobGone(id));
    JobReport last = latest.get(id);
    JobReport failed =
        new JobReport(
            id,
            last.name(),
            JobState.FAILED,
            last.priority(),
            last.submitted(),
            last.started(),
            clock.instant(),
            last.playoutsDone(),
            last.playoutsTotal(),
            last.chunksDone(),
            last.chunksTotal(),
            0,
            0,
            0,
            message,
            last.kind(),
            last.owner());
    ended(plans.get(id), failed, List.of());
    return this;
  }

  /** Frees what a finished job's actor and report held: both are done with it. */
  private void release(String id) {
    Long held = lingering.remove(id);
    if (held != null) {
      lingeringBytes -= held;
      budgetChanged();
    }
  }

  /**
   * Lists a finished job at once, and encodes its results off the actors' threads (after those of
   * the jobs that finished before it).
   */
  private void ended(JobPlan plan, JobReport report, List<GameSgf> games) {
    String id = plan.jobId();
    running.remove(id);
    plans.remove(id);
    unfinishedByOwner.computeIfPresent(plan.owner(), (o, n) -> n > 1 ? n - 1 : null);
    latest.remove(id);
    runningReports.remove(id);
    runningChanged = true;
    Long bytes = heldBytes.remove(id);
    if (bytes != null) {
      heldBytesTotal -= bytes;
    }
    budgetChanged();
    Kept kept = new Kept(encoder.status(report.summary()), plan.spec().getKindCase());
    finished.put(id, kept);
    setState(id, report.state());
    // The full status (an evaluate job's pair headlines) beside the results: a client asking for
    // it need not wait for every pair's statistics to be encoded.
    JobEncoder encoder = this.encoder;
    kept.status = CompletableFuture.supplyAsync(() -> encoder.status(report), executor);
    kept.pending = encode(plan, report, games);
    getContext().pipeToSelf(kept.pending, (stored, error) -> new ResultsEncoded(id, stored, error));
    String message = report.message();
    getContext()
        .getLog()
        .info("job {} {}{}", id, report.state(), message.isEmpty() ? "" : ": " + message);
  }

  /**
   * Encodes a finished job's results and games on {@link #executor}, once the job before is
   * encoded: the report's statistics are the tally's own, which nothing changes now.
   */
  private CompletableFuture<FinishedJob.Stored> encode(
      JobPlan plan, JobReport report, List<GameSgf> games) {
    JobEncoder encoder = this.encoder;
    CompletableFuture<FinishedJob.Stored> next =
        encoding
            .handle((ignored, error) -> null)
            .thenApplyAsync(
                ignored ->
                    new FinishedJob.Stored(encoder.resultsBytes(plan, report), gamesBytes(games)),
                executor);
    encoding = next;
    return next;
  }

  private static ByteString gamesBytes(List<GameSgf> games) {
    ByteString.Output out = ByteString.newOutput();
    try {
      for (GameSgf g : games) {
        Games.toProto(g).writeDelimitedTo(out);
      }
    } catch (IOException e) {
      // Memory only: a ByteString.Output never throws.
      throw new UncheckedIOException(e);
    }
    return out.toByteString();
  }

  private Behavior<Command> onResultsEncoded(ResultsEncoded done) {
    String id = done.jobId();
    Kept kept = finished.get(id);
    kept.pending = null;
    kept.status = null;
    if (kept.actorStopped) {
      release(id);
    }
    if (done.error() != null) {
      getContext().getLog().error("could not encode the results of job {}", id, done.error());
      kept.dropped = "the results of job " + id + " could not be encoded; see the coordinator log";
      return this;
    }
    FinishedJob.Stored stored = done.stored();
    kept.stored = stored;
    inMemory.put(id, kept);
    inMemoryBytes += stored.bytes();
    archivingBytes += stored.bytes();
    JobArchive archive = this.archive;
    CompletableFuture<Boolean> written =
        archiving
            .handle((ignored, error) -> null)
            .thenApplyAsync(
                ignored -> {
                  try {
                    return archive.finished(id, stored.results(), stored.games());
                  } catch (RuntimeException e) {
                    LOG.error("could not archive the results of job {}: {}", id, e.toString());
                    return false;
                  }
                },
                executor);
    archiving = written;
    getContext()
        .pipeToSelf(written, (ok, error) -> new ResultsArchived(id, Boolean.TRUE.equals(ok)));
    makeRoom(0);
    return this;
  }

  private Behavior<Command> onResultsArchived(ResultsArchived done) {
    Kept kept = finished.get(done.jobId());
    kept.archiving = done.kept() ? Archiving.WRITTEN : Archiving.NOT_KEPT;
    if (kept.stored != null) {
      archivingBytes -= kept.stored.bytes();
    }
    makeRoom(0);
    return this;
  }

  /**
   * What the budget holds that cannot leave memory now: unfinished jobs' bounds, finished jobs'
   * statistics until their actors stop and results are encoded, and results being archived.
   */
  private long pinnedBytes() {
    return heldBytesTotal + lingeringBytes + archivingBytes;
  }

  /**
   * Moves finished jobs' results out of memory, oldest first (those being archived wait), until
   * {@code more} bytes fit in the budget beside what is held.
   */
  private void makeRoom(long more) {
    var oldest = inMemory.entrySet().iterator();
    while (oldest.hasNext()
        && heldBytesTotal + lingeringBytes + inMemoryBytes + more > limits.maxStatisticsBytes()) {
      Map.Entry<String, Kept> e = oldest.next();
      Kept kept = e.getValue();
      if (kept.archiving == Archiving.WRITING) {
        continue;
      }
      oldest.remove();
      long bytes = kept.stored.bytes();
      inMemoryBytes -= bytes;
      if (kept.archiving == Archiving.WRITTEN) {
        kept.onDisk = true;
      } else {
        kept.dropped = droppedMessage(e.getKey());
      }
      kept.stored = null;
      LOG.info(
          "job {}: its results ({} bytes) leave memory to keep within the statistics budget;"
              + " {}",
          e.getKey(),
          bytes,
          kept.onDisk ? "read from the archive from now on" : "dropped (no --data-dir)");
    }
    budgetChanged();
  }

  private String droppedMessage(String id) {
    return "the results of job "
        + id
        + " are no longer kept: this coordinator keeps finished jobs' results in memory within"
        + " --max-statistics-mb ("
        + limits.maxStatisticsBytes() / JobLimits.MIB
        + " MiB), dropping the oldest first, and has no --data-dir to keep them on disk";
  }

  /** What a client may have of a finished job, as things stand. */
  private FinishedJob handle(String id, Kept kept) {
    if (kept.dropped != null) {
      return FinishedJob.dropped(id, kept.listed, kept.kind, kept.dropped);
    }
    if (kept.stored != null) {
      return FinishedJob.inMemory(id, kept.listed, kept.kind, kept.stored, executor);
    }
    if (kept.pending != null) {
      return FinishedJob.encoding(id, kept.listed, kept.kind, kept.pending, kept.status, executor);
    }
    return FinishedJob.onDisk(id, kept.listed, kept.kind, archive, executor);
  }

  private void budgetChanged() {
    metrics.statisticsBytes(heldBytesTotal + lingeringBytes, inMemoryBytes);
  }

  private Behavior<Command> onCountUnfinished(CountUnfinished count) {
    count.replyTo().tell(unfinishedByOwner.getOrDefault(count.owner(), 0));
    return this;
  }

  private Behavior<Command> onRestore(Restore restore) {
    JobStatus status = restore.head().status();
    String id = status.getJobId();
    if (!running.containsKey(id) && !finished.containsKey(id)) {
      Kept kept = new Kept(status.toBuilder().clearPairs().build(), restore.head().kind());
      kept.archiving = Archiving.WRITTEN;
      kept.onDisk = true;
      finished.put(id, kept);
      Instant submitted =
          Instant.ofEpochSecond(
              status.getSubmitted().getSeconds(), status.getSubmitted().getNanos());
      list(new Listed(submitted, id));
      setState(id, JobState.valueOf(status.getState().name()));
    }
    return this;
  }

  /** Moves job {@code id} to {@code state}, keeping the count of jobs in each state. */
  private void setState(String id, JobState state) {
    JobState before = states.put(id, state);
    if (before == state) {
      return;
    }
    if (before != null) {
      stateCounts.merge(before, -1, Integer::sum);
    }
    stateCounts.merge(state, 1, Integer::sum);
    metrics.jobs(stateCounts);
  }

  private Behavior<Command> onMetricsTick() {
    if (runningChanged) {
      runningChanged = false;
      metrics.runningJobs(runningReports.values());
    }
    return this;
  }
}
