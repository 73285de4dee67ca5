package gofarm.wire;

import gofarm.playout.GammaTable;
import gofarm.rules.Rules;
import java.util.List;

/**
 * A validated {@code fit} job in core terms: its games cut into shards, which games are held out,
 * the starting table and when to stop. Made by {@link JobSpecs#resolve}; everything here is a
 * function of the spec and the seed, so the fitted table is the same on any number of workers.
 *
 * <h2>Chunks</h2>
 *
 * Pass k (1-based) over the games is one chunk per shard: chunk {@code c} is shard {@code c %
 * shards().size()} of pass {@code c / shards().size() + 1}, which sums the shard's decisions at the
 * γ after k − 1 updates for one feature group. There are at most {@code maxIterations + 1} passes:
 * the last measures the table of the last update.
 *
 * @param name the job's description, possibly empty
 * @param seed the job's seed
 * @param priority -100..100, higher first
 * @param rules the job's rules (a fit replays each game under its own)
 * @param shards the games, cut into shards of {@code gamesPerChunk} consecutive games (the last may
 *     hold fewer)
 * @param games games in all sources
 * @param moves moves of all games
 * @param testGames games held out
 * @param testShare the share of games held out, 0..0.5
 * @param skipMoves moves at the start of each game not learnt from
 * @param start the starting table
 * @param maxIterations the most updates, 1..10,000
 * @param minGain the least rise of the training log-likelihood per decision over a cycle of groups
 *     that keeps the fit going
 * @param prior Coulom's virtual wins and losses per value
 * @param gamesPerChunk games per shard
 */
public record ResolvedFit(
    String name,
    long seed,
    int priority,
    Rules rules,
    List<Shard> shards,
    int games,
    long moves,
    int testGames,
    double testShare,
    int skipMoves,
    GammaTable start,
    int maxIterations,
    double minGain,
    double prior,
    int gamesPerChunk)
    implements ResolvedJob {

  /**
   * One shard: consecutive games of the job.
   *
   * @param first the job-wide index of its first game
   * @param sgf its games as one SGF collection, in order
   * @param heldOut per game, whether it is held out (see {@link #heldOut()})
   * @param moves moves of its games
   * @param seconds the modelled seconds of one pass over its games on one thread ({@link
   *     Chunking#fitSecondsPerMove})
   */
  public record Shard(int first, String sgf, boolean[] heldOut, long moves, double seconds) {
    public Shard {
      heldOut = heldOut.clone();
    }

    /** Games in the shard. */
    public int games() {
      return heldOut.length;
    }

    /** Per game, whether it is held out: a copy. */
    @Override
    public boolean[] heldOut() {
      return heldOut.clone();
    }
  }

  public ResolvedFit {
    shards = List.copyOf(shards);
  }

  /** Games the fit learns from. */
  public int trainGames() {
    return games - testGames;
  }

  /** Passes at most: one per iteration, and one to measure the last table. */
  public int passes() {
    return maxIterations + 1;
  }

  /** Chunks at most: a chunk per shard and pass (at most 100,000 × 10,001, within an int). */
  public int chunks() {
    return Math.multiplyExact(shards.size(), passes());
  }

  /**
   * Whether game {@code index} (0-based over all sources) is held out: {@link
   * gofarm.playout.Rng#mix}(seed, index) as a fraction of 2^64 below the share.
   */
  public static boolean heldOut(long seed, int index, double testShare) {
    long bits = gofarm.playout.Rng.mix(seed, index);
    return (bits >>> 11) * 0x1.0p-53 < testShare;
  }
}
