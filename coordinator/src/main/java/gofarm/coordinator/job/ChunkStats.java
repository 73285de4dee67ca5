package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;

/**
 * An evaluate chunk's playout statistics, checked at the edge, that add themselves to their pair's
 * aggregate. Not a {@link PlayoutStats} of its own: a full 19×19 one is about 35 KB of zeroed
 * arrays, its checked message about 4 KB, and the coordinator counts thousands a second and holds
 * those that arrive out of order; so the codec's implementation adds straight from the message
 * (measured with {@code gofarm bench --farm}: decoding into a fresh {@code PlayoutStats} halved the
 * results counted per second).
 */
public interface ChunkStats {
  /** Playouts in the chunk. */
  long playouts();

  /** Moves of those playouts, passes included. */
  long moves();

  /** Adds the chunk to {@code aggregate}, a pair's statistics of the same shape. */
  void addTo(PlayoutStats aggregate);

  /** Statistics already in core form (tests, and anything that computed them here). */
  static ChunkStats of(PlayoutStats stats) {
    return new ChunkStats() {
      @Override
      public long playouts() {
        return stats.playouts();
      }

      @Override
      public long moves() {
        return stats.lengthSum();
      }

      @Override
      public void addTo(PlayoutStats aggregate) {
        aggregate.merge(stats);
      }
    };
  }
}
