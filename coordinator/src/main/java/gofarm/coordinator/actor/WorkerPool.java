package gofarm.coordinator.actor;

import gofarm.coordinator.metrics.CoordinatorMetrics;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The connected workers and their credit, and the jobs that have chunks waiting: whenever a worker
 * has free credit and a job has work, it asks the job to lease chunks to that worker.
 *
 * <p>Sharing: jobs of the highest priority with waiting chunks are served first; between jobs of
 * the same priority, workers' free credit goes to them in turns, in submission order. Credit is the
 * number of chunks a worker wants in hand; a request reserves it until the job answers how many
 * chunks it gave, and each result or returned chunk frees one.
 *
 * <p>Cost: a returned credit costs the pool a walk over the workers that have free credit, not over
 * every worker, so that a thousand workers each holding a few chunks cost it no more per result
 * than four holding many.
 */
public final class WorkerPool extends AbstractBehavior<WorkerPool.Command> {

  /** Messages the pool understands. */
  public sealed interface Command
      permits WorkerJoined,
          WorkerLeft,
          WorkerDraining,
          Assigned,
          CreditReturned,
          JobWaiting,
          JobGone,
          Leased,
          GetWorkers,
          Quarantine {}

  /**
   * A worker said hello. Its id is its own unless another stream claims it: a worker id that is
   * connected, or was within the last lease, is given only to a Hello carrying that claim's {@code
   * resumeToken} (the same worker reconnecting, whose old stream it replaces). {@code engines} are
   * the external GTP programs it can run. The session is answered {@link WorkerSession.Joined} or
   * {@link WorkerSession.Refused}. {@code about} is what it says of itself, for display.
   */
  public record WorkerJoined(
      String workerId,
      int threads,
      int credit,
      Set<String> engines,
      String resumeToken,
      String voter,
      About about,
      ActorRef<WorkerSession.Command> session)
      implements Command {}

  /** What a worker says of itself in its Hello, shown to users: labels and version. */
  public record About(Map<String, String> labels, String version) {
    public static final About NONE = new About(Map.of(), "");

    public About {
      labels = Map.copyOf(labels);
    }
  }

  /**
   * A spot check, or the counts of a result, found {@code workerId} lying: end its stream, refuse
   * it from now on, and have every job drop what it holds of the worker's.
   */
  public record Quarantine(String workerId, String reason) implements Command {}

  /** A worker's stream ended; its leases go back to their jobs' queues. */
  public record WorkerLeft(String workerId, ActorRef<WorkerSession.Command> session)
      implements Command {}

  /** A worker takes no more chunks. */
  public record WorkerDraining(String workerId) implements Command {}

  /**
   * A session sent {@code chunks} chunks to its worker. Sessions report what their worker holds,
   * assignments and returns in the order they happened, so the pool's count never runs ahead.
   */
  public record Assigned(String workerId, ActorRef<WorkerSession.Command> session, int chunks)
      implements Command {}

  /** A session's worker finished or returned {@code chunks} chunks it had been sent. */
  public record CreditReturned(String workerId, ActorRef<WorkerSession.Command> session, int chunks)
      implements Command {}

  /**
   * A job has {@code waiting} chunks to hand out (0 when it has none right now), for workers that
   * run all of {@code engines}.
   */
  public record JobWaiting(
      String jobId, int priority, ActorRef<Job.Command> job, int waiting, Set<String> engines)
      implements Command {}

  /** A job ended. */
  public record JobGone(String jobId) implements Command {}

  /**
   * A job's answer to lease request {@code request}: it gave {@code given} of the chunks asked for.
   */
  public record Leased(long request, String jobId, int given, int waiting) implements Command {}

  /** Asks for the connected workers. */
  public record GetWorkers(ActorRef<List<WorkerInfo>> replyTo) implements Command {}

  /**
   * A worker as the pool sees it: a connected one ({@code connected} set, {@code quarantined}
   * null), or one quarantined since the coordinator started ({@code quarantined} the reason).
   */
  public record WorkerInfo(
      String workerId,
      int threads,
      int credit,
      int inFlight,
      boolean draining,
      Set<String> engines,
      String voter,
      About about,
      java.time.Instant connected,
      long answered,
      String quarantined) {}

  /** The credit a new stream starts with (see {@link WorkerEntry#earned}). */
  static final int FIRST_CREDIT = 16;

  private static final class WorkerEntry {
    final String id;
    final int threads;
    final int credit;
    final Set<String> engines;

    /** Whose vote its results are in spot checks: its token's (see {@code SpotChecks}). */
    final String voter;

    final ActorRef<WorkerSession.Command> session;

    /** Chunks the worker holds, as its session reports them. */
    int inFlight;

    /** Chunks asked of jobs for this worker, not answered yet. */
    int reserved;

    /** Chunks jobs have leased for this worker that its session has not reported sent yet. */
    int leasedNotSent;

    boolean draining;

    WorkerEntry(
        String id,
        int threads,
        int credit,
        Set<String> engines,
        String voter,
        About about,
        ActorRef<WorkerSession.Command> session) {
      this.id = id;
      this.threads = threads;
      this.credit = credit;
      this.engines = Set.copyOf(engines);
      this.voter = voter;
      this.about = about;
      this.session = session;
    }

    final About about;
    final java.time.Instant connected = java.time.Instant.now();

    /** Chunks the worker has answered or given back on this stream. */
    long answered;

    int free() {
      return draining ? 0 : earned() - inFlight - reserved - leasedNotSent;
    }

    /**
     * The credit the worker may use now: {@code FIRST_CREDIT} chunks at first, and two more for
     * each chunk it answers, up to what it asked for. A worker that claims a thousand threads and
     * answers nothing holds a few chunks until their lease ends, not thousands.
     */
    int earned() {
      return (int) Math.min(credit, FIRST_CREDIT + 2 * answered);
    }
  }

  /** A lease request in flight: it reserves {@code count} of the worker's credit. */
  private record Request(String workerId, String jobId, int count) {}

  private static final class JobEntry {
    final String id;
    final int priority;
    final ActorRef<Job.Command> ref;
    final Set<String> engines;
    final long seq;
    int waiting;

    /**
     * Workers the job gave nothing although it had work (spot checks they ran themselves): not
     * asked again until the job says its work changed.
     */
    final Set<String> declined = new HashSet<>();

    JobEntry(String id, int priority, ActorRef<Job.Command> ref, Set<String> engines, long seq) {
      this.id = id;
      this.priority = priority;
      this.ref = ref;
      this.engines = Set.copyOf(engines);
      this.seq = seq;
    }
  }

  /**
   * Who owns a worker id: the secret its worker got in its Welcome, and when the claim lapses once
   * the worker has left (0 while it is connected).
   */
  private static final class Claim {
    final String token;
    long lapsesAt;

    Claim(String token) {
      this.token = token;
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private final CoordinatorMetrics metrics;
  private final Duration claimHold;
  private final Map<String, WorkerEntry> workers = new LinkedHashMap<>();

  /**
   * Workers that may have free credit, in the order they got it: every worker with free credit is
   * here (some without, until a walk finds them full), so that offering credit walks these alone.
   */
  private final Set<WorkerEntry> hungry = new LinkedHashSet<>();

  /** Chunks all connected workers hold, for the metrics. */
  private int inFlight;

  /** Connected workers per voter, so that {@link #othersFor} needs no walk over every worker. */
  private final Map<String, Integer> perVoter = new HashMap<>();

  private final Map<String, Claim> claims = new HashMap<>();

  /** Quarantined worker ids, and why: refused for the rest of the coordinator's life. */
  private final Map<String, String> quarantined = new HashMap<>();

  /** Lease requests not yet answered, by request id: the credit they reserve. */
  private final Map<Long, Request> requests = new HashMap<>();

  private long nextRequest;
  private final Map<String, JobEntry> jobs = new LinkedHashMap<>();
  private long nextSeq;
  private long lastServedSeq = -1;

  private WorkerPool(
      ActorContext<Command> context, CoordinatorMetrics metrics, Duration claimHold) {
    super(context);
    context.setLoggerName(WorkerPool.class);
    this.metrics = metrics;
    this.claimHold = claimHold;
  }

  /**
   * A pool that keeps a departed worker's id for {@code claimHold} (the lease: as long as its
   * chunks' results may still come), for that worker alone.
   */
  public static Behavior<Command> create(CoordinatorMetrics metrics, Duration claimHold) {
    return Behaviors.setup(context -> new WorkerPool(context, metrics, claimHold));
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(WorkerJoined.class, this::onWorkerJoined)
        .onMessage(WorkerLeft.class, this::onWorkerLeft)
        .onMessage(WorkerDraining.class, this::onWorkerDraining)
        .onMessage(Assigned.class, this::onAssigned)
        .onMessage(CreditReturned.class, this::onCreditReturned)
        .onMessage(JobWaiting.class, this::onJobWaiting)
        .onMessage(JobGone.class, this::onJobGone)
        .onMessage(Leased.class, this::onLeased)
        .onMessage(GetWorkers.class, this::onGetWorkers)
        .onMessage(Quarantine.class, this::onQuarantine)
        .build();
  }

  private void connected(WorkerEntry entry) {
    workers.put(entry.id, entry);
    perVoter.merge(entry.voter, 1, Integer::sum);
    hungry.add(entry);
  }

  private WorkerEntry disconnected(String id) {
    WorkerEntry entry = workers.remove(id);
    if (entry != null) {
      perVoter.computeIfPresent(entry.voter, (v, n) -> n == 1 ? null : n - 1);
      hungry.remove(entry);
      inFlight -= entry.inFlight;
    }
    return entry;
  }

  private Behavior<Command> onWorkerJoined(WorkerJoined joined) {
    String id = joined.workerId();
    String why = quarantined.get(id);
    if (why != null) {
      joined
          .session()
          .tell(
              new WorkerSession.Refused(
                  WorkerSession.Refusal.QUARANTINED,
                  "worker "
                      + id
                      + " is quarantined: "
                      + why
                      + "; check its machine and build, then start it with"
                      + " another --id"));
      return this;
    }
    long now = System.nanoTime();
    claims.values().removeIf(c -> c.lapsesAt != 0 && c.lapsesAt - now < 0);
    Claim claim = claims.get(id);
    if (claim != null && !sameToken(claim.token, joined.resumeToken())) {
      joined
          .session()
          .tell(
              new WorkerSession.Refused(
                  WorkerSession.Refusal.ID_TAKEN,
                  "worker id "
                      + id
                      + (workers.containsKey(id)
                          ? " is connected from another stream"
                          : " was in use until less than "
                              + claimHold.toSeconds()
                              + " s ago and may come back")
                      + "; give this worker another id (gofarm worker --id)"));
      return this;
    }
    if (claim == null) {
      claim = new Claim(newToken());
      claims.put(id, claim);
    }
    claim.lapsesAt = 0;
    joined.session().tell(new WorkerSession.Joined(claim.token));
    WorkerEntry old = disconnected(joined.workerId());
    if (old != null) {
      getContext().getLog().info("worker {} reconnected; ending its old stream", joined.workerId());
      old.session.tell(WorkerSession.Replaced.INSTANCE);
      forgetLeases(joined.workerId());
    }
    connected(
        new WorkerEntry(
            joined.workerId(),
            joined.threads(),
            joined.credit(),
            joined.engines(),
            joined.voter(),
            joined.about(),
            joined.session()));
    getContext()
        .getLog()
        .info(
            "worker {} joined with {} {}",
            joined.workerId(),
            joined.threads(),
            joined.threads() == 1 ? "thread" : "threads");
    updateWorkerMetrics();
    dispatch();
    return this;
  }

  private Behavior<Command> onWorkerLeft(WorkerLeft left) {
    WorkerEntry entry = workers.get(left.workerId());
    if (entry == null || !entry.session.equals(left.session())) {
      return this; // an old stream of a worker that has reconnected since
    }
    disconnected(left.workerId());
    Claim claim = claims.get(left.workerId());
    if (claim != null) {
      claim.lapsesAt = System.nanoTime() + claimHold.toNanos() | 1; // never 0: "connected"
    }
    requests.values().removeIf(r -> r.workerId().equals(left.workerId()));
    getContext().getLog().info("worker {} left", left.workerId());
    forgetLeases(left.workerId());
    updateWorkerMetrics();
    return this;
  }

  private void forgetLeases(String workerId) {
    forgetLeases(workerId, null);
  }

  /** Every job forgets {@code workerId}'s leases, and drops its results if {@code quarantine}. */
  private void forgetLeases(String workerId, String quarantine) {
    for (JobEntry job : jobs.values()) {
      job.ref.tell(new Job.WorkerLost(workerId, quarantine));
    }
  }

  private Behavior<Command> onQuarantine(Quarantine q) {
    if (quarantined.putIfAbsent(q.workerId(), q.reason()) != null) {
      return this;
    }
    metrics.workerQuarantined();
    getContext().getLog().warn("worker {} quarantined: {}", q.workerId(), q.reason());
    WorkerEntry entry = disconnected(q.workerId());
    if (entry != null) {
      requests.values().removeIf(r -> r.workerId().equals(q.workerId()));
      entry.session.tell(
          new WorkerSession.Refused(
              WorkerSession.Refusal.QUARANTINED,
              "quarantined: " + q.reason() + "; check this worker's machine and build"));
    }
    forgetLeases(q.workerId(), q.reason());
    updateWorkerMetrics();
    dispatch();
    return this;
  }

  /** Compares secrets in time that does not depend on where they differ. */
  private static boolean sameToken(String expected, String given) {
    return MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
  }

  private static String newToken() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private Behavior<Command> onWorkerDraining(WorkerDraining draining) {
    WorkerEntry entry = workers.get(draining.workerId());
    if (entry != null) {
      entry.draining = true;
      getContext().getLog().info("worker {} is draining", draining.workerId());
    }
    return this;
  }

  private Behavior<Command> onAssigned(Assigned assigned) {
    WorkerEntry entry = current(assigned.workerId(), assigned.session());
    if (entry != null) {
      entry.inFlight += assigned.chunks();
      inFlight += assigned.chunks();
      entry.leasedNotSent -= assigned.chunks(); // may dip below 0 until the job's answer comes
    }
    return this;
  }

  private Behavior<Command> onCreditReturned(CreditReturned returned) {
    WorkerEntry entry = current(returned.workerId(), returned.session());
    if (entry != null) {
      entry.inFlight -= returned.chunks();
      inFlight -= returned.chunks();
      entry.answered += returned.chunks();
      hungry.add(entry);
      dispatch();
    }
    return this;
  }

  /** The worker's entry if {@code session} is its current stream, else null (an old stream). */
  private WorkerEntry current(String workerId, ActorRef<WorkerSession.Command> session) {
    WorkerEntry entry = workers.get(workerId);
    return entry != null && entry.session.equals(session) ? entry : null;
  }

  private Behavior<Command> onJobWaiting(JobWaiting waiting) {
    JobEntry job =
        jobs.computeIfAbsent(
            waiting.jobId(),
            id ->
                new JobEntry(id, waiting.priority(), waiting.job(), waiting.engines(), nextSeq++));
    job.waiting = waiting.waiting();
    job.declined.clear();
    dispatch();
    return this;
  }

  /**
   * Forgets a job, and the credit reserved by requests it will not answer: a request that reaches a
   * job after it stopped is never answered.
   */
  private Behavior<Command> onJobGone(JobGone gone) {
    jobs.remove(gone.jobId());
    requests
        .values()
        .removeIf(
            r -> {
              if (!r.jobId().equals(gone.jobId())) {
                return false;
              }
              WorkerEntry worker = workers.get(r.workerId());
              if (worker != null) {
                worker.reserved -= r.count();
                hungry.add(worker);
              }
              return true;
            });
    dispatch();
    return this;
  }

  private Behavior<Command> onLeased(Leased leased) {
    Request request = requests.remove(leased.request());
    WorkerEntry worker = request == null ? null : workers.get(request.workerId());
    if (worker != null) {
      worker.reserved -= request.count();
      worker.leasedNotSent += leased.given();
      hungry.add(worker);
    }
    JobEntry job = jobs.get(leased.jobId());
    if (job != null) {
      job.waiting = leased.waiting();
      if (leased.given() == 0 && leased.waiting() > 0 && request != null) {
        job.declined.add(request.workerId());
      }
    }
    dispatch();
    return this;
  }

  private Behavior<Command> onGetWorkers(GetWorkers get) {
    List<WorkerInfo> out = new ArrayList<>();
    for (WorkerEntry w : workers.values()) {
      out.add(
          new WorkerInfo(
              w.id,
              w.threads,
              w.credit,
              w.inFlight,
              w.draining,
              w.engines,
              w.voter,
              w.about,
              w.connected,
              w.answered,
              null));
    }
    for (Map.Entry<String, String> q : quarantined.entrySet()) {
      out.add(
          new WorkerInfo(
              q.getKey(), 0, 0, 0, false, Set.of(), "", About.NONE, null, 0, q.getValue()));
    }
    get.replyTo().tell(out);
    return this;
  }

  /**
   * Offers free credit to waiting jobs: the highest priority first, jobs of that priority in turns.
   * A job's waiting count is lowered by what was asked of it until it answers.
   */
  private void dispatch() {
    try {
      offerCredit();
    } finally {
      updateQueueMetrics();
    }
  }

  private void offerCredit() {
    if (!anyWaiting()) {
      return;
    }
    while (true) {
      boolean asked = false;
      for (Iterator<WorkerEntry> it = hungry.iterator(); it.hasNext(); ) {
        WorkerEntry worker = it.next();
        int free = worker.free();
        if (free <= 0) {
          it.remove();
          continue;
        }
        JobEntry job = nextInTurn(topPriorityJobs(worker));
        if (job == null) {
          continue; // stays: a job may come that it can run
        }
        int n = Math.min(free, job.waiting);
        worker.reserved += n;
        job.waiting -= n;
        long id = nextRequest++;
        requests.put(id, new Request(worker.id, job.id, n));
        job.ref.tell(
            new Job.Lease(
                id,
                worker.id,
                worker.voter,
                worker.session,
                n,
                othersFor(worker, job),
                getContext().getSelf()));
        asked = true;
        if (worker.free() <= 0) {
          it.remove();
        }
      }
      if (!asked) {
        return;
      }
    }
  }

  /** Whether any job has chunks waiting: if none does, no worker's credit can be used. */
  private boolean anyWaiting() {
    for (JobEntry j : jobs.values()) {
      if (j.waiting > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * How many workers of another voter could run {@code job}'s chunks, so that a spot check of
   * {@code worker}'s results can happen: any of another token, unless the job needs external
   * engines they lack.
   */
  private int othersFor(WorkerEntry worker, JobEntry job) {
    if (job.engines.isEmpty()) {
      return workers.size() - perVoter.getOrDefault(worker.voter, 0);
    }
    int n = 0;
    for (WorkerEntry w : workers.values()) {
      if (!w.voter.equals(worker.voter) && w.engines.containsAll(job.engines)) {
        n++;
      }
    }
    return n;
  }

  /**
   * The waiting jobs of the highest priority among those {@code worker} can run: a job that needs
   * an external engine goes only to workers that have it.
   */
  private List<JobEntry> topPriorityJobs(WorkerEntry worker) {
    int best = Integer.MIN_VALUE;
    for (JobEntry j : jobs.values()) {
      if (j.waiting > 0
          && worker.engines.containsAll(j.engines)
          && !j.declined.contains(worker.id)) {
        best = Math.max(best, j.priority);
      }
    }
    List<JobEntry> top = new ArrayList<>();
    for (JobEntry j : jobs.values()) {
      if (j.waiting > 0
          && j.priority == best
          && worker.engines.containsAll(j.engines)
          && !j.declined.contains(worker.id)) {
        top.add(j);
      }
    }
    return top;
  }

  /** The first job of {@code top} after the last one served, in submission order, cyclically. */
  private JobEntry nextInTurn(List<JobEntry> top) {
    JobEntry next = null;
    for (JobEntry j : top) {
      if (j.waiting <= 0) {
        continue;
      }
      if (next == null) {
        next = j; // the first, in case none comes after the last served
      }
      if (j.seq > lastServedSeq) {
        next = j;
        break;
      }
    }
    if (next != null) {
      lastServedSeq = next.seq;
    }
    return next;
  }

  private void updateQueueMetrics() {
    int queued = 0;
    for (JobEntry j : jobs.values()) {
      queued += Math.max(0, j.waiting);
    }
    metrics.queue(queued, inFlight);
  }

  private void updateWorkerMetrics() {
    int threads = 0;
    for (WorkerEntry w : workers.values()) {
      threads += w.threads;
    }
    metrics.workers(workers.size(), threads);
  }
}
