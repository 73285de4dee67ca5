package gofarm.wire;

import gofarm.board.Geometry;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.playout.RuleKind;
import gofarm.playout.RuleSpec;
import java.util.Map;

/**
 * How a (position, policy) pair is cut into chunks: the default number of playouts per chunk and
 * the seed of every chunk. Both are pure functions of the job, never of anything measured while it
 * runs, so a job gives bit-identical results on any farm.
 *
 * <h2>Chunk size</h2>
 *
 * A chunk should take about {@link #TARGET_SECONDS} on one thread: long enough that a result (about
 * 25 KB of 19x19 statistics) is cheap next to the work, short enough that progress is smooth and a
 * lost worker costs little. The time of a playout is modelled as
 *
 * <pre>
 *   seconds per playout = area * perPoint(area) * (1 + extra(policy))
 *   perPoint(area)      = uniform's time per playout and point, interpolated linearly in the area
 *                         between the 9x9 and 19x19 measurements, constant outside that range
 *   chunk playouts      = TARGET_SECONDS / seconds per playout, to two significant digits,
 *                         within 1..10^7
 * </pre>
 *
 * Playout time grows almost exactly with the area (measured from 2x2 to 25x25, within 20 %), so one
 * per-point cost serves every size. The presets measured on the reference machine (2 cores,
 * 2026-11, one thread, empty board) are the calibration, in playouts per second:
 *
 * <pre>
 *   policy        9x9      19x19    extra (fitted)
 *   uniform       40,000   9,000    0
 *   atari-local   32,000   7,000    0.27  = capture 0.10 + extend 0.17
 *   mogo          17,000   4,200    1.25  = extend(counter,ladder=2) 0.42 + pattern3 0.55
 *                                           + capture(scope=1) 0.28
 *   heavy         11,000   2,700    2.48  = the mogo rules at their rates + capture@0.9 0.09
 *                                           + two-lib@0.9 0.405 + nakade@0.8 0.20 + self-atari 0.58
 * </pre>
 *
 * For any policy, {@code extra} is the sum over its rules of the kind's cost relative to uniform
 * ({@link #kindCost}) times the rule's rate (a generator skipped by its rate costs nothing); a
 * filter such as self-atari checks every move whatever its rate, so its cost is not scaled. The
 * model reproduces the table within 5 %; a custom policy's chunks land within the 1-2 s the
 * protocol promises as long as its rules resemble the presets'.
 *
 * <h2>Fit chunks</h2>
 *
 * A fit job's chunk is a shard of consecutive games, summed once per pass ({@code
 * gofarm.learn.FitShard}); by default a shard holds the games that take about {@link
 * #TARGET_SECONDS} on one thread, modelled per move read as
 *
 * <pre>
 *   seconds per move = 7.2 µs + 0.046 µs * area
 *   games per chunk  = TARGET_SECONDS * games / (the modelled seconds of all games' moves), to two
 *                      significant digits, within 1..100,000
 * </pre>
 *
 * A move costs a candidate list with every candidate's features (a pass over the board's empty
 * points) and the sums over those candidates. Measured on this project's machine (2 vCPU Intel Xeon
 * 2.5 GHz, OpenJDK 17, 2026-11, one thread, warm: the 20th of 20 passes over the same games; the
 * first pass in a fresh JVM takes 3 to 5 times longer), on games of softmax self-play: 9x9 11 µs
 * per move (300 games, 30,660 moves), 13x13 15 µs, 19x19 24 µs; the line through 9x9 and 19x19
 * gives 13x13 within 3 %. So a 9x9 shard of 1,300 games of 100 moves takes about 1.5 s.
 *
 * <h2>Balance chunks</h2>
 *
 * A balance job's chunk is a shard of consecutive positions of one board size, run once per pass
 * ({@code gofarm.learn.BalanceShard}): M playouts at every position and N more at every training
 * one, modelled with {@link #secondsPerPlayout} as (M + N) playouts per position; by default a
 * shard holds the positions that take about {@link #TARGET_SECONDS}.
 *
 * <h2>Seeds</h2>
 *
 * Chunk {@code c} of pair ({@code p}, {@code q}) of a job with seed {@code s} runs with seed {@code
 * mix(mix(mix(s, p), q), c)} ({@link Rng#mix}: SplitMix64 finalizers). Each step is a bijection of
 * the seed for a fixed index, so two different chunks share a seed only by a 2^-64 accident, and
 * the seed depends on what the chunk is, not on who runs it or when.
 */
public final class Chunking {
  /** The time a default chunk aims at on one thread of the reference machine, in seconds. */
  public static final double TARGET_SECONDS = 1.5;

  /**
   * The softmax policy's cost beyond uniform's, in the calibration's units: measured side by side
   * with heavy (2026-11-27, one thread, empty board, two runs), softmax took 4.4-4.6x heavy's
   * cycles per playout on 9x9 and 4.6-7.2x on 19x19, so 1 + extra = (1 + 2.48) x 4.4..7.2, about
   * 15..25.
   */
  static final double SOFTMAX_EXTRA = 19;

  /** The largest chunk: the protocol's limit. */
  public static final int MAX_CHUNK_PLAYOUTS = 10_000_000;

  /** The most positions of one balance chunk. */
  public static final int MAX_POSITIONS_PER_CHUNK = 10_000;

  /** The most games of one fit chunk. */
  public static final int MAX_GAMES_PER_CHUNK = 100_000;

  // A fit chunk's seconds per move read: a base and a cost per board point; see the class comment.
  private static final double FIT_MOVE_BASE = 7.2e-6;
  private static final double FIT_MOVE_PER_POINT = 0.046e-6;

  // Uniform's seconds per playout and board point, measured on 9x9 and 19x19.
  private static final double UNIFORM_9 = 1.0 / (40_000 * 81);
  private static final double UNIFORM_19 = 1.0 / (9_000 * 361);

  private Chunking() {}

  /** The default playouts per chunk for a board and policy; see the class comment. */
  public static int defaultChunkPlayouts(Geometry geometry, PolicySpec policy) {
    double playouts = TARGET_SECONDS / secondsPerPlayout(geometry, policy);
    return (int) Math.max(1, Math.min(MAX_CHUNK_PLAYOUTS, twoDigits(playouts)));
  }

  /** The modelled seconds of one playout on one thread; see the class comment. */
  public static double secondsPerPlayout(Geometry geometry, PolicySpec policy) {
    int area = geometry.pointCount();
    double t = Math.max(0, Math.min(1, (area - 81) / (361.0 - 81)));
    double perPoint = UNIFORM_9 + t * (UNIFORM_19 - UNIFORM_9);
    return area * perPoint * (1 + extraCost(policy));
  }

  /** The policy's cost beyond uniform's, relative to uniform's; see the class comment. */
  static double extraCost(PolicySpec policy) {
    double extra = 0;
    for (RuleSpec rule : policy.rules()) {
      double cost = kindCost(rule.kind(), rule.params());
      extra += rule.kind().isFilter() ? cost : rule.rate() * cost;
    }
    return extra;
  }

  /**
   * The cost of one rule at rate 1 relative to a uniform playout, fitted to the presets: global
   * scans cost more than local ones, a trigger halves a global rule's cost (it runs only after an
   * atari), ladder reading and a second 3x3 neighbourhood add their own.
   */
  static double kindCost(RuleKind kind, Map<String, Double> params) {
    return switch (kind) {
      case RANDOM -> 0;
      case CAPTURE -> scaled(params, 0.10, 0.28);
      case EXTEND ->
          scaled(params, 0.17, 0.30)
              + switch ((int) Math.rint(params.get("ladder"))) {
                case 1 -> 0.05;
                case 2 -> 0.25;
                default -> 0;
              };
      case TWO_LIB -> 0.45;
      case NAKADE -> 0.25;
      case PATTERN3 -> params.get("second") == 1 ? 0.90 : 0.55;
      case SELF_ATARI -> 0.58;
      // Every move updates the strengths its changes touch, for both colours (measured below).
      case SOFTMAX -> SOFTMAX_EXTRA;
      // One Benson per root and a field test per candidate; playouts only get shorter.
      case SETTLED -> 0;
    };
  }

  private static double scaled(Map<String, Double> params, double local, double global) {
    if (params.get("scope") == 0) {
      return local;
    }
    return params.get("trigger") == 1 ? global / 2 : global;
  }

  /**
   * Rounds to two significant digits, halves to even: 16,700 -> 17,000, 4,050 -> 4,000, 37 -> 37.
   * StrictMath, so that every JVM computes the same sizes.
   */
  private static double twoDigits(double x) {
    if (x < 100) {
      return StrictMath.rint(x);
    }
    double unit = StrictMath.pow(10, StrictMath.floor(StrictMath.log10(x)) - 1);
    return StrictMath.rint(x / unit) * unit;
  }

  /** The modelled seconds a fit chunk spends on one move of a game on this board; see above. */
  public static double fitSecondsPerMove(Geometry geometry) {
    return FIT_MOVE_BASE + FIT_MOVE_PER_POINT * geometry.pointCount();
  }

  /**
   * The default games of a fit chunk: {@code games} games whose moves take {@code seconds} in all
   * (as {@link #fitSecondsPerMove} models them), cut into chunks of about {@link #TARGET_SECONDS}.
   */
  public static int defaultGamesPerChunk(int games, double seconds) {
    double perChunk = seconds <= 0 ? games : TARGET_SECONDS * games / seconds;
    return (int) Math.max(1, Math.min(MAX_GAMES_PER_CHUNK, twoDigits(perChunk)));
  }

  /**
   * The default positions of a balance chunk: {@code positions} positions whose playouts take
   * {@code seconds} in all (as {@link #secondsPerPlayout} models them), cut into chunks of about
   * {@link #TARGET_SECONDS}.
   */
  public static int defaultPositionsPerChunk(int positions, double seconds) {
    double perChunk = seconds <= 0 ? positions : TARGET_SECONDS * positions / seconds;
    return (int) Math.max(1, Math.min(MAX_POSITIONS_PER_CHUNK, twoDigits(perChunk)));
  }

  /** The seed of chunk {@code chunk} of pair ({@code position}, {@code policy}) of a job. */
  public static long chunkSeed(long jobSeed, int position, int policy, int chunk) {
    return Rng.mix(Rng.mix(Rng.mix(jobSeed, position), policy), chunk);
  }
}
