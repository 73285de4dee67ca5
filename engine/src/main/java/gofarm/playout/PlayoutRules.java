package gofarm.playout;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;

/**
 * The playout rules that both policies use, each written once: the local capture ({@link
 * #capture}), the local extension ({@link #extend}) with its rescue of a chain in atari ({@link
 * #save}: counter-captures, then the extension on its liberty), and the random rule with the eye
 * rule ({@link #randomMove}; the light policies' copy without filters is {@code
 * LightBoard.randomMove}, below). They read the board only through the few abstract queries below,
 * which each subclass answers from its own board: {@link LightPolicy} from a {@link LightBoard}
 * (pseudo-liberties), {@link PlayoutPolicy} from a {@link gofarm.board.Board} (exact liberties,
 * ladders, the settled and self-atari filters). The rules that need exact liberties (two-lib,
 * nakade, pattern3, the global capture and extension, the self-atari filter) live in {@link
 * PlayoutPolicy} alone.
 *
 * <p>Why a base class: a rule written once must still compile to code that calls one board type.
 * Each subclass is final and binds its board in a field of its own type, so where C2 inlines a rule
 * into a subclass's method it knows the exact receiver and binds every query directly. A rule that
 * C2 compiles on its own is one compiled method for both policies, whose queries become type checks
 * once both have run (C2 inlines both receivers behind a check). For the rare {@link #save}, which
 * the launcher keeps out of line on purpose, that measured no difference. For {@link #randomMove},
 * asked once or more on every move, it did: left to C2 (which compiles the loop on its own and then
 * finds it too big to inline), 9x9 {@code heavy} ran at 0.86-0.96 of the speed of the policies' own
 * copies before the rules were shared (five rounds). So each policy calls it from one place ({@code
 * LightPolicy.randomMove}, {@code PlayoutPolicy.chooseMove}) and the launcher's {@code
 * CompileCommand=inline} puts a copy there, as each policy had before. The light policies, which
 * have neither the settled filter nor the self-atari veto, draw from {@code LightBoard.randomMove}
 * instead, this loop without the two filters in the board's own arrays: reached through the
 * policy's queries, {@code uniform} ran at 0.87-0.94 of the speed before the rules were shared, and
 * at 0.99-1.01 with the board's own loop (six rounds, one jar per vCPU). The two subclasses make
 * the same choices draw for draw: {@code LightBoardTest} plays them side by side.
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

  abstract int emptyCount();

  abstract int emptyPoint(int i);

  /** Exchanges the i-th and j-th entries of the empty-point list. */
  abstract void swapEmpty(int i, int j);

  abstract boolean isSimpleEye(int p, byte me);

  abstract boolean isLegal(int p, byte me);

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

  /** Whether the settled filter forbids p in this playout (the veto counted). */
  abstract boolean isSettled(int p);

  /** Whether the self-atari filter rejects {@code me} at p for the random rule (counted). */
  abstract boolean randomVetoed(int p, byte me);

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

  /**
   * The random rule: a uniformly random acceptable move, or {@link Point#PASS} when there is none.
   * An index is drawn among the first k empty points; a point that is not acceptable is swapped
   * behind them and k shrinks, so each draw is uniform among the points not rejected yet (GO-DIGEST
   * §C.1: scanning from a random start would favour points after long rejected runs). Acceptable
   * means: not settled, not an own one-point eye (the eye rule: never fill one; the diagonal rule,
   * see {@link gofarm.board.Board#isSimpleEye}), legal, and not vetoed by the self-atari filter, in
   * this order (the vetoes are counted). Inlined by the launcher's JIT directive at its one call in
   * each policy (above).
   */
  final int randomMove(byte me, Rng rng) {
    int k = emptyCount();
    while (k > 0) {
      int i = rng.nextInt(k);
      int p = emptyPoint(i);
      // The eye rule: never fill an own one-point eye (the diagonal rule, see isSimpleEye).
      if (!isSettled(p) && !isSimpleEye(p, me) && isLegal(p, me) && !randomVetoed(p, me)) {
        return p;
      }
      swapEmpty(i, --k);
    }
    return Point.PASS;
  }
}
