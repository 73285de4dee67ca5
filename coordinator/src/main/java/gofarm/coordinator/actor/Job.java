package gofarm.coordinator.actor;

import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.codec.KindCodec;
import gofarm.coordinator.job.ChunkTable;
import gofarm.coordinator.job.GameSgf;
import gofarm.coordinator.job.JobKind;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.job.SeriesRates;
import gofarm.coordinator.job.SpotChecks;
import gofarm.coordinator.job.Tally;
import gofarm.coordinator.metrics.CoordinatorMetrics;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * One job: hands its chunks to workers when the pool asks, counts their results, re-queues the
 * chunks of workers that go away or whose lease expires, and reports progress. The bookkeeping is
 * in {@link ChunkTable}; this actor adds time, workers and messages.
 *
 * <p>Chunking, idempotency, retry and aggregation: a chunk is defined by the plan (its size and
 * seed), so running it twice gives the same statistics and the table counts it once. A lease lasts
 * {@code leaseTimeout}; a chunk whose lease ends, or whose worker's stream breaks, goes back to the
 * front of the queue, and a late result still counts if no other worker's came first. Results are
 * sums, added in chunk index order per pair, so the totals and any early stop are the same whatever
 * the order of arrival. When every pair is done the job reports its final state to the manager and
 * stops.
 *
 * <p>The job's kind (an evaluate job's (position, policy) pairs of playouts, a match's game pairs)
 * is known only through its {@link JobKind}, its {@link Tally} and its {@link KindCodec}: results
 * arrive decoded and checked by the worker's session, straight from the lease, and are counted in
 * chunk order per series. A chunk that fails on {@value #MAX_FAILURES} different workers (an
 * external engine that crashes, say) fails the job with the workers' message instead of going round
 * forever.
 *
 * <p>No worker is trusted: a result counts only if its chunk is leased to that worker ({@link
 * ChunkTable#heldBy}), and {@link SpotChecks} picks results to hold until another worker's run of
 * the chunk agrees (each worker's first, and a share of the rest). A worker whose run differs is
 * quarantined through the pool; the results held from it run again elsewhere.
 *
 * @param <R> a chunk's result in core terms
 * @param <F> the kind's report
 */
public final class Job<R, F> extends AbstractBehavior<Job.Command> {

  /** Messages a job understands. */
  public sealed interface Command
      permits Lease,
          ChunkCompleted,
          ChunkReturned,
          WorkerLost,
          Cancel,
          GetReport,
          GetGames,
          Retire,
          Tick,
          Stop {}

  /**
   * The pool offers a worker: lease it up to {@code max} chunks, send them to {@code session} and
   * tell the pool how many went out. {@code voter} is whose vote the worker's results are in spot
   * checks (its token's), {@code otherWorkers} how many workers of other voters could check them.
   */
  public record Lease(
      long request,
      String workerId,
      String voter,
      ActorRef<WorkerSession.Command> session,
      int max,
      int otherWorkers,
      ActorRef<WorkerPool.Command> replyTo)
      implements Command {}

  /**
   * A worker's result for a chunk, decoded by the job's own {@link KindCodec} (which the lease gave
   * the session), with the worker's {@code message} for spot checks to compare; the job
   * acknowledges it to {@code replyTo} once handled.
   *
   * @param <T> the job's result type
   */
  public record ChunkCompleted<T>(
      ChunkKey key,
      T result,
      ChunkResult message,
      String workerId,
      double seconds,
      ActorRef<WorkerSession.Command> replyTo)
      implements Command {}

  /**
   * A worker gives a chunk back unrun: it is draining ({@code failure} empty), or the chunk failed
   * there ({@code failure} says why).
   */
  public record ChunkReturned(ChunkKey key, String workerId, String failure) implements Command {}

  /** Asks for the games a match has counted, in pair order (none for an evaluate job). */
  public record GetGames(ActorRef<List<GameSgf>> replyTo) implements Command {}

  /**
   * A worker's stream ended: its leased chunks go back to the queue. A quarantined worker's held
   * results are dropped too, to be run again elsewhere.
   *
   * @param quarantine why the worker was quarantined (by a spot check or by its counts, in this job
   *     or another), or null if it only left
   */
  public record WorkerLost(String workerId, String quarantine) implements Command {
    boolean quarantined() {
      return quarantine != null;
    }
  }

  /** Stops the job; replies with the final report. */
  public record Cancel(ActorRef<JobReport> replyTo) implements Command {}

  /** Asks for a report, with each pair's statistics when {@code withStats}. */
  public record GetReport(boolean withStats, ActorRef<JobReport> replyTo) implements Command {}

  /**
   * The manager has taken the final report: stop after {@link #LINGER}. Results that arrive
   * meanwhile are acknowledged as not needed; a session that sends one after the job has stopped
   * learns of the stop by watching the job and acknowledges it itself.
   */
  public enum Retire implements Command {
    INSTANCE
  }

  private enum Tick implements Command {
    INSTANCE
  }

  private enum Stop implements Command {
    INSTANCE
  }

  /**
   * How long a finished job still answers. A client that looked the job up just before the manager
   * retired it asks it next; stopping at once would leave that ask to time out.
   */
  private static final Duration LINGER = Duration.ofSeconds(30);

  private static final Duration TICK = Duration.ofMillis(500);

  /**
   * A chunk is backed up once its newest lease is this many times the job's median round trip old
   * (see {@link ChunkTable}): far beyond what an honest worker with a full queue takes.
   */
  static final int BACKUP_AFTER_MEDIANS = 4;

  /** Nor sooner than this: backing up a job's every last chunk would only waste work. */
  static final Duration BACKUP_FLOOR = Duration.ofSeconds(2);

  /** Failures of one chunk, on any workers, that fail the job. */
  static final int MAX_FAILURES = 3;

  /** Seconds of history behind the reported playout rate. */
  private static final int RATE_WINDOW_TICKS = 10;

  private final TimerScheduler<Command> timers;
  private final JobPlan plan;
  private final KindCodec<R, F> codec;
  private final Tally<R, F> tally;
  private final ChunkTable<R> table;
  private final ActorRef<WorkerPool.Command> pool;
  private final ActorRef<JobManager.Command> manager;
  private final CoordinatorMetrics metrics;
  private final Clock clock;
  private final Duration leaseTimeout;
  private final ArrayDeque<long[]> rateSamples = new ArrayDeque<>();

  /** Each series' own run, for the rate a kind reports for one series (a confirmation's). */
  private final SeriesRates seriesRates;

  /** The workers each chunk failed on: only distinct workers count, so one cannot fail a job. */
  private final Map<ChunkKey, Set<String>> failures = new HashMap<>();

  private final SpotChecks<R, ChunkResult> spotChecks;

  /** Recent chunks' round trips, whose median says when a chunk is overdue for a backup. */
  private final RoundTrips roundTrips = new RoundTrips();

  /** What users should know about the run (a quarantined worker), for the job's message. */
  private final List<String> notices = new ArrayList<>();

  /** Other workers the pool had when it last offered one: a spot check needs one. */
  private int otherWorkers;

  private JobState state = JobState.QUEUED;
  private Instant started;
  private Instant finished;
  private String message = "";

  private Job(
      ActorContext<Command> context,
      TimerScheduler<Command> timers,
      JobPlan plan,
      KindCodec<R, F> codec,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      CoordinatorMetrics metrics,
      Clock clock,
      Duration leaseTimeout,
      double spotCheckShare) {
    super(context);
    context.setLoggerName(Job.class);
    this.timers = timers;
    this.plan = plan;
    this.codec = codec;
    this.tally = codec.kind().newTally();
    this.table = new ChunkTable<>(plan.jobId(), codec.kind(), tally);
    this.seriesRates = new SeriesRates(codec.kind().series());
    this.pool = pool;
    this.manager = manager;
    this.metrics = metrics;
    this.clock = clock;
    this.leaseTimeout = plan.lease(leaseTimeout);
    this.spotChecks =
        codec.kind().reproducible()
            ? new SpotChecks<>(spotCheckShare, codec.kind().job().seed(), WorkerProtocol::sameRun)
            : SpotChecks.none();
  }

  /**
   * A job for {@code plan}; it reports to {@code manager} when it finishes. The manager registers
   * it with {@code pool}, so that the pool knows of it before anything the submitter does next.
   * {@code spotCheckShare} of its chunks (and each worker's first) are run again on another worker
   * before they count; 0 checks none.
   */
  public static Behavior<Command> create(
      JobPlan plan,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      CoordinatorMetrics metrics,
      Clock clock,
      Duration leaseTimeout,
      double spotCheckShare) {
    return create(plan, plan.codec(), pool, manager, metrics, clock, leaseTimeout, spotCheckShare);
  }

  private static <R, F> Behavior<Command> create(
      JobPlan plan,
      KindCodec<R, F> codec,
      ActorRef<WorkerPool.Command> pool,
      ActorRef<JobManager.Command> manager,
      CoordinatorMetrics metrics,
      Clock clock,
      Duration leaseTimeout,
      double spotCheckShare) {
    return Behaviors.setup(
        context ->
            Behaviors.withTimers(
                timers ->
                    new Job<>(
                        context,
                        timers,
                        plan,
                        codec,
                        pool,
                        manager,
                        metrics,
                        clock,
                        leaseTimeout,
                        spotCheckShare)));
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Lease.class, this::onLease)
        // Unchecked: a session decodes a job's results with that job's own codec (see
        // ChunkCompleted), so every ChunkCompleted this job receives carries an R.
        .onMessageUnchecked(ChunkCompleted.class, this::onChunkCompleted)
        .onMessage(ChunkReturned.class, this::onChunkReturned)
        .onMessage(WorkerLost.class, this::onWorkerLost)
        .onMessage(Cancel.class, this::onCancel)
        .onMessage(GetReport.class, this::onGetReport)
        .onMessage(GetGames.class, this::onGetGames)
        .onMessageEquals(Tick.INSTANCE, this::onTick)
        .build();
  }

  private Behavior<Command> onLease(Lease lease) {
    long now = clock.millis();
    long deadline = now + leaseTimeout.toMillis();
    otherWorkers = lease.otherWorkers();
    spotChecks.voter(lease.workerId(), lease.voter());
    // Spot checks first: held results wait for them, and the oldest holds the most back.
    List<ChunkKey> keys = spotChecks.lease(lease.workerId(), lease.max(), deadline);
    if (keys.size() < lease.max() && !spotChecks.isQuarantined(lease.workerId())) {
      keys = new ArrayList<>(keys);
      keys.addAll(table.lease(lease.workerId(), lease.max() - keys.size(), now, deadline));
      if (keys.size() < lease.max() && backups() && table.waiting() == 0) {
        List<ChunkKey> backups =
            table.leaseBackups(
                lease.workerId(),
                lease.max() - keys.size(),
                now,
                deadline,
                now - backupAfter(),
                holder -> spotChecks.sameVoter(holder, lease.workerId()));
        if (!backups.isEmpty()) {
          getContext()
              .getLog()
              .info(
                  "job {}: leased {} overdue chunks again to worker {} as backups",
                  plan.jobId(),
                  backups.size(),
                  lease.workerId());
          metrics.chunksBackedUp(backups.size());
          keys.addAll(backups);
        }
      }
    }
    if (!keys.isEmpty()) {
      if (state == JobState.QUEUED) {
        state = JobState.RUNNING;
        started = clock.instant();
        // A queued job has nothing to report and no lease to expire: it ticks once it runs.
        timers.startTimerAtFixedRate(Tick.INSTANCE, TICK);
        reportIfChanged();
      }
      List<WorkerSession.Work> work = new ArrayList<>(keys.size());
      for (ChunkKey key : keys) {
        seriesRates.leased(codec.kind().series(key), now);
        work.add(new WorkerSession.Work(key, codec.assignment(key, tally)));
      }
      lease.session().tell(new WorkerSession.Assign(getContext().getSelf(), plan, work));
    }
    lease
        .replyTo()
        .tell(new WorkerPool.Leased(lease.request(), plan.jobId(), keys.size(), waiting()));
    return this;
  }

  /**
   * Chunks to hand out: the table's, spot checks waiting for a worker, and, when nothing else is,
   * overdue chunks to back up.
   */
  private int waiting() {
    int waiting = table.waiting() + spotChecks.waiting();
    return waiting > 0 || !backups() ? waiting : backupsDue();
  }

  /**
   * Whether overdue chunks are backed up: only where any worker's run of a chunk gives the same
   * result, so that which copy counts changes nothing (not, say, games against a clock).
   */
  private boolean backups() {
    return codec.kind().reproducible() && state == JobState.RUNNING;
  }

  private int backupsDue() {
    return table.backupsDue(clock.millis() - backupAfter());
  }

  /**
   * How old a chunk's newest lease must be for a backup: {@link #BACKUP_AFTER_MEDIANS} median round
   * trips, at least {@link #BACKUP_FLOOR}; before three chunks have come back, a quarter lease.
   */
  private long backupAfter() {
    long median = roundTrips.median();
    long after = median < 0 ? leaseTimeout.toMillis() / 4 : BACKUP_AFTER_MEDIANS * median;
    return Math.max(BACKUP_FLOOR.toMillis(), after);
  }

  /** What the pool last heard of backups due, so that a tick tells it only of a change. */
  private int toldBackupsDue;

  private Behavior<Command> onChunkCompleted(ChunkCompleted<R> done) {
    Behavior<Command> next = handle(done);
    // Acknowledged once handled: a result whose counting fails the actor is never acknowledged.
    done.replyTo().tell(new WorkerSession.Acked(done.key()));
    return next;
  }

  private Behavior<Command> handle(ChunkCompleted<R> done) {
    ChunkKey key = done.key();
    String worker = done.workerId();
    if (state.isFinished()) {
      metrics.chunkNotNeeded();
      return this;
    }
    String misfit =
        codec.kind().hasChunk(key)
            ? tally.refusal(codec.kind().series(key), key.chunk(), done.result())
            : null;
    if (misfit != null) {
      // What the edge could not check without the tally: refused as a malformed result is.
      getContext().getLog().warn("refused a result from worker {}: {}", worker, misfit);
      metrics.resultRefused("invalid");
      quarantine(worker, "its result of chunk " + key + " does not fit the chunk: " + misfit);
      return this;
    }
    if (spotChecks.isCheckRun(key, worker)) {
      return onCheckRun(done);
    }
    if (spotChecks.isQuarantined(worker)) {
      metrics.resultRefused("quarantined");
      return this;
    }
    if (spotChecks.wantsToHold(key, worker, otherWorkers) && table.hold(key, worker)) {
      spotChecks.hold(key, worker, done.result(), done.message(), clock.millis());
      tellWaiting();
      return this;
    }
    long leased = table.leaseStart(key, worker);
    ChunkTable.Outcome outcome;
    try {
      outcome = table.complete(key, done.result(), worker);
    } catch (IllegalArgumentException e) {
      getContext().getLog().warn("dropped a result from worker {}: {}", worker, e.getMessage());
      metrics.resultRefused("no_such_chunk");
      return this;
    }
    counted(key, done.result(), outcome, leased);
    return afterCount();
  }

  /** Metrics for a result the table took. */
  private void counted(ChunkKey key, R result, ChunkTable.Outcome outcome, long leased) {
    switch (outcome) {
      case COUNTED -> {
        double roundTrip = leased < 0 ? -1 : (clock.millis() - leased) / 1000.0;
        if (leased >= 0) {
          roundTrips.add(clock.millis() - leased);
        }
        metrics.chunkCounted(codec.kind().work(key, result), roundTrip);
        int series = codec.kind().series(key);
        if (table.seriesDone(series)) {
          seriesRates.done(series, clock.millis());
        }
      }
      case DUPLICATE -> metrics.chunkDuplicate();
      case NOT_NEEDED -> metrics.chunkNotNeeded();
      case NOT_LEASED -> metrics.resultRefused("not_leased");
    }
  }

  /** After results were counted: finish, or tell the pool of chunks the count released. */
  private Behavior<Command> afterCount() {
    if (table.finished() && !state.isFinished()) {
      return finish(JobState.SUCCEEDED, table.anyStoppedEarly() ? tally.stopMessage() : "");
    }
    if (table.openedMore()) {
      // The count released chunks (a tuning's next iteration): the pool may have idle workers.
      tellWaiting();
    }
    return this;
  }

  /**
   * A second (or third) run of a held chunk: once two runs agree, that result counts with the
   * backlog of the workers it verified, and every worker that sent something else is quarantined.
   */
  private Behavior<Command> onCheckRun(ChunkCompleted<R> done) {
    SpotChecks.Settled<R> settled =
        spotChecks.ran(done.key(), done.workerId(), done.result(), done.message());
    if (settled == null) {
      metrics.spotCheck("differed");
      getContext()
          .getLog()
          .warn(
              "job {}: spot check of chunk {}: worker {}'s run differs from the runs before it;"
                  + " running it on another worker to decide",
              plan.jobId(),
              done.key(),
              done.workerId());
      tellWaiting();
      return this;
    }
    metrics.spotCheck("agreed");
    counted(
        settled.key(), settled.result(), table.completeHeld(settled.key(), settled.result()), -1);
    for (SpotChecks.Held<R> h : settled.released()) {
      counted(h.key(), h.result(), table.completeHeld(h.key(), h.result()), -1);
    }
    for (String liar : settled.liars()) {
      quarantine(
          liar,
          "its result of chunk "
              + settled.key()
              + " differs from the one workers "
              + String.join(" and ", settled.agreed())
              + " sent");
    }
    return afterCount();
  }

  /**
   * Takes {@code worker}'s held results and leases back here, and asks the pool to end its stream
   * and refuse it from now on (every other job then drops its held results too).
   */
  private void quarantine(String worker, String why) {
    getContext().getLog().warn("job {}: quarantining worker {}: {}", plan.jobId(), worker, why);
    notices.add("worker " + worker + " quarantined: " + why);
    dropWorker(worker, true);
    pool.tell(new WorkerPool.Quarantine(worker, why));
  }

  /** Re-queues a worker's leases; a quarantined worker's held results are run again too. */
  private void dropWorker(String worker, boolean quarantined) {
    int n = table.requeueWorker(worker);
    spotChecks.workerLost(worker, clock.millis());
    if (quarantined && !spotChecks.isQuarantined(worker)) {
      for (ChunkKey key : spotChecks.quarantine(worker)) {
        table.unhold(key);
        n++;
      }
    }
    if (n > 0) {
      getContext()
          .getLog()
          .info("job {}: re-queued {} chunks of worker {}", plan.jobId(), n, worker);
      metrics.chunksRequeued(n);
      tellWaiting();
    }
  }

  private Behavior<Command> onChunkReturned(ChunkReturned returned) {
    if (spotChecks.isCheckRun(returned.key(), returned.workerId())) {
      spotChecks.returned(returned.key(), returned.workerId(), clock.millis());
    } else if (table.leasedTo(returned.key(), returned.workerId())) {
      table.returned(returned.key(), returned.workerId());
    } else {
      // Only the worker that holds a chunk may give it back (or fail it).
      metrics.resultRefused("not_leased");
      return this;
    }
    metrics.chunksRequeued(1);
    if (!returned.failure().isEmpty()) {
      Set<String> failedOn = failures.computeIfAbsent(returned.key(), k -> new HashSet<>());
      failedOn.add(returned.workerId());
      int n = failedOn.size();
      getContext()
          .getLog()
          .warn(
              "job {}: chunk {} failed on worker {} ({} of {}): {}",
              plan.jobId(),
              returned.key(),
              returned.workerId(),
              n,
              MAX_FAILURES,
              returned.failure());
      if (n >= MAX_FAILURES && !state.isFinished()) {
        table.cancel();
        return finish(
            JobState.FAILED,
            "chunk "
                + returned.key().chunk()
                + " failed "
                + n
                + " times; last on worker "
                + returned.workerId()
                + ": "
                + returned.failure());
      }
    }
    tellWaiting();
    return this;
  }

  /** Tells the pool how many chunks wait now (after a re-queue), and which engines they need. */
  private void tellWaiting() {
    pool.tell(
        new WorkerPool.JobWaiting(
            plan.jobId(), plan.priority(), getContext().getSelf(), waiting(), plan.engines()));
  }

  private Behavior<Command> onWorkerLost(WorkerLost lost) {
    if (lost.quarantined() && !spotChecks.isQuarantined(lost.workerId())) {
      notices.add("worker " + lost.workerId() + " quarantined: " + lost.quarantine());
    }
    dropWorker(lost.workerId(), lost.quarantined());
    return this;
  }

  private Behavior<Command> onCancel(Cancel cancel) {
    if (state.isFinished()) {
      cancel.replyTo().tell(report(false));
      return this;
    }
    table.cancel();
    Behavior<Command> next = finish(JobState.CANCELLED, "cancelled");
    cancel.replyTo().tell(report(false));
    return next;
  }

  private Behavior<Command> onGetReport(GetReport get) {
    get.replyTo().tell(report(get.withStats()));
    return this;
  }

  private Behavior<Command> onGetGames(GetGames get) {
    get.replyTo().tell(tally.games());
    return Behaviors.same();
  }

  private Behavior<Command> onTick() {
    int expired = table.requeueExpired(clock.millis());
    if (expired > 0) {
      getContext().getLog().info("job {}: {} leases expired, re-queued", plan.jobId(), expired);
      metrics.chunksRequeued(expired);
      tellWaiting();
    } else if (backups() && table.waiting() == 0 && spotChecks.waiting() == 0) {
      int due = backupsDue();
      if (due != toldBackupsDue) {
        toldBackupsDue = due;
        tellWaiting();
      }
    }
    if (spotChecks.open() > 0) {
      Behavior<Command> next = expireChecks();
      if (next != this) {
        return next;
      }
    }
    rateSamples.addLast(new long[] {clock.millis(), table.playoutsDone()});
    while (rateSamples.size() > RATE_WINDOW_TICKS) {
      rateSamples.removeFirst();
    }
    reportIfChanged();
    return this;
  }

  /** What the manager last heard: progress, leases and rate. */
  private record Progress(long playoutsDone, int leased, double rate) {}

  private Progress reported;

  /**
   * Tells the manager the job's summary if its progress, leases or rate changed since the last: a
   * job with nothing happening costs the manager nothing.
   */
  private void reportIfChanged() {
    double rate = codec.kind().rateOverWholeRun() ? overallRate() : rate();
    Progress now = new Progress(table.playoutsDone(), table.leased(), rate);
    if (!now.equals(reported)) {
      reported = now;
      manager.tell(new JobManager.JobUpdated(report(false)));
    }
  }

  /**
   * Gives up spot checks that found no second worker within a lease: an undisputed one counts
   * unchecked, a disputed one runs again.
   */
  private Behavior<Command> expireChecks() {
    List<SpotChecks.GivenUp<R>> given = spotChecks.expire(clock.millis(), leaseTimeout.toMillis());
    if (given.isEmpty()) {
      return this;
    }
    for (SpotChecks.GivenUp<R> g : given) {
      metrics.spotCheck("skipped");
      getContext()
          .getLog()
          .info(
              "job {}: no second worker ran the spot check of chunk {} within {} s; {}",
              plan.jobId(),
              g.key(),
              leaseTimeout.toSeconds(),
              g.result() != null ? "counted unchecked" : "its runs disagreed: running it again");
      if (g.result() != null) {
        counted(g.key(), g.result(), table.completeHeld(g.key(), g.result()), -1);
      } else {
        table.unhold(g.key());
      }
      for (SpotChecks.Held<R> h : g.released()) {
        counted(h.key(), h.result(), table.completeHeld(h.key(), h.result()), -1);
      }
      for (ChunkKey key : g.rerun()) {
        table.unhold(key);
      }
    }
    tellWaiting();
    return afterCount();
  }

  /**
   * Ends the job: the pool forgets it, the manager gets the final report (with statistics) to keep
   * and store, and the actor answers what still arrives from that report until the manager retires
   * it: the job's tally, chunk table and spot checks are let go at once.
   */
  private Behavior<Command> finish(JobState end, String why) {
    state = end;
    message = why;
    finished = clock.instant();
    pool.tell(new WorkerPool.JobGone(plan.jobId()));
    // The report shares the tally's statistics (a finished tally changes no more): no copy.
    JobReport last = report(true);
    List<GameSgf> games = tally.games();
    manager.tell(
        new JobManager.JobFinished(
            plan, last, games, tally.heldBytes(codec.kind().statisticsBytes())));
    return finished(plan.jobId(), last, games, metrics, timers);
  }

  /**
   * A finished job until it stops: it answers every ask with its final report (which a client reads
   * only the headlines of, unless it asked for statistics) and holds nothing else.
   */
  private static Behavior<Command> finished(
      String jobId,
      JobReport last,
      List<GameSgf> games,
      CoordinatorMetrics metrics,
      TimerScheduler<Command> timers) {
    return Behaviors.receive(Command.class)
        .onMessage(
            ChunkCompleted.class,
            done -> {
              metrics.chunkNotNeeded();
              done.replyTo().tell(new WorkerSession.Acked(done.key()));
              return Behaviors.same();
            })
        .onMessage(
            Lease.class,
            lease -> {
              lease.replyTo().tell(new WorkerPool.Leased(lease.request(), jobId, 0, 0));
              return Behaviors.same();
            })
        .onMessage(
            Cancel.class,
            cancel -> {
              cancel.replyTo().tell(last);
              return Behaviors.same();
            })
        .onMessage(
            GetReport.class,
            get -> {
              get.replyTo().tell(last);
              return Behaviors.same();
            })
        .onMessage(
            GetGames.class,
            get -> {
              get.replyTo().tell(games);
              return Behaviors.same();
            })
        .onMessageEquals(
            Retire.INSTANCE,
            () -> {
              timers.cancel(Tick.INSTANCE);
              timers.startSingleTimer(Stop.INSTANCE, LINGER);
              return Behaviors.same();
            })
        .onMessageEquals(Stop.INSTANCE, Behaviors::stopped)
        .onAnyMessage(m -> Behaviors.same())
        .build();
  }

  private JobReport report(boolean withStats) {
    double rate = codec.kind().rateOverWholeRun() ? overallRate() : rate();
    long now = finished != null ? finished.toEpochMilli() : clock.millis();
    F figures =
        tally.report(
            table::seriesDone,
            state.isFinished(),
            rate,
            series -> seriesRates.unitsPerSecond(series, table.unitsDone(series), now),
            withStats);
    long left = table.playoutsTotal() - table.playoutsDone();
    double eta = state.isFinished() || rate <= 0 ? 0 : left / rate;
    return new JobReport(
        plan.jobId(),
        plan.name(),
        state,
        plan.priority(),
        plan.submitted(),
        started,
        finished,
        table.playoutsDone(),
        table.playoutsTotal(),
        table.chunksDone(),
        table.chunksTotal(),
        table.leased(),
        rate,
        eta,
        withNotices(message.isEmpty() && state == JobState.QUEUED ? plan.queuedMessage() : message),
        codec.view(figures),
        plan.owner());
  }

  private String withNotices(String text) {
    if (notices.isEmpty()) {
      return text;
    }
    String all = String.join("; ", notices);
    return text.isEmpty() ? all : text + "; " + all;
  }

  private double overallRate() {
    if (started == null) {
      return 0;
    }
    Instant end = finished != null ? finished : clock.instant();
    double seconds = Duration.between(started, end).toMillis() / 1000.0;
    return seconds <= 0 ? 0 : table.playoutsDone() / seconds;
  }

  private double rate() {
    if (rateSamples.size() < 2) {
      return 0;
    }
    long[] first = rateSamples.getFirst();
    long[] last = rateSamples.getLast();
    double seconds = (last[0] - first[0]) / 1000.0;
    return seconds <= 0 ? 0 : (last[1] - first[1]) / seconds;
  }
}
