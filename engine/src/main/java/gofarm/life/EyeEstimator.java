package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.board.PointSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An estimate of the minimum and maximum number of eyes of every group, that reads each small eye
 * space on its own as if the stones around it could not be captured, judges cutting points by the
 * diagonal test (with the enemy stones on the diagonals read tactically), counts a region of more
 * than {@link #MAX_EYE_SPACE} points as 0 to 2 eyes, and trusts {@link Benson} for pass-alive
 * groups; semeai and kos are not read.
 *
 * <pre>{@code
 * EyeEstimator eyes = new EyeEstimator(board.geometry());
 * for (Group g : eyes.estimate(board)) {
 *   if (g.isUnsettled()) { ... g.vitalPoints() ... }
 * }
 * }</pre>
 *
 * <h2>How</h2>
 *
 * For each colour C, the <em>regions</em> are the maximal connected sets of points not occupied by
 * C (as in {@link Benson}); a region of at most {@link #MAX_EYE_SPACE} points is an <em>eye
 * space</em>: the enemy stones in it cannot leave it. The chains next to one eye space belong to
 * one <em>group</em>. Each eye space gets a value (GNU Go's four digits, {@link EyeValue}):
 *
 * <ul>
 *   <li>its shape and contents are searched as a local game ({@link EyeShape}), which gives the
 *       value and the vital points of straight and bent three, pyramid four, bulky and crossed
 *       five, rabbity six, the dead square four, the living shapes, and any enemy stones inside;
 *   <li>every point of it with at most one neighbour in it gets GNU Go's diagonal test (optics.c,
 *       GO-DIGEST §F.1): each diagonal point counts, for an enemy stone, by {@link Reading}'s
 *       tactical reading of its chain with C attacking: 2 if it cannot be captured, 1 if whoever
 *       moves first wins it or if it is shut in a small region of C, 0 if it is captured whatever
 *       it does (a net or a ladder catches it, so the eye is real); 1 for an empty point the enemy
 *       can play without being captured at once; 0 otherwise (own stones, points of the space,
 *       points the enemy cannot use); a ko moves a 1 by a quarter towards the side that needs it
 *       (1¼ for a stone the owner captures only by a ko, ¾ for one the enemy saves only by a ko or
 *       an empty point where the enemy's capture is taken back as a ko); on the first line 2 is
 *       added, so that a corner or edge eye is false with one enemy diagonal. A sum of 4 or more
 *       makes the point false, more than 2 half (below 3 only if the attacker wins the ko). A
 *       one-point space is then a proper eye ({@code 1111}), a half eye ({@code 0011}) or a false
 *       eye ({@code 0000}). Half points, and false points the owner cannot mend (4 or more from the
 *       edge and enemy stones that cannot be captured), are read in the space's local game ({@link
 *       EyeShape}: the attacker spoils one from outside and the owner must fill it, or the owner
 *       secures a half one first), so a two-point space with a half end is still one eye; a bigger
 *       space with a false point the owner can mend loses 2 from its attacker-first digits.
 * </ul>
 *
 * A group's minimum is the sum of the attacker-first digits of its eye spaces and its maximum the
 * sum of the defender-first digits (each capped at 2): the attacker can always answer the owner in
 * the same space and strike first in the others, and the owner can always do the same. So two
 * disjoint unassailable eyes give (2, 2); two disjoint eyes of which one is assailable (1, 2); two
 * assailable ones (0, 2); one unassailable eye (1, 1); one assailable eye (0, 1); none (0, 0). Two
 * spaces that are not {@linkplain EyeSpace#isDisjointFrom disjoint} are counted together: one
 * attacker move hits both, so the minimum is the better of b1 + a2 and a1 + b2 (one of them suffers
 * the attacker's extra move), and the maximum the better of c1 + d2 and d1 + c2; three or more
 * spaces that hit each other add nothing to the minimum. A group that borders a bigger region adds
 * 2 to its maximum only, unless all it touches there is pass-alive enemy stones. Finally a group
 * whose chains are all pass-alive is (2, 2), and one whose stones are all dead for Benson (inside
 * the enemy's safe territory) is (0, 0).
 *
 * <p>Not thread-safe: one per thread. Analyses of eye spaces are cached per instance.
 */
public final class EyeEstimator {
  /** The largest region analysed as an eye space; bigger ones count as 0 to 2 eyes. */
  public static final int MAX_EYE_SPACE = EyeShape.MAX_POINTS;

  /** One point of the diagonal test, counted in quarters (a ko moves a diagonal by one). */
  private static final int DIAGONAL = 4;

  private final Geometry geometry;
  private final int stride;
  private final Benson benson;
  private final Marker marker;
  private final Map<ShapeKey, EyeShape.Analysis> analyses = new HashMap<>();
  private Reading reading;

  /** The local game of one space: what its search depends on. */
  private record ShapeKey(int n, long adjacency, int wall, int attacker, EyeShape.Marks marks) {}

  public EyeEstimator(Geometry geometry) {
    this.geometry = geometry;
    this.stride = geometry.stride();
    this.benson = new Benson(geometry);
    this.marker = new Marker(geometry);
  }

  /**
   * Every group of both colours on {@code board}, black first, each in order of its first stone.
   */
  public List<Group> estimate(Board board) {
    if (board.geometry() != geometry) {
      throw new IllegalArgumentException(
          "EyeEstimator for " + geometry + " cannot read a " + board.geometry() + " board");
    }
    Benson.Result settled = benson.compute(board);
    reading = new Reading(board);
    List<Group> groups = new ArrayList<>();
    groups.addAll(estimate(board, Color.BLACK, settled));
    groups.addAll(estimate(board, Color.WHITE, settled));
    return groups;
  }

  /** The group of the stone at p, from a list {@link #estimate} returned. */
  public static Group groupAt(List<Group> groups, int p) {
    for (Group g : groups) {
      if (g.stones().contains(p)) {
        return g;
      }
    }
    throw new IllegalArgumentException(
        "no group has a stone at "
            + (groups.isEmpty() ? "point " + p : groups.get(0).stones().geometry().name(p)));
  }

  private List<Group> estimate(Board board, byte c, Benson.Result settled) {
    List<PointSet> regions = regions(board, c);
    // Group the chains of c: heads joined through a shared eye space (union-find on heads).
    int[] parent = new int[geometry.arraySize()];
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      parent[p] = p;
    }
    // Each eye space with its margin: empty for a region closed by c.
    Map<PointSet, PointSet> eyeSpaces = new LinkedHashMap<>();
    List<PointSet> openRegions = new ArrayList<>();
    for (PointSet region : regions) {
      if (region.cardinality() > MAX_EYE_SPACE) {
        PointSet rest = region.copy();
        carve(board, c, region, settled)
            .forEach(
                (space, margin) -> {
                  eyeSpaces.put(space, margin);
                  rest.andNot(space);
                });
        openRegions.add(rest);
      } else {
        eyeSpaces.put(region, new PointSet(geometry));
      }
    }
    for (PointSet space : eyeSpaces.keySet()) {
      int first = 0;
      for (int h : headsAround(board, c, space)) {
        if (first == 0) {
          first = h;
        } else {
          union(parent, first, h);
        }
      }
    }
    Map<Integer, PointSet> stonesByRoot = new java.util.TreeMap<>();
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (board.color(p) == c) {
        stonesByRoot
            .computeIfAbsent(find(parent, board.chainHead(p)), k -> new PointSet(geometry))
            .add(p);
      }
    }
    PointSet enemyAlive = settled.alive(Color.opponent(c));
    List<Group> groups = new ArrayList<>();
    for (PointSet stones : stonesByRoot.values()) {
      PointSet around = stones.copy().dilate();
      List<EyeSpace> spaces = new ArrayList<>();
      for (Map.Entry<PointSet, PointSet> space : eyeSpaces.entrySet()) {
        if (around.intersects(space.getKey())) {
          spaces.add(eyeSpace(board, c, space.getKey(), space.getValue(), regions));
        }
      }
      // A big region is room for eyes unless all the group touches there is enemy stones that
      // can never be captured.
      PointSet usable = around.copy().andNot(stones).andNot(enemyAlive);
      boolean open = false;
      for (PointSet region : openRegions) {
        open |= usable.intersects(region);
      }
      groups.add(group(c, stones, spaces, open, settled));
    }
    // In order of the first stone, so that output is stable whatever the union-find roots are.
    groups.sort((a, b) -> Integer.compare(a.stones().next(0), b.stones().next(0)));
    return groups;
  }

  private Group group(
      byte c, PointSet stones, List<EyeSpace> spaces, boolean open, Benson.Result settled) {
    int n = spaces.size();
    int[] cluster = new int[n];
    for (int i = 0; i < n; i++) {
      cluster[i] = i;
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (!spaces.get(i).isDisjointFrom(spaces.get(j))) {
          cluster[findIndex(cluster, i)] = findIndex(cluster, j);
        }
      }
    }
    int low = 0;
    int high = open ? 2 : 0;
    for (int root = 0; root < n; root++) {
      List<EyeValue> members = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (findIndex(cluster, i) == root) {
          members.add(spaces.get(i).value());
        }
      }
      if (members.size() == 1) {
        low += members.get(0).attackerFirst();
        high += members.get(0).defenderFirst();
      } else if (members.size() == 2) {
        EyeValue x = members.get(0);
        EyeValue y = members.get(1);
        low +=
            Math.min(
                x.attackerFirst() + y.attackerFirstTenuki(),
                x.attackerFirstTenuki() + y.attackerFirst());
        high +=
            Math.max(
                x.defenderFirst() + y.defenderFirstTenuki(),
                x.defenderFirstTenuki() + y.defenderFirst());
      } else {
        for (EyeValue v : members) {
          high += v.defenderFirstTenuki();
        }
      }
    }
    boolean passAlive = stones.isSubsetOf(settled.alive(c));
    boolean dead = stones.isSubsetOf(settled.dead(c));
    int min = passAlive ? 2 : dead ? 0 : Math.min(2, low);
    int max = passAlive ? 2 : dead ? 0 : Math.min(2, high);
    PointSet vital = new PointSet(geometry);
    if (min < max) {
      for (EyeSpace s : spaces) {
        if (s.value().isAssailable()) {
          vital.or(s.vitalPoints());
        }
      }
    }
    return new Group(c, stones, spaces, open, min, max, vital, passAlive);
  }

  // ---------------------------------------------------------------- one eye space

  /**
   * The small spaces in a big region of c once the enemy chains in it that cannot be captured are
   * taken out (GNU Go's eye spaces with margins), each with its margin: its points next to those
   * chains. A space must touch c and have a point off its margin (a point between living stones of
   * both colours is no one's eye). Left out: empty points next to those chains and to no stone of c
   * (the enemy's, not a margin of c's), and marginal empty points where the enemy cannot play
   * without being captured (GNU Go's false margins: the enemy has no move there).
   */
  private Map<PointSet, PointSet> carve(
      Board board, byte c, PointSet region, Benson.Result settled) {
    byte enemy = Color.opponent(c);
    PointSet living = new PointSet(geometry);
    for (int p = region.next(0); p >= 0; p = region.next(p + 1)) {
      if (board.color(p) == enemy && !living.contains(p)) {
        int h = board.chainHead(p);
        Reading.Result attack = reading.attack(h);
        boolean capturable = attack.exact() && attack.code() >= Reading.KO_A;
        if (settled.isAlive(h) || !capturable) {
          living.or(PointSet.component(p, board.points(enemy)));
        }
      }
    }
    Map<PointSet, PointSet> carved = new LinkedHashMap<>();
    if (living.isEmpty()) {
      return carved;
    }
    PointSet touchesLiving = living.copy().dilate().andNot(living);
    PointSet touchesC = board.points(c).copy().dilate();
    PointSet rest = region.copy().andNot(living);
    for (int p = rest.next(0); p >= 0; p = rest.next(p + 1)) {
      if (touchesLiving.contains(p)
          && board.color(p) == Color.EMPTY
          && (!touchesC.contains(p) || !safeFor(board, p, enemy))) {
        // The enemy's own point (it touches no stone of c), or a false margin.
        rest.remove(p);
      }
    }
    PointSet left = rest.copy();
    for (int p = left.next(0); p >= 0; p = left.next(p + 1)) {
      PointSet space = PointSet.component(p, left);
      left.andNot(space);
      PointSet margin = space.copy().and(touchesLiving);
      if (space.cardinality() <= MAX_EYE_SPACE
          && !margin.equals(space)
          && headsAround(board, c, space).length > 0) {
        carved.put(space, margin);
      }
    }
    return carved;
  }

  /**
   * Whether {@code player} may play p without being captured: a capture, four liberties, or a chain
   * tactical reading cannot capture unconditionally (GNU Go's {@code safe_move}).
   */
  private boolean safeFor(Board board, int p, byte player) {
    if (!board.isLegal(p, player)) {
      return false;
    }
    if (board.isCapture(p, player)
        || board.libertiesAfterPlay(p, player, Reading.SAFE_LIBERTIES, marker)
            >= Reading.SAFE_LIBERTIES) {
      return true;
    }
    Board after = new Board(geometry);
    after.copyFrom(board);
    after.play(p, player);
    Reading.Result attack = new Reading(after).attack(p);
    // Captured only through a ko is still a move (GNU Go's safe_move answers a ko code, not 0).
    return !(attack.exact() && attack.code() == Reading.WIN);
  }

  private EyeSpace eyeSpace(
      Board board, byte c, PointSet space, PointSet margin, List<PointSet> regions) {
    int[] points = space.toArray();
    int n = points.length;
    int[] adjacency = new int[n];
    int wall = 0;
    int attacker = 0;
    int marginBits = 0;
    int[] xs = new int[n];
    int[] ys = new int[n];
    long adjacencyKey = 0;
    for (int i = 0; i < n; i++) {
      int p = points[i];
      xs[i] = geometry.x(p);
      ys[i] = geometry.y(p);
      for (int j = 0; j < n; j++) {
        int q = points[j];
        if (q == p - stride || q == p - 1 || q == p + 1 || q == p + stride) {
          adjacency[i] |= 1 << j;
        }
      }
      if (touches(board, p, c)) {
        wall |= 1 << i;
      }
      if (board.color(p) != Color.EMPTY) {
        attacker |= 1 << i;
      }
      if (margin.contains(p)) {
        marginBits |= 1 << i;
      }
      adjacencyKey |= (long) adjacency[i] << (7 * i);
    }
    // Enemy stones whose liberties are all outside the space (false margins): the owner takes
    // them from there, with a move of its own.
    int outside = capturedFromOutside(n, adjacency, attacker, marginBits);
    // The diagonal test on the points with at most one neighbour in the space. The spoilers of a
    // defective point are where the attacker makes it worse (and the owner mends it): its empty
    // diagonals the enemy can use, and the last liberty of an enemy diagonal that can escape.
    byte enemy = Color.opponent(c);
    PointSet border = new PointSet(geometry);
    PointSet spoilers = new PointSet(geometry);
    PointSet defective = new PointSet(geometry);
    PointSet[] spoilersOf = new PointSet[n];
    int half = 0;
    int koHalf = 0;
    int unmendable = 0;
    boolean readInTheLocalGame = true;
    int worst = 0;
    for (int i = 0; i < n; i++) {
      if (Integer.bitCount(adjacency[i]) > 1 || (marginBits & (1 << i)) != 0) {
        continue; // a marginal point is the enemy's liberty in the local game, never an eye
      }
      int p = points[i];
      // In quarters, so that a diagonal whose fate hangs on a ko counts between 1 and 2 (GNU Go).
      int sum = geometry.line(p) == 0 ? 2 * DIAGONAL : 0;
      int fixed = sum; // what the owner cannot change: the edge, and stones it cannot capture
      PointSet mine = new PointSet(geometry);
      for (int k = 0; k < 4; k++) {
        int q = geometry.diagonal(p, k);
        int v = diagonalValue(board, q, enemy, space, regions);
        sum += v;
        if (v == 2 * DIAGONAL) {
          fixed += v;
        }
        if (v > 0) {
          border.add(q);
          if (board.color(q) == Color.EMPTY) {
            mine.add(q);
          } else if (v < 2 * DIAGONAL) {
            int attackMove = reading.attack(q).move();
            if (attackMove != Point.NONE && attackMove != Point.PASS) {
              mine.add(attackMove); // where the owner captures the stone, or the enemy saves it
            }
          }
        }
      }
      spoilersOf[i] = mine;
      if (sum > 2 * DIAGONAL) {
        spoilers.or(mine);
        if (board.color(p) == Color.EMPTY) {
          defective.add(p);
        }
        if ((wall & (1 << i)) == 0) {
          readInTheLocalGame = false; // the local game marks only points against the owner's wall
        } else if (fixed >= 4 * DIAGONAL) {
          unmendable |= 1 << i;
        } else if (sum < 4 * DIAGONAL && board.color(p) == Color.EMPTY) {
          half |= 1 << i;
          if (sum < 3 * DIAGONAL) {
            koHalf |= 1 << i; // half only if the attacker wins a ko
          }
        } else {
          readInTheLocalGame = false; // false but mendable, or half under an enemy stone
        }
      }
      worst = Math.max(worst, sum);
    }
    EyeSpace.Defect defect =
        worst >= 4 * DIAGONAL
            ? EyeSpace.Defect.FALSE
            : worst > 2 * DIAGONAL ? EyeSpace.Defect.HALF : EyeSpace.Defect.NONE;

    // Half and unmendable false points are read in the local game: the attacker spoils one from
    // outside and the owner fills it, or the owner secures a half one first (EyeShape); a spoiled
    // end of a bigger space leaves the rest of it. Other defects weaken the value read without.
    boolean marked = defect != EyeSpace.Defect.NONE && readInTheLocalGame;
    EyeShape.Analysis analysis =
        analysis(
            n,
            adjacency,
            adjacencyKey,
            wall,
            attacker,
            marked
                ? new EyeShape.Marks(half, unmendable, marginBits, outside, koHalf)
                : new EyeShape.Marks(0, 0, marginBits, outside, 0));
    PointSet attack = local(points, analysis.attackPoints());
    PointSet defence = local(points, analysis.defencePoints());
    defence.or(liberties(board, local(points, analysis.captures())));
    EyeValue value = analysis.value();
    if (marked) {
      for (int i = 0; i < n; i++) {
        if ((analysis.strikes() & (1 << i)) != 0) {
          attack.or(spoilersOf[i]);
        }
        if ((analysis.secures() & (1 << i)) != 0) {
          defence.or(spoilersOf[i]);
        }
      }
    } else if (defect != EyeSpace.Defect.NONE) {
      value = value.weakenedBy(defect == EyeSpace.Defect.FALSE ? 2 : 1);
      if (n == 1 && defect == EyeSpace.Defect.FALSE) {
        value = EyeValue.NONE; // a false one-point eye cannot be mended
      }
      // The attacker spoils a defective point from its diagonals; the owner mends it there, or in
      // a bigger space by filling the point itself, which joins the chains it separates.
      attack.or(spoilers);
      defence.or(spoilers);
      if (n > 1) {
        defence.or(defective);
        // Where the owner mends the point by filling it, the attacker, if it may play there,
        // keeps it defective by filling it first.
        for (int p = defective.next(0); p >= 0; p = defective.next(p + 1)) {
          if (board.isLegal(p, enemy)) {
            attack.add(p);
          }
        }
      }
    }
    // Stones the local game took off (captured from outside) are no moves on the board.
    PointSet empty = board.points(Color.EMPTY);
    return eyeSpace(space, border, xs, ys, n, defect, value, attack.and(empty), defence.and(empty));
  }

  /** The empty points next to {@code stones}: where they are captured from. */
  private PointSet liberties(Board board, PointSet stones) {
    PointSet around = stones.copy().dilate().andNot(stones);
    return around.and(board.points(Color.EMPTY));
  }

  /** The space's local game, searched once per shape, contents and marks. */
  private EyeShape.Analysis analysis(
      int n, int[] adjacency, long adjacencyKey, int wall, int attacker, EyeShape.Marks marks) {
    ShapeKey key = new ShapeKey(n, adjacencyKey, wall, attacker, marks);
    EyeShape.Analysis analysis = analyses.get(key);
    if (analysis == null) {
      analysis = EyeShape.analyze(n, adjacency, wall, attacker, marks);
      analyses.put(key, analysis);
    }
    return analysis;
  }

  /**
   * The attacker chains (bit masks over the space) with no empty neighbour in it, off the margin.
   */
  private static int capturedFromOutside(int n, int[] adjacency, int attacker, int margin) {
    int full = (1 << n) - 1;
    int captured = 0;
    for (int rest = attacker; rest != 0; ) {
      int chain = Integer.lowestOneBit(rest);
      int around;
      while (true) {
        around = 0;
        for (int r = chain; r != 0; r &= r - 1) {
          around |= adjacency[Integer.numberOfTrailingZeros(r)];
        }
        int grown = chain | around & attacker;
        if (grown == chain) {
          break;
        }
        chain = grown;
      }
      if ((around & full & ~attacker) == 0 && (chain & margin) == 0) {
        captured |= chain;
      }
      rest &= ~chain;
    }
    return captured;
  }

  private static EyeSpace eyeSpace(
      PointSet space,
      PointSet border,
      int[] xs,
      int[] ys,
      int n,
      EyeSpace.Defect defect,
      EyeValue value,
      PointSet attack,
      PointSet defence) {
    if (value.isAssailable() && attack.isEmpty() && !defence.isEmpty()) {
      // The attacker has no move against the space, so the owner's mend can wait: the space is
      // worth what the owner gets moving first (a dead stone inside it captured at leisure).
      int owner = value.defenderFirst();
      value = new EyeValue(owner, owner, owner, Math.max(owner, value.defenderFirstTenuki()));
    }
    if (!value.isAssailable()) {
      attack.clear();
      defence.clear();
    }
    return new EyeSpace(space, border, EyeShape.name(xs, ys, n), defect, value, attack, defence);
  }

  /**
   * The diagonal test's count for point q against an eye of the colour whose enemy is {@code
   * enemy}, in quarters of a point ({@link #DIAGONAL} is one); off-board points count 0 here (the
   * first line's two points are added by the caller).
   */
  private int diagonalValue(
      Board board, int q, byte enemy, PointSet space, List<PointSet> regions) {
    byte qc = board.color(q);
    if (qc == Color.WALL || space.contains(q)) {
      return 0;
    }
    if (qc == Color.EMPTY) {
      if (!board.isLegal(q, enemy)) {
        return 0;
      }
      if (board.libertiesAfterPlay(q, enemy, 2, marker) >= 2) {
        return DIAGONAL;
      }
      if (!board.isCapture(q, enemy)) {
        return 0;
      }
      // A capture the owner can take back at once is a ko: the enemy keeps the point only by
      // winning it, so it counts ¾.
      board.play(q, enemy);
      boolean ko = board.koPoint() != Point.NONE;
      board.undo();
      return ko ? DIAGONAL - DIAGONAL / 4 : DIAGONAL;
    }
    if (qc != enemy) {
      return 0; // the owner's own stone
    }
    // An enemy stone counts by what reading says of its chain, the eye's owner attacking: 2 if it
    // cannot be captured, 1 if it can be captured but also saved (whoever moves first wins it),
    // 0 if it is captured whatever it does. A stone that cannot be captured but is shut in a small
    // region of the owner can do no more than spoil one eye: 1. As in GNU Go, a ko tips the 1 a
    // quarter towards the side that needs it: 1¼ if the owner captures only by a ko (two such
    // diagonals make a half eye), ¾ if the enemy saves it only by a ko.
    Reading.Result attack = reading.attack(q);
    if (!attack.exact() || attack.code() < Reading.KO_A) {
      return inSmallRegion(q, regions) ? DIAGONAL : 2 * DIAGONAL;
    }
    Reading.Result defend = reading.defend(q);
    if (!defend.exact() || defend.code() < Reading.KO_A) {
      return 0;
    }
    if (attack.code() != Reading.WIN && defend.code() == Reading.WIN) {
      return DIAGONAL + DIAGONAL / 4;
    }
    if (attack.code() == Reading.WIN && defend.code() != Reading.WIN) {
      return DIAGONAL - DIAGONAL / 4;
    }
    return DIAGONAL;
  }

  /** Whether q lies in a region of at most MAX_EYE_SPACE points (an enemy stone shut in). */
  private static boolean inSmallRegion(int q, List<PointSet> regions) {
    for (PointSet r : regions) {
      if (r.contains(q)) {
        return r.cardinality() <= MAX_EYE_SPACE;
      }
    }
    return false;
  }

  private PointSet local(int[] points, int mask) {
    PointSet set = new PointSet(geometry);
    for (int rest = mask; rest != 0; rest &= rest - 1) {
      set.add(points[Integer.numberOfTrailingZeros(rest)]);
    }
    return set;
  }

  /** Whether p has a neighbour of colour c. */
  private boolean touches(Board board, int p, byte c) {
    return board.color(p - stride) == c
        || board.color(p - 1) == c
        || board.color(p + 1) == c
        || board.color(p + stride) == c;
  }

  // ---------------------------------------------------------------- regions and chains

  /** The regions of c: connected sets of points not occupied by c, in order of first point. */
  private List<PointSet> regions(Board board, byte c) {
    List<PointSet> regions = new ArrayList<>();
    PointSet notC = geometry.allPoints().andNot(board.points(c));
    for (int p = notC.next(0); p >= 0; p = notC.next(p + 1)) {
      PointSet region = flood(board, c, p);
      regions.add(region);
      notC.andNot(region);
    }
    return regions;
  }

  private PointSet flood(Board board, byte c, int start) {
    PointSet region = new PointSet(geometry);
    int[] stack = new int[geometry.pointCount()];
    int top = 0;
    stack[top++] = start;
    region.add(start);
    while (top > 0) {
      int q = stack[--top];
      for (int k = 0; k < 4; k++) {
        int a = geometry.neighbour(q, k);
        byte ac = board.color(a);
        if (ac != c && ac != Color.WALL && !region.contains(a)) {
          region.add(a);
          stack[top++] = a;
        }
      }
    }
    return region;
  }

  /** The distinct heads of the chains of c next to the region. */
  private int[] headsAround(Board board, byte c, PointSet region) {
    int[] heads = new int[4 * region.cardinality()];
    int n = 0;
    for (int p = region.next(0); p >= 0; p = region.next(p + 1)) {
      for (int k = 0; k < 4; k++) {
        int a = geometry.neighbour(p, k);
        if (board.color(a) == c) {
          heads[n++] = board.chainHead(a);
        }
      }
    }
    return Arrays.stream(heads, 0, n).distinct().toArray();
  }

  private static int find(int[] parent, int p) {
    while (parent[p] != p) {
      parent[p] = parent[parent[p]];
      p = parent[p];
    }
    return p;
  }

  private static void union(int[] parent, int a, int b) {
    parent[find(parent, a)] = find(parent, b);
  }

  private static int findIndex(int[] parent, int i) {
    while (parent[i] != i) {
      i = parent[i];
    }
    return i;
  }
}
