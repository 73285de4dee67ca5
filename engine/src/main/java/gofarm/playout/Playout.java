package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;

/**
 * Runs playouts: Monte-Carlo games from a root position to the end under a playout policy,
 * recording their results in {@link PlayoutStats}. One per thread; nothing is allocated per playout
 * or per move.
 *
 * <p>A playout copies the root into a scratch board and plays until two consecutive passes or
 * {@link #maxLength} moves (3 × the board's area, as Michi does: cycles such as triple ko end
 * there, since playouts check simple ko only). Suicide is never played. The final position is
 * scored by area with the one-point-eye rule: stones, plus each empty point whose neighbours are
 * all one colour; any other empty point is dame. At the natural end of a playout every empty point
 * is such an eye or dame, so this equals the Tromp-Taylor score; a playout cut off at the cap is
 * scored the same way. Under the {@code settled} rule ({@link RuleKind#SETTLED}) the points Benson
 * settles at the root are never played and count for their owner, dead stones included.
 *
 * <p>A batch is fully determined by (seed, root, policy): the same arguments give bit-identical
 * statistics on any thread, in any JVM.
 *
 * <p>A policy whose rules need to know no more than which chains are in atari ({@code uniform},
 * {@code atari-local}: see {@link LightPolicy}) runs on a {@link LightBoard}, which keeps
 * pseudo-liberties and no undo record; it draws the same moves as the policy on a {@link Board}
 * would, so the statistics do not depend on which board ran them. A softmax policy ({@link
 * SoftmaxPolicy}) keeps its table of strengths beside the board: computed once per root and copied
 * at the start of each playout, then updated by every move.
 */
public final class Playout {
  private final Geometry geometry;
  private final PlayoutPolicy policy;
  private final Board board;
  private final Rng rng = new Rng(0);
  private final int maxLength;
  // Per padded point, for the playout being played: the colour that played there first (0 if
  // none yet), and the colour owning it at the end (0 for dame and off the board).
  private final int[] first;
  private final int[] owner;
  private final PointTally tally;
  private int passes;
  private int koCaptures;
  private PlayoutStats treeStats;

  // The light path: null unless the policy has only light rules. The root's light board is
  // rebuilt when the root changes.
  private final LightPolicy lightPolicy;
  private final LightBoard light;
  private final LightBoard lightRoot;
  private PlayoutRoot lightRootOf;

  // The softmax path: null unless the policy is softmax. The root's table is computed when the
  // root changes.
  private final SoftmaxPolicy softmax;
  private final SoftmaxPolicy softmaxRoot;
  private PlayoutRoot softmaxRootOf;

  public Playout(PolicySpec spec, Geometry geometry) {
    this(spec, geometry, true);
  }

  /** With {@code allowLight} false, light policies too run on {@link Board} (for tests). */
  Playout(PolicySpec spec, Geometry geometry, boolean allowLight) {
    this.geometry = geometry;
    this.policy = new PlayoutPolicy(spec, geometry);
    this.board = new Board(geometry);
    this.maxLength = maxLength(geometry);
    this.first = new int[geometry.arraySize()];
    this.owner = new int[geometry.arraySize()];
    this.tally = new PointTally(geometry.arraySize());
    this.lightPolicy = allowLight ? LightPolicy.of(spec, geometry) : null;
    this.light = lightPolicy != null ? new LightBoard(geometry) : null;
    this.lightRoot = lightPolicy != null ? new LightBoard(geometry) : null;
    this.softmax = spec.isSoftmax() ? softmax(spec, geometry) : null;
    this.softmaxRoot = spec.isSoftmax() ? softmax(spec, geometry) : null;
  }

  private static SoftmaxPolicy softmax(PolicySpec spec, Geometry geometry) {
    double temperature = spec.rules().get(0).params().get("temperature");
    return new SoftmaxPolicy(spec.gammaTable(), temperature, geometry);
  }

  /** The playout move cap: 3 × the number of board points. */
  public static int maxLength(Geometry geometry) {
    return 3 * geometry.pointCount();
  }

  public Geometry geometry() {
    return geometry;
  }

  /** Empty statistics shaped for this policy and board. */
  public PlayoutStats newStats() {
    PolicySpec spec = policy.spec();
    return new PlayoutStats(geometry, spec.rules().size(), spec.featureCount(), maxLength);
  }

  public PolicySpec spec() {
    return policy.spec();
  }

  /**
   * Runs {@code count} playouts from {@code root} with the random sequence of {@code seed} and adds
   * their results to {@code stats}.
   */
  public void run(PlayoutRoot root, long seed, int count, PlayoutStats stats) {
    if (root.board().geometry() != geometry) {
      throw new IllegalArgumentException(
          "root is " + root.board().geometry() + ", playouts are for " + geometry);
    }
    rng.setSeed(seed);
    try {
      playAll(root, count, stats);
    } finally {
      // Whatever happened, the per-point counts go with the playouts already recorded.
      tally.flushInto(stats);
      if (softmax != null) {
        softmax.flushInto(stats);
      }
    }
  }

  private void playAll(PlayoutRoot root, int count, PlayoutStats stats) {
    if (softmax != null) {
      setSoftmaxRoot(root);
      for (int i = 0; i < count; i++) {
        playOneSoftmax(root, stats);
      }
    } else if (light != null) {
      if (lightRootOf != root) {
        lightRoot.setPosition(root.board());
        lightRootOf = root;
      }
      for (int i = 0; i < count; i++) {
        playOneLight(root, stats);
      }
    } else {
      byte[] owners = policy.settledRule() >= 0 ? root.settledOwners() : null;
      for (int i = 0; i < count; i++) {
        playOne(root, stats, owners);
      }
    }
  }

  /**
   * One playout of a light policy, on the light board. {@code uniform} (the random rule alone)
   * draws its moves without asking the policy for each (the test is loop-invariant, so the JIT may
   * split the loop in two on it).
   */
  private void playOneLight(PlayoutRoot root, PlayoutStats stats) {
    boolean uniform = lightPolicy.randomOnly();
    LightBoard b = light;
    b.copyFrom(lightRoot);
    int[] first = this.first;
    java.util.Arrays.fill(first, 0);
    int capturesBefore = b.captures();
    byte me = root.toPlay();
    int last = root.lastMove();
    int passesInARow = 0;
    int passCount = 0;
    int koCount = 0;
    int length = 0;
    while (passesInARow < 2 && length < maxLength) {
      int p =
          uniform
              ? lightPolicy.randomMove(b, me, rng)
              : lightPolicy.chooseMove(b, me, last, rng, stats);
      if (p == Point.PASS) {
        b.pass();
        passesInARow++;
        passCount++;
      } else {
        b.play(p, me);
        passesInARow = 0;
        if (b.koPoint() != Point.NONE) {
          koCount++;
        }
        if (first[p] == 0) {
          first[p] = me;
        }
      }
      last = p;
      me = Color.opponent(me);
      length++;
    }
    // Every move but the first followed the move before it: a pass unless it was the last move.
    int unanswered =
        (root.lastMove() > Point.PASS ? 0 : 1) + passCount - (passesInARow > 0 ? 1 : 0);
    lightPolicy.countPlayout(stats, length, passCount, length - unanswered);
    int difference = b.countArea(owner);
    record(root, stats, length, passCount, koCount, b.captures() - capturesBefore, difference);
  }

  /**
   * One playout from {@code root}; with the settled filter ({@code owners} not null) it may prune
   * the settled points and score them for their owners.
   */
  private void playOne(PlayoutRoot root, PlayoutStats stats, byte[] owners) {
    Board b = board;
    b.copyFrom(root.board());
    byte[] settled = owners == null ? null : policy.startPlayout(owners, rng, stats);
    java.util.Arrays.fill(first, 0);
    int capturesBefore = b.captures(Color.BLACK) + b.captures(Color.WHITE);
    int length = playToEnd(b, root.toPlay(), root.lastMove(), root.secondLastMove(), stats, null);
    int captured = b.captures(Color.BLACK) + b.captures(Color.WHITE) - capturesBefore;
    record(root, stats, length, passes, koCaptures, captured, countArea(b, settled));
  }

  /** Computes the softmax table of {@code root}, unless it is the root of the last run. */
  private void setSoftmaxRoot(PlayoutRoot root) {
    if (softmaxRootOf != root) {
      board.copyFrom(root.board());
      softmaxRoot.setPosition(board);
      softmaxRootOf = root;
    }
  }

  /**
   * One playout of a softmax policy from {@code root}, with this object's random sequence ({@link
   * #setSeed}), adding the score ψ of each of its moves to {@code score} (indexed by feature id;
   * see {@link SoftmaxPolicy#scoreInto}): simulation balancing's gradient playouts. Draws the same
   * moves {@link #run} would from the same sequence.
   *
   * @return the winner: BLACK, WHITE or EMPTY for a draw
   * @throws IllegalStateException if the policy is not softmax
   */
  public byte playScored(PlayoutRoot root, double[] score) {
    if (softmax == null) {
      throw new IllegalStateException("scored playouts need a softmax policy, not " + spec());
    }
    setSoftmaxRoot(root);
    Board b = board;
    b.copyFrom(root.board());
    softmax.copyFrom(softmaxRoot);
    PlayoutStats stats = treeStats != null ? treeStats : ruleStats();
    softmax.scoreInto(score);
    try {
      playToEnd(b, root.toPlay(), root.lastMove(), root.secondLastMove(), stats, null);
    } finally {
      softmax.scoreInto(null);
    }
    softmax.endPlayout();
    int difference = countArea(b, null);
    double komi = root.komi();
    return difference > komi ? Color.BLACK : difference < komi ? Color.WHITE : Color.EMPTY;
  }

  /** One playout of a softmax policy, its table copied from the root's. */
  private void playOneSoftmax(PlayoutRoot root, PlayoutStats stats) {
    Board b = board;
    b.copyFrom(root.board());
    softmax.copyFrom(softmaxRoot);
    java.util.Arrays.fill(first, 0);
    int capturesBefore = b.captures(Color.BLACK) + b.captures(Color.WHITE);
    int length = playToEnd(b, root.toPlay(), root.lastMove(), root.secondLastMove(), stats, null);
    softmax.endPlayout();
    int captured = b.captures(Color.BLACK) + b.captures(Color.WHITE) - capturesBefore;
    record(root, stats, length, passes, koCaptures, captured, countArea(b, null));
  }

  /**
   * Plays one playout on the caller's {@code board}, from the position the caller has set up there
   * (typically the root of a tree search with the tree's moves played on it), and records it in
   * {@code trace}: the playout's moves are appended to the moves already there, then the final
   * owners and the winner are set. The board is left at the end of the playout.
   *
   * <p>The playout uses this object's random sequence ({@link #setSeed}); under the settled rule it
   * prunes and scores the points Benson settles at {@code root}, which is right as long as the
   * caller's moves kept off them. Nothing is allocated.
   *
   * @param root the position the search started from: its komi and its settled points count
   * @param board a board of this geometry holding the position to play from
   * @param toPlay the player to move on {@code board}
   * @param last the last move played on {@code board} (point, PASS or NONE), for the local rules
   * @param secondLast the move before it
   * @return the winner: BLACK, WHITE or EMPTY for a draw
   */
  public byte playFrom(
      PlayoutRoot root, Board board, byte toPlay, int last, int secondLast, PlayoutTrace trace) {
    assert board.geometry() == geometry && trace.geometry() == geometry : "geometry";
    PlayoutStats stats = treeStats != null ? treeStats : ruleStats();
    byte[] owners = policy.settledRule() >= 0 ? root.settledOwners() : null;
    byte[] settled = owners == null ? null : policy.startPlayout(owners, rng, stats);
    if (softmax != null) {
      softmax.setPosition(board);
    }
    playToEnd(board, toPlay, last, secondLast, stats, trace);
    if (softmax != null) {
      softmax.endPlayout();
    }
    int difference = countArea(board, settled);
    byte[] traceOwners = trace.owners();
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      traceOwners[p] = (byte) owner[p];
    }
    double komi = root.komi();
    byte winner = difference > komi ? Color.BLACK : difference < komi ? Color.WHITE : Color.EMPTY;
    trace.finish(winner, difference);
    return winner;
  }

  /** Restarts this playout's random sequence for {@link #playFrom}. */
  public void setSeed(long seed) {
    rng.setSeed(seed);
  }

  /**
   * The rule counters of the playouts run by {@link #playFrom} (their other statistics are in the
   * traces): which rule supplied how many moves, and a softmax policy's feature counts.
   */
  public PlayoutStats ruleStats() {
    if (treeStats == null) {
      treeStats = newStats();
    }
    if (softmax != null) {
      softmax.flushInto(treeStats);
    }
    return treeStats;
  }

  /**
   * Plays the playout's moves on {@code b} until two passes in a row or {@link #maxLength} moves;
   * records them in {@code trace} if there is one, else marks the first play at each point for the
   * AMAF counts. Leaves the passes and ko captures in {@link #passes} and {@link #koCaptures}.
   *
   * @return the number of moves played, passes included
   */
  private int playToEnd(
      Board b, byte me, int last, int secondLast, PlayoutStats stats, PlayoutTrace trace) {
    int passesInARow = 0;
    int passCount = 0;
    int koCount = 0;
    int length = 0;
    SoftmaxPolicy softmax = this.softmax;
    int rule = softmax != null ? 0 : -1;
    while (passesInARow < 2 && length < maxLength) {
      int p;
      if (softmax != null) {
        stats.ruleTried[rule]++;
        p = softmax.choose(b, me, last, secondLast, rng);
      } else {
        p = policy.chooseMove(b, me, last, secondLast, rng, stats);
      }
      if (p == Point.PASS) {
        if (softmax != null) {
          softmax.pass(b, me);
        } else {
          b.pass(me);
        }
        passesInARow++;
        passCount++;
      } else {
        if (softmax != null) {
          stats.ruleFired[rule]++;
          stats.ruleChosen[rule]++;
          softmax.play(b, p, me);
        } else {
          b.playAssumeLegal(p, me);
        }
        passesInARow = 0;
        if (b.koPoint() != Point.NONE) {
          koCount++;
        }
        if (trace == null && first[p] == 0) {
          first[p] = me;
        }
      }
      if (trace != null) {
        trace.addPlayoutMove(p);
      }
      secondLast = last;
      last = p;
      me = Color.opponent(me);
      length++;
    }
    passes = passCount;
    koCaptures = koCount;
    return length;
  }

  /**
   * Adds a finished playout to the statistics: its final score (black's area minus white's) with
   * each point's owner in {@link #owner}, and its first plays in {@link #first}.
   */
  private void record(
      PlayoutRoot root,
      PlayoutStats stats,
      int length,
      int passes,
      int koCaptures,
      int captured,
      int difference) {
    int points = geometry.pointCount();
    double komi = root.komi();
    byte winner = difference > komi ? Color.BLACK : difference < komi ? Color.WHITE : Color.EMPTY;
    stats.playouts++;
    if (winner == Color.BLACK) {
      stats.blackWins++;
    } else if (winner == Color.WHITE) {
      stats.whiteWins++;
    } else {
      stats.draws++;
    }
    stats.lengthSum += length;
    stats.lengthHistogram[length]++;
    stats.passes += passes;
    stats.koCaptures += koCaptures;
    stats.captures += captured;
    stats.scoreSum += difference;
    stats.scoreSquares += (long) difference * difference;
    stats.scoreHistogram[difference + points]++;
    tally.add(owner, first, winner);
  }

  /**
   * Scores the final position by area with the one-point-eye rule: leaves each point's owner in
   * {@link #owner} (by padded point) and returns black's area minus white's. Points {@code settled}
   * names an owner for (nobody played there) count for that owner, dead stones included.
   */
  private int countArea(Board b, byte[] settled) {
    int black = 0;
    int white = 0;
    int points = geometry.pointCount();
    int[] owners = owner;
    for (int i = 0; i < points; i++) {
      int p = geometry.point(i);
      byte c = b.color(p);
      if (settled != null && settled[p] != Color.EMPTY) {
        c = settled[p];
      } else if (c == Color.EMPTY) {
        c =
            b.isEyelike(p, Color.BLACK)
                ? Color.BLACK
                : b.isEyelike(p, Color.WHITE) ? Color.WHITE : Color.EMPTY;
      }
      owners[p] = c;
      black += c == Color.BLACK ? 1 : 0;
      white += c == Color.WHITE ? 1 : 0;
    }
    return black - white;
  }
}
