package gofarm.coordinator.job;

import gofarm.wire.ChunkKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The chunks of one job: which are waiting, which are leased to which worker until when, which are
 * counted, in the series its {@link JobKind} lays out; each series' results go to the job's {@link
 * Tally} in chunk order. Plain, single-threaded state owned by the job's actor.
 *
 * <h2>Leasing</h2>
 *
 * Chunks go out lowest index first, in turns between the pairs (chunk 0 of every pair, then chunk
 * 1, ...), so that every pair's figures firm up together. A chunk whose worker goes away or whose
 * lease expires goes back to the front of the queue.
 *
 * <h2>Counting</h2>
 *
 * Each series counts its chunks in index order: a chunk that arrives ahead of a missing one waits
 * in a buffer until the gap is filled. A repeat of a counted or waiting chunk is a duplicate and is
 * dropped. A series stops at the first chunk k whose prefix 0..k settles it (a win rate interval
 * narrow enough, an SPRT decision), and later chunks are not needed: since that decision looks only
 * at the prefix, it is the same however the chunks arrived, and so are the results.
 *
 * @param <R> a chunk's result, decoded and checked at the edge
 */
public final class ChunkTable<R> {

  /** What became of a chunk result. */
  public enum Outcome {
    /** Counted now, or kept until the chunks before it arrive. */
    COUNTED,
    /** Already counted or waiting: dropped. */
    DUPLICATE,
    /** The pair no longer needs it (stopped early, or the job was cancelled): dropped. */
    NOT_NEEDED,
    /**
     * The chunk is not leased to that worker, nor was it the last to hold it: a result it was never
     * asked for (or one for a chunk leased to another worker since), refused.
     */
    NOT_LEASED
  }

  private record Lease(String worker, long start, long deadline) {}

  private static final Comparator<ChunkKey> QUEUE_ORDER =
      Comparator.comparingInt(ChunkKey::chunk)
          .thenComparingInt(ChunkKey::position)
          .thenComparingInt(ChunkKey::policy);

  private final String jobId;
  private final JobKind<R, ?> plan;
  private final Tally<R, ?> tally;
  private final List<PairState> pairs;

  /** The series whose tally holds chunks back at the start (a tuning's): they may open later. */
  private final List<PairState> gated;

  private final Map<ChunkKey, Lease> leases = new HashMap<>();
  private final Map<String, Set<ChunkKey>> leasesByWorker = new HashMap<>();

  /**
   * The last worker of each re-queued chunk: its result still counts (a worker that reconnected
   * resends what it finished) until the chunk is leased to another worker.
   */
  private final Map<ChunkKey, String> formerHolders = new HashMap<>();

  /** Chunks whose result is held for a spot check, by the worker that sent it. */
  private final Map<ChunkKey, String> held = new HashMap<>();

  private final TreeSet<ChunkKey> requeued = new TreeSet<>(QUEUE_ORDER);
  private int cursor;
  private boolean cancelled;
  private long playoutsDone;
  private final long playoutsTotal;
  private long chunksDone;
  private final long chunksTotal;

  /**
   * Chunks of the series that are not held back (not {@link #gated}) and not done, not yet issued:
   * kept as a running count so that {@link #waiting} does not walk every series on every result.
   */
  private long unissued;

  /** Series neither complete nor stopped early: {@link #finished} when it reaches 0. */
  private int unfinishedSeries;

  private boolean anyStoppedEarly;

  private final class PairState {
    final int series;
    final int position;
    final int policy;
    final int chunks;
    final TreeMap<Integer, R> waiting = new TreeMap<>();
    int issued;
    int counted;
    long units;
    int opened;
    boolean stoppedEarly;

    /** Whether the tally held back some of this series' chunks at the start (see gated). */
    boolean gatedAtStart;

    PairState(int series) {
      this.series = series;
      this.position = series / plan.policies();
      this.policy = series % plan.policies();
      this.chunks = plan.chunks(series);
    }

    boolean done() {
      return stoppedEarly || counted == chunks;
    }

    /** Chunks that may be leased now: the kind may hold back those that depend on results. */
    int open() {
      return Math.min(chunks, tally.released(series));
    }

    /** Whether chunk i is counted, waiting to be, or held for a spot check. */
    boolean has(int i) {
      return i < counted
          || waiting.containsKey(i)
          || (!held.isEmpty() && held.containsKey(new ChunkKey(jobId, position, policy, i)));
    }
  }

  /**
   * @param jobId the job whose chunks these are
   * @param plan the job's series: series i has the chunks ({@code i / policies}, {@code i %
   *     policies}, k), as (position, policy, chunk) of an evaluate job, positions major; a match
   *     has one series
   * @param tally where each series' results are counted
   */
  public ChunkTable(String jobId, JobKind<R, ?> plan, Tally<R, ?> tally) {
    this.jobId = jobId;
    this.plan = plan;
    this.tally = tally;
    // Totals per series in closed form (never per chunk: a spec may ask for 10^13 chunks, which
    // the limits refuse, but no loop here should take hours before that is seen), with exact
    // arithmetic: a sum that would wrap throws instead.
    List<PairState> list = new ArrayList<>(plan.series());
    List<PairState> held = new ArrayList<>();
    long units = 0;
    long chunks = 0;
    for (int i = 0; i < plan.series(); i++) {
      PairState p = new PairState(i);
      list.add(p);
      units = Math.addExact(units, plan.units(i));
      chunks = Math.addExact(chunks, p.chunks);
      p.opened = p.open();
      if (p.opened < p.chunks) {
        p.gatedAtStart = true;
        held.add(p);
      } else {
        unissued += p.chunks;
      }
      if (!p.done()) {
        unfinishedSeries++;
      }
    }
    this.pairs = List.copyOf(list);
    this.gated = List.copyOf(held);
    this.playoutsTotal = units;
    this.chunksTotal = chunks;
  }

  private PairState pair(ChunkKey key) {
    return pairs.get(plan.series(key));
  }

  // ------------------------------------------------------------------ leasing

  /**
   * Leases up to {@code max} waiting chunks to {@code worker} until {@code deadline} (epoch
   * milliseconds), lowest index first and in turns between pairs.
   */
  public List<ChunkKey> lease(String worker, int max, long deadline) {
    return lease(worker, max, 0, deadline);
  }

  /**
   * Leases up to {@code max} waiting chunks to {@code worker} from {@code now} until {@code
   * deadline} (epoch milliseconds), lowest index first and in turns between pairs.
   */
  public List<ChunkKey> lease(String worker, int max, long now, long deadline) {
    List<ChunkKey> out = new ArrayList<>();
    if (cancelled) {
      return out;
    }
    while (out.size() < max && !requeued.isEmpty()) {
      ChunkKey key = requeued.pollFirst();
      if (!pair(key).done() && !pair(key).has(key.chunk())) {
        out.add(key);
      }
    }
    for (int tries = 0; out.size() < max && tries < pairs.size(); ) {
      PairState p = pairs.get(cursor);
      cursor = (cursor + 1) % pairs.size();
      // Skip chunks whose results came in without a lease (resent after a restart).
      while (p.issued < p.open() && p.has(p.issued)) {
        issue(p);
      }
      if (!p.done() && p.issued < p.open()) {
        out.add(new ChunkKey(jobId, p.position, p.policy, p.issued));
        issue(p);
        tries = 0;
      } else {
        tries++;
      }
    }
    Set<ChunkKey> mine = leasesByWorker.computeIfAbsent(worker, w -> new HashSet<>());
    for (ChunkKey key : out) {
      leases.put(key, new Lease(worker, now, deadline));
      formerHolders.remove(key);
      mine.add(key);
    }
    return out;
  }

  /** Marks the next chunk of {@code p} issued, keeping {@link #unissued}. */
  private void issue(PairState p) {
    if (!p.done() && !p.gatedAtStart) {
      unissued--;
    }
    p.issued++;
  }

  /**
   * Chunks not yet issued plus those re-queued: what {@link #lease} can still hand out. Kept as
   * counts (only the few series held back at the start are looked at), so that asking costs the
   * same with 16,000 series as with one; at most {@link Integer#MAX_VALUE}.
   */
  public int waiting() {
    if (cancelled) {
      return 0;
    }
    long n = requeued.size() + unissued;
    for (PairState p : gated) {
      if (!p.done()) {
        n += Math.max(0, p.open() - p.issued);
      }
    }
    return (int) Math.min(Integer.MAX_VALUE, n);
  }

  public int leased() {
    return leases.size();
  }

  /** When chunk {@code key} was leased (epoch milliseconds), or -1 if it is not leased. */
  public long leaseStart(ChunkKey key) {
    Lease lease = leases.get(key);
    return lease == null ? -1 : lease.start();
  }

  /** Puts a chunk the worker gave back at the front of the queue. */
  public void returned(ChunkKey key) {
    Lease lease = release(key);
    if (lease != null && !pair(key).done()) {
      requeued.add(key);
      formerHolders.put(key, lease.worker());
    }
  }

  /** Puts every chunk leased to {@code worker} back in the queue; returns how many. */
  public int requeueWorker(String worker) {
    Set<ChunkKey> mine = leasesByWorker.remove(worker);
    if (mine == null) {
      return 0;
    }
    int n = 0;
    for (ChunkKey key : mine) {
      leases.remove(key);
      if (!pair(key).done()) {
        requeued.add(key);
        formerHolders.put(key, worker);
        n++;
      }
    }
    return n;
  }

  /** Puts every chunk whose lease ended before {@code now} back in the queue; returns how many. */
  public int requeueExpired(long now) {
    int n = 0;
    for (Iterator<Map.Entry<ChunkKey, Lease>> it = leases.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<ChunkKey, Lease> e = it.next();
      if (e.getValue().deadline() < now) {
        it.remove();
        Set<ChunkKey> mine = leasesByWorker.get(e.getValue().worker());
        if (mine != null) {
          mine.remove(e.getKey());
        }
        if (!pair(e.getKey()).done()) {
          requeued.add(e.getKey());
          formerHolders.put(e.getKey(), e.getValue().worker());
          n++;
        }
      }
    }
    return n;
  }

  /** Ends chunk {@code key}'s lease; returns it, or null if it was not leased. */
  private Lease release(ChunkKey key) {
    Lease lease = leases.remove(key);
    if (lease == null) {
      return null;
    }
    Set<ChunkKey> mine = leasesByWorker.get(lease.worker());
    if (mine != null) {
      mine.remove(key);
    }
    return lease;
  }

  /** Whether chunk {@code key} is leased to {@code worker} now. */
  public boolean leasedTo(ChunkKey key, String worker) {
    Lease lease = leases.get(key);
    return lease != null && lease.worker().equals(worker);
  }

  /**
   * Whether {@code worker} may deliver chunk {@code key}'s result: the chunk is leased to it, or it
   * was the last to hold it and no other worker has been leased it since.
   */
  public boolean heldBy(ChunkKey key, String worker) {
    Lease lease = leases.get(key);
    return lease != null ? lease.worker().equals(worker) : worker.equals(formerHolders.get(key));
  }

  // ------------------------------------------------------------------ spot checks

  /**
   * Holds the result of chunk {@code key} that {@code worker} sent, until another worker's run
   * confirms it: the lease ends, and the chunk is neither counted nor handed out meanwhile.
   *
   * @return false if the chunk is not {@link #heldBy} that worker, or is counted or no longer
   *     needed (then count it with {@link #complete}, which says what became of it)
   */
  public boolean hold(ChunkKey key, String worker) {
    if (!jobId.equals(key.jobId()) || !plan.hasChunk(key) || !heldBy(key, worker)) {
      return false;
    }
    PairState p = pair(key);
    if (p.has(key.chunk()) || p.done() || cancelled) {
      return false;
    }
    release(key);
    requeued.remove(key);
    formerHolders.remove(key);
    held.put(key, worker);
    return true;
  }

  /** Counts a held result that a spot check confirmed; see {@link #complete}. */
  public Outcome completeHeld(ChunkKey key, R result) {
    String worker = held.remove(key);
    if (worker == null) {
      throw new IllegalArgumentException("chunk " + key + " is not held");
    }
    return count(key, result);
  }

  /**
   * Drops a held result (its worker was quarantined): the chunk goes back to the front of the
   * queue, to be run by another worker.
   */
  public void unhold(ChunkKey key) {
    if (held.remove(key) != null && !pair(key).done() && !cancelled) {
      requeued.add(key);
    }
  }

  /** Chunks whose results are held for spot checks. */
  public int heldCount() {
    return held.size();
  }

  // ------------------------------------------------------------------ counting

  /**
   * Takes the result of a chunk, decoded and checked at the edge, from {@code worker}: it counts
   * only if the chunk is {@link #heldBy} that worker.
   *
   * @throws IllegalArgumentException for a chunk this job does not have
   */
  public Outcome complete(ChunkKey key, R result, String worker) {
    if (!jobId.equals(key.jobId()) || !plan.hasChunk(key)) {
      throw new IllegalArgumentException("no such chunk: " + key);
    }
    PairState p = pair(key);
    if (p.has(key.chunk())) {
      return Outcome.DUPLICATE;
    }
    if (!heldBy(key, worker)) {
      return Outcome.NOT_LEASED;
    }
    return count(key, result);
  }

  private Outcome count(ChunkKey key, R result) {
    PairState p = pair(key);
    release(key);
    requeued.remove(key);
    formerHolders.remove(key);
    if (p.has(key.chunk())) {
      return Outcome.DUPLICATE;
    }
    if (p.done() || cancelled) {
      return Outcome.NOT_NEEDED;
    }
    p.waiting.put(key.chunk(), result);
    while (!p.done() && !p.waiting.isEmpty() && p.waiting.firstKey() == p.counted) {
      R next = p.waiting.pollFirstEntry().getValue();
      tally.count(p.series, p.counted, next);
      long units = plan.units(p.series, p.counted);
      p.units += units;
      playoutsDone = Math.addExact(playoutsDone, units);
      chunksDone++;
      p.counted++;
      if (p.counted < p.chunks && tally.settled(p.series)) {
        p.stoppedEarly = true;
        anyStoppedEarly = true;
      }
    }
    if (p.done()) {
      p.waiting.clear();
      seriesEnded(p);
    }
    return Outcome.COUNTED;
  }

  /**
   * Whether the results counted since the last call released chunks that were held back (a tuning's
   * next iteration), so that idle workers can be offered them. Only the series held back at the
   * start are looked at: a tally only ever releases more.
   */
  public boolean openedMore() {
    boolean more = false;
    for (PairState p : gated) {
      int open = p.open();
      if (open > p.opened) {
        p.opened = open;
        more = true;
      }
    }
    return more;
  }

  /** Stops handing out chunks; results that arrive later are not needed. */
  public void cancel() {
    cancelled = true;
    requeued.clear();
  }

  // ------------------------------------------------------------------ state

  /**
   * Series {@code p} has just become done: its unissued chunks will never go out, nor will its
   * re-queued ones (few: those of workers that went away), which {@link #waiting} would count.
   */
  private void seriesEnded(PairState p) {
    unfinishedSeries--;
    if (!requeued.isEmpty()) {
      requeued.removeIf(key -> plan.series(key) == p.series);
    }
    if (!p.gatedAtStart) {
      unissued -= p.chunks - p.issued;
    }
  }

  /** True when every series has all its chunks or stopped early. */
  public boolean finished() {
    return unfinishedSeries == 0;
  }

  /** Whether series {@code series} has all its chunks counted, or stopped early. */
  public boolean seriesDone(int series) {
    return pairs.get(series).done();
  }

  public boolean seriesStoppedEarly(int series) {
    return pairs.get(series).stoppedEarly;
  }

  /** Units (playouts, or games) counted so far. */
  public long playoutsDone() {
    return playoutsDone;
  }

  /** Units counted so far in series {@code series}. */
  public long unitsDone(int series) {
    return pairs.get(series).units;
  }

  /** Units of all chunks of all series (the job's size without early stopping). */
  public long playoutsTotal() {
    return playoutsTotal;
  }

  public long chunksDone() {
    return chunksDone;
  }

  /** Chunks of all series, computed per series in closed form. */
  public long chunksTotal() {
    return chunksTotal;
  }

  /** True when any series stopped early. */
  public boolean anyStoppedEarly() {
    return anyStoppedEarly;
  }
}
