package gofarm.coordinator.job;

import gofarm.search.TimeSettings;
import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedPlayer;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The plan of a match job: one series whose chunk {@code k} is game pair {@code k}, two games (the
 * units of its progress). Counted by a {@link MatchTally}; reported as a {@link MatchReport}.
 * Immutable.
 */
public final class MatchPlan implements JobKind<PlayedPair, MatchReport> {
  /**
   * A pessimistic time per move of a search player with a playout budget: playouts at 2,000 per
   * second (a heavy policy on 19×19 on one slow core), for the chunk lease.
   */
  private static final double PLAYOUTS_PER_SECOND_FLOOR = 2_000;

  /** A pessimistic time per move of an external engine, for the chunk lease. */
  private static final double ENGINE_SECONDS_PER_MOVE = 5;

  /** An SGF move ({@code ;B[dd]}) with its share of the game result's record, in bytes. */
  private static final long SGF_BYTES_PER_MOVE = 8;

  /** A game's result and its record's header, in bytes. */
  private static final long GAME_BYTES = 1024;

  private final ResolvedMatch job;

  public MatchPlan(ResolvedMatch job) {
    this.job = job;
  }

  @Override
  public ResolvedMatch job() {
    return job;
  }

  @Override
  public int policies() {
    return 1;
  }

  @Override
  public int series() {
    return 1;
  }

  @Override
  public int chunks(int series) {
    return job.pairs();
  }

  @Override
  public long units(int series, int chunk) {
    return 2;
  }

  @Override
  public long units(int series) {
    return units();
  }

  @Override
  public long units() {
    return 2L * job.pairs();
  }

  @Override
  public long statisticsBytes() {
    return gamesBytes(job);
  }

  /**
   * A bound on what a match keeps of its pairs: the LLR after each, and both games' records, every
   * move of the move limit at {@link #SGF_BYTES_PER_MOVE} (a record is kept until the job's results
   * are archived).
   */
  static long gamesBytes(ResolvedMatch match) {
    long perGame = (long) match.maxMoves() * SGF_BYTES_PER_MOVE + GAME_BYTES;
    return Math.multiplyExact((long) match.pairs(), 8 + 2 * perGame);
  }

  @Override
  public String fewerChunks() {
    return "lower pairs (a chunk is one game pair)";
  }

  @Override
  public MatchTally newTally() {
    return new MatchTally(job);
  }

  @Override
  public MatchReport queuedReport() {
    return newTally().report(series -> false, false, 0, false);
  }

  @Override
  public ChunkWork work(ChunkKey key, PlayedPair result) {
    return ChunkWork.games(result.first().moves(), result.second().moves());
  }

  @Override
  public Set<String> engines() {
    return job.engines();
  }

  /**
   * The base lease plus a pessimistic estimate of the two games (every move of the move limit at a
   * slow pace), so that a long pair on a live worker is not handed to a second one.
   */
  @Override
  public Duration lease(Duration base) {
    double perMove = 0;
    double clocks = 0;
    for (ResolvedPlayer p : List.of(job.candidate(), job.baseline())) {
      if (p.clock() != null) {
        clocks += 2 * clockSeconds(p.clock(), job.maxMoves()); // a clock per game, two games
      } else {
        perMove +=
            p.isEngine()
                ? ENGINE_SECONDS_PER_MOVE
                : p.budget().isDeterministic()
                    ? p.budget().playouts() / PLAYOUTS_PER_SECOND_FLOOR
                    : p.budget().time().toMillis() / 1000.0;
      }
    }
    // Two games, each side making about half of each game's moves: maxMoves moves per side.
    double seconds = job.maxMoves() * perMove + clocks;
    return base.plusMillis((long) Math.ceil(seconds * 1000));
  }

  /**
   * The most one side's clock lets it think in a game of {@code maxMoves} moves (and as many in a
   * cleanup phase): the main time and the byo-yomi of every move it makes, which is about half.
   */
  static double clockSeconds(TimeSettings clock, int maxMoves) {
    double period = clock.period().toNanos() / 1e9;
    int moves = maxMoves; // half of the moves and half of a cleanup phase as long
    double byoyomi =
        switch (clock.kind()) {
          case CANADIAN -> (moves / clock.stones() + 1) * period;
          case BYOYOMI -> (moves + clock.periods()) * period;
          case NONE, ABSOLUTE -> 0;
        };
    return clock.main().toNanos() / 1e9 + byoyomi;
  }

  /** Games take seconds each: a match's rate is over its whole run, not the last few seconds. */
  @Override
  public boolean reproducible() {
    // An external engine's games may differ from run to run (a random seed, threads, time), so
    // spot checks would quarantine honest workers: only search players on a playout budget.
    return job.deterministic() && job.engines().isEmpty();
  }

  @Override
  public boolean rateOverWholeRun() {
    return true;
  }
}
