package gofarm.coordinator.job;

import gofarm.proto.v1.ChunkResult;
import java.util.List;

/**
 * What one series of a job's chunks adds up to: the statistics of a (position, policy) pair of an
 * evaluate job, or the games of a match. The {@link ChunkTable} hands it the chunks' results in
 * index order, each once, and asks after each whether the series is settled.
 */
public interface Tally {
  /** Chunks in the series. */
  int chunks();

  /** Units of work in chunk {@code chunk} (playouts, or games), for progress. */
  long units(int chunk);

  /**
   * What is wrong with {@code result} as chunk {@code chunk} of this series, or an empty list.
   * Checked before {@link #count}, so that a malformed result from a buggy or hostile worker is
   * never counted.
   */
  List<String> problems(ChunkResult result, int chunk);

  /** Counts chunk {@code chunk}, the next in index order. */
  void count(ChunkResult result, int chunk);

  /**
   * Whether the chunks counted so far settle the series, so that it stops early. It must depend on
   * the counted prefix alone, so that the decision is the same however the chunks arrived.
   */
  boolean settled();
}
