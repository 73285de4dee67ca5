package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.JobSpec;
import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.ResolvedJob;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedPlayer;
import gofarm.wire.WorkerProtocol;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A validated job ready to run: its id, when it came, the spec as submitted (kept for results and
 * the archive), the job in core terms, and how it splits into chunks: per (position, policy) pair
 * of an evaluate job, or one chunk per game pair of a match. Immutable.
 */
public final class JobPlan {
  /**
   * A pessimistic time per move of a search player with a playout budget: playouts at 2,000 per
   * second (a heavy policy on 19×19 on one slow core), for the match chunk lease.
   */
  private static final double PLAYOUTS_PER_SECOND_FLOOR = 2_000;

  /** A pessimistic time per move of an external engine, for the match chunk lease. */
  private static final double ENGINE_SECONDS_PER_MOVE = 5;

  private final String jobId;
  private final Instant submitted;
  private final JobSpec spec;
  private final ResolvedJob job;
  private final List<PairPlan> pairs;

  public JobPlan(String jobId, Instant submitted, JobSpec spec, ResolvedJob job) {
    this.jobId = jobId;
    this.submitted = submitted;
    this.spec = spec;
    this.job = job;
    List<PairPlan> list = new ArrayList<>();
    if (job instanceof ResolvedEvaluation e) {
      for (int p = 0; p < e.positions().size(); p++) {
        for (int q = 0; q < e.policies().size(); q++) {
          list.add(
              PairPlan.of(
                  p,
                  q,
                  e.positions().get(p).label(),
                  Geometry.of(e.positions().get(p).size()),
                  e.policies().get(q),
                  e.playouts(),
                  e.chunkPlayouts(p, q)));
        }
      }
    }
    this.pairs = List.copyOf(list);
  }

  public String jobId() {
    return jobId;
  }

  public Instant submitted() {
    return submitted;
  }

  public JobSpec spec() {
    return spec;
  }

  public ResolvedJob job() {
    return job;
  }

  /** The evaluate job, or null for a match. */
  public ResolvedEvaluation evaluation() {
    return job instanceof ResolvedEvaluation e ? e : null;
  }

  /** The match, or null for an evaluate job. */
  public ResolvedMatch match() {
    return job instanceof ResolvedMatch m ? m : null;
  }

  /** One per (position, policy) of an evaluate job, positions major; none for a match. */
  public List<PairPlan> pairs() {
    return pairs;
  }

  public String name() {
    return job.name();
  }

  public int priority() {
    return job.priority();
  }

  /** Policies of an evaluate job; 1 for a match (its single series). */
  public int policies() {
    return job instanceof ResolvedEvaluation e ? e.policies().size() : 1;
  }

  /** Fresh tallies for the job's series, in the order {@link ChunkTable} wants them. */
  public List<Tally> newTallies() {
    if (job instanceof ResolvedMatch m) {
      return List.of(new MatchTally(m));
    }
    double width = evaluation().stopAtWidth();
    List<Tally> tallies = new ArrayList<>();
    for (PairPlan p : pairs) {
      tallies.add(new PlayoutTally(p, width));
    }
    return tallies;
  }

  /** Chunks of the whole job. */
  public int chunks() {
    if (job instanceof ResolvedMatch m) {
      return m.pairs();
    }
    int n = 0;
    for (PairPlan p : pairs) {
      n += p.chunks();
    }
    return n;
  }

  /** Units of the whole job: playouts, or games of a match (two per pair). */
  public long units() {
    if (job instanceof ResolvedMatch m) {
      return 2L * m.pairs();
    }
    long n = 0;
    for (PairPlan p : pairs) {
      n += p.playouts();
    }
    return n;
  }

  /** The external engine programs a worker needs to take this job's chunks (often none). */
  public Set<String> engines() {
    return job instanceof ResolvedMatch m ? m.engines() : Set.of();
  }

  /**
   * What a queued job's status says while no worker has taken a chunk: which engines it waits for,
   * if any, or an empty text.
   */
  public String queuedMessage() {
    Set<String> engines = engines();
    if (engines.isEmpty()) {
      return "";
    }
    String programs = String.join(" and ", engines);
    return "waiting for a worker that runs "
        + programs
        + " (start one with gofarm worker --engine "
        + engines.iterator().next()
        + ")";
  }

  /**
   * How long a worker may hold a chunk: {@code base} for playouts; for a game pair, {@code base}
   * plus a pessimistic estimate of the two games (every move of the move limit at a slow pace), so
   * that a long pair on a live worker is not handed to a second one.
   */
  public Duration lease(Duration base) {
    if (!(job instanceof ResolvedMatch m)) {
      return base;
    }
    double perMove = 0;
    for (ResolvedPlayer p : List.of(m.candidate(), m.baseline())) {
      perMove +=
          p.isEngine()
              ? ENGINE_SECONDS_PER_MOVE
              : p.budget().isDeterministic()
                  ? p.budget().playouts() / PLAYOUTS_PER_SECOND_FLOOR
                  : p.budget().time().toMillis() / 1000.0;
    }
    // Two games, each side making about half of each game's moves: maxMoves moves per side.
    double seconds = m.maxMoves() * perMove;
    return base.plusMillis((long) Math.ceil(seconds * 1000));
  }

  /** What a worker receives for chunk {@code key}. */
  public ChunkAssignment assignment(ChunkKey key) {
    if (job instanceof ResolvedMatch m) {
      return WorkerProtocol.assignment(jobId, m, key.chunk());
    }
    return WorkerProtocol.assignment(
        jobId, evaluation(), key.position(), key.policy(), key.chunk());
  }
}
