package gofarm.playout;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;

/**
 * The local playout rules that both policies use, each written once: the local capture ({@link
 * #capture}) and the local extension ({@link #extend}) with its rescue of a chain in atari ({@link
 * #save}: counter-captures, then the extension on its liberty). They read the board only through
 * the few abstract queries below, which each subclass answers from its own board: {@link
 * LightPolicy} from a {@link LightBoard} (pseudo-liberties), {@link PlayoutPolicy} from a {@link
 * gofarm.board.Board} (exact liberties, ladders, the settled and self-atari filters). The rules
 * that need exact liberties (two-lib, nakade, pattern3, the global capture and extension, the
 * self-atari filter) live in {@link PlayoutPolicy} alone.
 *
 * <p>Why a base class: a rule written once must still compile to code that calls one board type.
 * Each subclass is final and binds its board in a field of its own type, so where C2 inlines a rule
 * into a subclass's method it knows the exact receiver and binds every query directly. A rule that
 * C2 compiles on its own is one compiled method for both policies, whose queries become type checks
 * once both have run; for the rare {@link #save}, which the launcher keeps out of line on purpose,
 * that measured no difference.
 *
 * <p>The random rule, asked once or more on every move, is not here: shared, it cost too much. Left
 * to C2 it was one method for both boards (9x9 {@code heavy} at 0.86-0.96 of the speed of the
 * policies' own copies); inlined at each policy's call, the light policies still ran it through
 * their board queries at 0.87-0.94 of the speed of the light board's own loop ({@code uniform}, six
 * rounds, one jar per vCPU). So each board keeps its own: {@code PlayoutPolicy.randomMove} with the
 * settled and self-atari filters, {@code LightBoard.randomMove} without them (no light policy has
 * them), the same draws in the same order. The two subclasses make the same choices draw for draw:
 * {@code LightBoardTest} plays them side by side.
 *
 * <p>Thread-confined, as its subclasses.
 */
abstract class PlayoutRules {
  /** The board's row stride: the neighbours of p are p - stride, p - 1, p + 1, p + stride. */
  final int stride;

  /**
   * The orthogonal neighbours (up, left, right, down: the order in which the rules take them) as
   * offsets; bit i of a neighbour mask stands for {@code side[i]}.
   */
  final int[] side;

  /** The candidates of the rule being run, in the order found; the move is drawn among them. */
  final int[] candidates;

  PlayoutRules(Geometry geometry) {
    this.stride = geometry.stride();
    this.side = new int[] {-stride, -1, 1, stride};
    this.candidates = new int[geometry.pointCount()];
  }

  // ------------------------------------------------------------------ board queries

  abstract byte color(int p);

  /** Whether the chain of the stone p has exactly one liberty (meaningless at other points). */
  abstract boolean inAtari(int p);

  abstract int chainHead(int p);

  abstract int nextInChain(int p);

  /** The one liberty of the chain of the stone p, which is in atari. */
  abstract int lastLiberty(int p);

  /**
   * The own chains in atari next to {@code last}: bit i set when the stone at {@code last +
   * side[i]} is {@code me}'s and its chain has one liberty.
   */
  abstract int ownInAtariSides(byte me, int last);

  // ------------------------------------------------------------------ the policy's hooks

  /**
   * Adds the capture at p (the last liberty of an enemy chain) to the n candidates if it is new and
   * playable; returns the new count. A capture is never suicide, so only ko (and the settled
   * filter) can forbid it.
   */
  abstract int addCapture(byte me, int p, int n);

  /**
   * Adds the extension of an own chain in atari on its liberty to the n candidates if it is new,
   * playable and leaves the chain two liberties or more (and, with {@code ladder}, does not run
   * into a ladder: see {@link PlayoutPolicy}); returns the new count.
   */
  abstract int addExtension(byte me, int liberty, int ladder, int n);

  // ------------------------------------------------------------------ the rules

  /**
   * The local capture: if the last move's chain is in atari, its liberty. Returns the number of
   * candidates (0 or 1).
   */
  final int capture(byte me, int last) {
    if (color(last) == Color.opponent(me) && inAtari(last)) {
      return addCapture(me, lastLiberty(last), 0);
    }
    return 0;
  }

  /**
   * The local extension: saves each own chain in atari next to the last move ({@link #save}), once
   * per chain, taking the neighbours up, left, right, down. Returns the number of candidates.
   */
  final int extend(byte me, int last, boolean counter, int ladder) {
    int n = 0;
    // The heads of the chains saved so far: a fourth neighbour's chain is compared with three.
    int saved0 = Point.NONE;
    int saved1 = Point.NONE;
    int saved2 = Point.NONE;
    for (int sides = ownInAtariSides(me, last); sides != 0; sides &= sides - 1) {
      int q = last + side[Integer.numberOfTrailingZeros(sides)];
      int head = chainHead(q);
      if (head != saved0 && head != saved1 && head != saved2) {
        n = save(me, q, counter, ladder, n);
        saved2 = saved1;
        saved1 = saved0;
        saved0 = head;
      }
    }
    return n;
  }

  /**
   * Candidates that save the own chain at q (in atari), added to the n found so far: capturing an
   * enemy chain in atari next to it (if {@code counter}), then extending on its liberty ({@link
   * #addExtension}). Kept out of line by the launcher's JIT directive: it runs on about one move in
   * ten, and C2 on JDK 17 inlining it at its call sites made the per-move code larger and slower.
   */
  final int save(byte me, int q, boolean counter, int ladder, int n) {
    int head = chainHead(q);
    if (counter) {
      byte enemy = Color.opponent(me);
      int s = head;
      do {
        n = captureIfInAtari(me, enemy, s - stride, n);
        n = captureIfInAtari(me, enemy, s - 1, n);
        n = captureIfInAtari(me, enemy, s + 1, n);
        n = captureIfInAtari(me, enemy, s + stride, n);
        s = nextInChain(s);
      } while (s != head);
    }
    return addExtension(me, lastLiberty(head), ladder, n);
  }

  private int captureIfInAtari(byte me, byte enemy, int q, int n) {
    if (color(q) == enemy && inAtari(q)) {
      return addCapture(me, lastLiberty(q), n);
    }
    return n;
  }
}
