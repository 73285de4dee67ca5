package gofarm.coordinator.job;

import java.util.Arrays;

/**
 * When each series of a job ran, for a rate over that series' own run: from the lease of its first
 * chunk until it was done (all its chunks counted, or stopped early), or until now while it runs. A
 * kind whose series run one after another reports a later series at its own pace: a tuning's
 * confirmation once played about 225 to 730 games a minute while the job's rate, games and
 * evaluations of the whole run over its whole time, said 1,798. Plain state owned by the job's
 * actor; times in epoch milliseconds, as the actor's clock gives them.
 */
public final class SeriesRates {
  private static final long UNSET = -1;

  private final long[] firstLease;
  private final long[] done;

  /** No series leased yet, of {@code series}. */
  public SeriesRates(int series) {
    firstLease = new long[series];
    done = new long[series];
    Arrays.fill(firstLease, UNSET);
    Arrays.fill(done, UNSET);
  }

  /** A chunk of {@code series} was leased at {@code now}; the first lease starts its run. */
  public void leased(int series, long now) {
    if (firstLease[series] == UNSET) {
      firstLease[series] = now;
    }
  }

  /** Series {@code series} was seen done at {@code now}; the first call ends its run. */
  public void done(int series, long now) {
    if (done[series] == UNSET) {
      done[series] = now;
    }
  }

  /**
   * {@code units} (those counted in {@code series}) per second of the series' run: until it was
   * done, else until {@code now}; 0 before its first lease or before any time has passed.
   */
  public double unitsPerSecond(int series, long units, long now) {
    if (firstLease[series] == UNSET) {
      return 0;
    }
    long end = done[series] != UNSET ? done[series] : now;
    double seconds = (end - firstLease[series]) / 1000.0;
    return seconds > 0 ? units / seconds : 0;
  }
}
