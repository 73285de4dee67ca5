package gofarm.coordinator.actor;

import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.job.GameSgf;
import gofarm.coordinator.job.JobCost;
import gofarm.coordinator.job.JobLimits;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * The registry of jobs: starts a {@link Job} actor per submitted job, says where a job runs (to
 * clients, and to worker sessions holding results of a job they have no lease of), and keeps
 * finished jobs (encoded, and archived when a data directory is set) to list and serve them.
 * Workers' results do not pass through here: sessions send them to the job whose lease they hold.
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
          Restore,
          FinishedGames,
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
   * The answer to {@link Lookup}: for a running job its actor and plan, for a finished one its
   * results; all null when there is no such job.
   */
  public record Found(ActorRef<Job.Command> running, JobPlan plan, JobResults finished) {
    public boolean exists() {
      return running != null || finished != null;
    }
  }

  /**
   * Lists up to {@code limit} jobs, newest first: every job, or only those of {@code owner} when it
   * is not null.
   */
  public record ListJobs(int limit, String owner, ActorRef<List<JobStatus>> replyTo)
      implements Command {
    public ListJobs(int limit, ActorRef<List<JobStatus>> replyTo) {
      this(limit, null, replyTo);
    }
  }

  /** Asks how many unfinished jobs {@code owner} has (for the per-token limit). */
  public record CountUnfinished(String owner, ActorRef<Integer> replyTo) implements Command {}

  /** A running job's latest summary, sent when it changed. */
  public record JobUpdated(JobReport report) implements Command {}

  /** A job ended; {@code report} carries its statistics, {@code games} a match's games. */
  public record JobFinished(JobPlan plan, JobReport report, List<GameSgf> games)
      implements Command {}

  /** Asks for the games of a finished match, in pair order (empty for other jobs). */
  public record FinishedGames(String jobId, ActorRef<List<GameSgf>> replyTo) implements Command {}

  /** A finished job read back from the archive at start-up. */
  public record Restore(JobResults results) implements Command {}

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

  private final Map<String, JobResults> finished = new HashMap<>();

  /** Every job, newest first, for listing. */
  private final TreeMap<Listed, String> listing = new TreeMap<>();

  /** Jobs in each state, kept as jobs change state. */
  private final Map<String, JobState> states = new HashMap<>();

  private final EnumMap<JobState, Integer> stateCounts = new EnumMap<>(JobState.class);

  /** The statistics bytes each unfinished job was admitted with, and their sum. */
  private final Map<String, Long> heldBytes = new HashMap<>();

  private long heldBytesTotal;

  /** Unfinished jobs per owner (token NAME), for the per-token limit; owners with none absent. */
  private final Map<String, Integer> unfinishedByOwner = new HashMap<>();

  /** The games of the matches that finished in this process (restored ones are read on demand). */
  private final Map<String, List<GameSgf>> finishedGames = new HashMap<>();

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
    this.spotCheckShare = spotCheckShare;
    this.pool = pool;
    this.metrics = metrics;
    this.encoder = encoder;
    this.archive = archive;
    this.clock = clock;
    this.leaseTimeout = leaseTimeout;
    this.limits = limits;
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
        .onMessage(Restore.class, this::onRestore)
        .onMessage(FinishedGames.class, this::onFinishedGames)
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
      refusal =
          plan.refusal(limits).or(() -> limits.refuseNow(cost, running.size(), heldBytesTotal));
    } catch (ArithmeticException e) {
      submit.replyTo().tell(new Refused(Refusal.LIMIT, "the spec's size overflows 64 bits"));
      return this;
    }
    if (refusal.isPresent()) {
      submit.replyTo().tell(new Refused(Refusal.LIMIT, refusal.get()));
      return this;
    }
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
    listing.put(new Listed(plan.submitted(), id), id);
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
    lookup.replyTo().tell(new Found(running.get(id), plans.get(id), finished.get(id)));
    return this;
  }

  /** Reads only the {@code limit} newest entries of the listing. */
  private Behavior<Command> onListJobs(ListJobs list) {
    List<JobStatus> out = new ArrayList<>(Math.min(list.limit(), listing.size()));
    for (String id : listing.values()) {
      if (out.size() >= list.limit()) {
        break;
      }
      JobResults done = finished.get(id);
      JobStatus s = done != null ? done.getStatus() : encoder.status(latest.get(id));
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
    if (job != null) {
      job.tell(Job.Retire.INSTANCE);
    }
    ended(id, encoder.results(done.plan(), done.report()), done.games(), done.report().message());
    return this;
  }

  /**
   * A job's actor stopped: as planned after it finished (it is no longer running), or because it
   * failed, when the job is marked FAILED, the pool forgets it, and the manager serves on.
   */
  private Behavior<Command> onJobStopped(Terminated stopped) {
    String id = jobOfActor.remove(stopped.getRef());
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
    ended(id, encoder.results(plans.get(id), failed), List.of(), message);
    return this;
  }

  /** Keeps a finished job's results and archives them. */
  private void ended(String id, JobResults results, List<GameSgf> games, String message) {
    running.remove(id);
    JobPlan plan = plans.remove(id);
    if (plan != null) {
      unfinishedByOwner.computeIfPresent(plan.owner(), (o, n) -> n > 1 ? n - 1 : null);
    }
    latest.remove(id);
    runningReports.remove(id);
    runningChanged = true;
    Long bytes = heldBytes.remove(id);
    if (bytes != null) {
      heldBytesTotal -= bytes;
    }
    finished.put(id, results);
    if (!games.isEmpty()) {
      finishedGames.put(id, games);
    }
    JobState end = JobState.valueOf(results.getStatus().getState().name());
    setState(id, end);
    try {
      archive.finished(results, games);
    } catch (RuntimeException e) {
      getContext().getLog().error("could not archive the results of job {}: {}", id, e.toString());
    }
    getContext().getLog().info("job {} {}{}", id, end, message.isEmpty() ? "" : ": " + message);
  }

  private Behavior<Command> onFinishedGames(FinishedGames get) {
    List<GameSgf> games = finishedGames.get(get.jobId());
    if (games == null) {
      try {
        games = archive.games(get.jobId());
      } catch (RuntimeException e) {
        getContext().getLog().error("could not read the games of job {}: {}", get.jobId(), e);
        games = List.of();
      }
    }
    get.replyTo().tell(games);
    return this;
  }

  private Behavior<Command> onCountUnfinished(CountUnfinished count) {
    count.replyTo().tell(unfinishedByOwner.getOrDefault(count.owner(), 0));
    return this;
  }

  private Behavior<Command> onRestore(Restore restore) {
    JobStatus status = restore.results().getStatus();
    String id = status.getJobId();
    if (!running.containsKey(id) && !finished.containsKey(id)) {
      finished.put(id, restore.results());
      Instant submitted =
          Instant.ofEpochSecond(
              status.getSubmitted().getSeconds(), status.getSubmitted().getNanos());
      listing.put(new Listed(submitted, id), id);
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
