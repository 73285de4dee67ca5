package gofarm.coordinator.job;

import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * What a job's chunks add up to, one series at a time (the statistics of each (position, policy)
 * pair of an evaluate job, the games of a match), and the kind's report of it. The {@link
 * ChunkTable} hands it each series' results in chunk index order, each once, and asks after each
 * whether the series is settled. Mutable, owned by the job's actor.
 *
 * @param <R> a chunk's result, decoded and checked at the edge
 * @param <F> the kind's report
 */
public interface Tally<R, F> {

  /**
   * Counts chunk {@code chunk} of series {@code series}, the next of that series in index order.
   */
  void count(int series, int chunk, R result);

  /**
   * Whether the chunks counted so far settle series {@code series}, so that it stops early. It must
   * depend on the counted prefix alone, so that the decision is the same however the chunks
   * arrived.
   */
  boolean settled(int series);

  /**
   * A snapshot of the figures.
   *
   * @param seriesDone whether a series has all its chunks or stopped early
   * @param finished whether the job has ended
   * @param unitsPerSecond the job's recent rate of counted units
   * @param withStats whether to include the full figures (every pair's statistics, every game
   *     pair's outcome) rather than the headlines
   */
  F report(IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats);

  /**
   * A snapshot of the figures with each series' own rate at hand, which the job's actor measures
   * ({@link SeriesRates}): what a kind whose series run one after another reports for a later one
   * (a tuning's confirmation, whose games per minute are not the whole job's units per second). By
   * default the job's rate is all a kind reports.
   *
   * @param seriesUnitsPerSecond units counted per second of a series' own run, from the lease of
   *     its first chunk until it was done (or until now)
   */
  default F report(
      IntPredicate seriesDone,
      boolean finished,
      double unitsPerSecond,
      IntToDoubleFunction seriesUnitsPerSecond,
      boolean withStats) {
    return report(seriesDone, finished, unitsPerSecond, withStats);
  }

  /**
   * How many of series {@code series}' chunks may be leased now: all of them by default; a kind
   * whose later chunks depend on earlier results (a tuning's next iteration) releases them as those
   * results are counted.
   */
  default int released(int series) {
    return Integer.MAX_VALUE;
  }

  /**
   * Why a result, decoded and checked at the edge, does not fit what its chunk asked for as the
   * tally stands now, or null: a fit's pass sums for one group, which the first pass decides, so
   * only here can a result for another group be told apart. The job refuses such a result as the
   * edge refuses a malformed one, and quarantines its worker. Null for a chunk not being counted
   * now (counted already, or not yet released), which the chunk table refuses in its own way.
   */
  default String refusal(int series, int chunk, R result) {
    return null;
  }

  /**
   * A bound on the bytes the tally holds now, for the coordinator's memory budget: what a finished
   * job's actor still holds until it stops. By default {@code bound}, the plan's bound for the
   * whole job ({@link JobKind#statisticsBytes}); a kind that allocates as it counts says less.
   */
  default long heldBytes(long bound) {
    return bound;
  }

  /** Why the job stopped before its last chunk, once a series has settled early. */
  String stopMessage();

  /** The games counted so far, in pair order, first game first (none for a kind without games). */
  default List<GameSgf> games() {
    return List.of();
  }
}
