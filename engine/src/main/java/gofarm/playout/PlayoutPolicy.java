package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;

/**
 * A {@link PolicySpec} compiled for one board size: chooses each move of a playout. Mutable and
 * thread-confined (Pachi's shared policy versus per-simulation state): every thread compiles its
 * own from the immutable spec, and it owns the scratch arrays its rules need.
 *
 * <p>At each move the generators are tried in order; a generator is skipped when its rate says so
 * (one draw on a 1/65536 scale) or when it needs a last move and there is none. The first that
 * finds candidates supplies the move, drawn uniformly among its (distinct, legal) candidates; a
 * candidate the self-atari filter vetoes is dropped and the draw repeats among the rest. The {@code
 * random} generator draws uniformly from the empty points, dropping each point that is illegal, an
 * own one-point eye or vetoed, so that the move is uniform among the acceptable ones (GO-DIGEST
 * §C.1: scanning from a random start would favour points after long rejected runs).
 *
 * <p>Where each rule lives: the local capture, the local extension with its rescue of a chain in
 * atari, and the random rule with the eye rule are {@link PlayoutRules}', written once for this
 * policy and {@link LightPolicy}; this class answers their queries from a {@link Board} (and adds
 * the ladder test to an extension, the settled and self-atari vetoes to the random rule). The
 * global capture and extension, two-lib, nakade ({@link Nakade}), the 3x3 patterns ({@link
 * Pattern3}), ladder reading ({@link Ladder}) and the self-atari and settled filters are here
 * alone.
 */
public final class PlayoutPolicy extends PlayoutRules {
  /** A rate threshold that always fires: rates are drawn on a 1/65536 scale. */
  static final int ALWAYS = 1 << 16;

  private static final int CAPTURE = RuleKind.CAPTURE.ordinal();
  private static final int EXTEND = RuleKind.EXTEND.ordinal();
  private static final int TWO_LIB = RuleKind.TWO_LIB.ordinal();
  private static final int NAKADE = RuleKind.NAKADE.ordinal();
  private static final int PATTERN3 = RuleKind.PATTERN3.ordinal();
  private static final int RANDOM = RuleKind.RANDOM.ordinal();

  private final PolicySpec spec;

  // Generators in order: index into the spec's rules, kind, rate threshold, parameters.
  private final int[] generatorRule;
  private final int[] kind;
  private final int[] threshold;
  private final int[][] param;

  // The self-atari filter, if any.
  private final int selfAtariRule;
  private final int selfAtariThreshold;
  // The random generator's index in the spec's rules, whose vetoes the filters count.
  private final int randomRule;
  private final int nakadeStones;
  private final int bigStones;

  // The settled filter, if any, and the owners of the settled points in the current playout: null
  // when it does not prune (no such filter, or its rate left this playout out).
  private final int settledRule;
  private final int settledThreshold;
  private byte[] settled;

  private final Marker seen;
  private final Marker scratch;
  private final Marker chainsDone;
  private final int[] twoLiberties = new int[2];

  // The eight neighbours of a point (NW, N, NE, W, E, SW, S, SE), as offsets; the orthogonal
  // ones are PlayoutRules.side.
  private final int[] around;
  // What the local rules look for next to the last move, one bit per orthogonal neighbour, read
  // once per move without a branch on the colours (if a rule needs them): own chains in atari,
  // own chains with two liberties, empty points.
  private final boolean readsSides;
  private int ownInAtari;
  private int ownWithTwoLiberties;
  private int emptySides;
  private final Ladder ladder;
  private final Nakade nakade;

  // The move being chosen, for PlayoutRules' queries and hooks: its board, the statistics its
  // vetoes are counted in, and whether the self-atari check is strict. Set by chooseMove.
  private Board board;
  private PlayoutStats moveStats;
  private boolean strict;

  /** Compiles {@code spec} for boards of {@code geometry}. */
  public PlayoutPolicy(PolicySpec spec, Geometry geometry) {
    super(geometry);
    this.spec = spec;
    int generators = 0;
    for (RuleSpec r : spec.rules()) {
      generators += r.kind().isFilter() ? 0 : 1;
    }
    generatorRule = new int[generators];
    kind = new int[generators];
    threshold = new int[generators];
    param = new int[generators][];
    int g = 0;
    int filterRule = -1;
    RuleSpec filter = null;
    int settledFilterRule = -1;
    RuleSpec settledFilter = null;
    for (int i = 0; i < spec.rules().size(); i++) {
      RuleSpec r = spec.rules().get(i);
      if (r.kind() == RuleKind.SETTLED) {
        settledFilterRule = i;
        settledFilter = r;
        continue;
      }
      if (r.kind().isFilter()) {
        filterRule = i;
        filter = r;
        continue;
      }
      generatorRule[g] = i;
      kind[g] = r.kind().ordinal();
      threshold[g] = rateThreshold(r.rate());
      param[g] = new int[r.kind().params().size()];
      for (int k = 0; k < param[g].length; k++) {
        param[g][k] = r.intParam(r.kind().params().get(k).name());
      }
      g++;
    }
    selfAtariRule = filterRule;
    selfAtariThreshold = filter == null ? 0 : rateThreshold(filter.rate());
    nakadeStones = filter == null ? 0 : filter.intParam("nakade-stones");
    bigStones = filter == null ? Integer.MAX_VALUE : filter.intParam("big-stones");
    settledRule = settledFilterRule;
    settledThreshold = settledFilter == null ? 0 : rateThreshold(settledFilter.rate());
    boolean local = false;
    for (int i = 0; i < generators; i++) {
      local |= kind[i] == EXTEND && param[i][0] == 0 || kind[i] == TWO_LIB || kind[i] == NAKADE;
    }
    readsSides = local;
    int random = -1;
    for (int i = generators - 1; i >= 0; i--) {
      random = kind[i] == RANDOM ? generatorRule[i] : random;
    }
    randomRule = random;
    around = new int[] {-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1};
    seen = new Marker(geometry);
    scratch = new Marker(geometry);
    chainsDone = new Marker(geometry);
    ladder = new Ladder(geometry);
    nakade = new Nakade(geometry);
  }

  /**
   * Whether every candidate of a generator of this kind passes the self-atari filter, so that the
   * filter's test can be skipped (it draws nothing, so skipping it changes no playout): a capture
   * captures, an extension keeps two or more liberties, a counter-capture captures, and the
   * two-liberty rule only proposes moves it has checked to keep two (attack) or three (defence).
   */
  private static boolean neverSelfAtari(int kind) {
    return kind == CAPTURE || kind == EXTEND || kind == TWO_LIB;
  }

  static int rateThreshold(double rate) {
    return (int) Math.round(rate * ALWAYS);
  }

  public PolicySpec spec() {
    return spec;
  }

  /** The index of the settled filter in the spec's rules, or -1 if the policy has none. */
  int settledRule() {
    return settledRule;
  }

  /**
   * Starts a playout under the settled filter: with the filter's rate (one draw, counted as tried),
   * the playout never plays where {@code owners} (per point: the Benson-settled owner, or EMPTY)
   * names an owner; otherwise it plays everywhere. Call only when the policy has the filter, so
   * that policies without it draw nothing.
   *
   * @return the owners the playout prunes with, or null
   */
  byte[] startPlayout(byte[] owners, Rng rng, PlayoutStats stats) {
    settled = null;
    if (settledThreshold >= ALWAYS || rng.next16() < settledThreshold) {
      settled = owners;
      stats.ruleTried[settledRule]++;
    }
    return settled;
  }

  /**
   * Chooses the move of {@code me}: a legal point that is not an own one-point eye, or {@link
   * Point#PASS} when there is none. Updates the per-rule counters in {@code stats}.
   *
   * @param last the opponent's last move (a point, PASS or NONE)
   * @param secondLast the move before it
   */
  public int chooseMove(
      Board board, byte me, int last, int secondLast, Rng rng, PlayoutStats stats) {
    boolean strict = false;
    if (selfAtariRule >= 0) {
      strict = selfAtariThreshold >= ALWAYS || rng.next16() < selfAtariThreshold;
      if (strict) {
        stats.ruleTried[selfAtariRule]++;
      }
    }
    this.board = board;
    this.moveStats = stats;
    this.strict = strict;
    boolean lastOnBoard = last > Point.PASS;
    if (readsSides && lastOnBoard) {
      readSides(board, me, last);
    }
    for (int g = 0; g < kind.length; g++) {
      int k = kind[g];
      int rule = generatorRule[g];
      if (k == RANDOM) {
        stats.ruleTried[rule]++;
        int p = randomMove(me, rng);
        if (p != Point.PASS) {
          stats.ruleFired[rule]++;
          stats.ruleChosen[rule]++;
        }
        return p;
      }
      if (threshold[g] < ALWAYS && rng.next16() >= threshold[g]) {
        continue;
      }
      int[] params = param[g];
      boolean global = (k == CAPTURE || k == EXTEND) && params[0] == 1;
      if (!lastOnBoard && !global) {
        continue; // local rules need a last move on the board
      }
      stats.ruleTried[rule]++;
      seen.clear();
      int n = generate(board, me, last, secondLast, k, params);
      if (n == 0) {
        continue;
      }
      stats.ruleFired[rule]++;
      stats.ruleCandidates[rule] += n;
      while (n > 0) {
        int i = rng.nextInt(n);
        int p = candidates[i];
        if (selfAtariRule < 0 || neverSelfAtari(k) || !vetoed(board, p, me, strict)) {
          stats.ruleChosen[rule]++;
          return p;
        }
        stats.ruleVetoes[rule]++;
        stats.ruleVetoes[selfAtariRule]++;
        candidates[i] = candidates[--n];
      }
    }
    return Point.PASS;
  }

  /**
   * Sets the neighbour masks for the last move: a colour or a liberty count tested at each of four
   * neighbours by every local rule is a branch that goes either way, while the masks are mostly 0.
   */
  private void readSides(Board board, byte me, int last) {
    int atari = 0;
    int two = 0;
    int empty = 0;
    for (int i = 0; i < 4; i++) {
      int q = last + side[i];
      int c = board.color(q);
      int libs = board.libertyCount(q); // the sink's count, far from 1 and 2, if q is no stone
      int own = isZero(c ^ me);
      atari |= (own & isZero(libs ^ 1)) << i;
      two |= (own & isZero(libs ^ 2)) << i;
      empty |= isZero(c) << i;
    }
    ownInAtari = atari;
    ownWithTwoLiberties = two;
    emptySides = empty;
  }

  /** 1 if x is 0, else 0, for x >= 0: without a branch. */
  private static int isZero(int x) {
    return (x - 1) >>> 31;
  }

  /** The mask of the empty points among p's eight neighbours, in {@link #around}'s order. */
  private int emptyAround(Board board, int p) {
    int empty = 0;
    for (int i = 0; i < 8; i++) {
      empty |= isZero(board.color(p + around[i])) << i;
    }
    return empty;
  }

  private int generate(Board board, byte me, int last, int secondLast, int k, int[] params) {
    if (k == CAPTURE) {
      return capture(board, me, last, params[0] == 1, params[1] == 1);
    } else if (k == EXTEND) {
      return extend(board, me, last, params[0] == 1, params[1] == 1, params[2] == 1, params[3]);
    } else if (k == TWO_LIB) {
      return twoLib(board, me, last, params[0] == 1, params[1] == 1);
    } else if (k == NAKADE) {
      return nakade(board, me, last);
    } else if (k == PATTERN3) {
      int n = patterns(board, me, last, 0);
      return params[0] == 1 && secondLast > Point.PASS ? patterns(board, me, secondLast, n) : n;
    }
    throw new IllegalStateException("not a generator: " + RuleKind.values()[k]);
  }

  // ------------------------------------------------------------------ generators

  /** Adds p to the candidates if it is new, legal and not settled; returns the new count. */
  private int add(Board board, byte me, int p, int n) {
    if (seen.markIfNew(p)
        && board.isLegal(p, me)
        && (settled == null || settled[p] == Color.EMPTY)) {
      candidates[n++] = p;
    }
    return n;
  }

  /** The capture rule: the local one is {@link PlayoutRules#capture}. */
  private int capture(Board board, byte me, int last, boolean global, boolean trigger) {
    if (!global) {
      return capture(me, last);
    }
    byte enemy = Color.opponent(me);
    if (trigger && !leftAtari(board, last)) {
      return 0;
    }
    int n = 0;
    for (int h = board.nextAtariHead(0); h >= 0; h = board.nextAtariHead(h + 1)) {
      if (board.color(h) == enemy) {
        n = add(board, me, board.lastLiberty(h), n);
      }
    }
    return n;
  }

  /**
   * The extension rule: the local one is {@link PlayoutRules#extend}; the global one saves every
   * own chain in atari ({@link PlayoutRules#save}).
   */
  private int extend(
      Board board, byte me, int last, boolean global, boolean trigger, boolean counter, int lad) {
    if (!global) {
      return extend(me, last, counter, lad);
    }
    if (trigger && !leftAtari(board, last)) {
      return 0;
    }
    int n = 0;
    for (int h = board.nextAtariHead(0); h >= 0; h = board.nextAtariHead(h + 1)) {
      if (board.color(h) == me) {
        n = save(me, h, counter, lad, n);
      }
    }
    return n;
  }

  /** Whether the last move left a chain in atari: its own, or one next to it. */
  private boolean leftAtari(Board board, int last) {
    if (last <= Point.PASS) {
      return false;
    }
    return inAtari(board, last)
        || inAtari(board, last - stride)
        || inAtari(board, last - 1)
        || inAtari(board, last + 1)
        || inAtari(board, last + stride);
  }

  private static boolean inAtari(Board board, int q) {
    return Color.isPlayer(board.color(q)) && board.libertyCount(q) == 1;
  }

  private int twoLib(Board board, byte me, int last, boolean attack, boolean defend) {
    int n = 0;
    byte enemy = Color.opponent(me);
    if (attack && board.color(last) == enemy && board.libertyCount(last) == 2) {
      board.liberties(last, twoLiberties, 2, scratch);
      int a = twoLiberties[0];
      int b = twoLiberties[1];
      // An atari that is not itself a self-atari.
      if (board.libertiesAfterPlay(a, me, 2, scratch) >= 2) {
        n = add(board, me, a, n);
      }
      if (board.libertiesAfterPlay(b, me, 2, scratch) >= 2) {
        n = add(board, me, b, n);
      }
    }
    int sides = defend ? ownWithTwoLiberties : 0;
    if (sides != 0) {
      chainsDone.clear();
      for (; sides != 0; sides &= sides - 1) {
        n = defendTwoLib(board, me, last + side[Integer.numberOfTrailingZeros(sides)], n);
      }
    }
    return n;
  }

  /**
   * For q, an own chain with two liberties next to the last move: if it was not defended yet in
   * this move, adds the liberties that give it three or more.
   */
  private int defendTwoLib(Board board, byte me, int q, int n) {
    if (!chainsDone.markIfNew(board.chainHead(q))) {
      return n;
    }
    board.liberties(q, twoLiberties, 2, scratch);
    int a = twoLiberties[0];
    int b = twoLiberties[1];
    if (board.libertiesAfterPlay(a, me, 3, scratch) >= 3) {
      n = add(board, me, a, n);
    }
    if (board.libertiesAfterPlay(b, me, 3, scratch) >= 3) {
      n = add(board, me, b, n);
    }
    return n;
  }

  private int nakade(Board board, byte me, int last) {
    nakade.startMove();
    int n = 0;
    for (int sides = emptySides; sides != 0; sides &= sides - 1) {
      int vital = nakade.vitalPoint(board, last + side[Integer.numberOfTrailingZeros(sides)]);
      if (vital != Point.NONE) {
        n = add(board, me, vital, n);
      }
    }
    return n;
  }

  private int patterns(Board board, byte me, int centre, int n) {
    for (int empty = emptyAround(board, centre); empty != 0; empty &= empty - 1) {
      int p = centre + around[Integer.numberOfTrailingZeros(empty)];
      if (Pattern3.matches(board, p, me)) {
        n = add(board, me, p, n);
      }
    }
    return n;
  }

  // ------------------------------------------------------------------ self-atari filter

  /**
   * Whether the self-atari filter rejects {@code me} at p. A move that leaves its chain with two or
   * more liberties, or captures, passes. A self-atari of {@code big-stones} or more is always
   * rejected; under the strict check (drawn with the filter's rate) any other self-atari is
   * rejected too, unless it is a nakade throw-in: at most {@code nakade-stones} stones whose last
   * liberty is surrounded by enemy stones and the edge, so that the opponent's capture leaves one
   * eye.
   */
  private boolean vetoed(Board board, int p, byte me, boolean strict) {
    if (board.libertiesAfterPlay(p, me, 2, scratch) >= 2 || board.isCapture(p, me)) {
      return false;
    }
    int stones = 1 + friendlyStones(board, p, me);
    if (stones >= bigStones) {
      return true;
    }
    if (!strict) {
      return false;
    }
    if (stones > nakadeStones) {
      return true;
    }
    return !lastLibertyEnclosedByEnemy(board, p, me);
  }

  /** Stones of the distinct friendly chains next to p. */
  private int friendlyStones(Board board, int p, byte me) {
    scratch.clear();
    return chainSizeOnce(board, p - stride, me)
        + chainSizeOnce(board, p - 1, me)
        + chainSizeOnce(board, p + 1, me)
        + chainSizeOnce(board, p + stride, me);
  }

  private int chainSizeOnce(Board board, int q, byte me) {
    return board.color(q) == me && scratch.markIfNew(board.chainHead(q)) ? board.chainSize(q) : 0;
  }

  /**
   * For a self-atari at p: whether the one liberty the new chain would keep has only enemy stones,
   * the edge and the new chain around it.
   */
  private boolean lastLibertyEnclosedByEnemy(Board board, int p, byte me) {
    int liberty = Point.NONE;
    if (board.color(p - stride) == Color.EMPTY) {
      liberty = p - stride;
    } else if (board.color(p - 1) == Color.EMPTY) {
      liberty = p - 1;
    } else if (board.color(p + 1) == Color.EMPTY) {
      liberty = p + 1;
    } else if (board.color(p + stride) == Color.EMPTY) {
      liberty = p + stride;
    } else {
      liberty = otherLiberty(board, p, p - stride, me);
      liberty = liberty != Point.NONE ? liberty : otherLiberty(board, p, p - 1, me);
      liberty = liberty != Point.NONE ? liberty : otherLiberty(board, p, p + 1, me);
      liberty = liberty != Point.NONE ? liberty : otherLiberty(board, p, p + stride, me);
    }
    if (liberty == Point.NONE) {
      return false;
    }
    return enclosing(board, liberty - stride, p, me)
        && enclosing(board, liberty - 1, p, me)
        && enclosing(board, liberty + 1, p, me)
        && enclosing(board, liberty + stride, p, me);
  }

  /** The liberty other than p of the friendly chain at q, if q is one with two liberties. */
  private int otherLiberty(Board board, int p, int q, byte me) {
    if (board.color(q) != me || board.libertyCount(q) != 2) {
      return Point.NONE;
    }
    board.liberties(q, twoLiberties, 2, scratch);
    return twoLiberties[0] == p ? twoLiberties[1] : twoLiberties[0];
  }

  /**
   * A neighbour of the last liberty that keeps it enclosed: the move, own stones joined by it, the
   * enemy or the edge.
   */
  private boolean enclosing(Board board, int q, int p, byte me) {
    byte c = board.color(q);
    if (q == p || c == Color.WALL || c == Color.opponent(me)) {
      return true;
    }
    if (c != me) {
      return false; // an empty point: the area is open
    }
    int h = board.chainHead(q);
    return board.chainHead(p - stride) == h
        || board.chainHead(p - 1) == h
        || board.chainHead(p + 1) == h
        || board.chainHead(p + stride) == h;
  }

  // ------------------------------------------------------------------ PlayoutRules' queries

  @Override
  byte color(int p) {
    return board.color(p);
  }

  @Override
  boolean inAtari(int p) {
    return board.libertyCount(p) == 1;
  }

  @Override
  int chainHead(int p) {
    return board.chainHead(p);
  }

  @Override
  int nextInChain(int p) {
    return board.nextInChain(p);
  }

  @Override
  int lastLiberty(int p) {
    return board.lastLiberty(p);
  }

  /** Read by {@link #readSides} for this move. */
  @Override
  int ownInAtariSides(byte me, int last) {
    return ownInAtari;
  }

  /**
   * The random rule: a uniformly random acceptable move, or {@link Point#PASS} when there is none.
   * An index is drawn among the first k empty points; a point that is not acceptable is swapped
   * behind them and k shrinks, so each draw is uniform among the points not rejected yet (GO-DIGEST
   * §C.1: scanning from a random start would favour points after long rejected runs). Acceptable
   * means: not settled, not an own one-point eye (the eye rule: never fill one; the diagonal rule,
   * see {@link Board#isSimpleEye}), legal, and not vetoed by the self-atari filter, in this order
   * (the vetoes are counted). The light policies, which have neither filter, draw the same way from
   * {@link LightBoard#randomMove}. Inlined at its one call ({@link #chooseMove}) by the launcher's
   * JIT directive: asked once or more on every move, it must not be a call of its own.
   */
  int randomMove(byte me, Rng rng) {
    Board board = this.board;
    int k = board.emptyCount();
    while (k > 0) {
      int i = rng.nextInt(k);
      int p = board.emptyPoint(i);
      if (!isSettled(p)
          && !board.isSimpleEye(p, me)
          && board.isLegal(p, me)
          && !randomVetoed(p, me)) {
        return p;
      }
      board.swapEmpty(i, --k);
    }
    return Point.PASS;
  }

  // ------------------------------------------------------------------ PlayoutRules' hooks

  @Override
  int addCapture(byte me, int p, int n) {
    return add(board, me, p, n);
  }

  /**
   * With exactly two liberties after the move, the extension must not run into a ladder ({@code
   * ladder}: 0 never checked, 1 read when the liberty is on the first line, 2 always read).
   */
  @Override
  int addExtension(byte me, int liberty, int ladder, int n) {
    Board board = this.board;
    if (seen.isMarked(liberty) || !board.isLegal(liberty, me)) {
      return n;
    }
    int libs = board.libertiesAfterPlay(liberty, me, 3, scratch);
    if (libs < 2) {
      return n;
    }
    if (libs == 2 && (ladder == 2 || (ladder == 1 && board.geometry().line(liberty) == 0))) {
      board.playAssumeLegal(liberty, me);
      boolean caught = this.ladder.isCapturedAttackerToMove(board, liberty, me);
      board.undo();
      if (caught) {
        return n;
      }
    }
    return add(board, me, liberty, n);
  }

  /** A settled point: nobody plays there (the veto counted). */
  private boolean isSettled(int p) {
    if (settled != null && settled[p] != Color.EMPTY) {
      moveStats.ruleVetoes[settledRule]++;
      return true;
    }
    return false;
  }

  /** Whether the self-atari filter rejects {@code me} at p for the random rule (counted). */
  private boolean randomVetoed(int p, byte me) {
    if (selfAtariRule >= 0 && vetoed(board, p, me, strict)) {
      moveStats.ruleVetoes[randomRule]++;
      moveStats.ruleVetoes[selfAtariRule]++;
      return true;
    }
    return false;
  }
}
