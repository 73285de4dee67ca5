package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.PointSet;

/**
 * Benson's algorithm: finds, for both colours, the chains that are unconditionally alive
 * (pass-alive: no sequence of enemy moves can capture them even if their owner always passes), the
 * safe territory they enclose, and the enemy stones in it, which are dead.
 *
 * <pre>{@code
 * Benson benson = new Benson(board.geometry());   // reusable; one per thread
 * Benson.Result settled = benson.compute(board);
 * settled.alive(Color.BLACK);                    // black's pass-alive stones
 * settled.status(geometry.parse("C3"));          // ALIVE, DEAD, BLACK_TERRITORY, ...
 * }</pre>
 *
 * <h2>The algorithm</h2>
 *
 * For a colour C, a <em>region</em> is a maximal connected set of points not occupied by C (empty
 * points and enemy stones). A region is <em>vital</em> (Fuego: healthy) to a chain of C when every
 * empty point of the region is a liberty of the chain; enemy stones inside are ignored. Benson's
 * fixed point (D. B. Benson, "Life in the game of Go", Information Sciences 10, 1976, 17-29; see
 * also https://senseis.xmp.net/?BensonsAlgorithm) removes every chain with fewer than two vital
 * regions, drops every region next to a removed chain, and repeats; the chains left are
 * unconditionally alive, and the regions left that are vital to one of them are safe for C.
 *
 * <p>This follows the "start big and shrink" formulation of Smart Go and Fuego ({@code
 * GoStaticSafetySolver}, {@code GoBensonSolver}), which partitions the chains into <em>test
 * sets</em> (a chain joins the set of every chain it shares a vital region with) and shrinks each
 * set on its own. The steps are private methods named after the paper: {@code findRegions}, {@link
 * #findVitalRegions} with {@code isVital}, and {@code removeChainsWithFewerThanTwoVitalRegions}.
 * The last one runs the fixed point as a work list: removing a chain drops the regions next to it
 * and decrements the vital-region count of the chains those regions were vital to, which are
 * exactly the chains of its test set that the removal can affect. So each test set shrinks on its
 * own without being built, and the whole fixed point is linear in the board size. (A region vital
 * to a chain of a test set has all its boundary chains in that set, because they all share it, so
 * "keep only regions surrounded by the set" holds from the start.) {@code BensonTest} checks this
 * against a literal implementation of the iteration.
 *
 * <p>Cost: two flood fills of the board and a walk over the chains, with no allocation except the
 * result; {@code BensonBenchmark} measures it on full 19x19 boards (docs/benchmarks.md).
 *
 * <h2>Extension point</h2>
 *
 * Müller's static safety ("Playing it safe: recognizing secure territories in computer Go by using
 * static rules and search", 1997; Fuego's {@code GoSafetySolver}) would replace {@code isVital}
 * with 1-vitality (a region that stays an eye provided C answers each enemy move locally) and merge
 * chains into groups through miai connections. It proves far more stones safe, under the weaker
 * guarantee that C answers locally; it is not built.
 *
 * <p>Not thread-safe: the scratch arrays belong to one thread.
 */
public final class Benson {
  /** The answer for one point, in GNU Go's {@code unconditional_status} vocabulary. */
  public enum Status {
    /** A stone of a pass-alive chain. */
    ALIVE("alive"),
    /** A stone inside the other colour's safe territory: it can never live. */
    DEAD("dead"),
    /** An empty point of black's safe territory. */
    BLACK_TERRITORY("black_territory"),
    /** An empty point of white's safe territory. */
    WHITE_TERRITORY("white_territory"),
    /** Anything else: Benson cannot tell. */
    UNDECIDED("undecided");

    private final String gtpName;

    Status(String gtpName) {
      this.gtpName = gtpName;
    }

    /** The GTP word: {@code alive}, {@code black_territory}, ... */
    public String gtpName() {
      return gtpName;
    }
  }

  private final Geometry geometry;
  private final int stride;

  // Regions of the colour being solved: their points, region by region, and per point its region.
  private final Marker visited;
  private final int[] regionOf;
  private final int[] regionPoints;
  private final int[] regionStart;
  private final int[] regionEnd;
  private int regionCount;

  // Per region: the chains (heads) it is vital to, at most 4 (they all touch its first empty
  // point).
  private final int[] vitalChains;
  private final int[] vitalChainCount;
  private final boolean[] regionKept;

  // Per chain, indexed by its head: vital regions not dropped yet, and whether it was removed.
  private final int[] heads;
  private int headCount;
  private final int[] vitalRegionCount;
  private final boolean[] chainRemoved;
  private final int[] queue;

  /** A solver for boards of {@code geometry}, with its scratch arrays. */
  public Benson(Geometry geometry) {
    this.geometry = geometry;
    this.stride = geometry.stride();
    int points = geometry.pointCount();
    int n = geometry.arraySize();
    visited = new Marker(geometry);
    regionOf = new int[n];
    regionPoints = new int[points];
    regionStart = new int[points];
    regionEnd = new int[points];
    vitalChains = new int[4 * points];
    vitalChainCount = new int[points];
    regionKept = new boolean[points];
    heads = new int[points];
    vitalRegionCount = new int[n];
    chainRemoved = new boolean[n];
    queue = new int[points];
  }

  public Geometry geometry() {
    return geometry;
  }

  /**
   * Solves both colours on {@code board}.
   *
   * @throws IllegalArgumentException if the board is of another size
   */
  public Result compute(Board board) {
    if (board.geometry() != geometry) {
      throw new IllegalArgumentException(
          "Benson for " + geometry + " cannot solve a " + board.geometry() + " board");
    }
    Result result = new Result(geometry);
    solve(board, Color.BLACK, result);
    solve(board, Color.WHITE, result);
    return result;
  }

  /** Runs the fixed point for colour c and writes its alive stones, territory and the dead. */
  private void solve(Board board, byte c, Result result) {
    findRegions(board, c);
    findChains(board, c);
    findVitalRegions(board, c);
    removeChainsWithFewerThanTwoVitalRegions(board, c);

    PointSet alive = result.alive[c];
    for (int i = 0; i < headCount; i++) {
      int h = heads[i];
      if (!chainRemoved[h]) {
        int s = h;
        do {
          alive.add(s);
          s = board.nextInChain(s);
        } while (s != h);
      }
    }
    PointSet territory = result.territory[c];
    PointSet dead = result.dead[Color.opponent(c)];
    for (int r = 0; r < regionCount; r++) {
      // A kept region has no removed chain around it, so a vital chain of it is alive.
      if (regionKept[r] && vitalChainCount[r] > 0) {
        for (int k = regionStart[r]; k < regionEnd[r]; k++) {
          int q = regionPoints[k];
          territory.add(q);
          if (board.color(q) != Color.EMPTY) {
            dead.add(q);
          }
        }
      }
    }
  }

  /** Step 1: the regions of c, by flood fill over the points that are not c. */
  private void findRegions(Board board, byte c) {
    visited.clear();
    regionCount = 0;
    int n = 0;
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (board.color(p) == c || visited.isMarked(p)) {
        continue;
      }
      int r = regionCount++;
      regionStart[r] = n;
      regionKept[r] = true;
      visited.mark(p);
      regionOf[p] = r;
      regionPoints[n++] = p;
      for (int k = regionStart[r]; k < n; k++) {
        int q = regionPoints[k];
        n = addToRegion(board, c, q - stride, r, n);
        n = addToRegion(board, c, q - 1, r, n);
        n = addToRegion(board, c, q + 1, r, n);
        n = addToRegion(board, c, q + stride, r, n);
      }
      regionEnd[r] = n;
    }
  }

  private int addToRegion(Board board, byte c, int a, int r, int n) {
    byte ac = board.color(a);
    if (ac != c && ac != Color.WALL && visited.markIfNew(a)) {
      regionOf[a] = r;
      regionPoints[n++] = a;
    }
    return n;
  }

  /** The chains of c by their heads, none removed and with no vital region yet. */
  private void findChains(Board board, byte c) {
    headCount = 0;
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (board.color(p) == c && board.chainHead(p) == p) {
        heads[headCount++] = p;
        vitalRegionCount[p] = 0;
        chainRemoved[p] = false;
      }
    }
  }

  /**
   * Step 2: for every region, the chains of c it is vital to. Such a chain has every empty point of
   * the region as a liberty, so it touches the region's first empty point: only those (at most
   * four) are tried. A region without empty points (impossible on a legal board: its enemy stones
   * would have no liberty) is vital to none.
   */
  private void findVitalRegions(Board board, byte c) {
    for (int r = 0; r < regionCount; r++) {
      vitalChainCount[r] = 0;
      int e = firstEmpty(board, r);
      if (e < 0) {
        continue;
      }
      int h0 = chainOf(board, c, e - stride);
      int h1 = chainOf(board, c, e - 1);
      int h2 = chainOf(board, c, e + 1);
      int h3 = chainOf(board, c, e + stride);
      tryVital(board, r, h0);
      if (h1 != h0) {
        tryVital(board, r, h1);
      }
      if (h2 != h0 && h2 != h1) {
        tryVital(board, r, h2);
      }
      if (h3 != h0 && h3 != h1 && h3 != h2) {
        tryVital(board, r, h3);
      }
    }
  }

  /** The head of the chain of c at q, or 0 (never a head) when q is not a stone of c. */
  private static int chainOf(Board board, byte c, int q) {
    return board.color(q) == c ? board.chainHead(q) : 0;
  }

  private void tryVital(Board board, int r, int h) {
    if (h != 0 && isVital(board, r, h)) {
      vitalChains[4 * r + vitalChainCount[r]++] = h;
      vitalRegionCount[h]++;
    }
  }

  private int firstEmpty(Board board, int r) {
    for (int k = regionStart[r]; k < regionEnd[r]; k++) {
      if (board.color(regionPoints[k]) == Color.EMPTY) {
        return regionPoints[k];
      }
    }
    return -1;
  }

  /** Whether region r is vital to the chain with head h: every empty point of r is its liberty. */
  private boolean isVital(Board board, int r, int h) {
    for (int k = regionStart[r]; k < regionEnd[r]; k++) {
      int q = regionPoints[k];
      if (board.color(q) == Color.EMPTY
          && board.chainHead(q - stride) != h
          && board.chainHead(q - 1) != h
          && board.chainHead(q + 1) != h
          && board.chainHead(q + stride) != h) {
        return false;
      }
    }
    return true;
  }

  /**
   * Steps 3 and 4 to the fixed point: removes every chain with fewer than two vital regions, drops
   * the regions next to it (their boundary is no longer all in the set), and removes in turn the
   * chains that thereby fall below two.
   */
  private void removeChainsWithFewerThanTwoVitalRegions(Board board, byte c) {
    int tail = 0;
    for (int i = 0; i < headCount; i++) {
      int h = heads[i];
      if (vitalRegionCount[h] < 2) {
        chainRemoved[h] = true;
        queue[tail++] = h;
      }
    }
    for (int i = 0; i < tail; i++) {
      int h = queue[i];
      int s = h;
      do {
        tail = dropRegionAt(board, c, s - stride, tail);
        tail = dropRegionAt(board, c, s - 1, tail);
        tail = dropRegionAt(board, c, s + 1, tail);
        tail = dropRegionAt(board, c, s + stride, tail);
        s = board.nextInChain(s);
      } while (s != h);
    }
  }

  /** Drops the region of point a (if a is in one and it is kept); returns the new queue end. */
  private int dropRegionAt(Board board, byte c, int a, int tail) {
    byte ac = board.color(a);
    if (ac == c || ac == Color.WALL) {
      return tail;
    }
    int r = regionOf[a];
    if (!regionKept[r]) {
      return tail;
    }
    regionKept[r] = false;
    for (int k = 0; k < vitalChainCount[r]; k++) {
      int v = vitalChains[4 * r + k];
      if (--vitalRegionCount[v] < 2 && !chainRemoved[v]) {
        chainRemoved[v] = true;
        queue[tail++] = v;
      }
    }
    return tail;
  }

  /**
   * What Benson proved on one board: per colour, the pass-alive stones, the safe territory (the
   * points of the safe regions: empty points and the enemy stones in them) and the dead stones
   * (inside the other colour's safe territory). Accessors return copies.
   */
  public static final class Result {
    private final Geometry geometry;
    private final PointSet[] alive = new PointSet[3];
    private final PointSet[] territory = new PointSet[3];
    private final PointSet[] dead = new PointSet[3];

    private Result(Geometry geometry) {
      this.geometry = geometry;
      for (byte c = Color.BLACK; c <= Color.WHITE; c++) {
        alive[c] = new PointSet(geometry);
        territory[c] = new PointSet(geometry);
        dead[c] = new PointSet(geometry);
      }
    }

    public Geometry geometry() {
      return geometry;
    }

    /** The pass-alive stones of {@code player}. */
    public PointSet alive(byte player) {
      return alive[check(player)].copy();
    }

    /** The points of {@code player}'s safe regions: empty points and the dead enemy stones. */
    public PointSet territory(byte player) {
      return territory[check(player)].copy();
    }

    /** The stones of {@code player} inside the opponent's safe territory. */
    public PointSet dead(byte player) {
      return dead[check(player)].copy();
    }

    /** Everything settled for {@code player}: its pass-alive stones and its safe territory. */
    public PointSet safe(byte player) {
      return alive(player).or(territory[player]);
    }

    public boolean isAlive(int p) {
      return alive[Color.BLACK].contains(p) || alive[Color.WHITE].contains(p);
    }

    public boolean isDead(int p) {
      return dead[Color.BLACK].contains(p) || dead[Color.WHITE].contains(p);
    }

    /**
     * The settled owner of point p: the colour whose pass-alive stone or safe territory it is, or
     * EMPTY when Benson cannot tell.
     */
    public byte owner(int p) {
      if (alive[Color.BLACK].contains(p) || territory[Color.BLACK].contains(p)) {
        return Color.BLACK;
      }
      if (alive[Color.WHITE].contains(p) || territory[Color.WHITE].contains(p)) {
        return Color.WHITE;
      }
      return Color.EMPTY;
    }

    /** The status of point p, as GNU Go's {@code unconditional_status} words it. */
    public Status status(int p) {
      if (isAlive(p)) {
        return Status.ALIVE;
      }
      if (isDead(p)) {
        return Status.DEAD;
      }
      if (territory[Color.BLACK].contains(p)) {
        return Status.BLACK_TERRITORY;
      }
      if (territory[Color.WHITE].contains(p)) {
        return Status.WHITE_TERRITORY;
      }
      return Status.UNDECIDED;
    }

    private static byte check(byte player) {
      if (!Color.isPlayer(player)) {
        throw new IllegalArgumentException("not a player: " + player);
      }
      return player;
    }
  }
}
