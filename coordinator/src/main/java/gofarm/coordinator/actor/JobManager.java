package gofarm.coordinator.actor;

import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.job.GameSgf;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The registry of jobs: starts a {@link Job} actor per submitted job, says where a job runs (to
 * clients, and to worker sessions holding results of a job they have no lease of), and keeps
 * finished jobs (encoded, and archived when a data directory is set) to list and serve them.
 * Workers' results do not pass through here: sessions send them to the job whose lease they hold.
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
          CountUnfinished {}

  /** Starts a job; replies with its first report. */
  public record Submit(JobPlan plan, ActorRef<JobReport> replyTo) implements Command {}

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

  /** A running job's latest summary. */
  public record JobUpdated(JobReport report) implements Command {}

  /** A job ended; {@code report} carries its statistics, {@code games} a match's games. */
  public record JobFinished(JobPlan plan, JobReport report, List<GameSgf> games)
      implements Command {}

  /** Asks for the games of a finished match, in pair order (empty for other jobs). */
  public record FinishedGames(String jobId, ActorRef<List<GameSgf>> replyTo) implements Command {}

  /** A finished job read back from the archive at start-up. */
  public record Restore(JobResults results) implements Command {}

  private final ActorRef<WorkerPool.Command> pool;
  private final CoordinatorMetrics metrics;
  private final JobEncoder encoder;
  private final JobArchive archive;
  private final Clock clock;
  private final Duration leaseTimeout;
  private final Map<String, ActorRef<Job.Command>> running = new HashMap<>();
  private final Map<String, JobPlan> plans = new HashMap<>();
  private final Map<String, JobReport> latest = new LinkedHashMap<>();
  private final Map<String, JobResults> finished = new HashMap<>();

  /** Unfinished jobs per owner (token NAME), for the per-token limit; owners with none absent. */
  private final Map<String, Integer> unfinishedByOwner = new HashMap<>();

  /** The games of the matches that finished in this process (restored ones are read on demand). */
  private final Map<String, List<GameSgf>> finishedGames = new HashMap<>();

  /** The latest report of each job that has not finished, with its pairs (for the metrics). */
  private final Map<String, JobReport> unfinishedReports = new HashMap<>();

  private JobManager(
      ActorContext<Command> context,
      ActorRef<WorkerPool.Command> pool,
      CoordinatorMetrics metrics,
      JobEncoder encoder,
      JobArchive archive,
      Clock clock,
      Duration leaseTimeout) {
    super(context);
    this.pool = pool;
    this.metrics = metrics;
    this.encoder = encoder;
    this.archive = archive;
    this.clock = clock;
    this.leaseTimeout = leaseTimeout;
  }

  public static Behavior<Command> create(
      ActorRef<WorkerPool.Command> pool,
      CoordinatorMetrics metrics,
      JobEncoder encoder,
      JobArchive archive,
      Clock clock,
      Duration leaseTimeout) {
    return Behaviors.setup(
        context -> new JobManager(context, pool, metrics, encoder, archive, clock, leaseTimeout));
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
        .onMessage(CountUnfinished.class, this::onCountUnfinished)
        .build();
  }

  private Behavior<Command> onSubmit(Submit submit) {
    JobPlan plan = submit.plan();
    if (running.containsKey(plan.jobId()) || finished.containsKey(plan.jobId())) {
      throw new IllegalStateException("job id used twice: " + plan.jobId());
    }
    archive.submitted(plan);
    ActorRef<Job.Command> job =
        getContext()
            .spawn(
                Job.create(plan, pool, getContext().getSelf(), metrics, clock, leaseTimeout),
                "job-" + plan.jobId());
    running.put(plan.jobId(), job);
    plans.put(plan.jobId(), plan);
    unfinishedByOwner.merge(plan.owner(), 1, Integer::sum);
    pool.tell(
        new WorkerPool.JobWaiting(
            plan.jobId(), plan.priority(), job, plan.chunks(), plan.engines()));
    JobReport first = initialReport(plan);
    latest.put(plan.jobId(), first);
    updateJobMetrics();
    submit.replyTo().tell(first);
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

  private Behavior<Command> onListJobs(ListJobs list) {
    List<JobStatus> all = new ArrayList<>();
    for (JobReport r : latest.values()) {
      JobResults done = finished.get(r.jobId());
      all.add(done != null ? done.getStatus() : encoder.status(r));
    }
    for (JobResults done : finished.values()) {
      if (!latest.containsKey(done.getStatus().getJobId())) {
        all.add(done.getStatus());
      }
    }
    all.sort(
        Comparator.comparing(
                (JobStatus s) ->
                    s.getSubmitted().getSeconds() * 1_000_000_000L + s.getSubmitted().getNanos())
            .reversed()
            .thenComparing(JobStatus::getJobId, Comparator.reverseOrder()));
    if (list.owner() != null) {
      all.removeIf(s -> !s.getOwner().equals(list.owner()));
    }
    list.replyTo().tell(all.subList(0, Math.min(list.limit(), all.size())));
    return this;
  }

  private Behavior<Command> onJobUpdated(JobUpdated updated) {
    if (running.containsKey(updated.report().jobId())) {
      latest.put(updated.report().jobId(), updated.report().summary());
      unfinishedReports.put(updated.report().jobId(), updated.report());
      updateJobMetrics();
    }
    return this;
  }

  private Behavior<Command> onJobFinished(JobFinished done) {
    String id = done.plan().jobId();
    ActorRef<Job.Command> job = running.remove(id);
    if (plans.remove(id) != null) {
      unfinishedByOwner.computeIfPresent(done.plan().owner(), (o, n) -> n > 1 ? n - 1 : null);
    }
    unfinishedReports.remove(id);
    if (job != null) {
      job.tell(Job.Retire.INSTANCE);
    }
    JobResults results = encoder.results(done.plan(), done.report());
    finished.put(id, results);
    if (!done.games().isEmpty()) {
      finishedGames.put(id, done.games());
    }
    latest.put(id, done.report().summary());
    try {
      archive.finished(results, done.games());
    } catch (RuntimeException e) {
      getContext().getLog().error("could not archive the results of job {}: {}", id, e.toString());
    }
    getContext()
        .getLog()
        .info(
            "job {} {}{}",
            id,
            done.report().state(),
            done.report().message().isEmpty() ? "" : ": " + done.report().message());
    updateJobMetrics();
    return this;
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
    String id = restore.results().getStatus().getJobId();
    if (!running.containsKey(id)) {
      finished.put(id, restore.results());
      updateJobMetrics();
    }
    return this;
  }

  private void updateJobMetrics() {
    Map<JobState, Integer> counts = new HashMap<>();
    for (JobReport r : latest.values()) {
      counts.merge(r.state(), 1, Integer::sum);
    }
    for (JobResults done : finished.values()) {
      if (!latest.containsKey(done.getStatus().getJobId())) {
        JobState s = JobState.valueOf(done.getStatus().getState().name());
        counts.merge(s, 1, Integer::sum);
      }
    }
    metrics.jobs(counts);
    metrics.runningJobs(unfinishedReports.values());
  }
}
