package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;

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

  /** Adds the chunk's counts to {@code aggregate}. */
  void addTo(PlayoutStats aggregate);
}
