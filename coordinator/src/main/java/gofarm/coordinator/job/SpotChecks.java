package gofarm.coordinator.job;

import gofarm.wire.ChunkKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Which results of one job are run again on another worker before they count, and what the runs say
 * about the workers. A chunk gives the same result on any worker (its seed is the plan's), so two
 * honest runs agree bit for bit: a chunk under check is run until two workers agree; that result
 * counts, those two are verified, and every worker that sent something else is quarantined. Plain,
 * single-threaded state owned by the job's actor; the {@link ChunkTable} holds the checked chunk
 * meanwhile.
 *
 * <p>Runs are votes, and a check is settled only by two <em>voters</em> that agree: a worker's
 * voter is its token ({@link #voter}), so that the streams one token opens, however many ids they
 * claim, can neither confirm one another's results nor outvote an honest worker; a check is never
 * leased to a worker whose voter has run it. Without tokens each worker is its own voter.
 *
 * <p>What is checked: the first result of each worker in the job, and a share of the others chosen
 * by a hash of the job's seed and the chunk (so the choice does not depend on timing). Until its
 * first check passes, a worker's later results are held too (its backlog), so a lying newcomer
 * counts nothing. A check needs another worker: with none connected nothing is held, and a check
 * that finds no second worker within the lease is given up and its result counted unchecked.
 * Results that a worker verified earlier sent between two checks do count unchecked: sampling
 * bounds how long a liar goes unnoticed, it cannot undo what was counted.
 *
 * @param <R> a chunk's decoded result
 * @param <E> what two runs are compared by (the worker's message, timings left out)
 */
public final class SpotChecks<R, E> {

  /** One worker's run of a checked chunk. */
  public record Run<R, E>(String worker, R result, E evidence) {}

  /** A result held until its worker's first check passes. */
  public record Held<R>(ChunkKey key, R result) {}

  /**
   * A check settled: {@code result} (of {@code key}) counts now with each verified worker's backlog
   * ({@code released}), and the workers in {@code liars} are to be quarantined.
   */
  public record Settled<R>(
      ChunkKey key, R result, List<String> agreed, List<String> liars, List<Held<R>> released) {}

  /**
   * A check given up for want of another worker. Undisputed (one run), its result counts unchecked
   * with the worker's backlog ({@code released}); disputed (runs that disagree), {@code result} is
   * null and the chunk and the backlogs of the workers involved ({@code rerun}) run again.
   */
  public record GivenUp<R>(ChunkKey key, R result, List<Held<R>> released, List<ChunkKey> rerun) {}

  private final class Check {
    final ChunkKey key;
    final List<Run<R, E>> runs = new ArrayList<>(3);
    String leasedTo;
    long deadline;
    long waitingSince;

    Check(ChunkKey key, long now) {
      this.key = key;
      this.waitingSince = now;
    }

    /** Whether {@code worker}'s voter has run the check, under this or another of its ids. */
    boolean ranBy(String worker) {
      String voter = voterOf(worker);
      for (Run<R, E> r : runs) {
        if (voterOf(r.worker()).equals(voter)) {
          return true;
        }
      }
      return false;
    }
  }

  private final double share;
  private final long salt;
  private final BiPredicate<E, E> same;
  private final Map<String, String> voters = new HashMap<>();
  private final Set<String> verified = new HashSet<>();
  private final Set<String> quarantined = new HashSet<>();

  /** Checks in the order they were opened: the oldest is run first. */
  private final Map<ChunkKey, Check> checks = new LinkedHashMap<>();

  /** The checks no worker is running now, oldest first: what {@link #lease} walks. */
  private final Set<ChunkKey> unleased = new LinkedHashSet<>();

  /** The first check of each worker not yet verified. */
  private final Map<String, ChunkKey> firstChecks = new HashMap<>();

  private final Map<String, List<Held<R>>> backlog = new HashMap<>();
  private long passed;
  private long failed;
  private long skipped;

  /**
   * @param share the share of a verified worker's results checked, 0..1; 0 checks nothing at all
   *     (not even first results)
   * @param salt the job's seed: which chunks are checked depends on it
   * @param same whether two runs' evidence agrees
   */
  public SpotChecks(double share, long salt, BiPredicate<E, E> same) {
    if (!(share >= 0 && share <= 1)) {
      throw new IllegalArgumentException("share must be in 0..1 (got " + share + ")");
    }
    this.share = share;
    this.salt = salt;
    this.same = same;
  }

  /** Checks nothing: for a job whose chunks differ from run to run, or a farm that trusts all. */
  public static <R, E> SpotChecks<R, E> none() {
    return new SpotChecks<>(0, 0, (a, b) -> true);
  }

  public boolean enabled() {
    return share > 0;
  }

  /**
   * {@code worker} votes as {@code voter} (the name of the token it presented): its runs and those
   * of every other worker of that voter count as one.
   */
  public void voter(String worker, String voter) {
    voters.put(worker, voter);
  }

  private String voterOf(String worker) {
    return voters.getOrDefault(worker, worker);
  }

  /** Whether two workers vote as one: the same id, or streams of one token. */
  public boolean sameVoter(String a, String b) {
    return voterOf(a).equals(voterOf(b));
  }

  public boolean isQuarantined(String worker) {
    return quarantined.contains(worker);
  }

  /**
   * Whether a result of {@code key} from {@code worker} is to be held: it is the worker's first,
   * its first check has not passed yet, or the chunk is one of the sampled share. Never when no
   * worker of another voter could run the check ({@code others == 0}).
   */
  public boolean wantsToHold(ChunkKey key, String worker, int others) {
    if (!enabled() || others <= 0) {
      return false;
    }
    return !verified.contains(worker) || sampled(key);
  }

  /**
   * Holds {@code worker}'s result for {@code key} (the table holds the chunk): it opens a check if
   * it is the worker's first or a sampled chunk, else it waits in the worker's backlog.
   */
  public void hold(ChunkKey key, String worker, R result, E evidence, long now) {
    if (!verified.contains(worker) && firstChecks.containsKey(worker)) {
      backlog.computeIfAbsent(worker, w -> new ArrayList<>()).add(new Held<>(key, result));
      return;
    }
    Check c = new Check(key, now);
    c.runs.add(new Run<>(worker, result, evidence));
    checks.put(key, c);
    unleased.add(key);
    if (!verified.contains(worker)) {
      firstChecks.put(worker, key);
    }
  }

  /**
   * Up to {@code max} checks {@code worker} can run now (it has not run them, and none is leased),
   * leased to it until {@code deadline}.
   */
  public List<ChunkKey> lease(String worker, int max, long deadline) {
    List<ChunkKey> out = new ArrayList<>();
    if (quarantined.contains(worker)) {
      return out;
    }
    for (Iterator<ChunkKey> it = unleased.iterator(); it.hasNext() && out.size() < max; ) {
      Check c = checks.get(it.next());
      if (!c.ranBy(worker)) {
        c.leasedTo = worker;
        c.deadline = deadline;
        it.remove();
        out.add(c.key);
      }
    }
    return out;
  }

  /** Checks waiting for a worker to run them. */
  public int waiting() {
    return unleased.size();
  }

  /** The check's lease ended: it waits for a worker again. */
  private void unlease(Check c) {
    c.leasedTo = null;
    unleased.add(c.key);
  }

  /** Whether {@code worker} holds the check lease of {@code key}: its result is a check run. */
  public boolean isCheckRun(ChunkKey key, String worker) {
    Check c = checks.get(key);
    return c != null && worker.equals(c.leasedTo);
  }

  /**
   * A check run came in: returns the check's outcome once two runs agree, or null while it needs
   * another run (this one disagreed with every run so far).
   */
  public Settled<R> ran(ChunkKey key, String worker, R result, E evidence) {
    Check c = checks.get(key);
    if (c == null || !worker.equals(c.leasedTo)) {
      throw new IllegalArgumentException("chunk " + key + " is not checked by " + worker);
    }
    unlease(c);
    Run<R, E> run = new Run<>(worker, result, evidence);
    Run<R, E> match = null;
    for (Run<R, E> r : c.runs) {
      if (same.test(r.evidence(), evidence)) {
        match = r;
        break;
      }
    }
    c.runs.add(run);
    if (match == null) {
      failed++;
      return null;
    }
    checks.remove(key);
    unleased.remove(key);
    passed++;
    List<String> agreed = new ArrayList<>();
    List<String> liars = new ArrayList<>();
    for (Run<R, E> r : c.runs) {
      (same.test(r.evidence(), evidence) ? agreed : liars).add(r.worker());
    }
    List<Held<R>> released = new ArrayList<>();
    for (String w : agreed) {
      released.addAll(verify(w));
    }
    return new Settled<>(key, match.result(), agreed, liars, released);
  }

  private List<Held<R>> verify(String worker) {
    if (!verified.add(worker)) {
      return List.of();
    }
    firstChecks.remove(worker);
    List<Held<R>> held = backlog.remove(worker);
    return held == null ? List.of() : held;
  }

  /**
   * {@code worker} is quarantined: its held results and its runs of open checks are dropped.
   * Returns the chunks to run again: its backlog, and the checks it opened that no one else ran.
   */
  public List<ChunkKey> quarantine(String worker) {
    quarantined.add(worker);
    verified.remove(worker);
    firstChecks.remove(worker);
    List<ChunkKey> again = new ArrayList<>();
    List<Held<R>> held = backlog.remove(worker);
    if (held != null) {
      for (Held<R> h : held) {
        again.add(h.key());
      }
    }
    for (Iterator<Check> it = checks.values().iterator(); it.hasNext(); ) {
      Check c = it.next();
      c.runs.removeIf(r -> r.worker().equals(worker));
      if (worker.equals(c.leasedTo)) {
        unlease(c);
      }
      if (c.runs.isEmpty()) {
        it.remove();
        unleased.remove(c.key);
        again.add(c.key);
      }
    }
    return again;
  }

  /** A worker's stream ended: the checks it was running wait for another worker. */
  public void workerLost(String worker, long now) {
    for (Check c : checks.values()) {
      if (worker.equals(c.leasedTo)) {
        unlease(c);
        c.waitingSince = now;
      }
    }
  }

  /** A worker gave a check back unrun. */
  public void returned(ChunkKey key, String worker, long now) {
    Check c = checks.get(key);
    if (c != null && worker.equals(c.leasedTo)) {
      unlease(c);
      c.waitingSince = now;
    }
  }

  /**
   * Check leases that ended before {@code now} go back to waiting; checks that have waited longer
   * than {@code patience} for a worker to run them are given up: their first run counts unchecked,
   * and the worker's backlog with it.
   */
  public List<GivenUp<R>> expire(long now, long patience) {
    List<GivenUp<R>> out = new ArrayList<>();
    for (Iterator<Check> it = checks.values().iterator(); it.hasNext(); ) {
      Check c = it.next();
      if (c.leasedTo != null && c.deadline < now) {
        unlease(c);
        c.waitingSince = now;
      }
      if (c.leasedTo == null && now - c.waitingSince > patience) {
        it.remove();
        unleased.remove(c.key);
        skipped++;
        if (c.runs.size() == 1) {
          Run<R, E> only = c.runs.get(0);
          List<Held<R>> released = List.of();
          if (c.key.equals(firstChecks.get(only.worker()))) {
            released = verify(only.worker());
          }
          out.add(new GivenUp<>(c.key, only.result(), released, List.of()));
        } else {
          List<ChunkKey> rerun = new ArrayList<>();
          for (Run<R, E> r : c.runs) {
            if (firstChecks.remove(r.worker(), c.key)) {
              for (Held<R> h : backlog.getOrDefault(r.worker(), List.of())) {
                rerun.add(h.key());
              }
              backlog.remove(r.worker());
            }
          }
          out.add(new GivenUp<>(c.key, null, List.of(), rerun));
        }
      }
    }
    return out;
  }

  /** Checks open now (held results waiting for a second run). */
  public int open() {
    return checks.size();
  }

  /** Checks in which two workers agreed. */
  public long passed() {
    return passed;
  }

  /** Check runs that disagreed with every run before them. */
  public long failed() {
    return failed;
  }

  /** Checks given up for want of a second worker. */
  public long skipped() {
    return skipped;
  }

  public Set<String> quarantinedWorkers() {
    return Set.copyOf(quarantined);
  }

  /** Whether {@code key} is in the sampled share: a hash of the seed and the chunk, not timing. */
  boolean sampled(ChunkKey key) {
    long h = salt;
    h = mix(h ^ key.position());
    h = mix(h ^ key.policy());
    h = mix(h ^ key.chunk());
    return (h >>> 11) * 0x1.0p-53 < share;
  }

  /** SplitMix64's finaliser. */
  private static long mix(long z) {
    z += 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
