package gofarm.search;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.life.Ownership;
import gofarm.rules.Player;
import java.time.Duration;
import java.util.List;

/**
 * What a search found and decided: the move (or pass, or resignation) with the reason, the win
 * rate, the statistics of every root move, the principal variation and the ownership map of its
 * playouts. Immutable.
 *
 * @param player who the search played for
 * @param move the chosen point, or {@link Point#PASS}; meaningless when {@code resign}
 * @param resign whether the player should resign
 * @param reason why: {@code best}, or the pass or resignation rule that fired
 * @param winRate the chosen move's win rate for {@code player} (for a pass, the pass child's, or
 *     0.5 if it was not searched)
 * @param playouts the playouts of this search (not counting reused ones)
 * @param elapsed the search's wall-clock time
 * @param moves the root moves, most visited first
 * @param principalVariation the most visited line from the root, starting with the chosen move when
 *     it is the most visited one
 * @param ownership the share of each point's owner at the end of the search's playouts
 */
public record SearchResult(
    Player player,
    int move,
    boolean resign,
    String reason,
    double winRate,
    long playouts,
    Duration elapsed,
    List<MoveStats> moves,
    List<Integer> principalVariation,
    Ownership ownership) {

  /** Why a move was chosen. */
  public static final String BEST = "best";

  public SearchResult {
    moves = List.copyOf(moves);
    principalVariation = List.copyOf(principalVariation);
  }

  /**
   * The statistics of one root move.
   *
   * @param move a point or {@link Point#PASS}
   * @param visits simulations through it, including reused ones
   * @param winRate its Monte-Carlo win rate for the player to move at the root
   * @param amafVisits its AMAF samples
   * @param amafWinRate its AMAF win rate (0.5 without samples)
   */
  public record MoveStats(
      int move, int visits, double winRate, int amafVisits, double amafWinRate) {}

  /** The move in GTP form for this geometry ({@code E5}, {@code pass} or {@code resign}). */
  public String moveName(Geometry geometry) {
    return resign ? "resign" : geometry.name(move);
  }

  /** Playouts per second of wall-clock time. */
  public double playoutsPerSecond() {
    double seconds = elapsed.toNanos() / 1e9;
    return seconds > 0 ? playouts / seconds : 0;
  }
}
