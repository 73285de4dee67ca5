package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.board.Zobrist;
import gofarm.rules.Game;
import gofarm.rules.Player;
import java.util.Arrays;

/**
 * Reading by search: can the attacker capture a target chain, and can its owner (the defender) keep
 * it on the board, with kos read as GNU Go reads them. Two kinds of reading share one search:
 *
 * <ul>
 *   <li><em>tactical</em> ({@link #attack}, {@link #defend}): the moves are the target's liberties,
 *       the liberties next to them (nets; against three liberties, the points next to two of them),
 *       captures and ataris of the chains around it, and the rescue of attacking chains in atari
 *       (by extending, or by capturing a chain of the defender next to them), the attacker's
 *       backfills against two liberties (where its stone on a liberty would have one, it fills that
 *       one first, or captures next to it), and for a defender with two or three liberties,
 *       backfills (the liberties the attacker would have on the target's liberties, when it would
 *       have at most two there, and the liberties its own stone would have where the attacker's
 *       would be in atari), for one with two, moves that strengthen its chains next to a liberty
 *       the attacker cannot play, and early in a line (at the start, for three liberties) the
 *       liberties of the attacker's three-liberty chains around it; early in a line, for one with
 *       two or three, the liberties of its superstring (GNU Go's: its chains joined through points
 *       the attacker cannot play) and the points next to those the attacker could hardly block; and
 *       for a single stone in atari that the attacker would take by a ko capture, the liberties it
 *       would have on its last one; race moves for both sides; against three or more liberties, the
 *       attacker's guard of a double atari on its chains, its shortening of the defender's chains
 *       next to a liberty it cannot play, and early in a line its squeezes (where the target's
 *       liberties run out along points it cannot play); the defender's shortening of a racing chain
 *       from outside, and its snapback set-up; GNU Go's edge moves (drawing back or climbing up
 *       beside an edge liberty, or closing the edge next to it; no crawl along the edge that leads
 *       nowhere), its caps and special rescues against four liberties, and its draw-backs against
 *       three; a capture into a snapback fails, as in GNU Go, and so does an attack that the
 *       defender's moves do not answer but that leaves the target safe even if the attacker moves
 *       again (GNU Go's check); a target that reaches {@link #SAFE_LIBERTIES} liberties in a line
 *       has escaped (one that has them at the start, or gets them by the defender's first move
 *       without a capture, or has them all on the first two lines, is read on), and one with three
 *       deep in a line has escaped too (later where they all lie on the first two lines). Ladders
 *       and nets are read out this way.
 *   <li><em>local</em> ({@link #attackIn}, {@link #defendIn}): every empty point of a given area is
 *       a move for both sides (but points that touch only the mover's own stones outside small
 *       regions), and the target lives only by staying on the board: the attacker has no move left
 *       that captures it (two eyes, seki, or a capture that does not work). This decides life and
 *       death and capturing races in enclosed areas exactly, within the area.
 * </ul>
 *
 * <h2>Results and kos</h2>
 *
 * A result is GNU Go's code for the player to move (GO-DIGEST §F.3): {@link #WIN} (success whatever
 * happens in kos), {@link #KO_A} (success through a ko where this player makes the first ko
 * capture), {@link #KO_B} (success only if this player finds the first ko threat) or {@link #LOSS};
 * {@link #reverse} gives the opponent's view. A target taken by a ko capture (a single stone whose
 * point the defender may retake only after a ko threat) is captured with {@code KO_A}, as GNU Go
 * scores it. A move that only the ko rules forbid (the retake of a simple ko, or a move that
 * repeats a position the game's superko rule forbids) is read as a <em>conditional</em> ko capture:
 * the player would have to make a ko threat first, so its result is at most {@code KO_B}. Kos
 * follow GNU Go's <em>komaster</em> scheme: the first player to take a ko conditionally in a line
 * becomes komaster of that ko, which the other may then never take back; the komaster may take only
 * kos diagonally next to it and loses the title once the ko is resolved (filled, or no longer the
 * other's to retake); a ko capture by the other player elsewhere makes the state <em>gray</em>,
 * where no one takes a ko, and a ko capture right after another makes it <em>weak</em>, where only
 * a conditional retake or a nested capture may follow. So reading never loops through double kos. A
 * position that repeats one earlier in the same line of reading is never played, but for a
 * conditional ko retake: the retake after a threat brings back the board before the opponent's ko
 * capture, and it is read only in the first {@link #KO_DEPTH} moves of a line (GNU Go's ko depth),
 * so the line cannot loop. A pass ends a simple-ko ban, as on the board.
 *
 * <h2>Cost</h2>
 *
 * Each query reads at most a budget of nodes ({@link #DEFAULT_NODES} unless set); a query that runs
 * out says so ({@link Result#exact}) and answers as if the target were safe. Results are cached per
 * query in a transposition table keyed by the position, the player to move, the ko and the
 * komaster. The search plays and undoes moves on its own copy of the board.
 *
 * <p>Not thread-safe: one reader per thread.
 */
public final class Reading {
  /** Failure: the player to move does not reach its aim. */
  public static final int LOSS = 0;

  /** Success only through a ko in which the player to move must find the first threat. */
  public static final int KO_B = 1;

  /** Success through a ko in which the player to move makes the first capture. */
  public static final int KO_A = 4;

  /** Success whatever happens in kos. */
  public static final int WIN = 5;

  /**
   * A tactical target with more liberties than this has escaped; one with this many has escaped
   * deeper than {@link #FOUR_LIBERTIES_DEPTH} moves into a line.
   */
  public static final int SAFE_LIBERTIES = 4;

  /**
   * How deep in a tactical line a chain with three liberties is still read; deeper, it has escaped.
   */
  static final int DEEP_THREE_LIBERTIES = 8;

  /**
   * How deep a three-liberty target on the first two lines is read: a chain crawling along the edge
   * gains no liberty as it crawls, and the attacker's net there is often found only deeper
   * (reading.tst 61, 171, 196; GNU Go reads three liberties to 16 moves).
   */
  static final int EDGE_THREE_LIBERTIES_DEPTH = 12;

  /**
   * How deep in a tactical line a chain with four liberties is still read (GNU Go's fourlib depth,
   * there 7): at the start, and in the attacker's answer to the defender's first move.
   */
  static final int FOUR_LIBERTIES_DEPTH = 1;

  /** How deep in a line the attacker still backfills (GNU Go's backfill depth). */
  static final int BACKFILL_DEPTH = 12;

  /** How deep a four-liberty target on the first two lines is read (GNU Go's fourlib_depth). */
  static final int EDGE_FOUR_LIBERTIES_DEPTH = 7;

  /**
   * How deep in a line the defender of a two-liberty target still shortens the attacker's
   * three-liberty chains around it (GNU Go's break chain depth).
   */
  static final int BREAK_CHAIN_DEPTH = 7;

  /** How deep in a line a ko retake that repeats a position of the line is still read. */
  static final int KO_DEPTH = 8;

  /**
   * The score of the defender's race rescues: after the captures of attacking chains in atari and
   * the target's liberties, before the nets and backfills.
   */
  static final int RESCUE_SCORE = 150;

  /** The score of the attacker's race moves: last but the defender's backfills. */
  static final int RACE_SCORE = 30;

  /** The largest empty region whose points local reading always tries (eye spaces). */
  static final int SMALL_REGION = 7;

  /**
   * How deep in a line the defender still plays on the liberties of the target's superstring (GNU
   * Go's superstring depth, and its second backfill depth for three liberties).
   */
  static final int SUPERSTRING_DEPTH = 7;

  static final int BACKFILL2_DEPTH = 5;

  /** The node budget of a query unless {@link #setBudget} changes it. */
  public static final long DEFAULT_NODES = 20_000;

  /** Komaster states besides a player's colour: none, gray (plus the old komaster), weak. */
  private static final int NO_KOMASTER = Color.EMPTY;

  private static final int GRAY = 4;

  private static final int WEAK = 7;

  /** The deepest line read; deeper lines count as an exhausted budget. */
  static final int MAX_DEPTH = 120;

  /**
   * The transposition table has 2^bits slots, at least one per node of the budget, at most 2^20.
   */
  private static final int MIN_TABLE_BITS = 12;

  private static final int MAX_TABLE_BITS = 20;

  /** The superko rule of a game: whether a board position may not recur. */
  @FunctionalInterface
  public interface History {
    /** Whether a board with this hash, {@code nextToPlay} to move, repeats a forbidden position. */
    boolean repeats(long boardHash, byte nextToPlay);
  }

  /**
   * The answer of one query.
   *
   * @param code {@link #WIN}, {@link #KO_A}, {@link #KO_B} or {@link #LOSS}, for the player that
   *     moved first
   * @param move the first move that reaches {@code code}, {@code Point.PASS} when passing does (the
   *     defender needs no move), or {@code Point.NONE} when nothing succeeds
   * @param exact false when the node budget ran out: the answer then treats the target as safe
   * @param nodes the positions read
   */
  public record Result(int code, int move, boolean exact, long nodes) {
    /** Whether the player that moved first succeeds, with or without a ko. */
    public boolean succeeds() {
      return code != LOSS;
    }

    /** Whether it succeeds without needing to win a ko. */
    public boolean succeedsUnconditionally() {
      return code == WIN;
    }
  }

  private final Geometry geometry;
  private final int stride;
  private final Board board;
  private final History history;
  private final Marker marker;
  // The transposition table: a slot holds a result only if its stamp is the current query's, so
  // nothing is cleared between queries. Grown (never shrunk) to fit the budget.
  private long[] tableKeys = new long[0];
  private byte[] tableValues = new byte[0];
  private int[] tableStamps = new int[0];
  private int tableBits;
  private int stamp;
  private final long[] path = new long[MAX_DEPTH + 2];
  private final int[][] moveLists = new int[MAX_DEPTH + 1][];
  private final int[][] moveScores = new int[MAX_DEPTH + 1][];
  private final int[] scratch;
  private final int[] heads;
  private final int[] pair = new int[2];
  private final int[] fourLibs = new int[SAFE_LIBERTIES];
  // The depth of the first four-liberty target in the current line read on by edgeBound, or
  // MAX_DEPTH if none.
  private int edgeLineDepth = MAX_DEPTH;
  private final int[] triple = new int[3];
  private final int[] six = new int[6];
  private final int[] links;
  private final int[] chainLiberties;
  private final int[] directions;
  private final int[] outerLiberties = new int[2];
  private final int[] innerLiberties = new int[3];
  private final Marker libertyMarker;
  // The superstring of the target (GNU Go's): its stones, its liberties, and their marks.
  private final int[] ssStones;
  private final int[] ssLibs;
  private final Marker ssStoneMarker;
  private final Marker ssLibMarker;
  private int ssStoneCount; // the stones listed by the last superstringStones
  private final int[] rotation;
  private final int[] clampHeads;
  private final int[] clampLibs = new int[3];
  private long budget = DEFAULT_NODES;

  // The query being read.
  private int target;
  private byte defender;
  private byte attacker;
  private boolean local;
  private final boolean[] inArea;
  private long nodes;
  private boolean exhausted;
  private int bestMove;
  private int pathLength;

  /** A reader of {@code position} under simple ko with no earlier positions (a diagram). */
  public Reading(Board position) {
    this(position, null);
  }

  /**
   * A reader of {@code position}; {@code history} says which positions the superko rule forbids, or
   * null for simple ko.
   */
  public Reading(Board position, History history) {
    this.geometry = position.geometry();
    this.stride = geometry.stride();
    this.board = new Board(geometry);
    this.board.copyFrom(position);
    this.history = history;
    this.marker = new Marker(geometry);
    this.inArea = new boolean[geometry.arraySize()];
    this.scratch = new int[geometry.pointCount()];
    this.heads = new int[4 * geometry.pointCount()];
    this.links = new int[4 * geometry.pointCount()];
    this.chainLiberties = new int[8 * geometry.pointCount()];
    this.directions = new int[] {-stride, -1, 1, stride};
    this.libertyMarker = new Marker(geometry);
    this.ssStones = new int[geometry.pointCount()];
    this.ssLibs = new int[geometry.pointCount()];
    this.ssStoneMarker = new Marker(geometry);
    this.ssLibMarker = new Marker(geometry);
    this.rotation = new int[] {1, stride, -1, -stride};
    this.clampHeads = new int[geometry.pointCount()];
    for (int d = 0; d <= MAX_DEPTH; d++) {
      moveLists[d] = new int[geometry.pointCount() + 1];
      moveScores[d] = new int[geometry.pointCount() + 1];
    }
  }

  /** A reader of the game's current position under its ko rule and history. */
  public static Reading of(Game game) {
    return new Reading(
        game.board(),
        (hash, next) ->
            game.repeatsHistory(hash, next == Color.BLACK ? Player.BLACK : Player.WHITE));
  }

  /** Sets the node budget of each later query, at least 1. */
  public Reading setBudget(long nodes) {
    if (nodes < 1) {
      throw new IllegalArgumentException("a reading budget is at least 1 node (got " + nodes + ")");
    }
    this.budget = nodes;
    return this;
  }

  /** The position read (a copy; do not change it). */
  public Board board() {
    return board;
  }

  /**
   * Tactical reading with the attacker to move: can the chain at {@code target} be captured?
   *
   * @throws IllegalArgumentException if there is no stone at {@code target}
   */
  public Result attack(int target) {
    return read(target, null, true);
  }

  /** Tactical reading with the defender to move: can the chain at {@code target} be saved? */
  public Result defend(int target) {
    return read(target, null, false);
  }

  /**
   * Local reading with the attacker to move: can the chain at {@code target} be captured when both
   * sides play only on the empty points of {@code area}?
   */
  public Result attackIn(int target, PointSet area) {
    return read(target, area, true);
  }

  /** Local reading with the defender to move: can the chain at {@code target} stay on the board? */
  public Result defendIn(int target, PointSet area) {
    return read(target, area, false);
  }

  /** The result code's value for the opponent of the player it was computed for. */
  public static int reverse(int code) {
    return WIN - code;
  }

  /** The name of a result code: {@code WIN}, {@code KO_A}, {@code KO_B} or {@code 0}. */
  public static String name(int code) {
    return switch (code) {
      case WIN -> "WIN";
      case KO_A -> "KO_A";
      case KO_B -> "KO_B";
      case LOSS -> "0";
      default -> throw new IllegalArgumentException("not a reading result: " + code);
    };
  }

  // ---------------------------------------------------------------- the search

  private Result read(int target, PointSet area, boolean attackerFirst) {
    if (!geometry.isOnBoard(target) || !Color.isPlayer(board.color(target))) {
      throw new IllegalArgumentException(
          "reading needs a stone, but "
              + (geometry.isOnBoard(target) ? geometry.name(target) : "point " + target)
              + " holds none");
    }
    this.target = target;
    this.defender = board.color(target);
    this.attacker = Color.opponent(defender);
    this.local = area != null;
    Arrays.fill(inArea, false);
    if (area != null) {
      for (int p = area.next(0); p >= 0; p = area.next(p + 1)) {
        inArea[p] = true;
      }
    }
    int bits = Math.max(MIN_TABLE_BITS, 64 - Long.numberOfLeadingZeros(budget - 1));
    bits = Math.min(MAX_TABLE_BITS, bits);
    if (bits > tableBits) {
      tableBits = bits;
      tableKeys = new long[1 << bits];
      tableValues = new byte[1 << bits];
      tableStamps = new int[1 << bits];
      stamp = 0;
    }
    stamp++;
    nodes = 0;
    exhausted = false;
    bestMove = Point.NONE;
    pathLength = 0;
    edgeLineDepth = MAX_DEPTH;
    path[pathLength++] = board.hash();
    byte first = attackerFirst ? attacker : defender;
    int code = search(first, NO_KOMASTER, 0);
    return new Result(code, code == LOSS ? Point.NONE : bestMove, !exhausted, nodes);
  }

  /**
   * The result for {@code toMove}: WIN, KO_A, KO_B or LOSS, reading the attacker's aim (capture the
   * target) against the defender's (keep it).
   */
  private int search(byte toMove, int komaster, int depth) {
    nodes++;
    boolean defenderToMove = toMove == defender;
    if (board.color(target) != defender) {
      // Taken by a ko capture, the target may come back after a ko threat: GNU Go's KO_A.
      int code = board.koPoint() == target ? KO_A : WIN;
      return defenderToMove ? reverse(code) : code;
    }
    int safe = defenderToMove ? WIN : LOSS;
    if (nodes > budget || depth >= MAX_DEPTH) {
      exhausted = true;
      return safe;
    }
    int libs = board.libertyCount(target);
    if (!local
        && (libs > SAFE_LIBERTIES
            || (libs == SAFE_LIBERTIES && depth > FOUR_LIBERTIES_DEPTH && !edgeBound(libs, depth))
            || (libs == 3 && depth > DEEP_THREE_LIBERTIES && !edgeBound(libs, depth)))) {
      // Escaped. A fourth liberty counts as escaped after the attacker's first answer, and a third
      // deep in a line (GNU Go's depths, shorter); four at the start are read, as GNU Go does, and
      // three or four along the edge longer.
      return safe;
    }
    long key = key(toMove, komaster);
    int slot = (int) (key >>> (64 - tableBits));
    if (tableStamps[slot] == stamp && tableKeys[slot] == key) {
      return tableValues[slot];
    }
    int[] moves = moveLists[depth];
    int outerEdgeLine = edgeLineDepth;
    if (!local && libs == SAFE_LIBERTIES && depth > FOUR_LIBERTIES_DEPTH) {
      edgeLineDepth = Math.min(edgeLineDepth, depth); // read on only by edgeBound
    }
    int n = local ? localMoves(toMove, moves, depth) : tacticalMoves(toMove, libs, moves, depth);
    int best = LOSS;
    int bestHere = Point.NONE;
    for (int i = 0; i < n && best < WIN; i++) {
      int r = tryMove(moves[i], toMove, komaster, depth);
      if (r > best) {
        best = r;
        bestHere = moves[i];
      }
    }
    if (best < WIN && defenderToMove && (local || depth == 0)) {
      // The defender may pass: the attacker must then capture, or the target stands. (In tactical
      // reading only at the start, where it asks whether the target needs a move at all.)
      board.pass(toMove);
      int r = reverse(search(attacker, komaster, depth + 1));
      board.undo();
      if (r > best) {
        best = r;
        bestHere = Point.PASS;
      }
    }
    edgeLineDepth = outerEdgeLine;
    if (depth == 0) {
      bestMove = bestHere;
    }
    if (!exhausted) {
      tableKeys[slot] = key;
      tableValues[slot] = (byte) best;
      tableStamps[slot] = stamp;
    }
    return best;
  }

  /**
   * Whether a target with three or four liberties is still read at this depth because all its
   * liberties lie on the first two lines: a chain crawling along the edge has not escaped. GNU Go
   * reads four liberties to its fourlib_depth (7), where gofarm counts them as escaped after the
   * first answer (reading.tst 33, 108: the defender's extension after a draw-back), and three to 16
   * moves (gofarm elsewhere 8: 61, 171, 196).
   */
  private boolean edgeBound(int libs, int depth) {
    int deepest = libs == SAFE_LIBERTIES ? EDGE_FOUR_LIBERTIES_DEPTH : EDGE_THREE_LIBERTIES_DEPTH;
    return depth <= deepest && libertiesOnEdge();
  }

  /** Whether the target's liberties (at most four) all lie on the first two lines. */
  private boolean libertiesOnEdge() {
    int k = board.liberties(target, fourLibs, SAFE_LIBERTIES, libertyMarker);
    for (int i = 0; i < k; i++) {
      if (geometry.line(fourLibs[i]) > 1) {
        return false;
      }
    }
    return true;
  }

  /** The result of playing m for {@code toMove}, or -1 if m cannot be played. */
  private int tryMove(int m, byte toMove, int komaster, int depth) {
    if (board.color(m) != Color.EMPTY) {
      return -1;
    }
    byte other = Color.opponent(toMove);
    int previousKo = board.koPoint();
    boolean koBanned = m == previousKo && toMove == board.koColor();
    if (!koBanned && board.isSuicide(m, toMove)) {
      return -1;
    }
    int records = 1;
    if (koBanned) {
      board.pass(other); // lifts the ban for this conditional capture; undone with the move
      records = 2;
    }
    int captured = board.captures(toMove);
    board.playAssumeLegal(m, toMove);
    long hash = board.hash();
    boolean conditional = koBanned || (history != null && history.repeats(hash, other));
    int next = nextKomaster(komaster, m, toMove, conditional, previousKo);
    // A conditional retake repeats the board before the opponent's ko capture: after a ko threat,
    // as play would go. It is read only in the first KO_DEPTH moves of a line (GNU Go's ko depth),
    // so lines neither go round nor fight every ko to the end.
    boolean playable = next >= 0 && (!onPath(hash) || (koBanned && depth < KO_DEPTH));
    int result = -1;
    if (snapback(m, board.captures(toMove) - captured)) {
      result = LOSS;
    } else if (playable && escapesByCapture(toMove, captured)) {
      result = conditional ? KO_B : WIN;
    } else if (playable) {
      path[pathLength++] = hash;
      result = reverse(search(other, next, depth + 1));
      if (result > LOSS && toMove == attacker && !local && board.color(target) == defender) {
        // The defender's failure counts only if the target is in danger at all: with a second
        // move the attacker must capture it (GNU Go's check against a short list of defences).
        board.pass(other);
        if (search(toMove, next, depth + 2) == LOSS) {
          result = LOSS;
        }
        board.undo();
      }
      pathLength--;
      if (conditional) {
        result = Math.min(result, KO_B);
      }
    }
    for (int i = 0; i < records; i++) {
      board.undo();
    }
    return result;
  }

  /**
   * Whether the defender's move just played captured and left the target with {@link
   * #SAFE_LIBERTIES} liberties or more: in tactical reading it has escaped, without the attacker's
   * answer that a fourth liberty gets at the start of a line. Some of its liberties are then the
   * points of the stones it took, which the attacker fills only from inside (reading.tst 191: a
   * race that the answer would read as lost, as GNU Go does).
   */
  private boolean escapesByCapture(byte toMove, int captured) {
    return !local
        && toMove == defender
        && board.captures(toMove) > captured
        && board.libertyCount(target) >= SAFE_LIBERTIES;
  }

  /**
   * The komaster state after toMove's move m (just played; {@code previousKo} was the ko point
   * before it), or -1 if the ko rules of reading forbid m. GNU Go's scheme: the first player to
   * take a ko conditionally becomes komaster of that ko, which its opponent may then never retake;
   * the komaster may take only kos nested with it (diagonally next to it) and loses the title once
   * it has resolved the ko; a ko capture by the other player makes the state gray, where no one may
   * take a ko; a ko capture right after another makes it weak, where only the retake or a nested
   * capture may follow.
   */
  private int nextKomaster(int komaster, int m, byte toMove, boolean conditional, int previousKo) {
    int state = komaster & 7;
    int komPos = komaster >>> 3;
    byte other = Color.opponent(toMove);
    int koPos = board.koPoint(); // the stone m took as a ko, or NONE
    boolean koMove = koPos != Point.NONE;
    if (koMove
        && ((state == other && m == komPos)
            || state == GRAY + Color.BLACK
            || state == GRAY + Color.WHITE
            || (state == toMove && !diagonal(koPos, komPos))
            || (state == WEAK && m != previousKo && !diagonal(koPos, komPos)))) {
      return -1;
    }
    if (conditional && (state == NO_KOMASTER || state == WEAK)) {
      return toMove | koPos << 3;
    }
    if (conditional && !koMove) {
      return state == toMove ? komaster : -1; // a superko repetition without a ko capture
    }
    if (!koMove) {
      boolean master = state == toMove || state == GRAY + toMove;
      if ((master && resolved(komPos, other)) || state == WEAK) {
        return NO_KOMASTER;
      }
      return komaster;
    }
    if (state == other) {
      return (GRAY + other) | komPos << 3;
    }
    if (state == toMove) {
      return toMove | koPos << 3;
    }
    return previousKo != Point.NONE ? WEAK | previousKo << 3 : komaster;
  }

  /** Whether the ko at komPos is over for the komaster: filled, or no longer c's to take back. */
  private boolean resolved(int komPos, byte c) {
    return komPos != Point.NONE
        && (board.color(komPos) != Color.EMPTY
            || (!takesKo(komPos, c) && board.isSuicide(komPos, c)));
  }

  private boolean diagonal(int p, int q) {
    int d = Math.abs(p - q);
    return p != Point.NONE && q != Point.NONE && (d == stride - 1 || d == stride + 1);
  }

  /**
   * Whether m, which took {@code captured} stones, took a single-stone target into a snapback: in
   * tactical reading its chain of several stones is left with one liberty, the target's point,
   * where the defender's stone would capture it and have two liberties or more, so the capture
   * fails (GNU Go's attack1).
   */
  private boolean snapback(int m, int captured) {
    return !local
        && captured == 1
        && board.color(target) == Color.EMPTY
        && board.chainSize(m) > 1
        && board.libertyCount(m) == 1
        && board.lastLiberty(m) == target
        && board.libertiesAfterPlay(target, defender, 2, libertyMarker) >= 2;
  }

  private boolean onPath(long hash) {
    for (int i = 0; i < pathLength; i++) {
      if (path[i] == hash) {
        return true;
      }
    }
    return false;
  }

  private long key(byte toMove, int komaster) {
    long k = board.hash();
    if (toMove == Color.WHITE) {
      k ^= Zobrist.WHITE_TO_MOVE;
    }
    k ^= (board.koPoint() + 1L) * 0x9E3779B97F4A7C15L;
    k ^= (komaster + 1L) * 0xC2B2AE3D27D4EB4FL;
    k = (k ^ (k >>> 31)) * 0xBF58476D1CE4E5B9L;
    return k == 0 ? 1 : k;
  }

  // ---------------------------------------------------------------- move generation

  /** Tactical candidates for {@code toMove}, best first; returns how many. */
  private int tacticalMoves(byte toMove, int libs, int[] out, int depth) {
    int[] score = moveScores[depth];
    marker.clear();
    int n = 0;
    int[] liberties = scratch;
    int count = collectLiberties(target, liberties, 0);
    if (toMove == attacker) {
      for (int i = 0; i < count; i++) {
        int l = liberties[i];
        // At the start, a liberty that captures first: of the moves that win, the one GNU Go plays
        // (reading.tst 216).
        int cap = depth == 0 && board.isCapture(l, attacker) ? 5 : 0;
        // In atari, the capture comes first: it wins unless it is a snapback or a banned ko retake
        // (GNU Go's attack1; saving a chain of its own first only lengthens the line, reading.tst
        // 84).
        int base = libs == 1 ? 400 : 100;
        n = add(l, base + board.emptyNeighbourCount(l) + cap, out, score, n);
      }
      if (libs == 1) {
        n = captureBackfills(liberties[0], out, score, n);
      }
      if (libs == 1 || (libs == 2 && depth == 0)) {
        n = secondLiberties(liberties, count, 40, out, score, n);
      } else if (libs == 2) {
        // Inside a line only GNU Go's nets against two liberties: every point next to them made
        // long lines that ran out of budget (reading.tst 201; 23 queries of regression/games).
        n = capMoves(liberties, out, score, n);
      } else if (libs == 3) {
        n = netMoves(liberties, count, out, score, n);
      }
      n = neighbourChainMoves(toMove, depth, out, score, n);
      if (libs >= 2 && libs <= 4) {
        n = edgeMoves(liberties, count, false, out, score, n);
      }
      if (libs >= 3) {
        // GNU Go's attack3 moves; against two liberties the blocker attacks made false captures.
        n = doubleAtariGuards(out, score, n);
        n = blockerAttacks(liberties, count, out, score, n);
      }
      if (libs == 3 && depth <= EDGE_FOUR_LIBERTIES_DEPTH) {
        n = drawBacks(liberties, count, out, score, n);
      }
      if (libs == 4) {
        n = squareCaps(liberties, count, out, score, n);
      }
      if (libs == 3 || libs == 4) {
        n = edgeClosingBackfills(liberties, count, out, score, n);
      }
      if (libs == 2 && depth < BACKFILL_DEPTH) {
        n = attackerBackfills(liberties, count, out, score, n);
        n = suicideLibertyAttacks(liberties, out, score, n);
      }
      if ((depth == 0 && libs >= 2) || (libs == 3 && depth <= BACKFILL2_DEPTH)) {
        // At the start, and against three liberties to GNU Go's depth for its attack3 defence of
        // the attacker's two-liberty chains (reading.tst 137: white's H1, the third move of the
        // line). Against two liberties inside a line they made false ko captures.
        n = weakChainAttacks(libs, out, score, n);
      }
      if (libs == 3 && depth <= BACKFILL2_DEPTH) {
        n = squeezes(liberties, count, out, score, n);
      }
      if (libs == 2 && depth == 0) {
        // At the start only: inside a line (GNU Go's depths, to 7) the defender lacks answers to
        // them and reading.tst 62, 139, 161, 162, 206, 216 and 233 turn into false captures.
        n = superstringAttacks(3, out, score, n);
      }
      if (libs == 2 && depth <= BACKFILL_DEPTH) {
        // To GNU Go's depth (reading.tst 54: white's ko after black's C1 needs them inside the
        // line), with the defender's mirror of them, without which the lines they lengthen end in
        // false captures (52, 53).
        n = raceAttacks(liberties, out, score, n);
      }
    } else {
      n = neighbourChainMoves(toMove, depth, out, score, n);
      if (libs == 1) {
        n = koBackfills(liberties[0], out, score, n);
        if (depth < BACKFILL_DEPTH) {
          // Inside a line only for a real snapback: against a set-up for a ko capture the
          // attacker lacks answers such as a throw-in (reading.tst 235).
          n = snapbackSetup(liberties[0], depth > 0, out, score, n);
        }
      }
      if (libs >= 2 && depth < BACKFILL_DEPTH) {
        n = raceRescues(out, score, n);
      }
      if (libs == 2 && depth <= BACKFILL_DEPTH) {
        n = raceCounterAttacks(out, score, n);
      }
      for (int i = 0; i < count; i++) {
        n = add(liberties[i], 100 + 10 * board.emptyNeighbourCount(liberties[i]), out, score, n);
      }
      if (libs == 2 || libs == 3) {
        n = edgeMoves(liberties, count, true, out, score, n);
      }
      if (libs == 2 || libs == 3) {
        // Backfilling (GNU Go's): where the attacker would have at most two liberties on a
        // liberty of the target, the defender takes one of them first, so that the attacker cannot
        // play there without being captured.
        for (int i = 0; i < count; i++) {
          int k = libertiesIfPlayed(liberties[i], attacker, 2);
          for (int j = 0; j < k; j++) {
            n = add(pair[j], 20, out, score, n);
          }
        }
      }
      if (libs == 2) {
        n = selfAtariBackfills(liberties, out, score, n);
      }
      if ((libs == 2 || libs == 3) && depth < BACKFILL_DEPTH) {
        n = outsideShortenings(liberties, count, out, score, n);
      }
      if (libs == 2) {
        if (depth == 0) {
          // Out of a net: the defender reaches for the points next to its liberties, at the start
          // only (GNU Go's defend2 has no such moves; inside a line they only cost nodes).
          n = secondLiberties(liberties, count, 30, out, score, n);
        }
        n = helpNeighbours(liberties, out, score, n);
        n = sideAtaris(liberties, out, score, n);
      }
      if (libs == 2 || libs == 3) {
        n = edgeClamps(board.chainHead(target), out, score, n);
      }
      if ((libs == 2 && depth <= BREAK_CHAIN_DEPTH)
          || (libs == 3
              && (depth == 0
                  || (depth <= BACKFILL2_DEPTH
                      && (depth > edgeLineDepth || attackerDrewBack()))))) {
        // Against three liberties at the start only: inside a line the attacker lacks the answers
        // to it (reading.tst 120 turns into a false defence). Also in the lines that go on only
        // because a four-liberty target along the edge is read deeper (edgeBound): there the
        // defender needs GNU Go's full defend3 (break_chain3; reading.tst 222), and after the
        // attacker's draw-back, whose chain now has three liberties.
        n = shorteningAttacks(3, out, score, n);
      }
      if (libs == SAFE_LIBERTIES && depth == 0) {
        // At the start only, as against three liberties.
        n = safeShortenings(out, score, n);
      }
      if (libs == SAFE_LIBERTIES) {
        // GNU Go's defend4: special rescues next to the liberties (reading.tst 195).
        for (int i = 0; i < count; i++) {
          n = specialRescues(liberties[i], libs, out, score, n);
        }
      }
      if ((libs == 2 && depth <= SUPERSTRING_DEPTH) || (libs == 3 && depth <= BACKFILL2_DEPTH)) {
        n = superstringRescues(libs, out, score, n);
        n = superstringBreaks(depth, out, score, n);
      }
      if (libs == 2 && depth <= BACKFILL_DEPTH && cornered(liberties)) {
        n = shorteningAttacks(4, out, score, n);
      }
    }
    sort(out, score, n);
    return n;
  }

  /**
   * The liberties a stone of c at p would have, into {@link #pair}, if it captures nothing and has
   * at most max (at most 2) of them; returns how many, or -1 otherwise.
   */
  private int libertiesIfPlayed(int p, byte c, int max) {
    if (board.color(p) != Color.EMPTY || board.isCapture(p, c) || board.isSuicide(p, c)) {
      return -1;
    }
    if (board.libertiesAfterPlay(p, c, max + 1, libertyMarker) > max) {
      return -1;
    }
    board.playAssumeLegal(p, c);
    int k = board.liberties(p, pair, 2, libertyMarker);
    board.undo();
    return k;
  }

  /**
   * Where the attacker's stone on a liberty of the two-liberty target would be in atari, the
   * defender, whose own extension there would not escape, first takes a liberty its stone there
   * would have, next to a stone of its own and not a self-atari (GNU Go's defend2 backfill-A;
   * reading.tst 208, inside a line after the attacker's ko capture).
   */
  private int selfAtariBackfills(int[] liberties, int[] out, int[] score, int n) {
    for (int r = 0; r < 2; r++) {
      if (!selfAtari(liberties[r], attacker)) {
        continue;
      }
      int k = extensionLiberties(liberties[r]);
      for (int i = 0; i < k; i++) {
        int x = six[i];
        if (!selfAtari(x, defender) && nextToStone(x, defender)) {
          n = add(x, 20, out, score, n);
        }
      }
    }
    return n;
  }

  /** Whether a stone of colour c lies next to p. */
  private boolean nextToStone(int p, byte c) {
    for (int dir : directions) {
      if (board.color(p + dir) == c) {
        return true;
      }
    }
    return false;
  }

  /**
   * A single stone in atari that the attacker would capture by a ko capture may be defended by
   * first taking the liberties it would have on its last liberty (GNU Go's defend1 backfilling).
   */
  private int koBackfills(int lib, int[] out, int[] score, int n) {
    if (board.chainSize(target) != 1 || !koShape(lib)) {
      return n;
    }
    int k = extensionLiberties(lib);
    for (int i = 0; i < k; i++) {
      if (k == 1 || !selfAtari(six[i], attacker)) {
        n = add(six[i], 20, out, score, n);
      }
    }
    return n;
  }

  /**
   * The attacker's chains around the target with {@code libs} liberties (three or four) may lose a
   * race with it: the defender shortens them, on the one liberty where the chain would escape to
   * more, or on any of them where it would escape nowhere (GNU Go's break_chain3, reading.tst 26,
   * 81; and break_chain4, tried by its defend2 only when the target cannot lengthen, 182, 184).
   */
  private int shorteningAttacks(int libs, int[] out, int[] score, int n) {
    int chains = attackerChainsAroundTarget();
    for (int i = 0; i < chains; i++) {
      if (board.libertyCount(heads[i]) != libs) {
        continue;
      }
      int k = board.liberties(heads[i], six, libs, libertyMarker);
      int escapes = 0;
      int way = Point.NONE;
      for (int t = 0; t < k; t++) {
        if (board.libertiesAfterPlay(six[t], attacker, libs + 1, libertyMarker) > libs) {
          escapes++;
          way = six[t];
        }
      }
      if (escapes > 1) {
        continue; // two ways out: no net
      }
      for (int t = 0; t < k; t++) {
        if (escapes == 0 || six[t] == way) {
          n = add(six[t], 10, out, score, n);
        }
      }
    }
    return n;
  }

  /**
   * GNU Go's break_chain3 for a four-liberty target (its defend4): the defender shortens the
   * attacker's three-liberty chains around it, but not by a self-atari, which the attacker, who
   * reads four liberties with few moves, would not take (reading.tst 189: A17, not A16).
   */
  private int safeShortenings(int[] out, int[] score, int n) {
    int n0 = n;
    n = shorteningAttacks(3, out, score, n);
    int k = n0;
    for (int i = n0; i < n; i++) {
      if (!selfAtari(out[i], defender)) {
        out[k] = out[i];
        score[k++] = score[i];
      }
    }
    return k;
  }

  /**
   * Whether the target, of several stones, has two liberties that are both self-ataris for it: it
   * cannot lengthen, and GNU Go's defend2 then turns aggressive.
   */
  private boolean cornered(int[] liberties) {
    return board.chainSize(target) > 1
        && selfAtari(liberties[0], defender)
        && selfAtari(liberties[1], defender);
  }

  /**
   * A single stone in atari whose capture may fail (a ko, a snapback): the attacker first takes the
   * liberties it would have by extending to lib, where that is no self-atari, so that it has no
   * escape there (GNU Go's attack1 backfilling; reading.tst 121, 127).
   */
  private int captureBackfills(int lib, int[] out, int[] score, int n) {
    if (board.chainSize(target) != 1) {
      return n;
    }
    int k = extensionLiberties(lib);
    for (int i = 0; i < k; i++) {
      if (!selfAtari(six[i], attacker)) {
        n = add(six[i], 20, out, score, n);
      }
    }
    return n;
  }

  /**
   * The liberties the target's single stone would have after extending to lib, in {@link #six}; 0
   * when the extension is suicide or gives more than five (the stone is not caught there).
   */
  private int extensionLiberties(int lib) {
    if (board.isSuicide(lib, defender)) {
      return 0;
    }
    board.playAssumeLegal(lib, defender);
    int k = board.liberties(lib, six, six.length, libertyMarker);
    board.undo();
    return k > 5 ? 0 : k;
  }

  /**
   * A single stone in atari whose capture at lib would leave the capturing chain one liberty
   * besides the stone's point: the defender takes that liberty first, so that the capture can be
   * taken back (GNU Go's set_up_snapback). With {@code severalStones}, only where the capturing
   * chain would have several stones (a snapback, not a ko).
   */
  private int snapbackSetup(int lib, boolean severalStones, int[] out, int[] score, int n) {
    if (board.chainSize(target) != 1 || lib == board.koPoint() || board.isSuicide(lib, attacker)) {
      return n; // a capture by a ko retake is koBackfills' case
    }
    board.playAssumeLegal(lib, attacker);
    int k = board.liberties(lib, triple, 3, libertyMarker);
    int size = board.chainSize(lib);
    board.undo();
    if (k != 2 || (triple[0] != target && triple[1] != target) || (severalStones && size < 2)) {
      return n;
    }
    int x = triple[0] == target ? triple[1] : triple[0];
    return !selfAtari(x, defender) || takesKo(x, defender) ? add(x, 20, out, score, n) : n;
  }

  /** Whether c's move at the empty point p is a ko capture. */
  private boolean takesKo(int p, byte c) {
    if (p == board.koPoint()) {
      return true;
    }
    if (!board.isCapture(p, c)) {
      return false;
    }
    board.playAssumeLegal(p, c);
    boolean ko = board.koPoint() != Point.NONE;
    board.undo();
    return ko;
  }

  /**
   * Whether the attacker's stone on lib would capture the target as a ko: every other point next to
   * lib is off the board or holds a defender's stone with more than one liberty.
   */
  private boolean koShape(int lib) {
    return koSide(lib - stride) && koSide(lib - 1) && koSide(lib + 1) && koSide(lib + stride);
  }

  private boolean koSide(int q) {
    byte c = board.color(q);
    return q == target || c == Color.WALL || (c == defender && board.libertyCount(q) > 1);
  }

  /**
   * Where the attacker's stone on a liberty of a two-liberty target would have one liberty, the
   * attacker fills that liberty first (backfilling), or captures a chain of the defender in atari
   * next to its own chains there (GNU Go's attack2 backfill and back-capture).
   */
  private int attackerBackfills(int[] liberties, int count, int[] out, int[] score, int n) {
    for (int i = 0; i < count; i++) {
      if (libertiesIfPlayed(liberties[i], attacker, 1) != 1) {
        continue;
      }
      int x = pair[0];
      n = add(x, 35, out, score, n);
      n = backCaptures(x - stride, out, score, n);
      n = backCaptures(x - 1, out, score, n);
      n = backCaptures(x + 1, out, score, n);
      n = backCaptures(x + stride, out, score, n);
    }
    return n;
  }

  /**
   * Where a liberty of a two-liberty target is suicide for the attacker and the defender's stone
   * there would have two liberties, the attacker takes the one that is not the target's other
   * liberty, where it is no self-atari, so that filling the target's liberty becomes an atari (GNU
   * Go's special_attack2; reading.tst 41).
   */
  private int suicideLibertyAttacks(int[] liberties, int[] out, int[] score, int n) {
    for (int k = 0; k < 2; k++) {
      int l = liberties[k];
      if (!board.isSuicide(l, attacker) || board.isSuicide(l, defender)) {
        continue;
      }
      if (board.libertiesAfterPlay(l, defender, 3, libertyMarker) != 2) {
        continue;
      }
      board.playAssumeLegal(l, defender);
      board.liberties(l, pair, 2, libertyMarker);
      board.undo();
      int x = pair[0] != liberties[1 - k] ? pair[0] : pair[1];
      if (!selfAtari(x, attacker)) {
        n = add(x, 25, out, score, n);
      }
    }
    return n;
  }

  private int backCaptures(int q, int[] out, int[] score, int n) {
    return board.color(q) == attacker
        ? capturesAround(board.chainHead(q), defender, 34, out, score, n)
        : n;
  }

  /**
   * Where both liberties of a two-liberty target are self-ataris for the attacker and one of them
   * is also a liberty of an attacker's two-liberty chain next to the target, that chain is in a
   * race: the attacker shortens a defender's chain next to it (two liberties, or three with one
   * shared with it) from outside, where the defender cannot gain liberties by answering (GNU Go's
   * special_attack4).
   */
  private int raceAttacks(int[] liberties, int[] out, int[] score, int n) {
    return raceAttacks(
        board.chainHead(target), liberties[0], liberties[1], attacker, out, score, n);
  }

  /**
   * The same moves for {@code mover} against the two-liberty chain at {@code str} of the other
   * colour, whose liberties are l0 and l1: the attacker's against the target, or the defender's
   * against an attacking chain racing the target (GNU Go's defender finds them by attacking the
   * chains around its own).
   */
  private int raceAttacks(int str, int l0, int l1, byte mover, int[] out, int[] score, int n) {
    if (!selfAtari(l0, mover) || !selfAtari(l1, mover)) {
      return n;
    }
    for (int k = 0; k < 2; k++) {
      int a = k == 0 ? l0 : l1;
      for (int dir : directions) {
        int b = a + dir;
        if (board.color(b) != mover
            || board.libertyCount(b) != 2
            || !chainTouches(board.chainHead(b), str)) {
          continue;
        }
        n = raceAttacks(board.chainHead(b), str, mover, out, score, n);
      }
    }
    return n;
  }

  private int raceAttacks(int b, int str, byte mover, int[] out, int[] score, int n) {
    byte victim = Color.opponent(mover);
    board.liberties(b, outerLiberties, 2, libertyMarker);
    int chains = chainsAround(b, victim, str);
    for (int i = 0; i < chains; i++) {
      int c = links[i];
      int cl = board.libertyCount(c);
      if (cl < 2 || cl > 3) {
        continue;
      }
      int k = board.liberties(c, innerLiberties, 3, libertyMarker);
      boolean common = false;
      for (int t = 0; t < k; t++) {
        common |= innerLiberties[t] == outerLiberties[0] || innerLiberties[t] == outerLiberties[1];
      }
      if (cl == 3 && !common) {
        continue;
      }
      for (int t = 0; t < k; t++) {
        int d = innerLiberties[t];
        if (selfAtari(d, mover)) {
          continue;
        }
        boolean ok = true;
        for (int u = 0; u < k && ok; u++) {
          if (u == t) {
            continue;
          }
          int e = innerLiberties[u];
          int eLibs =
              board.isSuicide(e, victim)
                  ? 0
                  : board.libertiesAfterPlay(e, victim, 4, libertyMarker);
          int dLibs = board.libertiesAfterPlay(d, mover, 3, libertyMarker);
          ok = eLibs <= 3 && (eLibs <= dLibs || common);
        }
        if (ok) {
          n = add(d, RACE_SCORE, out, score, n);
        }
      }
    }
    return n;
  }

  /**
   * Against three or four liberties, GNU Go's edge_closing_backfill: where a liberty a of the
   * target lies on the edge under a stone of the target, with an empty point t beside it along the
   * edge (and the edge or a defender's stone on a's other side) under an attacker's stone, the
   * attacker plays t, unless the two points beyond t hold more of its stones than of the
   * defender's. It closes the edge before the target crawls along it (reading.tst 143, 144: white's
   * D9 kills black's F9 group outright, where the eye point G8 only makes a ko).
   */
  private int edgeClosingBackfills(int[] liberties, int count, int[] out, int[] score, int n) {
    for (int i = 0; i < count; i++) {
      int a = liberties[i];
      for (int up : directions) {
        if (board.color(a - up) != Color.WALL) {
          continue;
        }
        if (board.color(a + up) != defender) {
          break;
        }
        int right = up == stride || up == -stride ? 1 : stride;
        boolean forward = board.color(a + right) == Color.EMPTY && closed(a - right);
        if (!forward && !(board.color(a - right) == Color.EMPTY && closed(a + right))) {
          break;
        }
        if (!forward) {
          right = -right;
        }
        if (board.color(a + up + right) != attacker
            || board.color(a + up + 2 * right) == Color.WALL) {
          break;
        }
        byte b = board.color(a + up + 2 * right);
        byte c = board.color(a + 2 * right);
        int mine = (b == attacker ? 1 : 0) + (c == attacker ? 1 : 0);
        int theirs = (b == defender ? 1 : 0) + (c == defender ? 1 : 0);
        if (mine <= theirs) {
          n = add(a + right, 25, out, score, n);
        }
        break;
      }
    }
    return n;
  }

  /**
   * Whether q is off the board or holds a defender's stone: a's side away from the closing move.
   */
  private boolean closed(int q) {
    return board.color(q) == Color.WALL || board.color(q) == defender;
  }

  /**
   * The defender's race attacks against the attacker's two-liberty chains next to its two-liberty
   * target, the mirror of the attacker's {@link #raceAttacks}: in a race the defender saves the
   * target by winning it (reading.tst 52, 53: after black's C1 and white's capture at B1, black's
   * race attack H2 is answered by white's J2 or H1 against black's racing chain, a ko, as GNU Go
   * reads it).
   */
  private int raceCounterAttacks(int[] out, int[] score, int n) {
    int chains = attackerChainsAroundTarget();
    for (int i = 0; i < chains; i++) {
      int h = heads[i];
      if (board.libertyCount(h) != 2) {
        continue;
      }
      board.liberties(h, pair, 2, libertyMarker);
      n = raceAttacks(h, pair[0], pair[1], defender, out, score, n);
    }
    return n;
  }

  /**
   * The defender's side of a race next to the target: where a chain of the attacker touches the
   * target, the defender's chains in atari next to it are saved by extending or by capturing an
   * attacking chain in atari next to them, and those with two liberties are extended to three or
   * more, so that the race goes on (GNU Go finds these by its defence of the chains around the
   * target: reading.tst 155, 183, 186, 194).
   */
  private int raceRescues(int[] out, int[] score, int n) {
    int targetHead = board.chainHead(target);
    int chains = attackerChainsAroundTarget();
    for (int i = 0; i < chains; i++) {
      int h = heads[i];
      if (board.libertyCount(h) > SAFE_LIBERTIES) {
        continue; // no race: rescues next to it change nothing for the target (reading.tst 145)
      }
      int links = chainsAround(h, defender, targetHead);
      for (int j = 0; j < links; j++) {
        int c = this.links[j];
        if (board.libertyCount(c) == 1) {
          n = add(board.lastLiberty(c), RESCUE_SCORE, out, score, n);
          n = capturesAround(c, attacker, RESCUE_SCORE, out, score, n);
        }
        if (board.libertyCount(c) == 2) {
          // Or lengthened, to three liberties or more, before the attacker shortens them.
          int k = board.liberties(c, innerLiberties, 2, libertyMarker);
          for (int t = 0; t < k; t++) {
            if (!selfAtari(innerLiberties[t], defender)
                && board.libertiesAfterPlay(innerLiberties[t], defender, 3, libertyMarker) >= 3) {
              n = add(innerLiberties[t], 20, out, score, n);
            }
          }
        }
      }
    }
    return n;
  }

  /**
   * The superstring of the target (GNU Go's): its chain and the defender's chains joined to it
   * through a point where the attacker's stone would be a self-atari (next or diagonally next, or
   * one point beyond it), a bamboo joint, or an empty diagonal; chains with more than {@code cap}
   * liberties are not followed further and give no liberties. Fills {@link #ssLibs} with the
   * liberties that are not the target's and returns their count, or -1 if the superstring has more
   * than {@code max} liberties in all.
   */
  private int superstringLiberties(int cap, int max) {
    int stones = superstringStones(cap);
    int all = 0;
    int n = 0;
    ssLibMarker.clear();
    // The liberties, the target's first (they count, but are not listed).
    int head = board.chainHead(target);
    for (int r = 0; r < stones; r++) {
      int pos = ssStones[r];
      for (int dir : directions) {
        int q = pos + dir;
        if (board.color(q) == Color.EMPTY && ssLibMarker.markIfNew(q)) {
          if (++all > max) {
            return -1;
          }
          if (!touchesChain(q, head)) {
            ssLibs[n++] = q;
          }
        }
      }
    }
    return n;
  }

  /**
   * The stones of the target's superstring into {@link #ssStones} (chains with more than {@code
   * cap} liberties are marked but not listed, so not followed further); their count.
   */
  private int superstringStones(int cap) {
    ssStoneMarker.clear();
    int stones = addToSuperstring(board.chainHead(target), 0, cap);
    for (int r = 0; r < stones; r++) {
      int pos = ssStones[r];
      for (int k = 0; k < 4; k++) {
        int right = rotation[k];
        int up = rotation[(k + 1) & 3];
        int a = pos + right;
        if (board.color(a) == Color.WALL) {
          continue;
        }
        int b = a + up;
        if (board.color(a) == Color.EMPTY && selfAtari(a, attacker)) {
          stones = joinSuperstring(b, stones, cap);
          stones = joinSuperstring(a + right, stones, cap);
          stones = joinSuperstring(a - up, stones, cap);
        }
        if (board.color(a) == defender
            && board.color(b) == Color.EMPTY
            && board.color(pos + up) == Color.EMPTY
            && board.color(b + up) == defender) {
          stones = joinSuperstring(pos + 2 * up, stones, cap);
        }
        if (board.color(a) == Color.EMPTY && board.color(pos + up) == Color.EMPTY) {
          stones = joinSuperstring(b, stones, cap);
        }
      }
    }
    ssStoneCount = stones;
    return stones;
  }

  /**
   * The attacker's chains around the target's superstring, but not next to the target itself, that
   * are short of liberties are broken (GNU Go's superstring_break_chain_moves): one in atari is
   * captured, one with two liberties is put in atari where it cannot run (GNU Go's
   * break_chain2_efficient), one with three is shortened as {@link #shorteningAttacks} does, and
   * early in a line the defender's chains in atari next to it are saved (GNU Go's
   * defend_secondary_chain1; reading.tst 187). Called right after {@link #superstringRescues}, it
   * reuses the superstring found there (its chains with at most three liberties), which costs a
   * tenth of the time less than walking it again without a cap, with the same answers.
   */
  private int superstringBreaks(int depth, int[] out, int[] score, int n) {
    int targetHead = board.chainHead(target);
    int stones = ssStoneCount; // the superstring that superstringRescues has just found
    ssLibMarker.clear(); // marks the attacking chains already seen, by their heads
    for (int r = 0; r < stones; r++) {
      for (int dir : directions) {
        int q = ssStones[r] + dir;
        if (board.color(q) != attacker || !ssLibMarker.markIfNew(board.chainHead(q))) {
          continue;
        }
        int h = board.chainHead(q);
        if (chainTouches(h, targetHead)) {
          continue;
        }
        int l = board.libertyCount(h);
        if (l == 1) {
          n = add(board.lastLiberty(h), 11, out, score, n);
        } else if (l == 2) {
          n = efficientBreak2(h, targetHead, out, score, n);
        } else if (l == 3) {
          n = break3(h, targetHead, depth, out, score, n);
        }
      }
    }
    return n;
  }

  /**
   * The attacker's two-liberty chain at h: if one chain of the defender next to it is in atari, the
   * defender saves that one (when the target has more than two liberties); else it ataris h from
   * the liberty where h could not run from the other (GNU Go's break_chain2_efficient).
   */
  private int efficientBreak2(int h, int targetHead, int[] out, int[] score, int n) {
    int links = chainsAround(h, defender, targetHead);
    int inAtari = Point.NONE;
    int count = 0;
    for (int j = 0; j < links; j++) {
      if (board.libertyCount(this.links[j]) == 1) {
        inAtari = this.links[j];
        count++;
      }
    }
    if (count == 1 && board.libertyCount(target) > 2) {
      n = capturesAround(inAtari, attacker, 11, out, score, n);
      int lib = board.lastLiberty(inAtari);
      return selfAtari(lib, defender) ? n : add(lib, 11, out, score, n);
    }
    if (count > 0) {
      return n;
    }
    board.liberties(h, pair, 2, libertyMarker);
    int l0 = pair[0];
    int l1 = pair[1];
    if (board.libertiesAfterPlay(l0, attacker, 3, libertyMarker) <= 2 && !selfAtari(l1, defender)) {
      n = add(l1, 11, out, score, n);
    }
    if (board.libertiesAfterPlay(l1, attacker, 3, libertyMarker) <= 2 && !selfAtari(l0, defender)) {
      n = add(l0, 11, out, score, n);
    }
    return n;
  }

  /**
   * The attacker's three-liberty chain at h: the defender shortens it on the one liberty where it
   * would escape to four, or on all three where it would escape nowhere, and then, early in a line,
   * also saves its own chains in atari next to it (GNU Go's break_chain3 with
   * defend_secondary_chain1).
   */
  private int break3(int h, int targetHead, int depth, int[] out, int[] score, int n) {
    int[] libs = innerLiberties;
    board.liberties(h, libs, 3, libertyMarker);
    int escapes = 0;
    int escape = Point.NONE;
    for (int t = 0; t < 3; t++) {
      if (board.libertiesAfterPlay(libs[t], attacker, 4, libertyMarker) >= 4) {
        escapes++;
        escape = libs[t];
      }
    }
    if (escapes > 1) {
      return n;
    }
    for (int t = 0; t < 3; t++) {
      int m = libs[t];
      if ((escapes == 0 || m == escape)
          && (depth <= BREAK_CHAIN_DEPTH
              || board.libertiesAfterPlay(m, defender, 2, libertyMarker) > 1)) {
        n = add(m, 11, out, score, n);
      }
    }
    if (escapes == 0 && depth <= BACKFILL2_DEPTH) {
      int links = chainsAround(h, defender, targetHead);
      for (int j = 0; j < links; j++) {
        int c = this.links[j];
        if (board.libertyCount(c) != 1) {
          continue;
        }
        int x = board.lastLiberty(c);
        int gain = touchesChain(x, h) ? 1 : 0;
        if (board.libertiesAfterPlay(x, defender, 3, libertyMarker) + gain >= 3) {
          n = add(x, 11, out, score, n);
        }
        n = safeCapturesAround(c, out, score, n);
      }
    }
    return n;
  }

  /**
   * The defender's captures of attacking chains in atari next to the chain at c, no self-ataris.
   */
  private int safeCapturesAround(int c, int[] out, int[] score, int n) {
    int q = c;
    do {
      for (int dir : directions) {
        int a = q + dir;
        if (board.color(a) == attacker
            && board.libertyCount(a) == 1
            && !selfAtari(board.lastLiberty(a), defender)) {
          n = add(board.lastLiberty(a), 11, out, score, n);
        }
      }
      q = board.nextInChain(q);
    } while (q != c);
    return n;
  }

  private int joinSuperstring(int q, int stones, int cap) {
    if (board.color(q) != defender || ssStoneMarker.isMarked(q)) {
      return stones;
    }
    return addToSuperstring(board.chainHead(q), stones, cap);
  }

  /**
   * Marks the chain at h as part of the superstring, and lists its stones if it has few liberties.
   */
  private int addToSuperstring(int h, int stones, int cap) {
    boolean listed = board.libertyCount(h) <= cap;
    int q = h;
    do {
      ssStoneMarker.mark(q);
      if (listed) {
        ssStones[stones++] = q;
      }
      q = board.nextInChain(q);
    } while (q != h);
    return stones;
  }

  private boolean touchesChain(int p, int head) {
    return inChain(p - stride, head)
        || inChain(p - 1, head)
        || inChain(p + 1, head)
        || inChain(p + stride, head);
  }

  /**
   * The attacker's moves on the liberties of the target's superstring (at most five in all) that
   * are not the target's: where its stone would have two liberties or more, or else, where it would
   * have one, on that one first if a stone there would have three (GNU Go's superstring_moves for
   * the attacker, with its superstring backfill; reading.tst 124, 223).
   */
  private int superstringAttacks(int cap, int[] out, int[] score, int n) {
    int k = superstringLiberties(cap, 5);
    for (int i = 0; i < k; i++) {
      int a = ssLibs[i];
      if (board.isSuicide(a, attacker)) {
        continue;
      }
      int libsThere = board.libertiesAfterPlay(a, attacker, 2, libertyMarker);
      if (libsThere >= 2) {
        n = add(a, 12, out, score, n);
      } else if (libertiesIfPlayed(a, attacker, 1) == 1
          && board.color(pair[0]) == Color.EMPTY
          && board.libertiesAfterPlay(pair[0], attacker, 3, libertyMarker) >= 3) {
        n = add(pair[0], 12, out, score, n);
      }
    }
    return n;
  }

  /**
   * The defender's moves on the liberties of the target's superstring (at most five in all): those
   * where the attacker's stone would not be in atari, and next to those where it would have at most
   * two liberties, the points where the defender's stone is no self-atari (GNU Go's
   * superstring_moves with its special_rescue_moves).
   */
  private int superstringRescues(int libs, int[] out, int[] score, int n) {
    int k = superstringLiberties(3, 5);
    for (int i = 0; i < k; i++) {
      int a = ssLibs[i];
      if (!selfAtari(a, attacker)) {
        n = add(a, 12, out, score, n);
      }
      n = specialRescues(a, libs, out, score, n);
    }
    return n;
  }

  /**
   * Squeezes (GNU Go's squeeze_moves): where the attacker cannot play on a liberty of the target
   * and the defender's stone there would have no more liberties than the target has, the defender's
   * chain would run on through that liberty's other liberty (along points where the attacker cannot
   * play). If it ends on a point where the attacker's stone would be in atari, but the defender's
   * stone on the attacker's last liberty there would have fewer than three liberties and fewer than
   * on the point itself, that point squeezes the target's liberties: it is tried.
   */
  private int squeezes(int[] liberties, int count, int[] out, int[] score, int n) {
    int[] libs2 = six;
    for (int k = 0; k < count && count <= 4; k++) {
      int lib = liberties[k];
      if (!board.isSuicide(lib, attacker) || board.isSuicide(lib, defender)) {
        continue;
      }
      board.playAssumeLegal(lib, defender);
      int k2 = board.liberties(lib, libs2, 5, libertyMarker);
      board.undo();
      if (k2 != count) {
        continue;
      }
      int move = Point.NONE;
      for (int r = 0; r < k2 && move == Point.NONE; r++) {
        if (!isLiberty(libs2[r], liberties, count)) {
          move = libs2[r];
        }
      }
      int previous = lib;
      for (int steps = 0; move != Point.NONE && board.isSuicide(move, attacker); steps++) {
        if (steps > 8 || libertiesIfPlayed(move, defender, 2) != 2) {
          move = Point.NONE;
          break;
        }
        int nextMove = pair[0] == previous ? pair[1] : pair[0];
        previous = move;
        move = nextMove;
        if (isLiberty(move, liberties, count)) {
          move = Point.NONE;
        }
      }
      if (move == Point.NONE || libertiesIfPlayed(move, attacker, 1) != 1) {
        continue;
      }
      int last = pair[0];
      int there = board.libertiesAfterPlay(last, defender, 3, libertyMarker);
      if (there < 3 && there < board.libertiesAfterPlay(move, defender, 3, libertyMarker)) {
        n = add(move, 12, out, score, n);
      }
    }
    return n;
  }

  /**
   * Where the attacker's stone on lib would have at most two liberties, the defender plays next to
   * lib, so that the attacker cannot block there (GNU Go's special_rescue_moves).
   */
  private int specialRescues(int lib, int libs, int[] out, int[] score, int n) {
    int otherLibs =
        board.isSuicide(lib, attacker)
            ? 0
            : board.libertiesAfterPlay(lib, attacker, 3, libertyMarker);
    if (otherLibs > 2) {
      return n;
    }
    for (int dir : directions) {
      int q = lib + dir;
      if (board.color(q) != Color.EMPTY || (otherLibs > 1 && selfAtari(q, defender))) {
        continue;
      }
      if (libs > 3) {
        // Against four liberties, the attacker must be unable to block on two points next to q.
        int protectedPoints = 0;
        for (int d2 : directions) {
          int r = q + d2;
          if (board.color(r) == Color.EMPTY
              && board.libertiesAfterPlay(r, attacker, 3, libertyMarker) < 3) {
            protectedPoints++;
          }
        }
        if (protectedPoints < 2) {
          continue;
        }
      }
      n = add(q, 12, out, score, n);
    }
    return n;
  }

  /**
   * The attacker's chains next to the target with two liberties, no more than the target has, are
   * in a race with it: the attacker ataris the defender's two-liberty chains next to them (where
   * its stone is no self-atari), to gain liberties by the capture (an "attack by defending").
   */
  private int weakChainAttacks(int libs, int[] out, int[] score, int n) {
    int targetHead = board.chainHead(target);
    int chains = attackerChainsAroundTarget();
    for (int i = 0; i < chains; i++) {
      int h = heads[i];
      int hl = board.libertyCount(h);
      if (hl > 2 || hl > libs) {
        continue;
      }
      int links = chainsAround(h, defender, targetHead);
      for (int j = 0; j < links; j++) {
        int c = this.links[j];
        if (board.libertyCount(c) != 2) {
          continue;
        }
        int k = board.liberties(c, innerLiberties, 2, libertyMarker);
        for (int t = 0; t < k; t++) {
          if (!selfAtari(innerLiberties[t], attacker)) {
            n = add(innerLiberties[t], RACE_SCORE, out, score, n);
          }
        }
      }
    }
    return n;
  }

  /**
   * A point that is a liberty of two of the attacker's two-liberty chains around the target would
   * be the defender's double atari there: against a target with three or more liberties, the
   * attacker takes it first where the defender's stone would not be a self-atari (GNU Go's
   * double_atari_chain2).
   */
  private int doubleAtariGuards(int[] out, int[] score, int n) {
    int chains = attackerChainsAroundTarget();
    int k = 0;
    for (int i = 0; i < chains; i++) {
      if (board.libertyCount(heads[i]) == 2) {
        board.liberties(heads[i], pair, 2, libertyMarker);
        chainLiberties[k++] = pair[0];
        chainLiberties[k++] = pair[1];
      }
    }
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        if (chainLiberties[i] == chainLiberties[j] && !selfAtari(chainLiberties[i], defender)) {
          n = add(chainLiberties[i], 60, out, score, n);
        }
      }
    }
    return n;
  }

  /**
   * The heads of the chains of colour c next to chain {@code h}, the chain at {@code skip} apart,
   * into {@link #links}; their count.
   */
  private int chainsAround(int h, byte c, int skip) {
    int links = 0;
    int p = h;
    do {
      links = addLink(p - stride, c, skip, links);
      links = addLink(p - 1, c, skip, links);
      links = addLink(p + 1, c, skip, links);
      links = addLink(p + stride, c, skip, links);
      p = board.nextInChain(p);
    } while (p != h);
    return links;
  }

  /** Adds the chain of colour c at q, if it is not the chain at {@code skip}, to {@link #links}. */
  private int addLink(int q, byte c, int skip, int chains) {
    if (board.color(q) != c || board.chainHead(q) == skip) {
      return chains;
    }
    int h = board.chainHead(q);
    for (int i = 0; i < chains; i++) {
      if (links[i] == h) {
        return chains;
      }
    }
    links[chains] = h;
    return chains + 1;
  }

  private boolean inChain(int q, int h) {
    return Color.isPlayer(board.color(q)) && board.chainHead(q) == h;
  }

  private boolean chainTouches(int h, int other) {
    int q = h;
    do {
      if (inChain(q - stride, other)
          || inChain(q - 1, other)
          || inChain(q + 1, other)
          || inChain(q + stride, other)) {
        return true;
      }
      q = board.nextInChain(q);
    } while (q != h);
    return false;
  }

  /** Whether a stone of c on the empty point p would have at most one liberty. */
  private boolean selfAtari(int p, byte c) {
    return board.isSuicide(p, c) || board.libertiesAfterPlay(p, c, 2, libertyMarker) < 2;
  }

  /**
   * Where a liberty of the target is suicide for the attacker, the defender's other chains next to
   * it hold it: the defender may save the target by strengthening them, on their liberties (not
   * self-ataris) or by capturing attacking chains in atari next to them (GNU Go's special_rescue2).
   */
  private int helpNeighbours(int[] liberties, int[] out, int[] score, int n) {
    for (int r = 0; r < 2; r++) {
      int l = liberties[r];
      if (!board.isSuicide(l, attacker)) {
        continue;
      }
      for (int dir : directions) {
        int q = l + dir;
        if (board.color(q) != defender || board.chainHead(q) == board.chainHead(target)) {
          continue;
        }
        int k = board.liberties(q, triple, 3, libertyMarker);
        for (int t = 0; t < k; t++) {
          if (!selfAtari(triple[t], defender)) {
            n = add(triple[t], 25, out, score, n);
          }
        }
        n = capturesAround(board.chainHead(q), attacker, 25, out, score, n);
        n = edgeClamps(board.chainHead(q), out, score, n);
      }
    }
    return n;
  }

  /**
   * Where the target's two liberties a and b touch, an attacker's chain of two liberties beside one
   * of them (across the line a-b) would take the other after the attacker's move there: the
   * defender ataris it from its other liberty first, if that is no self-atari (GNU Go's
   * special_rescue4; reading.tst 198).
   */
  private int sideAtaris(int[] liberties, int[] out, int[] score, int n) {
    int a0 = liberties[0];
    int a1 = liberties[1];
    int step = a1 - a0;
    if (step != 1 && step != -1 && step != stride && step != -stride) {
      return n;
    }
    int across = step == 1 || step == -1 ? stride : 1;
    for (int k = 0; k < 2; k++) {
      int a = k == 0 ? a0 : a1;
      for (int x = a - across; x <= a + across; x += 2 * across) {
        if (board.color(x) != attacker || board.libertyCount(x) != 2) {
          continue;
        }
        board.liberties(x, triple, 2, libertyMarker);
        for (int t = 0; t < 2; t++) {
          int l = triple[t];
          if (l != a0 && l != a1 && !selfAtari(l, defender)) {
            n = add(l, 20, out, score, n);
          }
        }
      }
    }
    return n;
  }

  /**
   * Caps against four liberties (GNU Go's find_cap_moves): where two liberties of the target touch
   * diagonally, the empty corner of their square takes both from the middle (reading.tst 195:
   * white's J4 in black's eye space, between J5 and H4).
   */
  private int squareCaps(int[] liberties, int count, int[] out, int[] score, int n) {
    for (int i = 0; i < count - 1; i++) {
      for (int j = i + 1; j < count; j++) {
        int a = liberties[i];
        int b = liberties[j];
        int d = Math.abs(a - b);
        if (d != stride - 1 && d != stride + 1) {
          continue;
        }
        int c1 = a + (b % stride - a % stride); // a's row, b's column
        int c2 = b + (a % stride - b % stride);
        n =
            board.color(c1) == Color.EMPTY
                ? add(c1, 40, out, score, n)
                : addEmpty(c2, 40, out, score, n);
      }
    }
    return n;
  }

  /**
   * Edge clamps (GNU Go's edge_clamp_moves): an attacking chain with three liberties next to the
   * defender's chain at h, with one liberty b on the edge under one of its stones, where a stone of
   * h stands diagonally next to b on one side and liberties d (beside that stone) and e (above d)
   * on the other. The defender's stone on d, with three liberties or more, clamps the attacker's
   * chain against the edge when the attacker's stone on e would have at most three (reading.tst
   * 161, 162).
   */
  private int edgeClamps(int h, int[] out, int[] score, int n) {
    int found = 0;
    int q = h;
    do {
      for (int dir : directions) {
        int a = q + dir;
        if (board.color(a) != attacker || board.libertyCount(a) != 3) {
          continue;
        }
        int ah = board.chainHead(a);
        boolean seen = false;
        for (int i = 0; i < found; i++) {
          seen |= clampHeads[i] == ah;
        }
        if (!seen) {
          clampHeads[found++] = ah;
          n = edgeClamp(ah, h, out, score, n);
        }
      }
      q = board.nextInChain(q);
    } while (q != h);
    return n;
  }

  private int edgeClamp(int a, int h, int[] out, int[] score, int n) {
    board.liberties(a, clampLibs, 3, libertyMarker);
    int b = Point.NONE;
    for (int k = 0; k < 3 && b == Point.NONE; k++) {
      if (onEdge(clampLibs[k])) {
        b = clampLibs[k];
      }
    }
    if (b == Point.NONE) {
      return n;
    }
    for (int k = 0; k < 4; k++) {
      int up = rotation[k];
      if (board.color(b - up) != Color.WALL || board.color(b + up) != attacker) {
        continue;
      }
      for (int side = -1; side <= 1; side += 2) {
        int right = side * rotation[(k + 1) & 3];
        int c = b + up - right;
        int d = b + up + right;
        int e = d + up;
        if (inChain(c, h)
            && board.color(d) == Color.EMPTY
            && isLiberty(d, clampLibs, 3)
            && board.color(e) == Color.EMPTY
            && isLiberty(e, clampLibs, 3)
            && !board.isSuicide(d, defender)
            && board.libertiesAfterPlay(d, defender, 3, libertyMarker) >= 3
            && (board.isSuicide(e, attacker)
                || board.libertiesAfterPlay(e, attacker, 4, libertyMarker) <= 3)) {
          n = add(d, 35, out, score, n);
        }
      }
    }
    return n;
  }

  /** Whether p is on the edge of the board. */
  private boolean onEdge(int p) {
    return board.color(p - stride) == Color.WALL
        || board.color(p - 1) == Color.WALL
        || board.color(p + 1) == Color.WALL
        || board.color(p + stride) == Color.WALL;
  }

  /**
   * Edge moves (GNU Go's propose_edge_moves), for a liberty a of the target on the edge. Where the
   * point b above a is empty, an attacker's stone stands beside b and the point on a's other side
   * is empty, drawing back or climbing up to b is often the right attack or defence, and so is c,
   * beside b on the open side, except for the defender of two liberties (reading.tst 63, 87). Where
   * instead an attacker's chain with more than four liberties stands on b, the defender's crawl to
   * a is dropped if no friendly stone lies ahead on the first two lines: it gains nothing.
   *
   * <pre>
   *   X b c        X X
   *   O a .        O a
   *   -----        ---
   * </pre>
   */
  private int edgeMoves(
      int[] liberties, int count, boolean defending, int[] out, int[] score, int n) {
    for (int r = 0; r < count; r++) {
      int a = liberties[r];
      for (int k = 0; k < 4; k++) {
        int up = rotation[k];
        if (board.color(a - up) != Color.WALL) {
          continue;
        }
        for (int side = -1; side <= 1; side += 2) {
          int right = side * rotation[(k + 1) & 3];
          if (board.color(a + up) == attacker && board.libertyCount(a + up) > 4) {
            if (defending && !friendAlongEdge(a, up, right)) {
              n = remove(a, out, score, n);
            }
          } else if (board.color(a + up) == Color.EMPTY
              && board.color(a + up - right) == attacker
              && board.color(a + right) == Color.EMPTY) {
            if (board.libertyCount(a + up - right) == 1) {
              n = add(a + up, 20, out, score, n);
            } else {
              n = add(a + up, 10, out, score, n);
              if (!defending || count != 2) {
                n = addEmpty(a + up + right, 10, out, score, n);
              }
            }
          }
        }
      }
    }
    return n;
  }

  /** Whether a defender's stone lies on the first two lines from a onwards towards right. */
  private boolean friendAlongEdge(int a, int up, int right) {
    for (int x = a; board.color(x) != Color.WALL; x += right) {
      if (board.color(x) == defender || board.color(x + up) == defender) {
        return true;
      }
    }
    return false;
  }

  /** Takes p out of the move list, if it is there (it stays marked: it is not added again). */
  private int remove(int p, int[] out, int[] score, int n) {
    marker.markIfNew(p);
    for (int i = 0; i < n; i++) {
      if (out[i] == p) {
        System.arraycopy(out, i + 1, out, i, n - i - 1);
        System.arraycopy(score, i + 1, score, i, n - i - 1);
        return n - 1;
      }
    }
    return n;
  }

  /**
   * Where a liberty of the target is suicide for the attacker, the defender's other chains next to
   * it hold it: the attacker shortens those with two or three liberties, from a liberty that is no
   * self-atari (the attacker's side of {@link #helpNeighbours}).
   */
  private int blockerAttacks(int[] liberties, int count, int[] out, int[] score, int n) {
    int targetHead = board.chainHead(target);
    for (int r = 0; r < count; r++) {
      int l = liberties[r];
      if (!board.isSuicide(l, attacker)) {
        continue;
      }
      for (int dir : directions) {
        int q = l + dir;
        if (board.color(q) != defender
            || board.chainHead(q) == targetHead
            || board.libertyCount(q) < 2
            || board.libertyCount(q) > 3) {
          continue;
        }
        int k = board.liberties(q, triple, 3, libertyMarker);
        for (int t = 0; t < k; t++) {
          if (triple[t] != l && !selfAtari(triple[t], attacker)) {
            n = add(triple[t], 25, out, score, n);
          }
        }
      }
    }
    return n;
  }

  /**
   * Whether the attacker's last move drew back (see drawBacks): played away from the target, it
   * left its chain next to the target with three liberties, which the defender may shorten.
   */
  private boolean attackerDrewBack() {
    int m = board.lastMove();
    return geometry.isOnBoard(m)
        && board.color(m) == attacker
        && !touchesTarget(m)
        && board.libertyCount(m) == 3
        && chainTouches(board.chainHead(m), board.chainHead(target));
  }

  /**
   * Against three liberties, the attacker's two-liberty chains next to the target draw back: a
   * liberty of such a chain that is not the target's but touches one of them both gives the chain
   * room and closes the target's way out there (GNU Go's draw_back in attack3; reading.tst 33).
   */
  private int drawBacks(int[] liberties, int count, int[] out, int[] score, int n) {
    int chains = attackerChainsAroundTarget();
    for (int i = 0; i < chains; i++) {
      if (board.libertyCount(heads[i]) != 2) {
        continue;
      }
      board.liberties(heads[i], pair, 2, libertyMarker);
      for (int k = 0; k < 2; k++) {
        int q = pair[k];
        if (!isLiberty(q, liberties, count)
            && (isLiberty(q - stride, liberties, count)
                || isLiberty(q - 1, liberties, count)
                || isLiberty(q + 1, liberties, count)
                || isLiberty(q + stride, liberties, count))) {
          n = add(q, 20, out, score, n);
        }
      }
    }
    return n;
  }

  /**
   * An attacking chain next to a liberty of the target that shares two or more liberties with it,
   * and has at most one more than the target, is in a race with it: the defender shortens it from
   * outside, on its liberties that are not the target's (GNU Go's special_rescue5).
   */
  private int outsideShortenings(int[] liberties, int count, int[] out, int[] score, int n) {
    for (int r = 0; r < count; r++) {
      for (int dir : directions) {
        int b = liberties[r] + dir;
        if (board.color(b) != attacker || board.libertyCount(b) > count + 1) {
          continue;
        }
        int k = board.liberties(b, six, 4, libertyMarker);
        int common = 0;
        for (int t = 0; t < k; t++) {
          common += isLiberty(six[t], liberties, count) ? 1 : 0;
        }
        for (int t = 0; common >= 2 && t < k; t++) {
          if (!isLiberty(six[t], liberties, count) && !selfAtari(six[t], defender)) {
            n = add(six[t], 15, out, score, n);
          }
        }
      }
    }
    return n;
  }

  /** The empty points next to the target's liberties, at score s. */
  private int secondLiberties(int[] liberties, int count, int s, int[] out, int[] score, int n) {
    for (int i = 0; i < count; i++) {
      int l = liberties[i];
      n = addEmpty(l - stride, s, out, score, n);
      n = addEmpty(l - 1, s, out, score, n);
      n = addEmpty(l + 1, s, out, score, n);
      n = addEmpty(l + stride, s, out, score, n);
    }
    return n;
  }

  /**
   * The nets against a target with two liberties inside a line (GNU Go's find_cap and
   * special_attack3): where the liberties are diagonal to each other, the empty point next to both;
   * where they are next to each other, the points beside each of them, across the line they form,
   * where the attacker's stone is no self-atari.
   */
  private int capMoves(int[] liberties, int[] out, int[] score, int n) {
    int a = liberties[0];
    int b = liberties[1];
    int d = Math.abs(a - b);
    if (d == stride - 1 || d == stride + 1) {
      n = addEmpty(a + (b % stride - a % stride), 40, out, score, n);
      return addEmpty(b + (a % stride - b % stride), 40, out, score, n);
    }
    if (d != 1 && d != stride) {
      return n;
    }
    int across = d == 1 ? stride : 1;
    for (int k = 0; k < 4; k++) {
      int x = (k < 2 ? a : b) + ((k & 1) == 0 ? -across : across);
      if (board.color(x) == Color.EMPTY && !selfAtari(x, attacker)) {
        n = add(x, 40, out, score, n);
      }
    }
    return n;
  }

  /**
   * The nets against a target with three liberties: the empty points next to two of its liberties
   * that are not liberties themselves (a stone there covers both escape routes, GNU Go's geta).
   */
  private int netMoves(int[] liberties, int count, int[] out, int[] score, int n) {
    for (int i = 0; i < count; i++) {
      int l = liberties[i];
      n = addNet(l - stride, liberties, count, out, score, n);
      n = addNet(l - 1, liberties, count, out, score, n);
      n = addNet(l + 1, liberties, count, out, score, n);
      n = addNet(l + stride, liberties, count, out, score, n);
    }
    return n;
  }

  private int addNet(int q, int[] liberties, int count, int[] out, int[] score, int n) {
    if (board.color(q) != Color.EMPTY || isLiberty(q, liberties, count)) {
      return n;
    }
    int touching = 0;
    for (int j = 0; j < count; j++) {
      int d = Math.abs(liberties[j] - q);
      touching += d == 1 || d == stride ? 1 : 0;
    }
    return touching >= 2 ? add(q, 40, out, score, n) : n;
  }

  private static boolean isLiberty(int q, int[] liberties, int count) {
    for (int j = 0; j < count; j++) {
      if (liberties[j] == q) {
        return true;
      }
    }
    return false;
  }

  /**
   * Moves on the chains of the attacker next to the target: the defender captures those in atari
   * and ataris those with two liberties; the attacker rescues its own in atari.
   */
  private int neighbourChainMoves(byte toMove, int depth, int[] out, int[] score, int n) {
    int chains = attackerChainsAroundTarget();
    int[] libs = pair;
    for (int i = 0; i < chains; i++) {
      int h = heads[i];
      int l = board.libertyCount(h);
      if (l == 1) {
        // Capture it (defender) or save it (attacker): both play on its last liberty.
        n = add(board.lastLiberty(h), toMove == defender ? 300 : 200, out, score, n);
        if (toMove == attacker) {
          // The attacker may also save it by capturing a chain of the defender next to it.
          n = capturesAround(h, defender, 190, out, score, n);
        }
      } else if (l == 2
          && toMove == defender
          && board.libertyCount(target) > 1
          && (depth <= BACKFILL_DEPTH || !hasNeighbourInAtari(h, defender))) {
        // Deep in a line, not against a chain that can capture first (GNU Go's break_chain2
        // limit, reading.tst 171).
        // A counter-atari, only when the target is not in atari itself.
        int k = board.liberties(h, libs, 2, libertyMarker);
        int l0 = libs[0];
        int l1 = libs[1];
        n = counterAtari(l0, l1, depth, out, score, n);
        n = counterAtari(l1, l0, depth, out, score, n);
        n = blockedCounterAtari(h, l0, out, score, n);
        n = blockedCounterAtari(h, l1, out, score, n);
        if (depth <= BACKFILL2_DEPTH || sharesLiberty(l0, l1)) {
          n = chain2Backfills(l0, l1, out, score, n);
        }
      }
    }
    return n;
  }

  /**
   * The defender's counter-atari on liberty l of an attacking two-liberty chain: a self-atari only
   * where it takes a ko, or early in a line where the attacker's stone there would have fewer than
   * five liberties (GNU Go's break_chain2 moves: a self-atari against a chain that escapes by
   * extending there only lengthens the line, reading.tst 41).
   */
  private int counterAtari(int l, int other, int depth, int[] out, int[] score, int n) {
    if (selfAtari(l, defender)
        && !takesKo(l, defender)
        && (depth > BACKFILL_DEPTH
            || (!board.isSuicide(l, attacker)
                && board.libertiesAfterPlay(l, attacker, 5, libertyMarker) >= 5))) {
      return n;
    }
    // Against two liberties, an atari the chain can run from (its stone on its other liberty would
    // have three or more) comes after the backfills (GNU Go's defend2 tries only its efficient
    // break_chain2 moves in its first batches; reading.tst 172).
    boolean efficient =
        board.libertyCount(target) != 2
            || board.isSuicide(other, attacker)
            || board.libertiesAfterPlay(other, attacker, 3, libertyMarker) <= 2;
    return add(l, efficient ? 50 : 19, out, score, n);
  }

  /**
   * Where both liberties l0 and l1 of an attacking two-liberty chain are self-ataris for the
   * defender, it backfills: it takes the liberties the attacker's stone on one of them would have,
   * where it has two there (GNU Go's break_chain2 backfill; reading.tst 139).
   */
  private int chain2Backfills(int l0, int l1, int[] out, int[] score, int n) {
    if (!selfAtari(l0, defender) || !selfAtari(l1, defender)) {
      return n;
    }
    for (int k = 0; k < 2; k++) {
      int l = k == 0 ? l0 : l1;
      if (libertiesIfPlayed(l, attacker, 2) != 2) {
        continue;
      }
      int a = pair[0];
      int b = pair[1];
      n = !selfAtari(a, defender) ? add(a, 40, out, score, n) : n;
      n = !selfAtari(b, defender) ? add(b, 40, out, score, n) : n;
    }
    return n;
  }

  /** Whether l0 or l1 is a liberty of the target. */
  private boolean sharesLiberty(int l0, int l1) {
    int t = board.chainHead(target);
    return touchesChain(l0, t) || touchesChain(l1, t);
  }

  /**
   * Where the defender cannot play on liberty l of the attacker's two-liberty chain at h (a stone
   * there would have at most one liberty), an attacking stone next to l that could connect there is
   * put in atari first from its other liberty, so that it cannot connect (reading.tst 30, 94 to 96:
   * the defender's ko, where the attacker's capture back is then a ko).
   */
  private int blockedCounterAtari(int h, int l, int[] out, int[] score, int n) {
    if (!selfAtari(l, defender)) {
      return n;
    }
    for (int dir : directions) {
      int q = l + dir;
      if (board.color(q) != attacker
          || board.chainHead(q) == board.chainHead(h)
          || board.libertyCount(q) != 2) {
        continue;
      }
      int k = board.liberties(q, innerLiberties, 2, libertyMarker);
      for (int t = 0; t < k; t++) {
        int d = innerLiberties[t];
        if (d != l && !selfAtari(d, defender)) {
          n = add(d, 45, out, score, n);
        }
      }
    }
    return n;
  }

  /** Whether a chain of colour c next to the chain at h is in atari. */
  private boolean hasNeighbourInAtari(int h, byte c) {
    int q = h;
    do {
      for (int dir : directions) {
        if (board.color(q + dir) == c && board.libertyCount(q + dir) == 1) {
          return true;
        }
      }
      q = board.nextInChain(q);
    } while (q != h);
    return false;
  }

  /** The last liberties of the chains of colour c in atari next to the chain at h, at score s. */
  private int capturesAround(int h, byte c, int s, int[] out, int[] score, int n) {
    int q = h;
    do {
      n = addCapture(q - stride, c, s, out, score, n);
      n = addCapture(q - 1, c, s, out, score, n);
      n = addCapture(q + 1, c, s, out, score, n);
      n = addCapture(q + stride, c, s, out, score, n);
      q = board.nextInChain(q);
    } while (q != h);
    return n;
  }

  private int addCapture(int q, byte c, int s, int[] out, int[] score, int n) {
    return board.color(q) == c && board.libertyCount(q) == 1
        ? add(board.lastLiberty(q), s, out, score, n)
        : n;
  }

  /** The heads of the attacker's chains next to the target, into {@link #heads}; their count. */
  private int attackerChainsAroundTarget() {
    int head = board.chainHead(target);
    int chains = 0;
    int q = head;
    do {
      chains = addHead(q - stride, heads, chains);
      chains = addHead(q - 1, heads, chains);
      chains = addHead(q + 1, heads, chains);
      chains = addHead(q + stride, heads, chains);
      q = board.nextInChain(q);
    } while (q != head);
    return chains;
  }

  private int addHead(int q, int[] heads, int chains) {
    if (board.color(q) != attacker) {
      return chains;
    }
    int h = board.chainHead(q);
    for (int i = 0; i < chains; i++) {
      if (heads[i] == h) {
        return chains;
      }
    }
    heads[chains] = h;
    return chains + 1;
  }

  /**
   * Local candidates for {@code toMove}, best first: the empty points of the area that touch an
   * enemy stone, capture, or lie in a small empty region (at most {@link #SMALL_REGION} points: an
   * eye space, where nakade and eye-making moves are). A move that touches only the mover's own
   * stones outside such a region fills its own liberty or territory and never helps in a local
   * fight, so it is not tried.
   */
  private int localMoves(byte toMove, int[] out, int depth) {
    int[] score = moveScores[depth];
    int n = 0;
    boolean attacking = toMove == attacker;
    byte other = Color.opponent(toMove);
    for (int i = 0; i < board.emptyCount(); i++) {
      int p = board.emptyPoint(i);
      if (!inArea[p]) {
        continue;
      }
      boolean capture = board.isCapture(p, toMove);
      boolean touchesEnemy =
          board.color(p - stride) == other
              || board.color(p - 1) == other
              || board.color(p + 1) == other
              || board.color(p + stride) == other;
      if (!capture && !touchesEnemy && !inSmallRegion(p)) {
        continue;
      }
      int s = board.emptyNeighbourCount(p);
      if (capture) {
        s += 300;
      }
      // The attacker takes the target's liberties, outside ones (not its own) first; the defender
      // takes the liberties of the weakest enemy chain next to it.
      if (attacking) {
        if (touchesTarget(p)) {
          s += 100 - 30 * ownLibertyOfWeakChain(p, toMove);
        }
      } else {
        int weakest = weakestEnemyLiberties(p, other);
        s += weakest == 0 ? 0 : 200 / weakest;
      }
      if (!capture && board.libertiesAfterPlay(p, toMove, 2, marker) < 2) {
        s -= 80; // a self-atari: a throw-in or a nakade at best
      }
      out[n] = p;
      score[n] = s;
      n++;
    }
    sort(out, score, n);
    return n;
  }

  /** 1 if p is a liberty of a chain of {@code c} with at most 3 liberties, else 0. */
  private int ownLibertyOfWeakChain(int p, byte c) {
    for (int dir : directions) {
      int q = p + dir;
      if (board.color(q) == c && board.libertyCount(q) <= 3) {
        return 1;
      }
    }
    return 0;
  }

  /** The fewest liberties among the chains of {@code c} next to p, or 0 if there is none. */
  private int weakestEnemyLiberties(int p, byte c) {
    int fewest = Integer.MAX_VALUE;
    for (int dir : directions) {
      int q = p + dir;
      if (board.color(q) == c) {
        fewest = Math.min(fewest, board.libertyCount(q));
      }
    }
    return fewest == Integer.MAX_VALUE ? 0 : fewest;
  }

  /** Whether the empty region of p (its connected empty points) has at most SMALL_REGION points. */
  private boolean inSmallRegion(int p) {
    int[] stack = scratch;
    marker.clear();
    marker.mark(p);
    int top = 0;
    int size = 1;
    stack[top++] = p;
    while (top > 0) {
      int q = stack[--top];
      for (int dir : directions) {
        int a = q + dir;
        if (board.color(a) == Color.EMPTY && marker.markIfNew(a)) {
          if (++size > SMALL_REGION) {
            return false;
          }
          stack[top++] = a;
        }
      }
    }
    return true;
  }

  private boolean touchesTarget(int p) {
    int h = board.chainHead(target);
    return board.chainHead(p - stride) == h
        || board.chainHead(p - 1) == h
        || board.chainHead(p + 1) == h
        || board.chainHead(p + stride) == h;
  }

  private int collectLiberties(int p, int[] out, int n) {
    return n + board.liberties(p, out, out.length, libertyMarker);
  }

  private int addEmpty(int p, int s, int[] out, int[] score, int n) {
    return board.color(p) == Color.EMPTY ? add(p, s, out, score, n) : n;
  }

  /**
   * Adds p once, at the highest score of the reasons it is added for: a liberty that is also a
   * counter-atari is tried as a liberty, not after every other counter-atari (reading.tst 157).
   */
  private int add(int p, int s, int[] out, int[] score, int n) {
    if (p == Point.NONE) {
      return n;
    }
    if (!marker.markIfNew(p)) {
      for (int i = 0; i < n; i++) {
        if (out[i] == p) {
          score[i] = Math.max(score[i], s);
        }
      }
      return n;
    }
    out[n] = p;
    score[n] = s;
    return n + 1;
  }

  /** Sorts moves by descending score, stable (insertion sort: the lists are short). */
  private static void sort(int[] moves, int[] score, int n) {
    for (int i = 1; i < n; i++) {
      int m = moves[i];
      int s = score[i];
      int j = i - 1;
      while (j >= 0 && score[j] < s) {
        moves[j + 1] = moves[j];
        score[j + 1] = score[j];
        j--;
      }
      moves[j + 1] = m;
      score[j + 1] = s;
    }
  }
}
