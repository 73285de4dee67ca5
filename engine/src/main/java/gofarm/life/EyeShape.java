package gofarm.life;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Small eye spaces (up to {@link #MAX_POINTS} points) by shape: their names, and their {@link
 * EyeValue} and vital points computed by an exhaustive search of the local game, on the assumption
 * that the owner's stones around the space form one chain that cannot be captured.
 *
 * <h2>The local game</h2>
 *
 * The points of the space are the whole board; the owner's surrounding stones are a wall with
 * unlimited liberties next to every point that touches them. Both sides play on empty points or
 * pass, with the ordinary rules of capture and suicide inside the space: an attacker chain lives on
 * its empty neighbours only, an owner chain on its empty neighbours or the wall. Play ends after
 * two passes in a row; the owner then has one eye per connected set of empty points with no
 * attacker stone next to it (at most two count). A position repeated within one line of play is
 * scored as it stands (kos inside an eye space are not resolved). The attacker minimises, the owner
 * maximises; the four digits of the value come from the four ways to start (GNU Go's {@code
 * eyes.db} values, see GO-DIGEST §F.1). An <em>attack point</em> is a first move of the attacker
 * that keeps the owner to the attacker-first value when the defender-first value is higher; a
 * <em>defence point</em> is a first move of the owner that reaches the defender-first value when it
 * is higher than the attacker-first one. The <em>vital point</em> is the point that is both, if
 * there is one.
 *
 * <p>The named shapes ({@link #catalogue}, written below as ASCII) are the classical ones: the
 * killable straight and bent three, pyramid four, bulky and crossed five and rabbity six (value
 * {@code 1122}: the vital point makes two eyes or one), square four (dead: one eye whoever moves
 * first), and the living fours and fives. {@code EyeShapeTest} checks that the search gives every
 * named shape its classical value and vital point.
 *
 * <p>Stateless; the search allocates its memo per call.
 */
public final class EyeShape {
  /** The largest eye space analysed: 3^7 contents keep the search to a few thousand positions. */
  public static final int MAX_POINTS = 7;

  /**
   * The classical shapes: name, picture ({@code #} a point of the space, {@code *} its vital
   * point), and value in the middle of the board.
   */
  private static final String[][] CATALOGUE = {
    {"one point", "#", "1111"},
    {"two points", "##", "1111"},
    {"straight three", "#*#", "1122"},
    {"bent three", "*#\n#.", "1122"},
    {"square four", "##\n##", "1112"},
    {"pyramid four", "#*#\n.#.", "1122"},
    {"straight four", "####", "1222"},
    {"bent four", "###\n#..", "1222"},
    {"zigzag four", "##.\n.##", "1222"},
    {"bulky five", "#*#\n##.", "1122"},
    {"crossed five", ".#.\n#*#\n.#.", "1122"},
    {"straight five", "#####", "2222"},
    {"rabbity six", "##.\n#*#\n.#.", "1122"},
    {"rectangular six", "###\n###", "1222"},
  };

  private static final Map<Long, String> NAMES = new HashMap<>();

  static {
    for (String[] shape : CATALOGUE) {
      NAMES.put(canonical(cells(shape[1])), shape[0]);
    }
  }

  private EyeShape() {}

  /** One shape of the catalogue: its name, picture and classical value. */
  public record Named(String name, String picture, EyeValue value) {}

  /** The named shapes with their pictures ({@code #} point, {@code *} vital point) and values. */
  public static List<Named> catalogue() {
    List<Named> list = new ArrayList<>();
    for (String[] shape : CATALOGUE) {
      list.add(new Named(shape[0], shape[1], EyeValue.parse(shape[2])));
    }
    return list;
  }

  /**
   * The classical name of a shape given by the coordinates of its points (any position, any of the
   * eight orientations), e.g. {@code bulky five}, or {@code n points} for an unnamed one.
   */
  public static String name(int[] xs, int[] ys, int n) {
    if (n > MAX_POINTS) {
      return n + " points";
    }
    int minX = Integer.MAX_VALUE;
    int minY = Integer.MAX_VALUE;
    for (int i = 0; i < n; i++) {
      minX = Math.min(minX, xs[i]);
      minY = Math.min(minY, ys[i]);
    }
    long cells = 0;
    for (int i = 0; i < n; i++) {
      int x = xs[i] - minX;
      int y = ys[i] - minY;
      if (x >= 8 || y >= 8) {
        return n + " points";
      }
      cells |= 1L << (y * 8 + x);
    }
    return NAMES.getOrDefault(canonical(cells), n + " points");
  }

  /** The cells ({@code y * 8 + x}) of a picture's points ({@code #} and {@code *}). */
  static long cells(String picture) {
    long cells = 0;
    String[] rows = picture.split("\n");
    for (int y = 0; y < rows.length; y++) {
      for (int x = 0; x < rows[y].length(); x++) {
        char ch = rows[y].charAt(x);
        if (ch == '#' || ch == '*') {
          cells |= 1L << (y * 8 + x);
        }
      }
    }
    return cells;
  }

  /** The smallest cell mask among the eight orientations, each moved to the top-left corner. */
  static long canonical(long cells) {
    long best = Long.MAX_VALUE;
    for (int t = 0; t < 8; t++) {
      long m = 0;
      for (long rest = cells; rest != 0; rest &= rest - 1) {
        int c = Long.numberOfTrailingZeros(rest);
        int x = c & 7;
        int y = c >>> 3;
        int tx = (t & 1) != 0 ? 7 - x : x;
        int ty = (t & 2) != 0 ? 7 - y : y;
        if ((t & 4) != 0) {
          int s = tx;
          tx = ty;
          ty = s;
        }
        m |= 1L << (ty * 8 + tx);
      }
      best = Math.min(best, toCorner(m));
    }
    return best;
  }

  private static long toCorner(long m) {
    while ((m & 0x0101010101010101L) == 0) {
      m >>>= 1; // no point in column 0: move left
    }
    while ((m & 0xFFL) == 0) {
      m >>>= 8; // no point in row 0: move up
    }
    return m;
  }

  /**
   * The value of the space and its attack and defence points.
   *
   * @param value the four digits
   * @param attackPoints bit i set when point i is an attack point
   * @param defencePoints bit i set when point i is a defence point
   * @param strikes bit i set when striking half or false point i (from outside the space) is an
   *     attack
   * @param secures bit i set when securing half point i (from outside the space) is a defence
   * @param captures bit i set when capturing the chain at point i from outside is a defence
   */
  public record Analysis(
      EyeValue value, int attackPoints, int defencePoints, int strikes, int secures, int captures) {
    /** Points that are both attack and defence points: the vital points. */
    public int vitalPoints() {
      return attackPoints & defencePoints;
    }
  }

  /**
   * What the diagonal test and the space's surroundings add to the local game, one bit per point.
   *
   * @param half half points: each must be empty and touch the wall
   * @param falsePoints false points the owner cannot mend: each must touch the wall
   * @param margin marginal points: next to enemy stones outside the space that cannot be captured
   * @param outside attacker stones whose liberties are all outside the space: the owner captures
   *     them there, with a move
   * @param koHalf the half points the attacker spoils only by winning a ko (a subset of {@code
   *     half}): half when the attacker moves first, whole when the owner does, as GNU Go's eye
   *     values give kos to the side that moves first
   */
  public record Marks(int half, int falsePoints, int margin, int outside, int koHalf) {
    /** A space closed by the owner's stones, none of its points defective. */
    public static final Marks NONE = new Marks(0, 0, 0, 0, 0);

    /** Marks without attacker stones captured from outside. */
    public Marks(int half, int falsePoints, int margin) {
      this(half, falsePoints, margin, 0, 0);
    }
  }

  /**
   * Searches the local game of a space of n points closed by the owner's stones, none of its points
   * defective.
   *
   * @see #analyze(int, int[], int, int, Marks)
   */
  public static Analysis analyze(int n, int[] adjacency, int wall, int attacker) {
    return analyze(n, adjacency, wall, attacker, Marks.NONE);
  }

  /**
   * Searches the local game of a space of n points.
   *
   * <p>A <em>half point</em> is an empty point of the space that the diagonal test found half an
   * eye: the attacker can spoil it from outside the space, with a move the owner must answer by
   * filling the point, and the owner can secure it there first. In the local game the attacker's
   * <em>strike</em> fills the point with an owner stone and leaves the attacker to move again; the
   * owner's <em>secure</em> makes it an ordinary point and passes the move. So a two-point space
   * with a half end stays one eye, and a straight three with one is one eye whoever moves first. A
   * <em>false point</em> is one the owner cannot mend (the diagonal test's 4 or more from enemy
   * stones that cannot be captured, and the edge): the attacker may strike it whenever it is empty,
   * and nobody can secure it. A <em>marginal point</em> touches enemy stones outside the space that
   * cannot be captured (GNU Go's margins of an eye space): an attacker chain on one never dies, and
   * empty points joined to one are the enemy's liberties, not an eye. An attacker chain marked
   * <em>outside</em> has its liberties outside the space: only the owner can take it off, with a
   * move (its capture from outside).
   *
   * @param n the number of points, 1..{@link #MAX_POINTS}
   * @param adjacency bit j of {@code adjacency[i]} when points i and j are neighbours
   * @param wall bit i when point i touches the owner's surrounding stones
   * @param attacker bit i when point i holds an attacker stone; the others are empty
   * @param marks the half, false and marginal points
   * @throws IllegalArgumentException if n is out of range, an attacker chain has no liberty, a half
   *     point is occupied or off the wall, or a false point off the wall
   */
  public static Analysis analyze(int n, int[] adjacency, int wall, int attacker, Marks marks) {
    int half = marks.half();
    int falsePoints = marks.falsePoints();
    if (n < 1 || n > MAX_POINTS) {
      throw new IllegalArgumentException(
          "an eye space has 1.." + MAX_POINTS + " points (got " + n + ")");
    }
    if ((half & ~wall) != 0 || (half & attacker) != 0 || half >>> n != 0) {
      throw new IllegalArgumentException(
          "half points must be empty points of the space next to the wall: " + half);
    }
    if ((falsePoints & ~wall) != 0 || (falsePoints & half) != 0) {
      throw new IllegalArgumentException(
          "false points must be points of the space next to the wall, not half: " + falsePoints);
    }
    if ((marks.koHalf() & ~half) != 0) {
      throw new IllegalArgumentException("ko half points must be half points: " + marks.koHalf());
    }
    if ((marks.outside() & ~attacker) != 0) {
      throw new IllegalArgumentException(
          "stones captured from outside must be attacker stones: " + marks.outside());
    }
    Search s = new Search(n, adjacency, wall, falsePoints, marks.margin(), marks.outside());
    for (int i = 0; i < n; i++) {
      int chain = s.chain(i, attacker);
      if ((attacker & (1 << i)) != 0
          && (chain & (marks.margin() | marks.outside())) == 0
          && s.liberties(chain, 0, attacker) == 0) {
        throw new IllegalArgumentException("attacker stones without a liberty at point " + i);
      }
    }
    // The attacker-first digits with every half point, the owner-first ones without the ko halves.
    int ownerHalf = half & ~marks.koHalf();
    int b = s.value(0, attacker, half, false, 0);
    int c = s.value(0, attacker, ownerHalf, true, 0);
    int a = b;
    int d = c;
    int attack = 0;
    int defence = 0;
    int strikes = 0;
    int secures = 0;
    int captures = 0;
    for (int rest = marks.outside(); rest != 0; ) {
      int chain = s.chain(Integer.numberOfTrailingZeros(rest), attacker);
      rest &= ~chain;
      d = Math.max(d, s.value(0, attacker & ~chain, ownerHalf, true, 0));
      if (c > b && s.value(0, attacker & ~chain, ownerHalf, false, 0) == c) {
        captures |= chain;
      }
    }
    for (int i = 0; i < n; i++) {
      long afterA = s.play(0, attacker, i, false);
      if (afterA >= 0) {
        int da = (int) (afterA >>> 7);
        int aa = (int) (afterA & 127);
        int h = half & ~(1 << i);
        a = Math.min(a, s.value(da, aa, h, false, 0));
        if (b < c && s.value(da, aa, h, true, 0) == b) {
          attack |= 1 << i;
        }
      }
      long afterD = s.play(0, attacker, i, true);
      if (afterD >= 0) {
        int dd = (int) (afterD >>> 7);
        int ad = (int) (afterD & 127);
        int h = ownerHalf & ~(1 << i);
        d = Math.max(d, s.value(dd, ad, h, true, 0));
        if (c > b && s.value(dd, ad, h, false, 0) == c) {
          defence |= 1 << i;
        }
      }
      if (((half | falsePoints & ~attacker) & (1 << i)) != 0) {
        // A strike keeps the attacker to move, so a first strike is never a tenuki's gain.
        long struck = s.play(0, attacker, i, true);
        int h = half & ~(1 << i);
        if (b < c && s.value((int) (struck >>> 7), (int) (struck & 127), h, false, 0) == b) {
          strikes |= 1 << i;
        }
      }
      if ((half & (1 << i)) != 0) {
        int h = ownerHalf & ~(1 << i); // a ko half is secured by ending the ko
        d = Math.max(d, s.value(0, attacker, h, true, 0));
        if (c > b && s.value(0, attacker, h, false, 0) == c) {
          secures |= 1 << i;
        }
      }
    }
    return new Analysis(new EyeValue(a, b, c, d), attack, defence, strikes, secures, captures);
  }

  /** The minimax search of one space, memoised by position, player to move and passes. */
  private static final class Search {
    private final int n;
    private final int[] adjacency;
    private final int wall;
    private final int full;
    private final int falsePoints;
    private final int margin;
    private final int outside;
    private final Map<Integer, Integer> memo = new HashMap<>();
    private final Set<Integer> path = new HashSet<>();

    Search(int n, int[] adjacency, int wall, int falsePoints, int margin, int outside) {
      this.margin = margin;
      this.outside = outside;
      this.n = n;
      this.adjacency = adjacency;
      this.wall = wall;
      this.falsePoints = falsePoints;
      this.full = (1 << n) - 1;
    }

    /**
     * The eyes the owner gets from here with best play: 0, 1 or 2. {@code half}: the half points
     * not yet spoiled or secured (only empty ones count).
     */
    int value(int owner, int attacker, int half, boolean ownerToMove, int passes) {
      half &= ~(owner | attacker);
      if (passes == 2) {
        return eyes(owner, attacker);
      }
      int key = ((((half << 7 | owner) << 7) | attacker) << 3) | (ownerToMove ? 4 : 0) | passes;
      Integer known = memo.get(key);
      if (known != null) {
        return known;
      }
      if (!path.add(key)) {
        return eyes(owner, attacker); // a repetition: scored as it stands
      }
      int best = value(owner, attacker, half, !ownerToMove, passes + 1);
      for (int i = 0; i < n && best != (ownerToMove ? 2 : 0); i++) {
        long after = play(owner, attacker, i, ownerToMove);
        if (after < 0) {
          continue;
        }
        int v = value((int) (after >>> 7), (int) (after & 127), half, !ownerToMove, 0);
        best = ownerToMove ? Math.max(best, v) : Math.min(best, v);
      }
      int special = ownerToMove ? half : (half | falsePoints) & ~(owner | attacker);
      for (int rest = special; rest != 0 && best != (ownerToMove ? 2 : 0); rest &= rest - 1) {
        int i = Integer.numberOfTrailingZeros(rest);
        int left = half & ~(1 << i);
        if (ownerToMove) {
          best = Math.max(best, value(owner, attacker, left, false, 0)); // secured
        } else {
          // Struck: the owner fills the point (it touches the wall: always legal), and the
          // attacker moves again.
          long after = play(owner, attacker, i, true);
          best = Math.min(best, value((int) (after >>> 7), (int) (after & 127), left, false, 0));
        }
      }
      if (ownerToMove) {
        // The owner takes a chain off from outside the space: its move, the chain gone.
        for (int rest = outside & attacker; rest != 0 && best != 2; ) {
          int chain = chain(Integer.numberOfTrailingZeros(rest), attacker);
          rest &= ~chain;
          best = Math.max(best, value(owner, attacker & ~chain, half, false, 0));
        }
      }
      path.remove(key);
      memo.put(key, best);
      return best;
    }

    /**
     * The position after a stone at point i, packed as {@code owner << 7 | attacker}, or -1 if the
     * point is occupied or the move is suicide.
     */
    long play(int owner, int attacker, int i, boolean byOwner) {
      int bit = 1 << i;
      if (((owner | attacker) & bit) != 0) {
        return -1;
      }
      if (byOwner) {
        owner |= bit;
        attacker = withoutDeadChains(attacker, adjacency[i], owner | attacker, false);
        int chain = chain(i, owner);
        if ((chain & wall) == 0 && liberties(chain, owner, attacker) == 0) {
          return -1;
        }
      } else {
        attacker |= bit;
        owner = withoutDeadChains(owner, adjacency[i], owner | attacker, true);
        int chain = chain(i, attacker);
        if ((chain & margin) == 0 && liberties(chain, owner, attacker) == 0) {
          return -1;
        }
      }
      return (long) owner << 7 | attacker;
    }

    /**
     * {@code victims} (one side's stones) without the chains through {@code touched} that have no
     * empty neighbour among the points not {@code occupied}; owner chains touching the wall, and
     * attacker chains on a marginal point, never die. Two chains of one side never touch, so
     * removing one gives no other a liberty.
     */
    private int withoutDeadChains(int victims, int touched, int occupied, boolean ownerSide) {
      for (int rest = touched & victims; rest != 0; rest &= rest - 1) {
        int j = Integer.numberOfTrailingZeros(rest);
        if ((victims & (1 << j)) == 0) {
          continue; // removed with an earlier chain
        }
        int chain = chain(j, victims);
        boolean walled = (chain & (ownerSide ? wall : margin)) != 0;
        if (!walled && (neighbours(chain) & full & ~occupied) == 0) {
          victims &= ~chain;
        }
      }
      return victims;
    }

    /** The chain through point i within {@code stones}. */
    int chain(int i, int stones) {
      int chain = 1 << i;
      while (true) {
        int grown = (chain | neighbours(chain)) & stones;
        if (grown == chain) {
          return chain;
        }
        chain = grown;
      }
    }

    int neighbours(int set) {
      int around = 0;
      for (int rest = set; rest != 0; rest &= rest - 1) {
        around |= adjacency[Integer.numberOfTrailingZeros(rest)];
      }
      return around;
    }

    /** The empty points next to {@code chain}. */
    int liberties(int chain, int owner, int attacker) {
      return neighbours(chain) & full & ~(owner | attacker);
    }

    /**
     * Connected sets of empty points with no attacker stone next to them and no marginal point (a
     * liberty of the enemy outside), at most 2.
     */
    int eyes(int owner, int attacker) {
      int empty = full & ~(owner | attacker);
      int eyes = 0;
      while (empty != 0 && eyes < 2) {
        int component = chain(Integer.numberOfTrailingZeros(empty), empty);
        empty &= ~component;
        if ((neighbours(component) & attacker) == 0 && (component & margin) == 0) {
          eyes++;
        }
      }
      return eyes;
    }
  }
}
