package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.rules.Game;
import gofarm.rules.Player;
import java.util.List;

/**
 * A capturing race (semeai) between two groups in contact, read as GNU Go reports it: with A's
 * colour to move, the pair (defence of A, attack on B), each a {@link Reading} code ({@code WIN} or
 * {@code 0}). So {@code (WIN, WIN)} is "A lives, B dies", {@code (WIN, 0)} "both live" (seki, or
 * each has its own life), {@code (0, 0)} "A dies, B lives", and {@code (0, WIN)} "both die": A's
 * side can capture B but that does not save A, because a third group (of B's colour) kills A
 * afterwards. That last answer is the useful one where GNU Go's semeai reading reports only that
 * both die: B's stones are lost either way, A is dead, and the third group lives.
 *
 * <pre>{@code
 * Semeai.Result r = new Semeai(game).read(geometry.parse("C3"), geometry.parse("A2"));
 * if (r.exact() && r.defenceOfA() == Reading.LOSS && r.attackOnB() == Reading.WIN) { ... }
 * }</pre>
 *
 * <h2>How</h2>
 *
 * One alpha-beta search over four outcomes, from A's side: A is captured ({@code (0, 0)}), B is
 * captured but A then dies ({@code (0, WIN)}), neither is captured ({@code (WIN, 0)}), B is
 * captured and A lives ({@code (WIN, WIN)}). A's colour plays for the best, B's for the worst; the
 * order is GNU Go's (the defence of A first, then the attack on B). A line ends when A's chain or
 * B's chain leaves the board, or after two passes (neither could gain: seki or independent life).
 * When B's chain is captured, whether A then lives is judged at once, with B's colour to move: an A
 * chain shut in by the other colour (a region of at most {@link FinalStatus#MAX_LOCAL_AREA} points)
 * is attacked by {@link Reading} in its local area, as in {@link LocalLife}; where that runs out of
 * its {@link #AFTER_CAPTURE_NODES}, or the region has up to {@link #MAX_SHUT_IN} points, A lives
 * only if the eye estimate ({@link EyeEstimator}) gives it two sure eyes; an A chain in a bigger
 * region, or with an empty space of {@link #ROOM_FOR_TWO_EYES} points in it, is taken to live. This
 * is GNU Go's "basic seki": capturing the inner chain is no use when the capturing group then dies
 * to the group around both. With {@link #capturerMustLive()} (GNU Go's scoring) B's life is judged
 * the same way when A's chain is captured.
 *
 * <p>The moves are few, so that races in open areas are read too: the liberties of the enemy's
 * chain (filling them), the liberties of one's own chain that give it more liberties, the captures
 * and ataris of enemy chains next to one's own chain with at most two liberties, the escapes of
 * one's own chains next to the enemy's chain that are in atari, the other liberties of one's own
 * chains next to a liberty whose filling is a self-atari (backfilling), the vital points of both
 * groups' eye spaces ({@link EyeEstimator}, from the first position), and a pass. Simple ko is the
 * board's; a move that repeats a position of the line or one the game's superko rule forbids is not
 * played, except a ko retake after a threat where the level below allows it.
 *
 * <p>A race whose search runs out of nodes can be read again {@link #selective()}ly, as GNU Go
 * reads every race: only the first few moves at each node, fewer deeper.
 *
 * <p>Kos are scored with GNU Go's codes by reading the race up to three times: first with B's
 * colour winning every ko (it may retake at once, as after a threat), so what A reaches is {@code
 * WIN}; then, if a ko came up, with neither side able to retake at once, so the first to take a ko
 * wins it ({@code KO_A}); then with A's colour able to retake at once ({@code KO_B}: A needs the
 * first threat). Each code is that of the first reading that reaches it, and the move that of the
 * reading that reaches both. A ko capture that the other side may retake at once is not read: the
 * retake brings back the same position with the same side to move. A transposition table keyed by
 * the position, the ko point, the player to move, a pending pass and the level keeps bounds of
 * values read.
 *
 * <p>A line where one side retakes a ko at every turn and the other passes ends, after two passes,
 * as both living; GNU Go's reading lets the ko's owner win some of those where gofarm reports the
 * ko.
 *
 * <p>A and B are chains, not dragons: a race of a group of several chains is read for the chains
 * named, and the other chains of their groups take part only through the moves above.
 *
 * <p>Not thread-safe: one per thread.
 */
public final class Semeai {
  /**
   * The node budget of the search unless set (the readings after a capture included), kept from the
   * earlier two-search reader; GTP's {@code analyze_semeai} uses an eighth of it.
   */
  public static final long DEFAULT_NODES = 2_000_000;

  /**
   * The largest region of A's once B is captured in which A's life is still judged; in a bigger one
   * A is taken to live (it has room to make eyes or run).
   */
  static final int MAX_SHUT_IN = 2 * FinalStatus.MAX_LOCAL_AREA;

  /**
   * The fewest empty points of one space that always hold two eyes when the enemy has no stone
   * there.
   */
  static final int ROOM_FOR_TWO_EYES = 7;

  /** The budget of the local reading of A's life once B is captured. */
  static final long AFTER_CAPTURE_NODES = 20_000;

  /** That budget in a selective reading, where the eye estimate judges what it cannot read. */
  static final long SELECTIVE_AFTER_CAPTURE_NODES = 500;

  /**
   * What one eye estimate of the whole board costs in the node budget: about the time of this many
   * nodes of the search, so that the budget bounds the time.
   */
  static final long ESTIMATE_NODES = 1_000;

  /** The moves read at a node of a selective reading, near the root. */
  static final int SELECTIVE_MOVES = 3;

  /** The depths beyond which a selective reading tries two moves at a node, then only one. */
  static final int SELECTIVE_DEPTH_TWO = 6;

  static final int SELECTIVE_DEPTH_ONE = 12;

  /**
   * The deepest line read; deeper lines count as an exhausted budget, or in a selective reading as
   * both living.
   */
  static final int MAX_DEPTH = 150;

  // The outcomes, from A's side, in the order A's colour prefers them.
  static final int A_DIES = 0;
  static final int BOTH_DIE = 1;
  static final int BOTH_LIVE = 2;
  static final int B_DIES = 3;

  private static final int TABLE_BITS = 20;
  private static final long WHITE_TO_MOVE = 0x5bd1e9955bd1e995L;
  private static final long PASSED = 0x9e3779b97f4a7c15L;
  private static final long KO_SALT = 0xc2b2ae3d27d4eb4fL;
  private static final long LEVEL_SALT = 0x165667b19e3779f9L;

  // How kos go in one search, from A's side (GNU Go's result codes): B's colour may retake a ko at
  // once, as after a ko threat, so it wins every ko (what A reaches so is a WIN); neither may
  // retake at once, so the first to take a ko wins it (KO_A); A's colour may retake at once
  // (KO_B: A needs the first threat).
  private static final int B_RETAKES = 0;
  private static final int A_RETAKES = 2;
  private static final int[] LEVEL_CODES = {Reading.WIN, Reading.KO_A, Reading.KO_B};

  /**
   * The pair, with A's colour to move.
   *
   * @param defenceOfA how well A's colour keeps A alive: {@code WIN} or {@code 0}
   * @param attackOnB how well A's colour captures B: {@code WIN} or {@code 0}
   * @param move A's colour's first move that reaches the pair, {@code Point.PASS} when passing
   *     does, or {@code Point.NONE} when every move leads to A's death
   * @param exact false when the search ran out of nodes
   * @param nodes the positions read
   */
  public record Result(int defenceOfA, int attackOnB, int move, boolean exact, long nodes) {}

  private final Game game;
  private long budget = DEFAULT_NODES;
  private boolean capturerMustLive;
  private boolean selective;

  // The race being read.
  private Board board;
  private Geometry geometry;
  private Marker marker;
  private Marker candidates;
  private int[] offsets;
  private int a;
  private int b;
  private byte colorA;
  private byte colorB;
  private PointSet vital;
  private EyeEstimator eyes;
  private long nodes;
  private boolean exhausted;
  private int rootMove;
  private int level;
  private boolean koSeen;
  private int[][] moveLists;
  private int[][] moveScores;
  private int[] libs;
  private int[] libs2;
  private long[] path;
  private long[] tableKeys;
  private byte[] tableLower;
  private byte[] tableUpper;

  /** A reader of the game's position, under its ko rule and history. */
  public Semeai(Game game) {
    this.game = game;
  }

  /** Sets the node budget of the search, at least 1. */
  public Semeai setBudget(long nodes) {
    if (nodes < 1) {
      throw new IllegalArgumentException("a semeai budget is at least 1 node (got " + nodes + ")");
    }
    this.budget = nodes;
    return this;
  }

  /**
   * Scores a capture as GNU Go's {@code owl_analyze_semeai} does: a capture counts only if the
   * capturer then lives. A capturer that dies anyway is the one that dies, and the chain it
   * captured is counted as living (its stones stay on the board to the end, as the capturer never
   * gains by taking them). So "both die" never comes out: where A's colour can capture B and A
   * still dies the pair is {@code (0, 0)}, and where B's colour can capture A and B still dies it
   * is {@code (WIN, WIN)}. The default counts every capture and reports "both die" as {@code (0,
   * WIN)}.
   */
  public Semeai capturerMustLive() {
    this.capturerMustLive = true;
    return this;
  }

  /**
   * Reads only the best moves at each node, as GNU Go's semeai reading does: {@link
   * #SELECTIVE_MOVES} of them near the root, two beyond {@link #SELECTIVE_DEPTH_TWO}, one beyond
   * {@link #SELECTIVE_DEPTH_ONE}; a pass only where none of them saves anything (and there, only
   * where no move can be played). A line that captures neither chain in {@link #MAX_DEPTH} moves
   * counts as both living, and the life of a capturer is read with {@link
   * #SELECTIVE_AFTER_CAPTURE_NODES}. So many races whose full reading runs out of nodes are read
   * within the same budget, trusting the move order where the full reading tries every move.
   */
  public Semeai selective() {
    this.selective = true;
    return this;
  }

  /**
   * Reads the race between the chain at a and the chain at b, a's colour to move.
   *
   * @throws IllegalArgumentException unless a and b hold stones of different colours
   */
  public Result read(int a, int b) {
    Board position = game.board();
    Geometry g = position.geometry();
    byte ca = position.color(a);
    byte cb = position.color(b);
    if (!Color.isPlayer(ca) || !Color.isPlayer(cb) || ca == cb) {
      throw new IllegalArgumentException(
          "a semeai needs stones of both colours at "
              + (g.isOnBoard(a) ? g.name(a) : "point " + a)
              + " and "
              + (g.isOnBoard(b) ? g.name(b) : "point " + b));
    }
    setUp(position, a, b);
    // One search per ko level, the next only if a ko retake came up in the last and A has
    // something left to gain: each level lets A do more, so values only rise.
    int[] values = new int[LEVEL_CODES.length];
    int[] moves = new int[LEVEL_CODES.length];
    int levels = 0;
    do {
      level = levels;
      koSeen = false;
      rootMove = Point.NONE;
      values[levels] = search(colorA, 0, A_DIES, B_DIES, 0);
      moves[levels] = rootMove;
      levels++;
    } while (koSeen && !exhausted && values[levels - 1] < B_DIES && levels < values.length);
    // Each code is that of the first level reaching it; the move is that of the search that
    // reaches both.
    int defenceLevel = -1;
    int attackLevel = -1;
    for (int i = levels - 1; i >= 0; i--) {
      if (values[i] >= BOTH_LIVE) {
        defenceLevel = i;
      }
      if (values[i] == B_DIES || values[i] == BOTH_DIE) {
        attackLevel = i;
      }
    }
    int both = Math.max(defenceLevel, attackLevel);
    return new Result(
        defenceLevel < 0 ? Reading.LOSS : LEVEL_CODES[defenceLevel],
        attackLevel < 0 ? Reading.LOSS : LEVEL_CODES[attackLevel],
        both < 0 ? Point.NONE : moves[both],
        !exhausted,
        nodes);
  }

  private void setUp(Board position, int a, int b) {
    geometry = position.geometry();
    board = new Board(geometry);
    board.copyFrom(position);
    offsets = new int[] {-geometry.stride(), -1, 1, geometry.stride()};
    marker = new Marker(geometry);
    candidates = new Marker(geometry);
    this.a = a;
    this.b = b;
    colorA = board.color(a);
    colorB = board.color(b);
    int n = geometry.pointCount();
    moveLists = new int[MAX_DEPTH + 1][n + 1];
    moveScores = new int[MAX_DEPTH + 1][n + 1];
    libs = new int[n];
    libs2 = new int[n];
    path = new long[MAX_DEPTH + 2];
    int size = 1 << TABLE_BITS;
    tableKeys = new long[size];
    tableLower = new byte[size];
    tableUpper = new byte[size];
    nodes = 0;
    exhausted = false;
    rootMove = Point.NONE;
    vital = new PointSet(geometry);
    eyes = new EyeEstimator(geometry);
    List<Group> groups = eyes.estimate(board);
    vital.or(EyeEstimator.groupAt(groups, a).vitalPoints());
    vital.or(EyeEstimator.groupAt(groups, b).vitalPoints());
  }

  /**
   * The value of the position, {@code toMove} to play, {@code passes} passes in a row just made,
   * within the window (alpha, beta): fail-soft alpha-beta.
   */
  private int search(byte toMove, int passes, int alpha, int beta, int depth) {
    boolean capturedA = board.color(a) != colorA;
    if (capturedA && !capturerMustLive) {
      return A_DIES;
    }
    boolean captured = capturedA || board.color(b) != colorB;
    if (passes == 2 && !captured) {
      return BOTH_LIVE;
    }
    if (depth >= MAX_DEPTH && selective) {
      return BOTH_LIVE;
    }
    if (++nodes > budget || depth >= MAX_DEPTH) {
      exhausted = true;
      return BOTH_LIVE;
    }
    // A value after a capture does not depend on the ko level; any other does.
    long key = key(toMove, passes) ^ (captured ? 0 : LEVEL_SALT * (level + 1));
    int slot = (int) (key >>> (64 - TABLE_BITS));
    if (tableKeys[slot] == key) {
      int lower = tableLower[slot];
      int upper = tableUpper[slot];
      if (lower >= beta || lower == upper) {
        return lower;
      }
      if (upper <= alpha) {
        return upper;
      }
    }
    if (captured) {
      // Exact, and costly: kept in the table whatever the window.
      int value = capturedA ? afterCaptureOfA() : afterCapture();
      store(slot, key, value, A_DIES - 1, B_DIES + 1);
      return value;
    }
    path[depth] = board.hash() ^ (toMove == Color.WHITE ? WHITE_TO_MOVE : 0);
    boolean maximising = toMove == colorA;
    int best = maximising ? A_DIES - 1 : B_DIES + 1;
    int bestMove = Point.NONE;
    int a0 = alpha;
    int b0 = beta;
    int count = generate(toMove, depth);
    int[] moves = moveLists[depth];
    byte next = Color.opponent(toMove);
    int limit = movesTried(depth);
    int tried = 0;
    for (int i = 0; i <= count && alpha < beta; i++) {
      int m = i < count && tried < limit ? moves[i] : Point.PASS;
      int value;
      if (m == Point.PASS) {
        i = count;
        if (selective && tried > 0 && (limit == 1 || best != (maximising ? A_DIES : B_DIES))) {
          break; // as GNU Go's: a pass only when no move read saves anything
        }
        board.pass(toMove);
        value = search(next, passes + 1, alpha, beta, depth + 1);
      } else {
        int records = play(m, toMove, next, depth);
        if (records == 0) {
          continue;
        }
        tried++;
        value = search(next, 0, alpha, beta, depth + 1);
        if (records == 2) {
          board.undo();
        }
      }
      board.undo();
      if (maximising ? value > best : value < best) {
        best = value;
        bestMove = m;
        if (maximising) {
          alpha = Math.max(alpha, value);
        } else {
          beta = Math.min(beta, value);
        }
      }
    }
    if (depth == 0) {
      rootMove = bestMove;
    }
    if (!exhausted) {
      store(slot, key, best, a0, b0);
    }
    return best;
  }

  /** How many moves (besides the pass) are read at this depth. */
  private int movesTried(int depth) {
    if (!selective) {
      return Integer.MAX_VALUE;
    }
    return depth > SELECTIVE_DEPTH_ONE ? 1 : depth > SELECTIVE_DEPTH_TWO ? 2 : SELECTIVE_MOVES;
  }

  /**
   * Plays m for {@code toMove} under the level's ko rules and returns the board records it took (1,
   * or 2 for a retake after a threat), or 0 when m may not be played: illegal, repeating the line
   * or the game, or a retake the level does not allow. A retake, allowed or not, is noted: only
   * then can another level read otherwise.
   */
  private int play(int m, byte toMove, byte next, int depth) {
    if (m == board.koPoint() && toMove == board.koColor()) {
      koSeen = true;
      if (!retakesAtOnce(toMove)) {
        return 0;
      }
      // The retake after a ko threat: it brings back a position of the line, as play would.
      board.pass(next);
      if (!board.play(m, toMove)) {
        board.undo();
        return 0;
      }
      return 2;
    }
    if (!board.play(m, toMove)) {
      return 0;
    }
    if (board.koPoint() != Point.NONE
        && retakesAtOnce(next)
        && board.color(a) == colorA
        && board.color(b) == colorB) {
      // A ko capture the other side retakes at once brings back this very position with the same
      // side to move: never better than playing elsewhere at once.
      koSeen = true;
      board.undo();
      return 0;
    }
    if (repeats(next, depth)) {
      board.undo();
      return 0;
    }
    return 1;
  }

  /** Whether this level lets {@code player} retake a ko at once, as after a threat. */
  private boolean retakesAtOnce(byte player) {
    return player == colorA ? level == A_RETAKES : level == B_RETAKES;
  }

  private long key(byte toMove, int passes) {
    long key = board.hash() ^ (toMove == Color.WHITE ? WHITE_TO_MOVE : 0);
    if (passes == 1) {
      key ^= PASSED;
    }
    if (board.koPoint() != Point.NONE) {
      key ^= KO_SALT * (board.koPoint() + 1);
    }
    return key;
  }

  private void store(int slot, long key, int value, int alpha, int beta) {
    int lower = A_DIES;
    int upper = B_DIES;
    if (tableKeys[slot] == key) {
      lower = tableLower[slot];
      upper = tableUpper[slot];
    }
    if (value > alpha) {
      lower = Math.max(lower, value);
    }
    if (value < beta) {
      upper = Math.min(upper, value);
    }
    tableKeys[slot] = key;
    tableLower[slot] = (byte) lower;
    tableUpper[slot] = (byte) upper;
  }

  /** Whether the position just reached repeats one of the line or one superko forbids. */
  private boolean repeats(byte next, int depth) {
    long h = board.hash() ^ (next == Color.WHITE ? WHITE_TO_MOVE : 0);
    for (int d = depth; d >= 0; d--) {
      if (path[d] == h) {
        return true;
      }
    }
    return game.repeatsHistory(board.hash(), next == Color.BLACK ? Player.BLACK : Player.WHITE);
  }

  /**
   * B's chain has just been captured: whether A lives ({@link #B_DIES}) or is then captured by B's
   * colour moving first in A's local area ({@link #BOTH_DIE}, or {@link #A_DIES} when the capturer
   * must live).
   */
  private int afterCapture() {
    if (livesAfterCapture(a)) {
      return B_DIES;
    }
    return capturerMustLive ? A_DIES : BOTH_DIE;
  }

  /**
   * A's chain has just been captured, and the capturer must live: B's colour wins ({@link #A_DIES})
   * only if B then lives, A's colour moving first.
   */
  private int afterCaptureOfA() {
    return livesAfterCapture(b) ? A_DIES : B_DIES;
  }

  /**
   * Whether the chain at p, whose colour has just captured, lives with the other colour to move:
   * read in its local area when it is shut in, judged by the eye estimate when that reading runs
   * out or the region is bigger, taken to live in a region too big to judge.
   */
  private boolean livesAfterCapture(int p) {
    PointSet region = LocalLife.region(board, p);
    if (region.cardinality() > MAX_SHUT_IN || hasRoomForTwoEyes(region)) {
      return true;
    }
    if (region.cardinality() <= FinalStatus.MAX_LOCAL_AREA) {
      PointSet area = FinalStatus.localArea(board, new Benson(geometry).compute(board), region);
      Reading reading =
          new Reading(
                  board,
                  (hash, next) ->
                      game.repeatsHistory(hash, next == Color.BLACK ? Player.BLACK : Player.WHITE))
              .setBudget(selective ? SELECTIVE_AFTER_CAPTURE_NODES : AFTER_CAPTURE_NODES);
      Reading.Result kill = reading.attackIn(p, area);
      nodes += kill.nodes();
      if (kill.exact()) {
        return kill.code() != Reading.WIN;
      }
    }
    // Too big or too deep to read: the eye estimate with the other colour to move. A group sure of
    // two eyes lives, any other dies.
    nodes += ESTIMATE_NODES;
    return EyeEstimator.groupAt(eyes.estimate(board), p).minEyes() >= 2;
  }

  /**
   * Whether the region holds an empty space of at least {@link #ROOM_FOR_TWO_EYES} points: the
   * enemy has no stone in it (a region holds none), and the shapes the enemy kills by playing
   * inside (the nakade, up to the rabbity six) are smaller, so the owner answering each move makes
   * two eyes there. The eye estimate may count less where such a space meets another at a half
   * point, and counts a bigger one as 0 to 2 eyes: too little to judge a capturer of seven stones.
   */
  private boolean hasRoomForTwoEyes(PointSet region) {
    PointSet empty =
        region.copy().andNot(board.points(Color.BLACK)).andNot(board.points(Color.WHITE));
    while (!empty.isEmpty()) {
      PointSet space = PointSet.component(empty.next(0), empty);
      if (space.cardinality() >= ROOM_FOR_TWO_EYES) {
        return true;
      }
      empty.andNot(space);
    }
    return false;
  }

  // ---------------------------------------------------------------- moves

  private static final int CAPTURE_TARGET = 1000;
  private static final int CAPTURE_NEAR = 900;
  private static final int ESCAPE = 800;
  private static final int OUTSIDE_FILL = 600;
  private static final int SHARED_FILL = 500;
  private static final int EXTEND = 450;
  private static final int VITAL = 850;
  private static final int ATARI_NEAR = 350;
  private static final int BACKFILL = 300;
  private static final int SELF_ATARI_FILL = 100;

  /** Writes the moves of {@code player} at this depth, best first, and returns how many. */
  private int generate(byte player, int depth) {
    int[] moves = moveLists[depth];
    int[] scores = moveScores[depth];
    candidates.clear();
    int n = 0;
    int own = player == colorA ? a : b;
    int enemy = player == colorA ? b : a;
    byte other = Color.opponent(player);
    int ownLibs = board.libertyCount(own);

    // Filling the enemy chain's liberties, outside ones before shared ones; a fill that would be
    // a self-atari is tried last, after the backfills that prepare it.
    int k = board.liberties(enemy, libs, libs.length, marker);
    for (int i = 0; i < k; i++) {
      int p = libs[i];
      boolean shared = touches(p, own);
      boolean selfAtari =
          board.libertiesAfterPlay(p, player, 2, marker) < 2 && !board.isCapture(p, player);
      int score =
          board.libertyCount(enemy) == 1
              ? CAPTURE_TARGET
              : selfAtari ? SELF_ATARI_FILL : shared ? SHARED_FILL : OUTSIDE_FILL;
      n = add(moves, scores, n, p, score);
      if (selfAtari) {
        n = backfills(moves, scores, n, p, player);
      }
    }
    // Extending one's own chain.
    k = board.liberties(own, libs, libs.length, marker);
    for (int i = 0; i < k; i++) {
      int p = libs[i];
      if (board.libertiesAfterPlay(p, player, ownLibs + 1, marker) > ownLibs) {
        n = add(moves, scores, n, p, EXTEND);
      }
    }
    // Captures and ataris of the enemy chains next to one's own chain.
    n = weakNeighbours(moves, scores, n, own, other, CAPTURE_NEAR, ATARI_NEAR);
    // Escapes of one's own chains next to the enemy chain that are in atari: capture around them
    // or extend.
    int head = board.chainHead(enemy);
    int q = head;
    do {
      for (int d : offsets) {
        int r = q + d;
        if (board.color(r) == player && board.libertyCount(r) == 1) {
          int lib = board.lastLiberty(r);
          n = add(moves, scores, n, lib, ESCAPE);
          n = weakNeighbours(moves, scores, n, r, other, CAPTURE_NEAR, -1);
        }
      }
      q = board.nextInChain(q);
    } while (q != head);
    for (int p = vital.next(0); p >= 0; p = vital.next(p + 1)) {
      if (board.color(p) == Color.EMPTY) {
        n = add(moves, scores, n, p, VITAL);
      }
    }
    sort(moves, scores, n);
    return n;
  }

  /**
   * Adds the captures (score {@code capture}) and, if {@code atari >= 0}, the ataris of the chains
   * of colour {@code enemy} next to the chain at p.
   */
  private int weakNeighbours(
      int[] moves, int[] scores, int n, int p, byte enemy, int capture, int atari) {
    int head = board.chainHead(p);
    int q = head;
    do {
      for (int d : offsets) {
        int r = q + d;
        if (board.color(r) != enemy) {
          continue;
        }
        int count = board.libertyCount(r);
        if (count == 1) {
          n = add(moves, scores, n, board.lastLiberty(r), capture);
        } else if (count == 2 && atari >= 0) {
          int k = board.liberties(r, libs2, 2, marker);
          for (int i = 0; i < k; i++) {
            n = add(moves, scores, n, libs2[i], atari);
          }
        }
      }
      q = board.nextInChain(q);
    } while (q != head);
    return n;
  }

  /**
   * The backfills for a liberty p whose filling would be a self-atari: the other liberties of
   * {@code player}'s chains next to p, and p's empty neighbours.
   */
  private int backfills(int[] moves, int[] scores, int n, int p, byte player) {
    for (int d : offsets) {
      int r = p + d;
      if (board.color(r) == Color.EMPTY) {
        n = add(moves, scores, n, r, BACKFILL);
      } else if (board.color(r) == player && board.libertyCount(r) <= 3) {
        int k = board.liberties(r, libs2, 3, marker);
        for (int i = 0; i < k; i++) {
          if (libs2[i] != p) {
            n = add(moves, scores, n, libs2[i], BACKFILL);
          }
        }
      }
    }
    return n;
  }

  /** Whether the empty point p touches the chain at c. */
  private boolean touches(int p, int c) {
    int head = board.chainHead(c);
    for (int d : offsets) {
      int r = p + d;
      if (Color.isPlayer(board.color(r)) && board.chainHead(r) == head) {
        return true;
      }
    }
    return false;
  }

  /** Adds p with a score, or raises the score of p if it is there already. */
  private int add(int[] moves, int[] scores, int n, int p, int score) {
    if (candidates.markIfNew(p)) {
      moves[n] = p;
      scores[n] = score;
      return n + 1;
    }
    for (int i = 0; i < n; i++) {
      if (moves[i] == p) {
        scores[i] = Math.max(scores[i], score);
      }
    }
    return n;
  }

  /** Insertion sort by score, highest first; ties keep the order of addition (determinism). */
  private static void sort(int[] moves, int[] scores, int n) {
    for (int i = 1; i < n; i++) {
      int m = moves[i];
      int s = scores[i];
      int j = i - 1;
      while (j >= 0 && scores[j] < s) {
        moves[j + 1] = moves[j];
        scores[j + 1] = scores[j];
        j--;
      }
      moves[j + 1] = m;
      scores[j + 1] = s;
    }
  }
}
