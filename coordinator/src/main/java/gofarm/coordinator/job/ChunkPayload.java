package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;
import java.util.List;

/**
 * The statistics of a finished chunk as the job receives them: still encoded as they came off the
 * wire, and added into an aggregate without an intermediate copy (the coordinator sums thousands of
 * them per second).
 */
public interface ChunkPayload {
  /** Playouts in the chunk. */
  long playouts();

  /** Moves of those playouts, passes included. */
  long moves();

  /**
   * What is wrong with the result for a pair shaped like {@code shape} whose chunk has {@code
   * playouts} playouts, or an empty list. Checked before {@link #addTo}, so that a malformed result
   * from a buggy or hostile worker is never counted.
   */
  List<String> problems(PlayoutStats shape, int playouts);

  /** Adds the chunk's counts to {@code aggregate}. */
  void addTo(PlayoutStats aggregate);
}
