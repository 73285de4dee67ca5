package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;

/**
 * The softmax (Gibbs) playout policy of Crazy Stone, Erica and Fuego (Coulom 2007, GO-DIGEST
 * §D.3a): a move's strength is the product of the γ of its features ({@link FeatureGroup}), and a
 * move is drawn with probability strength ÷ the sum of the strengths of all candidates, the legal
 * moves that do not fill an own one-point eye. Thread-confined; nothing is allocated per move.
 *
 * <h2>Strengths kept incrementally</h2>
 *
 * Per colour and point the table holds the positional features ({@link MoveFeatures}) and their
 * product, and per board row the sum of the row's strengths. {@link #play} recomputes only the
 * points whose positional features a move can change:
 *
 * <ul>
 *   <li>the eight neighbours of every point whose colour changed (the move and the stones it
 *       captured), and those points themselves: patterns, eyes, the edge of empty areas;
 *   <li>every liberty of a chain whose liberty count was or is 3 or less, among the chains next to
 *       the move, and every liberty of the chains next to captured stones: captures, atari,
 *       extensions (which count liberties up to 3), self-atari and suicide depend on a chain's
 *       liberties only at those counts;
 *   <li>the last liberties of the chains in atari next to a chain that entered or left atari:
 *       whether capturing them saves an own chain;
 *   <li>the points of every empty area of at most six points next to the move, and of the area the
 *       captured stones leave: nakade vital points (an area the move splits is next to it in every
 *       part; captured stones touched no empty point but the move, so their area stays apart);
 *   <li>every point whose extension is read as a ladder: a ladder reads the whole board;
 *   <li>the point that was the ko point: while ko bars an extension there, its ladder is not read.
 * </ul>
 *
 * Rows whose points changed get their sums added again from scratch, in point order, so sums never
 * drift and the same moves give the same doubles. {@code SoftmaxPolicyTest} checks the table
 * against a recomputation from scratch after every move of random games.
 *
 * <h2>The move</h2>
 *
 * {@link #choose} applies the features of the last two moves (distance classes, answers to an
 * atari) and the ko ban as factors on the few points they touch, draws a row by its sum and a point
 * in the row by its strength, then takes the factors back. A move costs what it changes, not the
 * whole board.
 *
 * <h2>Statistics</h2>
 *
 * Per feature value: how many candidates had it, summed over moves, and how often the move played
 * had it. A point's positional candidates are counted by the moves its features lasted (added when
 * they change and at the end of the playout), the others at each move.
 */
public final class SoftmaxPolicy {
  private static final int G = FeatureGroup.POSITIONAL;
  private static final int LAST_DISTANCE = FeatureSpace.offset(FeatureGroup.LAST_DISTANCE);
  private static final int SECOND_DISTANCE = FeatureSpace.offset(FeatureGroup.SECOND_DISTANCE);
  private static final int CAPTURES_LAST = FeatureSpace.offset(FeatureGroup.LOCAL);
  private static final int SAVES_FROM_LAST = CAPTURES_LAST + 1;
  private static final int ATARIS_LAST = CAPTURES_LAST + 2;
  private static final int DEFENDS_FROM_LAST = CAPTURES_LAST + 3;
  private static final int EXTEND_GROUP = FeatureGroup.EXTEND.ordinal();

  /** The first extension value read as a ladder ({@code libs=2,...}). */
  private static final int EXTEND_LADDER = FeatureSpace.offset(FeatureGroup.EXTEND) + 2;

  /**
   * The liberty counts at which a chain's liberties' features may change: extensions count the
   * liberties after the move up to 3, so a neighbour chain matters up to 3 (its other liberties).
   */
  private static final int SHORT = 3;

  /**
   * The most points a LOCAL feature applies to: the last move's chain's liberties (2), the last
   * liberties of own chains in atari next to it (4), the liberties of own two-liberty chains next
   * to it (8).
   */
  private static final int MAX_LOCAL = 2 + 4 + 8;

  /** The most strengths a move's context changes: the ko, two neighbourhoods, the answers. */
  private static final int MAX_CONTEXT = 1 + 2 * 28 + MAX_LOCAL;

  private final Geometry geometry;
  private final int stride;
  private final int size;
  private final GammaTable table;
  private final double[] gamma;
  private final MoveFeatures features;
  private final Neighbourhoods near;

  // Per colour (index colour - 1): strengths, positional features (G per point), the move count at
  // which a point's features were set, row sums.
  private final double[][] weight = new double[2][];
  private final int[][] feature = new int[2][];
  private final int[][] since = new int[2][];
  private final double[][] rowSum = new double[2][];
  // Moves chosen for each colour in this playout.
  private final int[] moves = new int[2];

  // The update of a move.
  private final Marker dirty;
  private final int[] dirtyList;
  private int dirtyCount;
  private final boolean[] rowDirty;
  private final Marker heads;
  private final Marker area;
  private final int[] areaPoints = new int[8];
  private final int[] changed;
  // The points whose extension reads a ladder: recomputed after every move.
  private final int[] ladderPoints;
  private int ladderCount;

  // The context of a move: the strengths it changed, in order, to restore them backwards; the
  // points whose LOCAL feature applies.
  private final int[] contextPoint = new int[MAX_CONTEXT];
  private final double[] contextOldWeight = new double[MAX_CONTEXT];
  private int contextCount;
  private final int[] localPoint = new int[MAX_LOCAL];
  private final int[] localValue = new int[MAX_LOCAL];
  private int localCount;
  private final int[] twoLiberties = new int[2];
  private final Marker libertyMarker;
  private int contextLast;
  private int contextSecond;
  private final double[] savedRowSum;

  // Counts per feature id, flushed into PlayoutStats by flushInto.
  private final long[] candidateCounts;
  private final long[] chosenCounts;

  // Simulation balancing: where choose adds the score ψ of each move it draws (null: nowhere), and
  // 1/T, the derivative of a strength's exponent by log γ.
  private double[] scoreSink;
  private final double scoreScale;

  /** The policy of {@code table} for boards of {@code geometry}, at temperature 1. */
  public SoftmaxPolicy(GammaTable table, Geometry geometry) {
    this(table, 1.0, geometry);
  }

  /**
   * The policy of {@code table} at {@code temperature} (strengths are products of γ^(1/T)) for
   * boards of {@code geometry}.
   */
  public SoftmaxPolicy(GammaTable table, double temperature, Geometry geometry) {
    this.geometry = geometry;
    this.stride = geometry.stride();
    this.size = geometry.size();
    this.table = table;
    this.gamma = table.toArray();
    this.scoreScale = 1.0 / temperature;
    if (temperature != 1.0) {
      for (int i = 0; i < gamma.length; i++) {
        gamma[i] = Math.pow(gamma[i], 1.0 / temperature);
      }
    }
    this.features = new MoveFeatures(geometry);
    this.near = Neighbourhoods.of(geometry);
    int n = geometry.arraySize();
    for (int k = 0; k < 2; k++) {
      weight[k] = new double[n];
      feature[k] = new int[n * G];
      java.util.Arrays.fill(feature[k], -1);
      since[k] = new int[n];
      rowSum[k] = new double[size];
    }
    dirty = new Marker(geometry);
    dirtyList = new int[n];
    rowDirty = new boolean[size];
    heads = new Marker(geometry);
    libertyMarker = new Marker(geometry);
    area = new Marker(geometry);
    changed = new int[geometry.pointCount()];
    ladderPoints = new int[geometry.pointCount()];
    savedRowSum = new double[size];
    candidateCounts = new long[FeatureSpace.size()];
    chosenCounts = new long[FeatureSpace.size()];
  }

  public GammaTable table() {
    return table;
  }

  public Geometry geometry() {
    return geometry;
  }

  // ------------------------------------------------------------------ the table

  /** Computes the whole table for {@code board} from scratch and restarts the move counts. */
  public void setPosition(Board board) {
    assert board.geometry() == geometry : "geometry";
    moves[0] = 0;
    moves[1] = 0;
    features.startBatch();
    ladderCount = 0;
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      computePoint(board, p, false);
      since[0][p] = 0;
      since[1][p] = 0;
      if (readsLadder(p)) {
        ladderPoints[ladderCount++] = p;
      }
    }
    for (int k = 0; k < 2; k++) {
      for (int r = 0; r < size; r++) {
        rowSum[k][r] = sumRow(k, r);
      }
    }
  }

  /** Copies {@code other}'s table (a root's, set once), restarting the move counts. */
  public void copyFrom(SoftmaxPolicy other) {
    assert other.geometry == geometry && other.table == table : "another policy";
    for (int k = 0; k < 2; k++) {
      System.arraycopy(other.weight[k], 0, weight[k], 0, weight[k].length);
      System.arraycopy(other.feature[k], 0, feature[k], 0, feature[k].length);
      java.util.Arrays.fill(since[k], 0);
      System.arraycopy(other.rowSum[k], 0, rowSum[k], 0, size);
    }
    System.arraycopy(other.ladderPoints, 0, ladderPoints, 0, other.ladderCount);
    ladderCount = other.ladderCount;
    moves[0] = 0;
    moves[1] = 0;
  }

  /**
   * Recomputes p's entries for both colours. With {@code count}, first adds the moves its old
   * features lasted to the candidate counts.
   */
  private void computePoint(Board board, int p, boolean count) {
    if (count) {
      countLasting(0, p);
      countLasting(1, p);
    }
    int at = p * G;
    int[] black = feature[0];
    int[] white = feature[1];
    int may =
        board.color(p) == Color.EMPTY
            ? features.computeBoth(board, p, black, white, at)
            : clear(black, white, at);
    weight[0][p] = (may & 1) != 0 ? strength(black, at) : 0;
    weight[1][p] = (may & 2) != 0 ? strength(white, at) : 0;
  }

  private static int clear(int[] black, int[] white, int at) {
    for (int g = 0; g < G; g++) {
      black[at + g] = -1;
      white[at + g] = -1;
    }
    return 0;
  }

  private double strength(int[] f, int at) {
    double w = 1;
    for (int g = 0; g < G; g++) {
      int id = f[at + g];
      w *= id >= 0 ? gamma[id] : 1.0;
    }
    return w;
  }

  /** Adds the moves p's current features have lasted (if it is a candidate) to the counts. */
  private void countLasting(int k, int p) {
    int lasted = moves[k] - since[k][p];
    if (lasted > 0 && weight[k][p] > 0) {
      int[] f = feature[k];
      int at = p * G;
      for (int g = 0; g < G; g++) {
        int id = f[at + g];
        if (id >= 0) {
          candidateCounts[id] += lasted;
        }
      }
    }
    since[k][p] = moves[k];
  }

  private double sumRow(int k, int r) {
    double[] w = weight[k];
    int p = geometry.point(0, r);
    double sum = 0;
    for (int x = 0; x < size; x++) {
      sum += w[p + x];
    }
    return sum;
  }

  /** The strength of a move of {@code player} at p, without the last moves' features and ko. */
  public double strength(int p, byte player) {
    return weight[player - 1][p];
  }

  /** The sum of row r's strengths for {@code player}, as the policy keeps it. */
  double rowSum(byte player, int r) {
    return rowSum[player - 1][r];
  }

  /** The positional feature of group g (an id, or -1) of a move of {@code player} at p. */
  public int feature(int p, byte player, int g) {
    return feature[player - 1][p * G + g];
  }

  // ------------------------------------------------------------------ moves

  /**
   * Plays {@code me} at p on {@code board} (legal: empty, not ko, not suicide) and updates the
   * table; see the class comment for which points are recomputed and why.
   */
  public void play(Board board, int p, byte me) {
    byte enemy = Color.opponent(me);
    int oldKo = board.koPoint();
    dirty.clear();
    dirtyCount = 0;
    heads.clear();
    area.clear();
    // Before the move: the stones it captures, and whether it joins own chains short of
    // liberties or in atari.
    int changedCount = 0;
    changed[changedCount++] = p;
    boolean joinsShort = false;
    boolean joinsAtari = false;
    for (int i = 0; i < 4; i++) {
      int a = neighbour(p, i);
      byte c = board.color(a);
      if (c == enemy && board.libertyCount(a) == 1 && heads.markIfNew(board.chainHead(a))) {
        int h = board.chainHead(a);
        int s = h;
        do {
          changed[changedCount++] = s;
          s = board.nextInChain(s);
        } while (s != h);
      } else if (c == me) {
        int libs = board.libertyCount(a);
        joinsShort |= libs <= SHORT;
        joinsAtari |= libs == 1;
      }
    }

    board.playAssumeLegal(p, me);

    // After it: the neighbourhoods of the changed points, their areas, and the liberties of the
    // chains around them whose counts matter.
    heads.clear();
    for (int i = 0; i < changedCount; i++) {
      int x = changed[i];
      markDirty(board, x);
      markDirty(board, x - stride - 1);
      markDirty(board, x - stride);
      markDirty(board, x - stride + 1);
      markDirty(board, x - 1);
      markDirty(board, x + 1);
      markDirty(board, x + stride - 1);
      markDirty(board, x + stride);
      markDirty(board, x + stride + 1);
      markEmptyNeighbourAreas(board, x);
      if (board.color(x) == Color.EMPTY) {
        markSmallArea(board, x);
      }
      boolean captured = i > 0;
      for (int j = 0; j < 4; j++) {
        int a = neighbour(x, j);
        byte c = board.color(a);
        if (!Color.isPlayer(c) || !heads.markIfNew(board.chainHead(a))) {
          continue;
        }
        int libs = board.libertyCount(a);
        boolean own = c == me;
        if (captured || libs <= SHORT || own && joinsShort) {
          markLiberties(board, a);
        }
        // A chain that entered or left atari changes whether capturing a neighbour saves it.
        if (captured || libs == 1 || own && joinsAtari) {
          markSavingCaptures(board, a);
        }
      }
    }
    if (oldKo != Point.NONE) {
      markDirty(board, oldKo);
    }
    finishUpdate(board);
  }

  /**
   * Adds the last liberties of the chains in atari next to the chain at a: capturing one of them
   * saves a when a is in atari, so their capture features change with a's atari.
   */
  private void markSavingCaptures(Board board, int a) {
    byte other = Color.opponent(board.color(a));
    int h = board.chainHead(a);
    int s = h;
    do {
      markLastLiberty(board, s - stride, other);
      markLastLiberty(board, s - 1, other);
      markLastLiberty(board, s + 1, other);
      markLastLiberty(board, s + stride, other);
      s = board.nextInChain(s);
    } while (s != h);
  }

  private void markLastLiberty(Board board, int q, byte other) {
    if (board.color(q) == other && board.libertyCount(q) == 1) {
      markIfEmpty(board, board.lastLiberty(q));
    }
  }

  /** Passes for {@code me}: only the ko ban ends. */
  public void pass(Board board, byte me) {
    int oldKo = board.koPoint();
    board.pass(me);
    dirty.clear();
    dirtyCount = 0;
    if (oldKo != Point.NONE) {
      markDirty(board, oldKo);
    }
    finishUpdate(board);
  }

  /**
   * Recomputes the dirty points and the ladder points (whose extension reads a ladder, which any
   * move may break), then the sums of the rows they are in.
   */
  private void finishUpdate(Board board) {
    for (int i = 0; i < ladderCount; i++) {
      markDirty(board, ladderPoints[i]);
    }
    features.startBatch();
    int n = 0;
    for (int i = 0; i < dirtyCount; i++) {
      int q = dirtyList[i];
      computePoint(board, q, true);
      rowDirty[geometry.y(q)] = true;
      if (readsLadder(q)) {
        ladderPoints[n++] = q;
      }
    }
    ladderCount = n;
    for (int r = 0; r < size; r++) {
      if (rowDirty[r]) {
        rowDirty[r] = false;
        rowSum[0][r] = sumRow(0, r);
        rowSum[1][r] = sumRow(1, r);
      }
    }
  }

  /** Whether p's extension, for either colour, is read as a ladder. */
  private boolean readsLadder(int p) {
    int at = p * G + EXTEND_GROUP;
    return feature[0][at] >= EXTEND_LADDER || feature[1][at] >= EXTEND_LADDER;
  }

  private int neighbour(int p, int i) {
    return i == 0 ? p - stride : i == 1 ? p - 1 : i == 2 ? p + 1 : p + stride;
  }

  /** Adds the on-board point q (empty or not: a stone's entries become 0) to the update. */
  private void markDirty(Board board, int q) {
    if (board.color(q) != Color.WALL && dirty.markIfNew(q)) {
      dirtyList[dirtyCount++] = q;
    }
  }

  /** Adds every liberty of the chain at a to the update. */
  private void markLiberties(Board board, int a) {
    int h = board.chainHead(a);
    int s = h;
    do {
      markIfEmpty(board, s - stride);
      markIfEmpty(board, s - 1);
      markIfEmpty(board, s + 1);
      markIfEmpty(board, s + stride);
      s = board.nextInChain(s);
    } while (s != h);
  }

  private void markIfEmpty(Board board, int q) {
    if (board.color(q) == Color.EMPTY && dirty.markIfNew(q)) {
      dirtyList[dirtyCount++] = q;
    }
  }

  private void markEmptyNeighbourAreas(Board board, int x) {
    for (int j = 0; j < 4; j++) {
      int a = neighbour(x, j);
      if (board.color(a) == Color.EMPTY) {
        markSmallArea(board, a);
      }
    }
  }

  /**
   * If the empty point e lies in an empty area of at most six points (the largest with a nakade
   * vital point), adds the area to the update.
   */
  private void markSmallArea(Board board, int e) {
    // One marker for the whole update: areas are disjoint, so a point already flooded (its area
    // added, or found too large) needs no flood of its own.
    if (board.color(e) != Color.EMPTY || !area.markIfNew(e)) {
      return;
    }
    areaPoints[0] = e;
    int n = 1;
    for (int i = 0; i < n; i++) {
      int q = areaPoints[i];
      for (int j = 0; j < 4; j++) {
        int a = neighbour(q, j);
        if (board.color(a) == Color.EMPTY && area.markIfNew(a)) {
          if (n == 6) {
            return; // a seventh point: too large to have a vital point
          }
          areaPoints[n++] = a;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      markIfEmpty(board, areaPoints[i]);
    }
  }

  // ------------------------------------------------------------------ choosing

  /**
   * Draws the move of {@code me}: a candidate with probability ∝ its strength with the last two
   * moves' features, or {@link Point#PASS} when there is no candidate. Counts the features of the
   * candidates and of the move in the policy's counts.
   *
   * @param last the last move (a point, PASS or NONE)
   * @param secondLast the move before it
   */
  public int choose(Board board, byte me, int last, int secondLast, Rng rng) {
    int k = me - 1;
    moves[k]++;
    applyContext(board, me, last, secondLast, true);
    double[] w = weight[k];
    double[] rows = rowSum[k];
    double total = 0;
    for (int r = 0; r < size; r++) {
      total += rows[r];
    }
    int chosen = Point.PASS;
    if (total > 0) {
      chosen = draw(w, rows, rng.nextDouble() * total);
      if (scoreSink != null) {
        addScore(k, chosen, total);
      }
    }
    countMove(k, chosen);
    revertContext(k);
    return chosen;
  }

  private int draw(double[] w, double[] rows, double u) {
    int lastRowWithWeight = -1;
    for (int r = 0; r < size; r++) {
      if (rows[r] > 0) {
        lastRowWithWeight = r;
        if (u < rows[r]) {
          return drawInRow(w, r, u);
        }
        u -= rows[r];
      }
    }
    // Rounding left u at or past the total: the last point with a strength.
    return drawInRow(w, lastRowWithWeight, Double.POSITIVE_INFINITY);
  }

  private int drawInRow(double[] w, int r, double u) {
    int p = geometry.point(0, r);
    int lastWithWeight = Point.NONE;
    for (int x = 0; x < size; x++, p++) {
      double s = w[p];
      if (s > 0) {
        if (u < s) {
          return p;
        }
        u -= s;
        lastWithWeight = p;
      }
    }
    return lastWithWeight;
  }

  /**
   * Multiplies the strengths of the points near the last two moves by their contextual γ and sets
   * the ko point's to 0, saving every strength it changes for {@link #revertContext}; with {@code
   * count}, counts the contextual features of the candidates and takes the ko point out of this
   * move's counts. A point near both moves is multiplied twice and saved twice: restoring backwards
   * leaves its strength as it was.
   */
  private void applyContext(Board board, byte me, int last, int secondLast, boolean count) {
    int k = me - 1;
    double[] w = weight[k];
    double[] rows = rowSum[k];
    System.arraycopy(rows, 0, savedRowSum, 0, size);
    contextCount = 0;
    contextLast = last;
    contextSecond = secondLast;
    localCount = 0;
    // The ko point first: with no strength it takes no contextual feature below.
    int ko = board.koColor() == me ? board.koPoint() : Point.NONE;
    if (ko != Point.NONE && w[ko] > 0) {
      if (count) {
        // The ko point is no candidate this move: take back what its lasting features count.
        int at = ko * G;
        for (int g = 0; g < G; g++) {
          int id = feature[k][at + g];
          if (id >= 0) {
            candidateCounts[id]--;
          }
        }
      }
      multiply(w, rows, ko, 0);
    }
    if (last > Point.PASS) {
      applyNeighbourhood(w, rows, last, LAST_DISTANCE, count);
      applyAnswers(board, w, rows, me, last, count);
    }
    if (secondLast > Point.PASS) {
      applyNeighbourhood(w, rows, secondLast, SECOND_DISTANCE, count);
    }
  }

  private void applyNeighbourhood(
      double[] w, double[] rows, int centre, int offset, boolean count) {
    int end = near.end(centre);
    for (int j = near.start(centre); j < end; j++) {
      int q = near.point(j);
      if (w[q] > 0) {
        multiplyCounted(w, rows, q, offset + near.distanceClass(j), count);
      }
    }
  }

  private void multiplyCounted(double[] w, double[] rows, int q, int id, boolean count) {
    if (count) {
      candidateCounts[id]++;
    }
    multiply(w, rows, q, gamma[id]);
  }

  /** Multiplies q's strength by {@code factor}, saving the old one and updating its row. */
  private void multiply(double[] w, double[] rows, int q, double factor) {
    double old = w[q];
    contextPoint[contextCount] = q;
    contextOldWeight[contextCount++] = old;
    double now = old * factor;
    w[q] = now;
    rows[geometry.y(q)] += now - old;
  }

  /**
   * The LOCAL features: answers to the last move, in order of precedence (a point takes the first
   * that applies): capturing its chain in atari, extending an own chain it put in atari, putting
   * its two-liberty chain in atari, and giving an own two-liberty chain next to it a third liberty
   * (heavy's local rules, as features).
   */
  private void applyAnswers(
      Board board, double[] w, double[] rows, byte me, int last, boolean count) {
    byte enemy = Color.opponent(me);
    boolean lastIsEnemy = board.color(last) == enemy;
    int lastLibs = lastIsEnemy ? board.libertyCount(last) : 0;
    if (lastLibs == 1) {
      addLocal(w, rows, board.lastLiberty(last), CAPTURES_LAST, count);
    }
    for (int i = 0; i < 4; i++) {
      int a = neighbour(last, i);
      if (board.color(a) == me && board.libertyCount(a) == 1) {
        addLocal(w, rows, board.lastLiberty(a), SAVES_FROM_LAST, count);
      }
    }
    if (lastLibs == 2) {
      board.liberties(last, twoLiberties, 2, libertyMarker);
      addLocal(w, rows, twoLiberties[0], ATARIS_LAST, count);
      addLocal(w, rows, twoLiberties[1], ATARIS_LAST, count);
    }
    for (int i = 0; i < 4; i++) {
      int a = neighbour(last, i);
      if (board.color(a) == me && board.libertyCount(a) == 2) {
        board.liberties(a, twoLiberties, 2, libertyMarker);
        int q0 = twoLiberties[0];
        int q1 = twoLiberties[1];
        if (board.libertiesAfterPlay(q0, me, 3, libertyMarker) >= 3) {
          addLocal(w, rows, q0, DEFENDS_FROM_LAST, count);
        }
        if (board.libertiesAfterPlay(q1, me, 3, libertyMarker) >= 3) {
          addLocal(w, rows, q1, DEFENDS_FROM_LAST, count);
        }
      }
    }
  }

  /** Gives the candidate q the LOCAL value {@code id}, unless it has one already. */
  private void addLocal(double[] w, double[] rows, int q, int id, boolean count) {
    if (w[q] > 0 && localFeature(q) < 0) {
      localPoint[localCount] = q;
      localValue[localCount++] = id;
      multiplyCounted(w, rows, q, id, count);
    }
  }

  /** Restores the strengths {@link #applyContext} changed, backwards, and the row sums. */
  private void revertContext(int k) {
    double[] w = weight[k];
    for (int i = contextCount - 1; i >= 0; i--) {
      w[contextPoint[i]] = contextOldWeight[i];
    }
    System.arraycopy(savedRowSum, 0, rowSum[k], 0, size);
  }

  /** Counts the features of the move p (positional and, near the last moves, contextual). */
  private void countMove(int k, int p) {
    if (p <= Point.PASS) {
      return;
    }
    int at = p * G;
    for (int g = 0; g < G; g++) {
      int id = feature[k][at + g];
      if (id >= 0) {
        chosenCounts[id]++;
      }
    }
    int last = distanceFeature(p, contextLast, LAST_DISTANCE);
    int second = distanceFeature(p, contextSecond, SECOND_DISTANCE);
    int local = localFeature(p);
    if (last >= 0) {
      chosenCounts[last]++;
    }
    if (second >= 0) {
      chosenCounts[second]++;
    }
    if (local >= 0) {
      chosenCounts[local]++;
    }
  }

  /** The distance feature of q from {@code centre} (a point, PASS or NONE), or -1. */
  private int distanceFeature(int q, int centre, int offset) {
    if (centre <= Point.PASS) {
      return -1;
    }
    int d =
        Neighbourhoods.distance(
            geometry.x(q) - geometry.x(centre), geometry.y(q) - geometry.y(centre));
    return d >= 2 && d <= Neighbourhoods.MAX_DISTANCE ? offset + d - 2 : -1;
  }

  /** The LOCAL feature of q in the current context, or -1. */
  private int localFeature(int q) {
    for (int i = 0; i < localCount; i++) {
      if (localPoint[i] == q) {
        return localValue[i];
      }
    }
    return -1;
  }

  /**
   * The probability of each move of {@code me} in the current position, with the last two moves'
   * features and the ko ban, as {@link #choose} would draw it: {@code out[p]} for every board point
   * (0 where {@code me} may not play). All 0 when there is no candidate. Counts nothing.
   */
  public void probabilities(Board board, byte me, int last, int secondLast, double[] out) {
    int k = me - 1;
    applyContext(board, me, last, secondLast, false);
    double total = 0;
    double[] rows = rowSum[k];
    for (int r = 0; r < size; r++) {
      total += rows[r];
    }
    double[] w = weight[k];
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      out[p] = total > 0 ? w[p] / total : 0;
    }
    revertContext(k);
  }

  // ------------------------------------------------------------------ simulation balancing

  /**
   * From now on, adds to {@code sink[id]} the score of every move {@link #choose} draws: ψ = ∂ log
   * π(move) / ∂ log γ_id = (φ_id(move) − Σ_b π(b) φ_id(b)) / T, the likelihood-ratio term of
   * simulation balancing's gradient (GO-DIGEST §D.2). A pass drawn for want of candidates has
   * probability 1 and adds nothing. {@code null} stops it; the sink is the caller's, indexed by
   * feature id ({@link FeatureSpace#size()} long).
   */
  public void scoreInto(double[] sink) {
    assert sink == null || sink.length == FeatureSpace.size() : "a sink per feature id";
    scoreSink = sink;
  }

  /** Adds ψ of the move {@code chosen}, drawn from strengths summing to {@code total}. */
  private void addScore(int k, int chosen, double total) {
    double[] sink = scoreSink;
    double[] w = weight[k];
    double step = scoreScale / total;
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (w[p] > 0) {
        addFeatures(k, p, sink, -w[p] * step);
      }
    }
    addFeatures(k, chosen, sink, scoreScale);
  }

  /** Adds {@code amount} to the sink at every feature of the move p in the current context. */
  private void addFeatures(int k, int p, double[] sink, double amount) {
    int at = p * G;
    int[] f = feature[k];
    for (int g = 0; g < G; g++) {
      int id = f[at + g];
      if (id >= 0) {
        sink[id] += amount;
      }
    }
    int last = distanceFeature(p, contextLast, LAST_DISTANCE);
    int second = distanceFeature(p, contextSecond, SECOND_DISTANCE);
    int local = localFeature(p);
    if (last >= 0) {
      sink[last] += amount;
    }
    if (second >= 0) {
      sink[second] += amount;
    }
    if (local >= 0) {
      sink[local] += amount;
    }
  }

  // ------------------------------------------------------------------ features of a decision

  /**
   * The candidates of {@code me} in the current position with every feature each has, for fitting
   * (the same table and contextual features the draw uses): writes each candidate's point into
   * {@code points} and its feature ids, in {@link FeatureGroup} order with -1 for none, into {@code
   * featuresOut[i * FeatureGroup.values().length ...]}. Counts nothing.
   *
   * @return the number of candidates
   */
  public int candidates(
      Board board, byte me, int last, int secondLast, int[] points, int[] featuresOut) {
    int k = me - 1;
    int groups = FeatureGroup.values().length;
    applyContext(board, me, last, secondLast, false);
    double[] w = weight[k];
    int[] f = feature[k];
    int n = 0;
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (w[p] <= 0) {
        continue;
      }
      points[n] = p;
      int at = n * groups;
      System.arraycopy(f, p * G, featuresOut, at, G);
      featuresOut[at + G] = distanceFeature(p, last, LAST_DISTANCE);
      featuresOut[at + G + 1] = distanceFeature(p, secondLast, SECOND_DISTANCE);
      featuresOut[at + G + 2] = localFeature(p);
      n++;
    }
    revertContext(k);
    return n;
  }

  // ------------------------------------------------------------------ statistics

  /** Ends a playout: counts the moves the features at its end lasted. */
  public void endPlayout() {
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      countLasting(0, p);
      countLasting(1, p);
    }
  }

  /** Adds the feature counts to {@code stats} and zeroes them. */
  public void flushInto(PlayoutStats stats) {
    stats.addFeatureCounts(candidateCounts, chosenCounts);
    java.util.Arrays.fill(candidateCounts, 0);
    java.util.Arrays.fill(chosenCounts, 0);
  }
}
