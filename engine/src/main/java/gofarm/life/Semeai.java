package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.rules.Game;

/**
 * A capturing race (semeai) between two groups in contact, read as GNU Go reports it: with A's
 * colour to move, the pair (defence of A, attack on B), each a {@link Reading} code ({@code WIN},
 * {@code KO_A}, {@code KO_B} or {@code 0}). So {@code (WIN, WIN)} is "A lives, B dies", {@code
 * (WIN, 0)} "both live" (seki, or each has its own life), {@code (0, 0)} "A dies, B lives", and
 * {@code (0, WIN)} "both die": A's side can capture B but that does not save A, because a third
 * group (of B's colour) kills A afterwards. That last answer is the useful one where GNU Go's
 * semeai reading reports only that both die: B's stones are lost either way, A is dead, and the
 * third group lives.
 *
 * <pre>{@code
 * Semeai.Result r = new Semeai(game).read(geometry.parse("C3"), geometry.parse("A2"));
 * if (r.defenceOfA() == Reading.LOSS && r.attackOnB() == Reading.WIN) { ... both die ... }
 * }</pre>
 *
 * <h2>How</h2>
 *
 * Each side's fate is read on its own by {@link Reading}'s local search, with every empty point of
 * the area of the race as a move for both sides: the defence of A asks whether A's colour, moving
 * first, can keep A's chain on the board whatever B's colour does (which may give up B to kill A);
 * the attack on B asks whether A's colour, moving first, can capture B's chain whatever B's colour
 * does. The area is the union of the regions of the other colour around A and around B (the
 * connected points not of that colour) when each has at most {@link #MAX_REGION} points, else the
 * empty points within two steps of the group. Kos, superko and the komaster are those of {@link
 * Reading}. The two answers come from two searches, so a pair does not promise that one first move
 * achieves both.
 *
 * <p>Not thread-safe: one per thread.
 */
public final class Semeai {
  /** The largest region of the other colour taken whole into the area of a race. */
  public static final int MAX_REGION = 24;

  /**
   * The pair, with A's colour to move.
   *
   * @param defenceOfA how well A's colour keeps A alive
   * @param attackOnB how well A's colour captures B
   * @param defenceMove A's colour's first move for the defence, or {@code Point.NONE}
   * @param attackMove A's colour's first move for the attack, or {@code Point.NONE}
   * @param exact false when a search ran out of nodes
   */
  public record Result(
      int defenceOfA, int attackOnB, int defenceMove, int attackMove, boolean exact) {}

  /**
   * The node budget of each of the two searches unless set: a race of about twenty moves with a
   * capture and a nakade at the end (the "both die" race of {@code life.tst}) needs over a million.
   */
  public static final long DEFAULT_NODES = 2_000_000;

  private final Game game;
  private long budget = DEFAULT_NODES;

  /** A reader of the game's position, under its ko rule and history. */
  public Semeai(Game game) {
    this.game = game;
  }

  /** Sets the node budget of each of the two searches. */
  public Semeai setBudget(long nodes) {
    this.budget = nodes;
    return this;
  }

  /**
   * Reads the race between the chain at a and the chain at b, a's colour to move.
   *
   * @throws IllegalArgumentException unless a and b hold stones of different colours
   */
  public Result read(int a, int b) {
    Board board = game.board();
    Geometry g = board.geometry();
    byte ca = board.color(a);
    byte cb = board.color(b);
    if (!Color.isPlayer(ca) || !Color.isPlayer(cb) || ca == cb) {
      throw new IllegalArgumentException(
          "a semeai needs stones of both colours at "
              + (g.isOnBoard(a) ? g.name(a) : "point " + a)
              + " and "
              + (g.isOnBoard(b) ? g.name(b) : "point " + b));
    }
    PointSet area = area(board, a).or(area(board, b));
    Reading reading = Reading.of(game).setBudget(budget);
    Reading.Result defence = reading.defendIn(a, area);
    Reading.Result attack = reading.attackIn(b, area);
    return new Result(
        defence.code(),
        attack.code(),
        defence.move(),
        attack.move(),
        defence.exact() && attack.exact());
  }

  /**
   * Why the race between the chains at a and b is not enclosed, naming the region too big, or null
   * when both regions of the other colour have at most {@link #MAX_REGION} points: then the area
   * read is every point of the race, else only the empty points near the groups, which is a guess
   * at where an open race is fought.
   */
  public String notEnclosed(int a, int b) {
    Board board = game.board();
    for (int p : new int[] {a, b}) {
      PointSet region = LocalLife.region(board, p);
      if (region.cardinality() > MAX_REGION) {
        return "the region around "
            + board.geometry().name(p)
            + " has "
            + region.cardinality()
            + " points; a race is read whole only when both have at most "
            + MAX_REGION;
      }
    }
    return null;
  }

  /** The empty points a group's race is fought on (class comment). */
  private static PointSet area(Board board, int p) {
    Geometry g = board.geometry();
    PointSet empty = board.points(Color.EMPTY);
    PointSet region = LocalLife.region(board, p);
    if (region.cardinality() <= MAX_REGION) {
      return FinalStatus.localArea(board, new Benson(g).compute(board), region);
    }
    return board.chainStones(p).dilate().dilate().and(empty);
  }
}
