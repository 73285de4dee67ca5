package gofarm.coordinator.job;

import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedJob;
import java.time.Duration;
import java.util.Set;

/**
 * The plan of one kind of job (an evaluate job, a match): how it splits into series of chunks, what
 * a worker needs to take them, and a fresh {@link Tally} to count them. The {@code Job} actor and
 * the {@code JobManager} know a job only through this interface; each kind is one set of types (its
 * plan, its {@link Tally}, its report {@code F}), and the codec package binds it to the wire.
 * Immutable.
 *
 * <p>Chunk {@code (position, policy, k)} of a job is chunk {@code k} of series {@code position *
 * policies() + policy}; a kind with one series has every chunk at {@code (0, 0, k)}.
 *
 * @param <R> a chunk's result in core terms, decoded at the edge
 * @param <F> the kind's report: a snapshot of its figures for clients
 */
public interface JobKind<R, F> {

  /** The job as resolved from its spec (name, seed, priority, rules). */
  ResolvedJob job();

  /** The width of the series grid: series {@code position * policies() + policy}. */
  int policies();

  /** The number of series. */
  int series();

  /** Chunks in series {@code series}. */
  int chunks(int series);

  /** Units of work (playouts, or games) in chunk {@code chunk} of series {@code series}. */
  long units(int series, int chunk);

  /**
   * Units of all chunks of series {@code series}, in closed form: never a loop over its chunks,
   * which a spec can make number 10^9.
   */
  long units(int series);

  /** Units of the whole job, without early stopping. */
  long units();

  /**
   * A bound on the bytes the job's statistics take while it is unfinished: its tally's aggregates
   * as allocated when the job's actor starts, and the copy a final report makes. What the
   * coordinator's memory budget is checked against at submission; a sum per series, never a loop
   * over chunks.
   */
  long statisticsBytes();

  /** What the job costs the coordinator, computed per series in closed form. */
  default JobCost cost() {
    return new JobCost(series(), chunks(), units(), statisticsBytes());
  }

  /** A fresh tally of the job's chunks, for one run of its actor. */
  Tally<R, F> newTally();

  /** The report of a job just submitted, before anything has been counted. */
  F queuedReport();

  /** What a counted chunk did, for the metrics. */
  ChunkWork work(ChunkKey key, R result);

  /** The series chunk {@code key} belongs to; precondition: {@link #hasChunk}. */
  default int series(ChunkKey key) {
    return key.position() * policies() + key.policy();
  }

  /** Whether the job has chunk {@code key}, its job id aside. */
  default boolean hasChunk(ChunkKey key) {
    return key.position() >= 0
        && key.policy() >= 0
        && key.policy() < policies()
        && key.position() * policies() + key.policy() < series()
        && key.chunk() >= 0
        && key.chunk() < chunks(series(key));
  }

  /** Chunks of the whole job: a sum per series, in long (16,000 series of 10^9 chunks fit). */
  default long chunks() {
    long n = 0;
    for (int s = 0; s < series(); s++) {
      n = Math.addExact(n, chunks(s));
    }
    return n;
  }

  /**
   * What the author of a spec can change to need fewer chunks, for the refusal of a spec over the
   * coordinator's chunk limit.
   */
  String fewerChunks();

  /**
   * What the author of a spec can change to need less statistics memory, for the refusal of a spec
   * over the coordinator's budget.
   */
  default String lessStatistics() {
    return "use fewer positions or policies or smaller boards";
  }

  /** The external engine programs a worker needs to take this job's chunks (often none). */
  default Set<String> engines() {
    return Set.of();
  }

  /** How long a worker may hold a chunk, given the coordinator's lease for playouts. */
  default Duration lease(Duration base) {
    return base;
  }

  /**
   * Whether a chunk gives the same result on every run, so that spot checks can compare two runs:
   * not so for a match played on time per move, nor one with an external engine (whose own
   * randomness gofarm does not control).
   */
  default boolean reproducible() {
    return true;
  }

  /**
   * Whether the reported rate is over the whole run rather than the last few seconds: units that
   * take seconds each (games) would make a short window jump.
   */
  default boolean rateOverWholeRun() {
    return false;
  }
}
