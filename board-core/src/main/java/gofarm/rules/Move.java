package gofarm.rules;

import gofarm.board.Point;

/**
 * One move of a game: a player and a point, or a pass ({@code point == Point.PASS}).
 *
 * @param player who moves
 * @param point the point played, or {@link Point#PASS}
 */
public record Move(Player player, int point) {
  public static Move pass(Player player) {
    return new Move(player, Point.PASS);
  }

  public boolean isPass() {
    return point == Point.PASS;
  }
}
