package gofarm.coordinator.actor;

import java.util.Arrays;

/**
 * The round trips (lease to result, in milliseconds) of a job's last chunks, and their median: how
 * long an honest worker with a full queue takes, against which a chunk is overdue. A median, not a
 * mean, so that the hoarders it is there to catch cannot drag it up.
 */
final class RoundTrips {
  private static final int KEPT = 63;

  /** Too few to say what is usual: below it, {@link #median} is unknown. */
  private static final int FEWEST = 3;

  private final long[] ring = new long[KEPT];
  private final long[] sorted = new long[KEPT];
  private int size;
  private int next;
  private long median = -1;
  private boolean stale;

  void add(long millis) {
    ring[next] = millis;
    next = (next + 1) % KEPT;
    size = Math.min(KEPT, size + 1);
    stale = true;
  }

  /** The median of the kept round trips, or -1 with fewer than three. */
  long median() {
    if (stale) {
      stale = false;
      if (size < FEWEST) {
        median = -1;
      } else {
        System.arraycopy(ring, 0, sorted, 0, size);
        Arrays.sort(sorted, 0, size);
        median = sorted[size / 2];
      }
    }
    return median;
  }
}
