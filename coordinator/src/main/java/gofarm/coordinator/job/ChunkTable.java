package gofarm.coordinator.job;

import gofarm.wire.ChunkKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

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
 * <h2>Backups</h2>
 *
 * A worker that takes chunks and never answers (a slow machine, or one that hoards) would hold a
 * job's last chunks until their leases end. So once nothing is waiting, a chunk whose newest lease
 * started long enough ago is leased again to another worker as a backup ({@link #leaseBackups}):
 * every holder's result is welcome, the first to arrive counts, and the others are duplicates.
 * Since a chunk's result depends only on its seed, which copy counts does not change the job's
 * results.
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

  /**
   * The workers holding a chunk: its first lease, then backups. {@code since} is when the first was
   * given, which orders {@link #leases} (see {@link #backupsDue}).
   */
  private record Holders(long since, List<Lease> leases) {
    Lease newest() {
      return leases.get(leases.size() - 1);
    }

    Lease of(String worker) {
      for (Lease lease : leases) {
        if (lease.worker().equals(worker)) {
          return lease;
        }
      }
      return null;
    }

    /** These holders without {@code worker}'s lease, or null if that was the only one. */
    Holders without(String worker) {
      List<Lease> rest = new ArrayList<>(leases.size());
      for (Lease lease : leases) {
        if (!lease.worker().equals(worker)) {
          rest.add(lease);
        }
      }
      return rest.isEmpty() ? null : new Holders(since, List.copyOf(rest));
    }
  }

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

  /** The chunks leased now, in the order they were first leased: oldest first. */
  private final LinkedHashMap<ChunkKey, Holders> leases = new LinkedHashMap<>();

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
      leases.put(key, new Holders(now, List.of(new Lease(worker, now, deadline))));
      formerHolders.remove(key);
      mine.add(key);
    }
    return out;
  }

  /**
   * Leases to {@code worker} up to {@code max} chunks that other workers hold, as backups: the
   * oldest first among those whose newest lease started before {@code startedBefore}, skipping
   * those a holder of which {@code mayNotBackUp} (the worker itself, or another stream of its
   * token, which would hold it the same way). Call it when {@link #waiting} is 0.
   */
  public List<ChunkKey> leaseBackups(
      String worker,
      int max,
      long now,
      long deadline,
      long startedBefore,
      Predicate<String> mayNotBackUp) {
    List<ChunkKey> out = new ArrayList<>();
    if (cancelled) {
      return out;
    }
    for (Map.Entry<ChunkKey, Holders> e : leases.entrySet()) {
      Holders holders = e.getValue();
      if (out.size() >= max || holders.since() >= startedBefore) {
        break;
      }
      if (holders.newest().start() < startedBefore
          && holders.leases().stream().noneMatch(l -> mayNotBackUp.test(l.worker()))) {
        out.add(e.getKey());
      }
    }
    Set<ChunkKey> mine = leasesByWorker.computeIfAbsent(worker, w -> new HashSet<>());
    for (ChunkKey key : out) {
      Holders holders = leases.get(key);
      List<Lease> more = new ArrayList<>(holders.leases());
      more.add(new Lease(worker, now, deadline));
      // Replacing a key's value keeps its place in the order.
      leases.put(key, new Holders(holders.since(), List.copyOf(more)));
      mine.add(key);
    }
    return out;
  }

  /**
   * How many leased chunks are due a backup: their newest lease started before {@code
   * startedBefore}. Walks only the leases that old.
   */
  public int backupsDue(long startedBefore) {
    if (cancelled) {
      return 0;
    }
    int n = 0;
    for (Holders holders : leases.values()) {
      if (holders.since() >= startedBefore) {
        break;
      }
      if (holders.newest().start() < startedBefore) {
        n++;
      }
    }
    return n;
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

  /**
   * When chunk {@code key} was leased to {@code worker} (epoch milliseconds), or -1 if it is not
   * leased to it.
   */
  public long leaseStart(ChunkKey key, String worker) {
    Holders holders = leases.get(key);
    Lease lease = holders == null ? null : holders.of(worker);
    return lease == null ? -1 : lease.start();
  }

  /**
   * Ends {@code worker}'s lease of a chunk it gave back: the chunk goes to the front of the queue
   * unless a backup of it runs elsewhere.
   */
  public void returned(ChunkKey key, String worker) {
    Holders holders = leases.get(key);
    if (holders == null || holders.of(worker) == null) {
      return;
    }
    Set<ChunkKey> mine = leasesByWorker.get(worker);
    if (mine != null) {
      mine.remove(key);
    }
    dropHolder(key, holders, worker);
  }

  /**
   * Takes {@code worker} from the holders of {@code key}; if none is left, the chunk goes back in
   * the queue, and the worker's result still counts until another is leased it. Returns whether it
   * went back.
   */
  private boolean dropHolder(ChunkKey key, Holders holders, String worker) {
    Holders rest = holders.without(worker);
    if (rest != null) {
      leases.put(key, rest);
      return false;
    }
    leases.remove(key);
    if (pair(key).done()) {
      return false;
    }
    requeued.add(key);
    formerHolders.put(key, worker);
    return true;
  }

  /** Puts every chunk leased to {@code worker} back in the queue; returns how many. */
  public int requeueWorker(String worker) {
    Set<ChunkKey> mine = leasesByWorker.remove(worker);
    if (mine == null) {
      return 0;
    }
    int n = 0;
    for (ChunkKey key : mine) {
      Holders holders = leases.get(key);
      if (holders != null && dropHolder(key, holders, worker)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Ends every lease whose deadline passed before {@code now}; returns how many chunks went back in
   * the queue (those with a backup still running stay out).
   */
  public int requeueExpired(long now) {
    List<Map.Entry<ChunkKey, Holders>> ended = new ArrayList<>();
    for (Map.Entry<ChunkKey, Holders> e : leases.entrySet()) {
      for (Lease lease : e.getValue().leases()) {
        if (lease.deadline() < now) {
          ended.add(Map.entry(e.getKey(), e.getValue()));
          break;
        }
      }
    }
    int n = 0;
    for (Map.Entry<ChunkKey, Holders> e : ended) {
      Holders holders = e.getValue();
      for (Lease lease : holders.leases()) {
        if (lease.deadline() >= now) {
          continue;
        }
        Set<ChunkKey> mine = leasesByWorker.get(lease.worker());
        if (mine != null) {
          mine.remove(e.getKey());
        }
        holders = holders.without(lease.worker());
        if (holders == null) {
          leases.remove(e.getKey());
          if (!pair(e.getKey()).done()) {
            requeued.add(e.getKey());
            formerHolders.put(e.getKey(), lease.worker());
            n++;
          }
          break;
        }
        leases.put(e.getKey(), holders);
      }
    }
    return n;
  }

  /** Ends every lease of chunk {@code key}. */
  private void release(ChunkKey key) {
    Holders holders = leases.remove(key);
    if (holders == null) {
      return;
    }
    for (Lease lease : holders.leases()) {
      Set<ChunkKey> mine = leasesByWorker.get(lease.worker());
      if (mine != null) {
        mine.remove(key);
      }
    }
  }

  /** Whether chunk {@code key} is leased to {@code worker} now, first or as a backup. */
  public boolean leasedTo(ChunkKey key, String worker) {
    Holders holders = leases.get(key);
    return holders != null && holders.of(worker) != null;
  }

  /**
   * Whether {@code worker} may deliver chunk {@code key}'s result: the chunk is leased to it (first
   * or as a backup), or it was the last to hold it and no other worker has been leased it since.
   */
  public boolean heldBy(ChunkKey key, String worker) {
    Holders holders = leases.get(key);
    return holders != null ? holders.of(worker) != null : worker.equals(formerHolders.get(key));
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
