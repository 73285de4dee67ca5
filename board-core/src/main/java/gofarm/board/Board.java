package gofarm.board;

import java.util.Arrays;

/**
 * A Go board with incremental chains, exact liberty counts, simple ko, a Zobrist hash and an undo
 * stack; all state is primitive arrays, with no object per stone, chain or move.
 *
 * <h2>Representation</h2>
 *
 * Points follow {@link Geometry}'s padded layout. A <em>chain</em> is a maximal set of solidly
 * connected stones of one colour; its stones form a circular list through {@code nextInChain}, and
 * its data live at the index of its <em>head</em> (any one of its stones).
 *
 * <pre>
 * primary state     color[p]          EMPTY, BLACK, WHITE or WALL
 *                   koPoint, koColor  the point koColor may not play next (simple ko), or NONE
 *                   captures          stones captured by black / by white
 * derived state     chainHead[p]      head of p's chain; NONE for empty and wall points
 * (recomputed by    nextInChain[p]    next stone of p's chain (circular)
 *  checkConsistency) chainStones[h]    stone count of the chain with head h
 *                   chainLibs[h]      exact liberty count (distinct empty neighbours)
 *                   neighbourCounts[p] packed: bits 0-3 empty neighbours, 4-7 black-or-wall,
 *                                      8-11 white-or-wall neighbours
 *                   emptyPoints, emptyIndex, emptyCount   the empty points, for O(1) random choice
 *                   hash              XOR of Zobrist.stone(color, p) over all stones
 *                   atariHeads        bitset of the heads of chains with exactly one liberty
 * </pre>
 *
 * Walls count as both colours in {@code neighbourCounts}, so "every neighbour is mine or off the
 * board" is one comparison ({@link #isEyelike}).
 *
 * <h2>Playing and undoing</h2>
 *
 * {@link #playAssumeLegal} updates only what changed: the chains next to the stone lose one
 * liberty, friendly chains merge into the new stone's chain (the smaller chain is relabelled and
 * counts only the liberties the larger one lacks, as KataGo does), chains left without liberties
 * are removed and give one liberty per removed stone to each chain next to it. Every move pushes a
 * fixed-size record (the Smart Go / Fuego approach): the merges with the liberty and stone counts
 * before them, the heads of the captured chains (whose circular lists stay intact while they are
 * off the board), the old ko and hash. {@link #undo} replays the record backwards and restores the
 * board bit for bit, including the order of the empty-point list, without recomputing anything.
 *
 * <p>{@link #copyFrom} copies another board with {@link System#arraycopy} (libego: copying is
 * faster than clearing); the copy starts with an empty undo stack. This is how playouts start.
 *
 * <p>The board knows simple ko only; turn order, passes, superko and scoring belong to the rules
 * layer ({@code Game}). Not thread-safe: one board per thread.
 */
public final class Board {
  /** Bits per field of a packed neighbour count. */
  private static final int NB_EMPTY = 1;

  /**
   * The liberty count kept at index {@link Point#NONE}: that wall cell is never a chain head, so
   * its counter can absorb the updates meant for "the chain next to p" when there is none, which
   * spares a branch per neighbour in the move loop. It starts far from 0, 1 and 2, the counts that
   * trigger any work, and can drift by a few per move only.
   */
  private static final int SINK_LIBERTIES = 1 << 30;

  /** {@link #soleFriendlyChain}'s answer when p touches two or more friendly chains. */
  private static final int MANY_CHAINS = -2;

  /** Ints per undo record (fixed, so a record's start is {@code depth * RECORD}). */
  private static final int RECORD = 40;

  // Record layout: see pushMoveRecord / undo.
  private static final int R_POINT = 0;
  private static final int R_COLOR = 1;
  private static final int R_KO_POINT = 2;
  private static final int R_KO_COLOR = 3;
  private static final int R_EMPTY_INDEX = 4;
  private static final int R_NEXT = 5;
  private static final int R_HASH_LOW = 6;
  private static final int R_HASH_HIGH = 7;
  private static final int R_MERGES = 8;
  private static final int R_MERGE_BASE = 9; // 4 merges x 6 ints: big, small, bigLibs, smallLibs,
  private static final int MERGE_INTS = 6; //   bigStones, smallStones
  private static final int R_CAPTURED = R_MERGE_BASE + 4 * MERGE_INTS; // 33
  private static final int R_CAPTURED_BASE = R_CAPTURED + 1; // 34..37: heads
  private static final int R_SUICIDE = R_CAPTURED_BASE + 4; // 38
  private static final int R_REMOVED = R_SUICIDE + 1; // 39: stones removed in all

  private final Geometry geometry;
  private final int stride;

  // ---- primary state
  private final byte[] color;
  private int koPoint;
  private byte koColor;
  private int blackCaptures;
  private int whiteCaptures;

  // ---- derived state (recomputed by checkConsistency)
  private final int[] chainHead;
  private final int[] nextInChain;
  private final int[] chainStones;
  private final int[] chainLibs;
  private final int[] neighbourCounts;
  private final int[] emptyPoints;
  private final int[] emptyIndex;
  private int emptyCount;
  private long hash;
  private final long[] atariHeads;

  // ---- undo stack
  private int[] undoStack;
  private int depth;

  /** An empty board. */
  public Board(Geometry geometry) {
    this.geometry = geometry;
    this.stride = geometry.stride();
    int n = geometry.arraySize();
    color = new byte[n];
    chainHead = new int[n];
    nextInChain = new int[n];
    chainStones = new int[n];
    chainLibs = new int[n];
    neighbourCounts = new int[n];
    emptyPoints = new int[geometry.pointCount()];
    emptyIndex = new int[n];
    atariHeads = new long[PointSet.wordCount(n)];
    undoStack = new int[RECORD * 64];
    clear();
  }

  /** An empty board of {@code size} x {@code size}. */
  public Board(int size) {
    this(Geometry.of(size));
  }

  /** Removes every stone, the ko, the capture counts and the undo history. */
  public void clear() {
    Arrays.fill(color, Color.WALL);
    for (int i = 0; i < geometry.pointCount(); i++) {
      color[geometry.point(i)] = Color.EMPTY;
    }
    koPoint = Point.NONE;
    koColor = Color.EMPTY;
    blackCaptures = 0;
    whiteCaptures = 0;
    rebuildDerivedState();
  }

  /**
   * Replaces the position with the given colours (one per array index; walls are ignored) and
   * recomputes everything; no ko, no undo history, captures kept. The empty-point list comes out in
   * ascending point order, so two boards with the same stones are then identical.
   *
   * @throws IllegalArgumentException naming a chain without liberties, or a bad colour
   */
  public void setPosition(byte[] colors) {
    setPosition(colors, Point.NONE, Color.EMPTY);
  }

  /**
   * Like {@link #setPosition(byte[])}, keeping a ko: {@code koColor} may not play at {@code
   * koPoint} next. Used to give every copy of a position the same canonical empty-point order.
   */
  public void setPosition(byte[] colors, int koPoint, byte koColor) {
    // Validate everything first, so that a refused position leaves the board as it was.
    if (colors.length != geometry.arraySize()) {
      throw new IllegalArgumentException("colour array has the wrong size for " + geometry);
    }
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      byte c = colors[p];
      if (c != Color.EMPTY && c != Color.BLACK && c != Color.WHITE) {
        throw new IllegalArgumentException("bad colour " + c + " at " + geometry.name(p));
      }
    }
    if (koPoint != Point.NONE && (!geometry.isOnBoard(koPoint) || colors[koPoint] != Color.EMPTY)) {
      throw new IllegalArgumentException("ko point " + koPoint + " is not an empty board point");
    }
    int dead = chainWithoutLiberties(colors);
    if (dead != Point.NONE) {
      throw new IllegalArgumentException(
          "illegal position: the "
              + Color.name(colors[dead])
              + " chain at "
              + geometry.name(dead)
              + " has no liberties");
    }
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      color[p] = colors[p];
    }
    this.koPoint = koPoint;
    this.koColor = koPoint == Point.NONE ? Color.EMPTY : koColor;
    rebuildDerivedState();
  }

  /** A stone of some chain of {@code colors} that has no liberty, or NONE; by flood fill. */
  private int chainWithoutLiberties(byte[] colors) {
    boolean[] seen = new boolean[colors.length];
    int[] stack = new int[geometry.pointCount()];
    for (int i = 0; i < geometry.pointCount(); i++) {
      int start = geometry.point(i);
      byte c = colors[start];
      if (c == Color.EMPTY || seen[start]) {
        continue;
      }
      boolean free = false;
      int top = 0;
      stack[top++] = start;
      seen[start] = true;
      while (top > 0) {
        int q = stack[--top];
        for (int k = 0; k < 4; k++) {
          int n = geometry.neighbour(q, k);
          if (!geometry.isOnBoard(n)) {
            continue;
          }
          if (colors[n] == Color.EMPTY) {
            free = true;
          } else if (colors[n] == c && !seen[n]) {
            seen[n] = true;
            stack[top++] = n;
          }
        }
      }
      if (!free) {
        return start;
      }
    }
    return Point.NONE;
  }

  /** Makes this board an exact copy of {@code other} (same geometry), with no undo history. */
  public void copyFrom(Board other) {
    if (other.geometry != geometry) {
      throw new IllegalArgumentException(
          "cannot copy a " + other.geometry + " board onto " + geometry);
    }
    int n = color.length;
    System.arraycopy(other.color, 0, color, 0, n);
    System.arraycopy(other.chainHead, 0, chainHead, 0, n);
    System.arraycopy(other.nextInChain, 0, nextInChain, 0, n);
    System.arraycopy(other.chainStones, 0, chainStones, 0, n);
    System.arraycopy(other.chainLibs, 0, chainLibs, 0, n);
    System.arraycopy(other.neighbourCounts, 0, neighbourCounts, 0, n);
    System.arraycopy(other.emptyIndex, 0, emptyIndex, 0, n);
    System.arraycopy(other.emptyPoints, 0, emptyPoints, 0, other.emptyCount);
    emptyCount = other.emptyCount;
    System.arraycopy(other.atariHeads, 0, atariHeads, 0, atariHeads.length);
    koPoint = other.koPoint;
    koColor = other.koColor;
    blackCaptures = other.blackCaptures;
    whiteCaptures = other.whiteCaptures;
    hash = other.hash;
    depth = 0;
  }

  // ------------------------------------------------------------------ queries

  public Geometry geometry() {
    return geometry;
  }

  public int size() {
    return geometry.size();
  }

  public byte color(int p) {
    return color[p];
  }

  /** The head of the chain at p (a stone of it that stands for the chain); NONE if p is empty. */
  public int chainHead(int p) {
    return chainHead[p];
  }

  /** The next stone of p's chain (a circular list); only meaningful for stones. */
  public int nextInChain(int p) {
    return nextInChain[p];
  }

  /**
   * Exact number of liberties of the chain at p, if p holds a stone. For an empty or off-board
   * point it is the count of a sink that no chain owns, which stays far from 0, 1 and 2, so that a
   * test for a chain in atari or with two liberties needs no colour test first.
   */
  public int libertyCount(int p) {
    return chainLibs[chainHead[p]];
  }

  /** Number of stones of the chain at p. Precondition: p holds a stone. */
  public int chainSize(int p) {
    return chainStones[chainHead[p]];
  }

  /** The point {@link #koColor()} may not play on the next move, or {@link Point#NONE}. */
  public int koPoint() {
    return koPoint;
  }

  /** The player barred from {@link #koPoint()}, or EMPTY when there is no ko. */
  public byte koColor() {
    return koColor;
  }

  /** Zobrist hash of the stones (positional: no side to move, no ko). */
  public long hash() {
    return hash;
  }

  /** Stones captured by {@code player} so far (GTP {@code captures}). */
  public int captures(byte player) {
    return player == Color.BLACK ? blackCaptures : whiteCaptures;
  }

  public int emptyCount() {
    return emptyCount;
  }

  /** The i-th empty point, {@code 0 <= i < emptyCount()}, in no particular order. */
  public int emptyPoint(int i) {
    return emptyPoints[i];
  }

  /** A copy of the colour of every array index (walls included), for {@link #setPosition}. */
  public byte[] colors() {
    return color.clone();
  }

  /**
   * Exchanges the i-th and j-th entries of the empty-point list. Playouts use it to draw without
   * replacement: a rejected point is moved behind the points still to draw from.
   */
  public void swapEmpty(int i, int j) {
    int a = emptyPoints[i];
    int b = emptyPoints[j];
    emptyPoints[i] = b;
    emptyPoints[j] = a;
    emptyIndex[b] = i;
    emptyIndex[a] = j;
  }

  /** Number of stones of {@code player} on the board. */
  public int stoneCount(byte player) {
    int n = 0;
    for (int i = 0; i < geometry.pointCount(); i++) {
      if (color[geometry.point(i)] == player) {
        n++;
      }
    }
    return n;
  }

  /** Number of empty orthogonal neighbours of p. */
  public int emptyNeighbourCount(int p) {
    return neighbourCounts[p] & 15;
  }

  /**
   * True when every orthogonal neighbour of p is a stone of {@code player} or off the board, in
   * O(1). Such a point is a one-point eye candidate; whether it is a true eye depends on its
   * diagonals ({@link #isSimpleEye}).
   */
  public boolean isEyelike(int p, byte player) {
    return ((neighbourCounts[p] >>> (player << 2)) & 15) == 4;
  }

  /**
   * The diagonal one-point-eye rule of light playouts (Pachi, libego, Dailey's reference bot): p is
   * {@linkplain #isEyelike eyelike} for {@code player}, and the enemy stones on its diagonals, plus
   * one if p is on the edge, number at most one. So a centre point tolerates one enemy diagonal and
   * an edge or corner point none. Empty diagonals never count against the eye.
   */
  public boolean isSimpleEye(int p, byte player) {
    return isEyelike(p, player)
        && diagonalsAllowEye(
            color[p - stride - 1],
            color[p - stride + 1],
            color[p + stride - 1],
            color[p + stride + 1],
            player);
  }

  /**
   * The diagonal half of {@link #isSimpleEye}, from the colours on p's four diagonals: whether the
   * enemy stones among them, plus one if p is on the edge (a wall among them), number at most one.
   * Static so that the playouts' light board, which keeps its own colours, applies the same eye
   * rule.
   */
  public static boolean diagonalsAllowEye(byte d1, byte d2, byte d3, byte d4, byte player) {
    byte enemy = Color.opponent(player);
    int bad =
        (d1 == enemy ? 1 : 0)
            + (d2 == enemy ? 1 : 0)
            + (d3 == enemy ? 1 : 0)
            + (d4 == enemy ? 1 : 0);
    if (d1 == Color.WALL || d2 == Color.WALL || d3 == Color.WALL || d4 == Color.WALL) {
      bad++;
    }
    return bad < 2;
  }

  /**
   * Whether {@code player} may play at p under simple ko with suicide forbidden: p is empty, not
   * the ko point barred to {@code player}, and the new stone would have a liberty (an empty
   * neighbour, a friendly neighbour chain with a second liberty, or a capture).
   */
  public boolean isLegal(int p, byte player) {
    if (color[p] != Color.EMPTY || (p == koPoint && player == koColor)) {
      return false;
    }
    return (neighbourCounts[p] & 15) != 0 || !isSuicideOfNonEmptyNeighbours(p, player);
  }

  /**
   * Whether a stone of {@code player} at the empty point p would have no liberty after its
   * captures. Precondition: p is empty.
   */
  public boolean isSuicide(int p, byte player) {
    return (neighbourCounts[p] & 15) == 0 && isSuicideOfNonEmptyNeighbours(p, player);
  }

  private boolean isSuicideOfNonEmptyNeighbours(int p, byte player) {
    return !givesLiberty(p - stride, player)
        && !givesLiberty(p - 1, player)
        && !givesLiberty(p + 1, player)
        && !givesLiberty(p + stride, player);
  }

  /** A neighbour q gives a new stone of player a liberty: own chain with 2+, or enemy in atari. */
  private boolean givesLiberty(int q, byte player) {
    byte c = color[q];
    if (c == player) {
      return chainLibs[chainHead[q]] > 1;
    }
    return c == Color.opponent(player) && chainLibs[chainHead[q]] == 1;
  }

  /**
   * Whether a stone of {@code player} at empty p captures at least one enemy chain. Precondition: p
   * is empty.
   */
  public boolean isCapture(int p, byte player) {
    byte enemy = Color.opponent(player);
    return inAtari(p - stride, enemy)
        || inAtari(p - 1, enemy)
        || inAtari(p + 1, enemy)
        || inAtari(p + stride, enemy);
  }

  private boolean inAtari(int q, byte c) {
    return color[q] == c && chainLibs[chainHead[q]] == 1;
  }

  /**
   * How many liberties the chain of a stone of {@code player} at the empty point p would have after
   * the move and its captures, counting at most {@code limit} (so {@code limit = 2} answers "is it
   * a self-atari" quickly). Exact: it counts distinct points, including the stones of captured
   * chains that touch the new chain. Walks the friendly chains next to p only when the move
   * captures or joins two or more of them.
   */
  public int libertiesAfterPlay(int p, byte player, int limit, Marker marker) {
    // Two exact shortcuts decide most calls without a walk: the empty neighbours are distinct
    // liberties, and a friendly chain with more than limit liberties keeps at least limit.
    if ((neighbourCounts[p] & 15) >= limit
        || keepsMoreThan(p - stride, player, limit)
        || keepsMoreThan(p - 1, player, limit)
        || keepsMoreThan(p + 1, player, limit)
        || keepsMoreThan(p + stride, player, limit)) {
      return limit;
    }
    byte enemy = Color.opponent(player);
    // Enemy chains p captures: their stones next to the new chain become liberties.
    int c0 = capturedHead(p - stride, enemy);
    int c1 = capturedHead(p - 1, enemy);
    int c2 = capturedHead(p + 1, enemy);
    int c3 = capturedHead(p + stride, enemy);
    if ((c0 | c1 | c2 | c3) == Point.NONE) {
      // Nothing captured and at most one chain joined: counted from that chain's count.
      int joined = soleFriendlyChain(p, player);
      if (joined != MANY_CHAINS) {
        return Math.min(joinedLiberties(p, joined), limit);
      }
    }
    marker.clear();
    marker.mark(p);
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
   * The head of the one chain of {@code player} next to p, {@link Point#NONE} if there is none, or
   * {@link #MANY_CHAINS}.
   */
  private int soleFriendlyChain(int p, byte player) {
    int head = withChainAt(Point.NONE, p - stride, player);
    head = withChainAt(head, p - 1, player);
    head = withChainAt(head, p + 1, player);
    return withChainAt(head, p + stride, player);
  }

  /** Adds the chain of {@code player} at q (if any) to {@link #soleFriendlyChain}'s answer. */
  private int withChainAt(int head, int q, byte player) {
    if (color[q] != player || head == MANY_CHAINS) {
      return head;
    }
    int h = chainHead[q];
    return head == Point.NONE || head == h ? h : MANY_CHAINS;
  }

  /**
   * The exact liberties of a stone at p that captures nothing and joins the chain {@code head} (or
   * NONE: joins nothing), without a walk: the chain's liberties but p, plus p's empty neighbours
   * that do not touch the chain yet (as {@link #mergeInto} counts them).
   */
  private int joinedLiberties(int p, int head) {
    if (head == Point.NONE || chainLibs[head] == 1) {
      return neighbourCounts[p] & 15; // no chain, or one whose only liberty is p: p's own count
    }
    return chainLibs[head]
        - 1
        + newLiberty(p - stride, head)
        + newLiberty(p - 1, head)
        + newLiberty(p + 1, head)
        + newLiberty(p + stride, head);
  }

  /**
   * Whether q holds a stone of {@code player} whose chain has more than {@code limit} liberties.
   */
  private boolean keepsMoreThan(int q, byte player, int limit) {
    return color[q] == player && chainLibs[chainHead[q]] > limit;
  }

  /** Counts the liberties of the friendly chain at q (if any, and not walked yet) into n. */
  private int addChainLiberties(
      int q, byte player, Marker marker, int n, int limit, int c0, int c1, int c2, int c3) {
    if (n >= limit || color[q] != player) {
      return n;
    }
    int head = chainHead[q];
    // The mark on a chain's head stone means "walked"; stones of the player are never counted as
    // liberties, so one marker serves both. A chain in atari next to p has p as its one liberty
    // and, unless p captures (its stones next to the captured ones are freed), brings no other.
    if (!marker.markIfNew(head) || chainLibs[head] == 1 && (c0 | c1 | c2 | c3) == Point.NONE) {
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

  private int capturedHead(int q, byte enemy) {
    return color[q] == enemy && chainLibs[chainHead[q]] == 1 ? chainHead[q] : Point.NONE;
  }

  /** Counts q once if it will be a liberty: empty now, or a stone of a captured chain. */
  private int countLiberty(int q, Marker marker, int n, int c0, int c1, int c2, int c3) {
    byte c = color[q];
    boolean free = c == Color.EMPTY;
    if (!free && c != Color.WALL && (c0 | c1 | c2 | c3) != Point.NONE) {
      int h = chainHead[q];
      free = h != Point.NONE && (h == c0 || h == c1 || h == c2 || h == c3);
    }
    if (free && marker.markIfNew(q)) {
      return n + 1;
    }
    return n;
  }

  /**
   * The smallest head {@code >= from} of a chain (of either colour) with exactly one liberty, or
   * -1: iterate with {@code for (int h = nextAtariHead(0); h >= 0; h = nextAtariHead(h + 1))}.
   * Costs O(board / 64) per call, so "capture anywhere" needs no board scan.
   */
  public int nextAtariHead(int from) {
    int i = from >>> 6;
    if (i >= atariHeads.length) {
      return -1;
    }
    long w = atariHeads[i] & (-1L << from);
    while (true) {
      if (w != 0) {
        return (i << 6) + Long.numberOfTrailingZeros(w);
      }
      if (++i == atariHeads.length) {
        return -1;
      }
      w = atariHeads[i];
    }
  }

  /**
   * The liberty of the chain at p when it has exactly one, else {@link Point#NONE}. Costs one walk
   * over the chain's stones.
   */
  public int lastLiberty(int p) {
    int head = chainHead[p];
    if (chainLibs[head] != 1) {
      return Point.NONE;
    }
    int q = head;
    do {
      if (color[q - stride] == Color.EMPTY) {
        return q - stride;
      }
      if (color[q - 1] == Color.EMPTY) {
        return q - 1;
      }
      if (color[q + 1] == Color.EMPTY) {
        return q + 1;
      }
      if (color[q + stride] == Color.EMPTY) {
        return q + stride;
      }
      q = nextInChain[q];
    } while (q != head);
    throw new IllegalStateException("chain at " + geometry.name(p) + " has no liberty");
  }

  /**
   * Writes the liberties of the chain at p into {@code out} (ascending order is not guaranteed) and
   * returns how many there are; at most {@code max} are written.
   */
  public int liberties(int p, int[] out, int max, Marker marker) {
    marker.clear();
    int n = 0;
    int head = chainHead[p];
    int q = head;
    do {
      n = addLiberty(q - stride, out, n, max, marker);
      n = addLiberty(q - 1, out, n, max, marker);
      n = addLiberty(q + 1, out, n, max, marker);
      n = addLiberty(q + stride, out, n, max, marker);
      q = nextInChain[q];
    } while (q != head && n < max);
    return n;
  }

  private int addLiberty(int q, int[] out, int n, int max, Marker marker) {
    if (n < max && color[q] == Color.EMPTY && marker.markIfNew(q)) {
      out[n++] = q;
    }
    return n;
  }

  /** The stones of the chain at p as a new set. */
  public PointSet chainStones(int p) {
    PointSet set = new PointSet(geometry);
    int head = chainHead[p];
    int q = head;
    do {
      set.add(q);
      q = nextInChain[q];
    } while (q != head);
    return set;
  }

  /** The points of {@code c} as a new set. */
  public PointSet points(byte c) {
    PointSet set = new PointSet(geometry);
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (color[p] == c) {
        set.add(p);
      }
    }
    return set;
  }

  // ------------------------------------------------------------------ moves

  /**
   * Plays a stone if {@link #isLegal} allows it (simple ko, no suicide) and returns whether it did.
   */
  public boolean play(int p, byte player) {
    if (!geometry.isOnBoard(p) || !isLegal(p, player)) {
      return false;
    }
    playAssumeLegal(p, player);
    return true;
  }

  /**
   * Plays a stone of {@code player} at p. Caller guarantees that p is an empty board point and not
   * barred by ko; if the stone has no liberty after its captures (suicide, which callers allow only
   * under Tromp-Taylor rules) its chain is removed and counted as captured by the opponent.
   */
  public void playAssumeLegal(int p, byte player) {
    assert color[p] == Color.EMPTY && geometry.isOnBoard(p) : "occupied or off board";
    assert !(p == koPoint && player == koColor) : "ko";
    int r = pushRecord();
    int[] rec = undoStack;
    rec[r + R_POINT] = p;
    rec[r + R_COLOR] = player;
    rec[r + R_KO_POINT] = koPoint;
    rec[r + R_KO_COLOR] = koColor;
    rec[r + R_EMPTY_INDEX] = emptyIndex[p];
    rec[r + R_NEXT] = nextInChain[p];
    rec[r + R_HASH_LOW] = (int) hash;
    rec[r + R_HASH_HIGH] = (int) (hash >>> 32);

    // 1. The stone: colour, hash, empty list, neighbour counts.
    color[p] = player;
    hash ^= Zobrist.STONE[player][p];
    removeEmpty(p);
    int delta = (1 << (player << 2)) - NB_EMPTY;
    int up = p - stride;
    int left = p - 1;
    int right = p + 1;
    int down = p + stride;
    neighbourCounts[up] += delta;
    neighbourCounts[left] += delta;
    neighbourCounts[right] += delta;
    neighbourCounts[down] += delta;

    // 2. Every distinct chain next to p loses the liberty p (p has no head yet). Neighbours
    // without a chain have head NONE and update the sink; duplicates subtract 0.
    int hUp = chainHead[up];
    int hLeft = chainHead[left];
    int hRight = chainHead[right];
    int hDown = chainHead[down];
    int lUp = --chainLibs[hUp];
    int lLeft = chainLibs[hLeft] -= hLeft != hUp ? 1 : 0;
    int lRight = chainLibs[hRight] -= hRight != hUp && hRight != hLeft ? 1 : 0;
    int lDown = chainLibs[hDown] -= hDown != hUp && hDown != hLeft && hDown != hRight ? 1 : 0;
    if (lUp <= 1 || lLeft <= 1 || lRight <= 1 || lDown <= 1) {
      // A chain entered atari (set its bit; a duplicate sets it again), or lost its last liberty
      // (an enemy chain is removed in step 4, an own chain merged in step 3, both fix the bit).
      setAtariIfOne(hUp, lUp);
      setAtariIfOne(hLeft, lLeft);
      setAtariIfOne(hRight, lRight);
      setAtariIfOne(hDown, lDown);
    }
    boolean captures = lUp == 0 || lLeft == 0 || lRight == 0 || lDown == 0;

    // 3. A one-stone chain, then merge the friendly chains next to it.
    chainHead[p] = p;
    nextInChain[p] = p;
    chainStones[p] = 1;
    chainLibs[p] = neighbourCounts[p] & 15;
    updateAtari(p);
    int merges = 0;
    if (color[up] == player) {
      merges = mergeInto(p, up, r, merges);
    }
    if (color[left] == player && chainHead[left] != chainHead[p]) {
      merges = mergeInto(p, left, r, merges);
    }
    if (color[right] == player && chainHead[right] != chainHead[p]) {
      merges = mergeInto(p, right, r, merges);
    }
    if (color[down] == player && chainHead[down] != chainHead[p]) {
      merges = mergeInto(p, down, r, merges);
    }
    rec[r + R_MERGES] = merges;

    // 4. Remove enemy chains left without liberties.
    byte enemy = Color.opponent(player);
    int captured = 0;
    int removed = 0;
    int lastCapturedStone = Point.NONE;
    if (captures) {
      if (color[up] == enemy && chainLibs[chainHead[up]] == 0) {
        rec[r + R_CAPTURED_BASE + captured++] = chainHead[up];
        lastCapturedStone = up;
        removed += removeChain(chainHead[up], enemy);
      }
      if (color[left] == enemy && chainLibs[chainHead[left]] == 0) {
        rec[r + R_CAPTURED_BASE + captured++] = chainHead[left];
        lastCapturedStone = left;
        removed += removeChain(chainHead[left], enemy);
      }
      if (color[right] == enemy && chainLibs[chainHead[right]] == 0) {
        rec[r + R_CAPTURED_BASE + captured++] = chainHead[right];
        lastCapturedStone = right;
        removed += removeChain(chainHead[right], enemy);
      }
      if (color[down] == enemy && chainLibs[chainHead[down]] == 0) {
        rec[r + R_CAPTURED_BASE + captured++] = chainHead[down];
        lastCapturedStone = down;
        removed += removeChain(chainHead[down], enemy);
      }
    }
    rec[r + R_CAPTURED] = captured;

    // 5. Suicide (Tromp-Taylor): the player's own chain goes.
    int head = chainHead[p];
    rec[r + R_SUICIDE] = Point.NONE;
    if (chainLibs[head] == 0) {
      rec[r + R_SUICIDE] = head;
      removed = removeChain(head, player);
      addCaptures(enemy, removed);
    } else {
      addCaptures(player, removed);
    }
    rec[r + R_REMOVED] = removed;

    // 6. Simple ko: one stone captured by a lone stone left with that one liberty.
    if (removed == 1 && captured == 1 && chainStones[head] == 1 && chainLibs[head] == 1) {
      koPoint = lastCapturedStone;
      koColor = enemy;
    } else {
      koPoint = Point.NONE;
      koColor = Color.EMPTY;
    }
  }

  /** Passes: the ko ban ends (the barred player did not retake). Pushes an undo record. */
  public void pass(byte player) {
    int r = pushRecord();
    undoStack[r + R_POINT] = Point.PASS;
    undoStack[r + R_COLOR] = player;
    undoStack[r + R_KO_POINT] = koPoint;
    undoStack[r + R_KO_COLOR] = koColor;
    koPoint = Point.NONE;
    koColor = Color.EMPTY;
  }

  /** Number of moves and passes that {@link #undo} can take back. */
  public int undoDepth() {
    return depth;
  }

  /** The point of the last move or pass on the undo stack, or NONE. */
  public int lastMove() {
    return depth == 0 ? Point.NONE : undoStack[(depth - 1) * RECORD + R_POINT];
  }

  /**
   * Takes back the last {@link #playAssumeLegal}, {@link #play} or {@link #pass}, restoring the
   * board exactly as it was.
   *
   * @throws IllegalStateException if there is nothing to undo
   */
  public void undo() {
    if (depth == 0) {
      throw new IllegalStateException("nothing to undo");
    }
    depth--;
    int r = depth * RECORD;
    int[] rec = undoStack;
    int p = rec[r + R_POINT];
    koPoint = rec[r + R_KO_POINT];
    koColor = (byte) rec[r + R_KO_COLOR];
    if (p == Point.PASS) {
      return;
    }
    byte player = (byte) rec[r + R_COLOR];
    byte enemy = Color.opponent(player);

    // 5 and 4 backwards: put removed stones back; they are the last entries of the empty list.
    int suicide = rec[r + R_SUICIDE];
    int removed = rec[r + R_REMOVED];
    if (suicide != Point.NONE) {
      restoreChain(suicide, player);
      addCaptures(enemy, -removed);
    } else {
      for (int i = rec[r + R_CAPTURED] - 1; i >= 0; i--) {
        restoreChain(rec[r + R_CAPTURED_BASE + i], enemy);
      }
      addCaptures(player, -removed);
    }
    emptyCount -= removed;

    // 3 backwards: split the merges in reverse order.
    for (int i = rec[r + R_MERGES] - 1; i >= 0; i--) {
      int m = r + R_MERGE_BASE + i * MERGE_INTS;
      int big = rec[m];
      int small = rec[m + 1];
      int t = nextInChain[big];
      nextInChain[big] = nextInChain[small];
      nextInChain[small] = t;
      int q = small;
      do {
        chainHead[q] = small;
        q = nextInChain[q];
      } while (q != small);
      chainLibs[big] = rec[m + 2];
      chainLibs[small] = rec[m + 3];
      chainStones[big] = rec[m + 4];
      chainStones[small] = rec[m + 5];
      updateAtari(big);
      updateAtari(small);
    }

    // 2 and 1 backwards: lift the stone, give the liberty back to the chains around it.
    chainHead[p] = Point.NONE;
    clearAtari(p);
    nextInChain[p] = rec[r + R_NEXT];
    color[p] = Color.EMPTY;
    int up = p - stride;
    int left = p - 1;
    int right = p + 1;
    int down = p + stride;
    int delta = (1 << (player << 2)) - NB_EMPTY;
    neighbourCounts[up] -= delta;
    neighbourCounts[left] -= delta;
    neighbourCounts[right] -= delta;
    neighbourCounts[down] -= delta;
    addLibertyToNeighbours(p, 1);
    // Reinsert p where it was: the point that took its slot goes back to the end (unless p was
    // the last point, when nothing took its slot and the slot holds a stale value).
    int i = rec[r + R_EMPTY_INDEX];
    if (i != emptyCount) {
      int moved = emptyPoints[i];
      emptyPoints[emptyCount] = moved;
      emptyIndex[moved] = emptyCount;
    }
    emptyPoints[i] = p;
    emptyIndex[p] = i;
    emptyCount++;
    hash = (rec[r + R_HASH_LOW] & 0xFFFFFFFFL) | ((long) rec[r + R_HASH_HIGH] << 32);
  }

  private int pushRecord() {
    int r = depth * RECORD;
    if (r + RECORD > undoStack.length) {
      undoStack = Arrays.copyOf(undoStack, undoStack.length * 2);
    }
    depth++;
    return r;
  }

  /**
   * Merges the chain at {@code q} with the chain at {@code p}, recording the merge as number {@code
   * merges} of record {@code r}. The smaller chain's stones are relabelled one by one; an empty
   * neighbour of a relabelled stone is a new liberty unless it already touches the larger chain,
   * and since stones join as they go, a liberty shared by several of them is counted once.
   */
  private int mergeInto(int p, int q, int r, int merges) {
    int a = chainHead[p];
    int b = chainHead[q];
    int big = chainStones[a] >= chainStones[b] ? a : b;
    int small = big == a ? b : a;
    int m = r + R_MERGE_BASE + merges * MERGE_INTS;
    undoStack[m] = big;
    undoStack[m + 1] = small;
    undoStack[m + 2] = chainLibs[big];
    undoStack[m + 3] = chainLibs[small];
    undoStack[m + 4] = chainStones[big];
    undoStack[m + 5] = chainStones[small];
    int libs = chainLibs[big];
    int s = small;
    do {
      libs +=
          newLiberty(s - stride, big)
              + newLiberty(s - 1, big)
              + newLiberty(s + 1, big)
              + newLiberty(s + stride, big);
      chainHead[s] = big;
      s = nextInChain[s];
    } while (s != small);
    chainLibs[big] = libs;
    chainStones[big] += chainStones[small];
    updateAtari(big);
    clearAtari(small);
    int t = nextInChain[big];
    nextInChain[big] = nextInChain[small];
    nextInChain[small] = t;
    return merges + 1;
  }

  /** 1 if e is empty and not yet a liberty of the chain with head {@code head}, else 0. */
  private int newLiberty(int e, int head) {
    if (color[e] != Color.EMPTY) {
      return 0;
    }
    return chainHead[e - stride] == head
            || chainHead[e - 1] == head
            || chainHead[e + 1] == head
            || chainHead[e + stride] == head
        ? 0
        : 1;
  }

  /**
   * Takes the chain with head {@code head} (of colour c) off the board; each removed stone becomes
   * a liberty of every chain next to it. The circular list and data at {@code head} are left as
   * they are, so that {@link #undo} can put the chain back. Returns the number of stones.
   */
  private int removeChain(int head, byte c) {
    int n = 0;
    int delta = (1 << (c << 2)) - NB_EMPTY;
    long[] keys = Zobrist.STONE[c];
    int q = head;
    do {
      color[q] = Color.EMPTY;
      chainHead[q] = Point.NONE;
      hash ^= keys[q];
      emptyIndex[q] = emptyCount;
      emptyPoints[emptyCount++] = q;
      neighbourCounts[q - stride] -= delta;
      neighbourCounts[q - 1] -= delta;
      neighbourCounts[q + 1] -= delta;
      neighbourCounts[q + stride] -= delta;
      addLibertyToNeighbours(q, 1);
      n++;
      q = nextInChain[q];
    } while (q != head);
    // Stones not yet removed counted liberties at head as their neighbours went; head is empty now.
    clearAtari(head);
    return n;
  }

  /** Puts back a chain taken off by {@link #removeChain}; its list is intact. */
  private void restoreChain(int head, byte c) {
    int delta = (1 << (c << 2)) - NB_EMPTY;
    int n = 0;
    int q = head;
    do {
      n++;
      addLibertyToNeighbours(q, -1);
      neighbourCounts[q - stride] += delta;
      neighbourCounts[q - 1] += delta;
      neighbourCounts[q + 1] += delta;
      neighbourCounts[q + stride] += delta;
      color[q] = c;
      chainHead[q] = head;
      q = nextInChain[q];
    } while (q != head);
    // Both counts may have been overwritten while head was an empty point.
    chainStones[head] = n;
    chainLibs[head] = 0;
    clearAtari(head);
  }

  /** Adds {@code d} liberties to each distinct chain next to the (empty) point q. */
  private void addLibertyToNeighbours(int q, int d) {
    // Neighbours without a chain update the sink; duplicates add 0.
    int a = chainHead[q - stride];
    int b = chainHead[q - 1];
    int c = chainHead[q + 1];
    int e = chainHead[q + stride];
    int la = chainLibs[a] += d;
    int lb = chainLibs[b] += b != a ? d : 0;
    int lc = chainLibs[c] += c != a && c != b ? d : 0;
    int le = chainLibs[e] += e != a && e != b && e != c ? d : 0;
    if (la <= 2 || lb <= 2 || lc <= 2 || le <= 2) {
      updateAtari(a);
      updateAtari(b);
      updateAtari(c);
      updateAtari(e);
    }
  }

  /** Sets the atari bit of head h when its new liberty count l is 1. */
  private void setAtariIfOne(int h, int l) {
    if (l == 1) {
      atariHeads[h >>> 6] |= 1L << h;
    }
  }

  /**
   * Keeps the bit of head h in atariHeads equal to "the chain has exactly one liberty" (the sink
   * never has one).
   */
  private void updateAtari(int h) {
    if (chainLibs[h] == 1) {
      atariHeads[h >>> 6] |= 1L << h;
    } else {
      atariHeads[h >>> 6] &= ~(1L << h);
    }
  }

  private void clearAtari(int h) {
    atariHeads[h >>> 6] &= ~(1L << h);
  }

  private void addCaptures(byte capturer, int n) {
    if (capturer == Color.BLACK) {
      blackCaptures += n;
    } else {
      whiteCaptures += n;
    }
  }

  private void removeEmpty(int p) {
    int i = emptyIndex[p];
    int last = emptyPoints[--emptyCount];
    emptyPoints[i] = last;
    emptyIndex[last] = i;
  }

  // ------------------------------------------------------------------ from scratch

  /**
   * Recomputes chains, liberties, neighbour counts, the empty list (in ascending point order) and
   * the hash from {@code color}, by flood fill. Clears the undo history.
   */
  private void rebuildDerivedState() {
    Arrays.fill(chainHead, Point.NONE);
    Arrays.fill(chainStones, 0);
    Arrays.fill(chainLibs, 0);
    chainLibs[Point.NONE] = SINK_LIBERTIES;
    Arrays.fill(neighbourCounts, 0);
    Arrays.fill(atariHeads, 0L);
    emptyCount = 0;
    hash = 0;
    depth = 0;
    int[] stack = new int[geometry.pointCount()];
    Marker libs = new Marker(geometry);
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      byte c = color[p];
      neighbourCounts[p] = countNeighbours(p);
      if (c == Color.EMPTY) {
        emptyIndex[p] = emptyCount;
        emptyPoints[emptyCount++] = p;
        continue;
      }
      hash ^= Zobrist.STONE[c][p];
      if (chainHead[p] != Point.NONE) {
        continue;
      }
      // Flood fill the chain with head p, linking stones into a circular list.
      libs.clear();
      int top = 0;
      int stones = 0;
      int liberties = 0;
      int previous = p;
      chainHead[p] = p;
      stack[top++] = p;
      while (top > 0) {
        int q = stack[--top];
        stones++;
        nextInChain[previous] = q;
        previous = q;
        int[] around = {q - stride, q - 1, q + 1, q + stride};
        for (int n : around) {
          if (color[n] == c && chainHead[n] == Point.NONE) {
            chainHead[n] = p;
            stack[top++] = n;
          } else if (color[n] == Color.EMPTY && libs.markIfNew(n)) {
            liberties++;
          }
        }
      }
      nextInChain[previous] = p;
      chainStones[p] = stones;
      chainLibs[p] = liberties;
      updateAtari(p);
    }
  }

  private int countNeighbours(int p) {
    int packed = 0;
    int[] around = {p - stride, p - 1, p + 1, p + stride};
    for (int n : around) {
      packed +=
          switch (color[n]) {
            case Color.EMPTY -> NB_EMPTY;
            case Color.BLACK -> 1 << 4;
            case Color.WHITE -> 1 << 8;
            default -> (1 << 4) | (1 << 8);
          };
    }
    return packed;
  }

  /**
   * Recomputes every derived field from the colours and compares: chain membership, stone and
   * liberty counts, neighbour counts, the empty-point list and its index, the hash, and that ko is
   * well formed. For tests.
   *
   * @throws IllegalStateException describing the first difference found
   */
  public void checkConsistency() {
    check(chainLibs[Point.NONE] > SINK_LIBERTIES / 2, "the sink's liberty count drifted");
    Board fresh = new Board(geometry);
    fresh.setColorsUnchecked(color);
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      String at = " at " + geometry.name(p);
      check(neighbourCounts[p] == fresh.neighbourCounts[p], "neighbour counts" + at);
      if (color[p] == Color.EMPTY) {
        check(chainHead[p] == Point.NONE, "empty point with a chain head" + at);
        int k = emptyIndex[p];
        check(k >= 0 && k < emptyCount && emptyPoints[k] == p, "empty list misses" + at);
        continue;
      }
      check(Color.isPlayer(color[p]), "bad colour" + at);
      int h = chainHead[p];
      check(h != Point.NONE && color[h] == color[p], "bad chain head" + at);
      // Same partition: p and its head are in one fresh chain, and sizes agree.
      check(fresh.chainHead[p] == fresh.chainHead[h], "chain membership" + at);
      check(chainStones[h] == fresh.chainStones[fresh.chainHead[p]], "stone count" + at);
      check(
          chainLibs[h] == fresh.chainLibs[fresh.chainHead[p]],
          "liberty count"
              + at
              + ": "
              + chainLibs[h]
              + " != "
              + fresh.chainLibs[fresh.chainHead[p]]);
      if (h == p) {
        int n = 0;
        int q = p;
        do {
          check(chainHead[q] == p, "circular list leaves the chain" + at);
          q = nextInChain[q];
          n++;
        } while (q != p && n <= geometry.pointCount());
        check(q == p && n == chainStones[p], "circular list broken" + at);
      }
    }
    check(emptyCount == fresh.emptyCount, "empty count " + emptyCount + " != " + fresh.emptyCount);
    for (int p = 0; p < color.length; p++) {
      boolean expected = Color.isPlayer(color[p]) && chainHead[p] == p && chainLibs[p] == 1;
      check(((atariHeads[p >>> 6] >>> p) & 1) == (expected ? 1 : 0), "atari bit of " + p);
    }
    check(hash == fresh.hash, "hash");
    if (koPoint != Point.NONE) {
      check(color[koPoint] == Color.EMPTY && Color.isPlayer(koColor), "ko point is not empty");
    }
  }

  /**
   * Whether this board's state equals {@code other}'s field by field, including the order of the
   * empty-point list and the chain heads (so it detects any undo that is not exact). For tests.
   */
  boolean identicalTo(Board other) {
    if (other.geometry != geometry
        || koPoint != other.koPoint
        || koColor != other.koColor
        || blackCaptures != other.blackCaptures
        || whiteCaptures != other.whiteCaptures
        || hash != other.hash
        || emptyCount != other.emptyCount
        || !Arrays.equals(color, other.color)
        || !Arrays.equals(atariHeads, other.atariHeads)
        || !Arrays.equals(emptyPoints, 0, emptyCount, other.emptyPoints, 0, emptyCount)) {
      return false;
    }
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (neighbourCounts[p] != other.neighbourCounts[p] || chainHead[p] != other.chainHead[p]) {
        return false;
      }
      if (color[p] != Color.EMPTY) {
        int h = chainHead[p];
        if (nextInChain[p] != other.nextInChain[p]
            || chainLibs[h] != other.chainLibs[h]
            || chainStones[h] != other.chainStones[h]) {
          return false;
        }
      } else if (emptyIndex[p] != other.emptyIndex[p]) {
        return false;
      }
    }
    return true;
  }

  private void setColorsUnchecked(byte[] colors) {
    System.arraycopy(colors, 0, color, 0, colors.length);
    rebuildDerivedState();
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("board inconsistent: " + what);
    }
  }

  /**
   * The board as a diagram: {@code X} black, {@code O} white, {@code .} empty, one row per line
   * from the top, with GTP coordinates.
   */
  @Override
  public String toString() {
    int size = geometry.size();
    StringBuilder sb = new StringBuilder("   ");
    String letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    for (int x = 0; x < size; x++) {
      sb.append(letters.charAt(x)).append(x + 1 < size ? " " : "\n");
    }
    for (int y = 0; y < size; y++) {
      sb.append(String.format("%2d ", size - y));
      for (int x = 0; x < size; x++) {
        sb.append(Color.symbol(color[geometry.point(x, y)])).append(x + 1 < size ? " " : "");
      }
      sb.append(String.format(" %d", size - y)).append('\n');
    }
    return sb.toString();
  }
}
