package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;

/**
 * A board for light playouts only, in the spirit of Fuego's {@code GoUctBoard} next to its {@code
 * GoBoard}: no undo, no hash, no atari bitset, and <em>pseudo-liberties</em> instead of exact ones
 * (libego's representation). A chain counts its (stone, empty neighbour) pairs, and the sum and the
 * sum of squares of those empty points: the count is zero exactly when the chain has no liberty,
 * and all the pairs name one point, i.e. the chain is in atari, exactly when {@code count * squares
 * == sum * sum}. The three numbers are packed in one long per chain, so that a pair is added or
 * taken away, and two chains merged, by one addition; there is no set of liberties to de-duplicate.
 *
 * <p>Everything a playout can observe is {@link Board}'s, bit for bit: the chain heads and circular
 * lists, the order of the empty-point list, simple ko, suicide never played, the capture counts. So
 * {@link LightPolicy} on this board draws the same moves as {@link PlayoutPolicy} on {@link Board},
 * and gives identical statistics ({@code LightBoardTest} plays both side by side). This class only
 * answers queries (atari, last liberty, legality, the eye shape, liberties after a play); the
 * playout rules that ask them are {@link PlayoutRules}', and the eye rule's diagonal test is {@link
 * Board#diagonalsAllowEye}.
 *
 * <p>Thread-confined; one per {@link Playout}.
 */
final class LightBoard {
  // The chain of every empty point and wall: a move subtracts its pair from each neighbour's
  // chain, and a capture adds the freed points' pairs, without looking first. Its value means
  // nothing except within a move's four subtractions, which start it from zero. Point 0 is a
  // wall (the corner of the padding), never a head.
  private static final int SINK = 0;

  // A chain's pseudo-liberties as one long: the pair count in bits 50-62, the sum of the points in
  // bits 30-49, the sum of their squares in bits 0-29. Each field holds a sum of what pairs put
  // there and so never borrows from the next. On 25x25 (points below 703, at most 1,200 pairs:
  // one per pair of adjacent points) the count stays below 2^11, the sum below 842,400 < 2^20 and
  // the squares below 5.92e8 < 2^30.
  private static final int COUNT_SHIFT = 50;
  private static final int SUM_SHIFT = 30;
  private static final long COUNT_ONE = 1L << COUNT_SHIFT;
  private static final long SUM_MASK = (1L << (COUNT_SHIFT - SUM_SHIFT)) - 1;
  private static final long SQUARES_MASK = (1L << SUM_SHIFT) - 1;

  private final Geometry geometry;
  private final int stride;
  private final byte[] color;
  private final int[] chainHead;
  private final int[] nextInChain;
  private final int[] chainStones;
  // Per chain head: its pairs packed as above. Per point: the packed value of one pair with it.
  private final long[] libs;
  private final long[] pairOf;
  private final int[] neighbourCounts;
  private final int[] emptyPoints;
  private final int[] emptyIndex;
  private int emptyCount;
  private int koPoint;
  private byte koColor;
  private int blackCaptures;
  private int whiteCaptures;

  LightBoard(Geometry geometry) {
    this.geometry = geometry;
    this.stride = geometry.stride();
    int n = geometry.arraySize();
    color = new byte[n];
    chainHead = new int[n];
    nextInChain = new int[n];
    chainStones = new int[n];
    libs = new long[n];
    pairOf = new long[n];
    for (int p = 0; p < n; p++) {
      pairOf[p] = COUNT_ONE | (long) p << SUM_SHIFT | (long) p * p;
    }
    neighbourCounts = new int[n];
    emptyPoints = new int[geometry.pointCount()];
    emptyIndex = new int[n];
  }

  /** Makes this board the position of {@code board}, with the same chains and empty-point order. */
  void setPosition(Board board) {
    if (board.geometry() != geometry) {
      throw new IllegalArgumentException("a " + board.geometry() + " board for " + geometry);
    }
    for (int p = 0; p < color.length; p++) {
      color[p] = geometry.isOnBoard(p) ? board.color(p) : Color.WALL;
      chainHead[p] = SINK;
      libs[p] = 0;
    }
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      neighbourCounts[p] = countNeighbours(p);
      if (Color.isPlayer(color[p])) {
        int head = board.chainHead(p);
        chainHead[p] = head;
        nextInChain[p] = board.nextInChain(p);
        chainStones[head] = board.chainSize(p);
        addPseudoLiberties(p, head);
      }
    }
    emptyCount = board.emptyCount();
    for (int i = 0; i < emptyCount; i++) {
      emptyPoints[i] = board.emptyPoint(i);
      emptyIndex[emptyPoints[i]] = i;
    }
    koPoint = board.koPoint();
    koColor = board.koColor();
    blackCaptures = board.captures(Color.BLACK);
    whiteCaptures = board.captures(Color.WHITE);
  }

  private int countNeighbours(int p) {
    int packed = 0;
    for (int q : new int[] {p - stride, p - 1, p + 1, p + stride}) {
      packed +=
          switch (color[q]) {
            case Color.EMPTY -> 1;
            case Color.BLACK -> 1 << 4;
            case Color.WHITE -> 1 << 8;
            default -> (1 << 4) | (1 << 8);
          };
    }
    return packed;
  }

  private void addPseudoLiberties(int p, int head) {
    for (int q : new int[] {p - stride, p - 1, p + 1, p + stride}) {
      if (color[q] == Color.EMPTY) {
        addLiberty(head, q);
      }
    }
  }

  /** Makes this board an exact copy of {@code other}. */
  void copyFrom(LightBoard other) {
    int n = color.length;
    System.arraycopy(other.color, 0, color, 0, n);
    System.arraycopy(other.chainHead, 0, chainHead, 0, n);
    System.arraycopy(other.nextInChain, 0, nextInChain, 0, n);
    System.arraycopy(other.chainStones, 0, chainStones, 0, n);
    System.arraycopy(other.libs, 0, libs, 0, n);
    System.arraycopy(other.neighbourCounts, 0, neighbourCounts, 0, n);
    System.arraycopy(other.emptyIndex, 0, emptyIndex, 0, n);
    System.arraycopy(other.emptyPoints, 0, emptyPoints, 0, other.emptyCount);
    emptyCount = other.emptyCount;
    koPoint = other.koPoint;
    koColor = other.koColor;
    blackCaptures = other.blackCaptures;
    whiteCaptures = other.whiteCaptures;
  }

  byte color(int p) {
    return color[p];
  }

  int koPoint() {
    return koPoint;
  }

  int captures() {
    return blackCaptures + whiteCaptures;
  }

  int emptyCount() {
    return emptyCount;
  }

  int emptyPoint(int i) {
    return emptyPoints[i];
  }

  int chainHead(int p) {
    return chainHead[p];
  }

  int nextInChain(int p) {
    return nextInChain[p];
  }

  /** Whether the chain at the stone p has exactly one liberty (meaningless at other points). */
  boolean inAtariAt(int p) {
    return inAtari(chainHead[p]);
  }

  /** The liberty of the chain at the stone p, which is in atari: all its pairs name it. */
  int lastLiberty(int p) {
    long l = libs[chainHead[p]];
    int sum = (int) ((l >>> SUM_SHIFT) & SUM_MASK);
    // At most four pairs (the liberty's four neighbours), so no division instruction is needed.
    return switch ((int) (l >>> COUNT_SHIFT)) {
      case 1 -> sum;
      case 2 -> sum >> 1;
      case 3 -> sum / 3;
      default -> sum >> 2;
    };
  }

  /**
   * {@link Board#libertiesAfterPlay}: the exact liberties (at most {@code limit}) of the chain a
   * stone of {@code player} at the empty point p would have, captures included, by a walk over the
   * friendly chains next to p.
   */
  int libertiesAfterPlay(int p, byte player, int limit, Marker marker) {
    if ((neighbourCounts[p] & 15) >= limit) {
      return limit;
    }
    marker.clear();
    marker.mark(p);
    byte enemy = Color.opponent(player);
    int c0 = capturedHead(p - stride, enemy);
    int c1 = capturedHead(p - 1, enemy);
    int c2 = capturedHead(p + 1, enemy);
    int c3 = capturedHead(p + stride, enemy);
    int n = 0;
    n = countLiberty(p - stride, marker, n, c0, c1, c2, c3);
    n = countLiberty(p - 1, marker, n, c0, c1, c2, c3);
    n = countLiberty(p + 1, marker, n, c0, c1, c2, c3);
    n = countLiberty(p + stride, marker, n, c0, c1, c2, c3);
    n = addChainLiberties(p - stride, player, marker, n, limit, c0, c1, c2, c3);
    n = addChainLiberties(p - 1, player, marker, n, limit, c0, c1, c2, c3);
    n = addChainLiberties(p + 1, player, marker, n, limit, c0, c1, c2, c3);
    n = addChainLiberties(p + stride, player, marker, n, limit, c0, c1, c2, c3);
    return Math.min(n, limit);
  }

  /**
   * Whether a stone of {@code player} at the empty point p would have two liberties or more,
   * captures included: {@code libertiesAfterPlay(p, player, 2, marker) == 2}, without a walk unless
   * the move captures. Otherwise the new chain's pairs are p's pairs with its empty neighbours,
   * plus those of the friendly chains it joins less their pairs with p; it would have no liberty
   * when there are none, one when they all name one point.
   */
  boolean twoLibertiesAfterPlay(int p, byte player, Marker marker) {
    if ((neighbourCounts[p] & 15) >= 2) {
      return true;
    }
    int up = p - stride;
    int left = p - 1;
    int right = p + 1;
    int down = p + stride;
    byte enemy = Color.opponent(player);
    if ((capturedHead(up, enemy)
            | capturedHead(left, enemy)
            | capturedHead(right, enemy)
            | capturedHead(down, enemy))
        != Point.NONE) {
      return libertiesAfterPlay(p, player, 2, marker) == 2;
    }
    long pair = pairOf[p];
    long pairs = emptyNeighbourPairs(p);
    int h0 = friendlyHead(up, player);
    int h1 = friendlyHead(left, player);
    int h2 = friendlyHead(right, player);
    int h3 = friendlyHead(down, player);
    pairs += chainPairs(h0) - (h0 == SINK ? 0 : pair);
    pairs += (h1 == h0 ? 0 : chainPairs(h1)) - (h1 == SINK ? 0 : pair);
    pairs += (h2 == h0 || h2 == h1 ? 0 : chainPairs(h2)) - (h2 == SINK ? 0 : pair);
    pairs += (h3 == h0 || h3 == h1 || h3 == h2 ? 0 : chainPairs(h3)) - (h3 == SINK ? 0 : pair);
    return pairs >>> COUNT_SHIFT != 0 && !singlePoint(pairs);
  }

  /** The head of q's chain if it is one of {@code player}'s, else SINK. */
  private int friendlyHead(int q, byte player) {
    return color[q] == player ? chainHead[q] : SINK;
  }

  /** The pairs of the chain with this head; none for the sink. */
  private long chainPairs(int head) {
    return head == SINK ? 0 : libs[head];
  }

  private int capturedHead(int q, byte enemy) {
    return color[q] == enemy && inAtari(chainHead[q]) ? chainHead[q] : Point.NONE;
  }

  private int addChainLiberties(
      int q, byte player, Marker marker, int n, int limit, int c0, int c1, int c2, int c3) {
    if (n >= limit || color[q] != player) {
      return n;
    }
    int head = chainHead[q];
    if (!marker.markIfNew(head) || (c0 | c1 | c2 | c3) == Point.NONE && inAtari(head)) {
      // Walked already (a stone is never counted as a liberty, so one marker serves), or in
      // atari with nothing captured: its one liberty is p, so it brings no other.
      return n;
    }
    int s = head;
    do {
      n = countLiberty(s - stride, marker, n, c0, c1, c2, c3);
      n = countLiberty(s - 1, marker, n, c0, c1, c2, c3);
      n = countLiberty(s + 1, marker, n, c0, c1, c2, c3);
      n = countLiberty(s + stride, marker, n, c0, c1, c2, c3);
      s = nextInChain[s];
    } while (s != head && n < limit);
    return n;
  }

  /** Counts q once if it will be a liberty: empty now, or a stone of a captured chain. */
  private int countLiberty(int q, Marker marker, int n, int c0, int c1, int c2, int c3) {
    byte c = color[q];
    boolean free = c == Color.EMPTY;
    if (!free && c != Color.WALL && (c0 | c1 | c2 | c3) != Point.NONE) {
      int h = chainHead[q];
      free = h == c0 || h == c1 || h == c2 || h == c3;
    }
    if (free && marker.markIfNew(q)) {
      return n + 1;
    }
    return n;
  }

  // ------------------------------------------------------------------ move choice

  /**
   * Exchanges the i-th and j-th entries of the empty-point list, as {@link Board#swapEmpty}: the
   * random rule ({@link #randomMove}) moves a rejected point behind the points still to draw from.
   */
  void swapEmpty(int i, int j) {
    int a = emptyPoints[i];
    int b = emptyPoints[j];
    emptyPoints[i] = b;
    emptyPoints[j] = a;
    emptyIndex[b] = i;
    emptyIndex[a] = j;
  }

  /**
   * The random rule of the light policies, which have neither the settled filter nor the self-atari
   * veto: {@link PlayoutPolicy#randomMove} without them, in the board's own arrays (see {@link
   * PlayoutRules} for why each board keeps its own).
   */
  int randomMove(byte me, Rng rng) {
    int k = emptyCount;
    while (k > 0) {
      int i = rng.nextInt(k);
      int p = emptyPoints[i];
      if (!isSimpleEye(p, me) && isLegal(p, me)) {
        return p;
      }
      swapEmpty(i, --k);
    }
    return Point.PASS;
  }

  /** {@link Board#isSimpleEye}, from this board's neighbour counts and colours. */
  boolean isSimpleEye(int p, byte player) {
    return ((neighbourCounts[p] >>> (player << 2)) & 15) == 4
        && Board.diagonalsAllowEye(color, stride, p, player);
  }

  /**
   * Whether simple ko forbids {@code player} the empty point p: the only way a move that captures,
   * or that leaves its chain a liberty, can be illegal.
   */
  boolean isKoBanned(int p, byte player) {
    return p == koPoint && player == koColor;
  }

  /** Simple ko, no suicide: {@link Board#isLegal} for an empty point (the only kind asked). */
  boolean isLegal(int p, byte player) {
    if (isKoBanned(p, player)) {
      return false;
    }
    return (neighbourCounts[p] & 15) != 0
        || givesLiberty(p - stride, player)
        || givesLiberty(p - 1, player)
        || givesLiberty(p + 1, player)
        || givesLiberty(p + stride, player);
  }

  /** A neighbour q gives a new stone a liberty: own chain not in atari, or enemy chain in atari. */
  private boolean givesLiberty(int q, byte player) {
    byte c = color[q];
    if (c == player) {
      return !inAtari(chainHead[q]);
    }
    return c == Color.opponent(player) && inAtari(chainHead[q]);
  }

  /** All pseudo-liberties of the chain name one point (equality in Cauchy-Schwarz). */
  private boolean inAtari(int head) {
    return singlePoint(libs[head]);
  }

  /** Whether all the pairs packed in {@code pairs}, if any, name one point. */
  private static boolean singlePoint(long pairs) {
    long sum = (pairs >>> SUM_SHIFT) & SUM_MASK;
    return (pairs >>> COUNT_SHIFT) * (pairs & SQUARES_MASK) == sum * sum;
  }

  // ------------------------------------------------------------------ moves

  /** Passes: the ko ban ends. */
  void pass() {
    koPoint = Point.NONE;
    koColor = Color.EMPTY;
  }

  /** Plays a legal, non-suicidal move: {@link Board#playAssumeLegal} without the undo record. */
  void play(int p, byte player) {
    final byte[] color = this.color;
    final int[] head = chainHead;
    final long[] libs = this.libs;
    final int[] counts = neighbourCounts;
    color[p] = player;
    int i = emptyIndex[p];
    int last = emptyPoints[--emptyCount];
    emptyPoints[i] = last;
    emptyIndex[last] = i;
    int up = p - stride;
    int left = p - 1;
    int right = p + 1;
    int down = p + stride;
    int delta = (1 << (player << 2)) - 1;
    counts[up] += delta;
    counts[left] += delta;
    counts[right] += delta;
    counts[down] += delta;

    // Every chain next to p loses its pair with p; empty points and walls belong to the sink, so
    // this needs no test of what the neighbours are. The sink starts each move at zero, so its
    // new value is negative and never mistaken for a chain without pairs.
    libs[SINK] = 0;
    long pair = pairOf[p];
    long nu = losePair(up, pair);
    long nl = losePair(left, pair);
    long nr = losePair(right, pair);
    long nd = losePair(down, pair);

    // The new chain's pseudo-liberties: a pair with each empty neighbour.
    libs[p] = emptyNeighbourPairs(p);
    head[p] = p;
    nextInChain[p] = p;
    chainStones[p] = 1;

    // Merge the friendly chains, in Board's order and with its choice of head.
    if (color[up] == player) {
      merge(p, up);
    }
    if (color[left] == player && head[left] != head[p]) {
      merge(p, left);
    }
    if (color[right] == player && head[right] != head[p]) {
      merge(p, right);
    }
    if (color[down] == player && head[down] != head[p]) {
      merge(p, down);
    }

    // Remove enemy chains left without liberties. A chain that lost its last pair lost it at one
    // of the four neighbours (a chain without pairs is a zero), so most moves stop here.
    if (nu != 0 && nl != 0 && nr != 0 && nd != 0) {
      koPoint = Point.NONE;
      koColor = Color.EMPTY;
      return;
    }
    byte enemy = Color.opponent(player);
    int captured = 0;
    int removed = 0;
    int lastCaptured = Point.NONE;
    if (capturedAt(up, enemy)) {
      captured++;
      lastCaptured = up;
      removed += removeChain(head[up], player);
    }
    if (capturedAt(left, enemy)) {
      captured++;
      lastCaptured = left;
      removed += removeChain(head[left], player);
    }
    if (capturedAt(right, enemy)) {
      captured++;
      lastCaptured = right;
      removed += removeChain(head[right], player);
    }
    if (capturedAt(down, enemy)) {
      captured++;
      lastCaptured = down;
      removed += removeChain(head[down], player);
    }
    if (player == Color.BLACK) {
      blackCaptures += removed;
    } else {
      whiteCaptures += removed;
    }

    // Simple ko: one stone captured by a lone stone left with one liberty (a lone stone's
    // liberties are its empty neighbours).
    if (removed == 1 && captured == 1 && chainStones[head[p]] == 1 && (counts[p] & 15) == 1) {
      koPoint = lastCaptured;
      koColor = enemy;
    } else {
      koPoint = Point.NONE;
      koColor = Color.EMPTY;
    }
  }

  /** The chain at q loses a pair (packed); returns what it has left, zero when no pair. */
  private long losePair(int q, long pair) {
    return libs[chainHead[q]] -= pair;
  }

  /** The pairs a stone at p has with its empty neighbours, packed, without testing them. */
  private long emptyNeighbourPairs(int p) {
    return (pairOf[p - stride] & ifEmpty(color[p - stride]))
        + (pairOf[p - 1] & ifEmpty(color[p - 1]))
        + (pairOf[p + 1] & ifEmpty(color[p + 1]))
        + (pairOf[p + stride] & ifEmpty(color[p + stride]));
  }

  /** All ones if c is EMPTY (which is 0), else zero. */
  private static long ifEmpty(byte c) {
    return (c - 1) >> 31;
  }

  private boolean capturedAt(int q, byte enemy) {
    return color[q] == enemy && libs[chainHead[q]] == 0;
  }

  private void addLiberty(int head, int q) {
    libs[head] += pairOf[q];
  }

  /** {@link Board}'s merge: the smaller chain joins the larger (ties: p's chain stays head). */
  private void merge(int p, int q) {
    int a = chainHead[p];
    int b = chainHead[q];
    int big = chainStones[a] >= chainStones[b] ? a : b;
    int small = big == a ? b : a;
    int s = small;
    do {
      chainHead[s] = big;
      s = nextInChain[s];
    } while (s != small);
    chainStones[big] += chainStones[small];
    libs[big] += libs[small];
    int t = nextInChain[big];
    nextInChain[big] = nextInChain[small];
    nextInChain[small] = t;
  }

  /**
   * Takes the chain with head {@code head} off the board, appending its stones to the empty list in
   * Board's order; each removed stone becomes a pseudo-liberty of every {@code capturer} stone next
   * to it. Returns the number of stones. No chain next to the removed one but the capturer's may be
   * read again before the next move's pairs are taken: the caller tests colours first.
   */
  private int removeChain(int head, byte capturer) {
    int n = 0;
    int delta = (1 << ((3 - capturer) << 2)) - 1; // the removed colour's neighbour-count field
    int q = head;
    do {
      color[q] = Color.EMPTY;
      chainHead[q] = SINK;
      emptyIndex[q] = emptyCount;
      emptyPoints[emptyCount++] = q;
      neighbourCounts[q - stride] -= delta;
      neighbourCounts[q - 1] -= delta;
      neighbourCounts[q + 1] -= delta;
      neighbourCounts[q + stride] -= delta;
      // The freed point is a pair for each neighbour's chain, given without looking: a chain
      // without pairs has no empty neighbour, so its neighbours are the capturer's stones, walls
      // (the sink) and its own stones, and the last two count no more. (Testing for the
      // capturer's colour instead is a branch on a colour that varies from stone to stone: 9x9
      // uniform ran 1.07 times as fast without it.)
      addLiberty(chainHead[q - stride], q);
      addLiberty(chainHead[q - 1], q);
      addLiberty(chainHead[q + 1], q);
      addLiberty(chainHead[q + stride], q);
      n++;
      q = nextInChain[q];
    } while (q != head);
    return n;
  }

  // ------------------------------------------------------------------ scoring

  /**
   * Area with the one-point-eye rule, as {@link Playout} scores a {@link Board}: leaves each
   * point's owner in {@code owners} (by point index) and returns black's area minus white's.
   */
  int countArea(byte[] owners) {
    int black = 0;
    int white = 0;
    for (int i = 0; i < owners.length; i++) {
      int p = geometry.point(i);
      byte c = color[p];
      if (c == Color.EMPTY) {
        int nb = neighbourCounts[p];
        c = ((nb >>> 4) & 15) == 4 ? Color.BLACK : ((nb >>> 8) & 15) == 4 ? Color.WHITE : c;
      }
      owners[i] = c;
      black += c == Color.BLACK ? 1 : 0;
      white += c == Color.WHITE ? 1 : 0;
    }
    return black - white;
  }
}
