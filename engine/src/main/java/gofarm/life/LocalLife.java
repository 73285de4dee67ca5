package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.rules.Game;

/**
 * The life and death of one chain shut in by the other colour, read exactly in its area: what GNU
 * Go's {@code owl_attack}, {@code owl_defend} and {@code dragon_status} ask, answered by the
 * reading that {@link FinalStatus} uses for enclosed chains.
 *
 * <p>A chain is <em>shut in</em> when its region (the connected points around it not of the other
 * colour) has at most {@link FinalStatus#MAX_LOCAL_AREA} points, {@link
 * FinalStatus#MAX_LOCAL_EMPTY} of them empty. Its area is that region with the stones and liberties
 * of the enemy chains around it that are not pass-alive; both sides play only there ({@link
 * Reading#attackIn}). A chain with more room is not read: GNU Go's owl reads such dragons with
 * patterns of escape and eye shape that gofarm does not have, and a guess would be worse than no
 * answer ({@link #notShutIn}).
 *
 * <pre>{@code
 * LocalLife life = new LocalLife(game);
 * if (life.notShutIn(p) == null) {
 *   Reading.Result kill = life.attack(p);   // the other colour moves first
 *   Reading.Result save = life.defend(p);   // the chain's colour moves first
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one per thread.
 */
public final class LocalLife {
  private final Game game;
  private long budget = FinalStatus.LOCAL_BUDGET;

  /** A reader of the game's position, under its ko rule and history. */
  public LocalLife(Game game) {
    this.game = game;
  }

  /** Sets the node budget of each reading, at least 1. */
  public LocalLife setBudget(long nodes) {
    if (nodes < 1) {
      throw new IllegalArgumentException("a reading budget is at least 1 node (got " + nodes + ")");
    }
    this.budget = nodes;
    return this;
  }

  /** The region of the chain at p: the connected points around it not of the other colour. */
  public static PointSet region(Board board, int p) {
    requireStone(board, p);
    byte enemy = Color.opponent(board.color(p));
    return PointSet.component(p, board.geometry().allPoints().andNot(board.points(enemy)));
  }

  /**
   * Why the chain at p is not read, naming its region's size and the bounds, or null when it is
   * shut in and can be.
   */
  public String notShutIn(int p) {
    Board board = game.board();
    PointSet region = region(board, p);
    int points = region.cardinality();
    int empty = region.copy().and(board.points(Color.EMPTY)).cardinality();
    if (points <= FinalStatus.MAX_LOCAL_AREA && empty <= FinalStatus.MAX_LOCAL_EMPTY) {
      return null;
    }
    return "the region around "
        + board.geometry().name(p)
        + " has "
        + points
        + " points, "
        + empty
        + " empty; local reading takes at most "
        + FinalStatus.MAX_LOCAL_AREA
        + " and "
        + FinalStatus.MAX_LOCAL_EMPTY;
  }

  /**
   * Can the other colour, moving first, capture the chain at p in its area?
   *
   * @throws IllegalArgumentException if p is empty or the chain is not shut in
   */
  public Reading.Result attack(int p) {
    return Reading.of(game).setBudget(budget).attackIn(p, area(p));
  }

  /**
   * Can the chain's colour, moving first, keep the chain at p on the board in its area?
   *
   * @throws IllegalArgumentException if p is empty or the chain is not shut in
   */
  public Reading.Result defend(int p) {
    return Reading.of(game).setBudget(budget).defendIn(p, area(p));
  }

  private PointSet area(int p) {
    String why = notShutIn(p);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    Board board = game.board();
    Benson.Result settled = new Benson(board.geometry()).compute(board);
    return FinalStatus.localArea(board, settled, region(board, p));
  }

  private static void requireStone(Board board, int p) {
    Geometry g = board.geometry();
    if (!g.isOnBoard(p) || !Color.isPlayer(board.color(p))) {
      throw new IllegalArgumentException(
          "no stone at " + (g.isOnBoard(p) ? g.name(p) : "point " + p));
    }
  }
}
