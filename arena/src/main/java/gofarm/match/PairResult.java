package gofarm.match;

import gofarm.stats.Pentanomial;

/**
 * Two games from the same opening with the colours swapped: the first player has black in {@code
 * first} and white in {@code second}. The pair is the unit of a match: it cancels the colour and
 * komi bias of the opening.
 *
 * @param firstPlayer the name of the player the pair is scored for
 * @param first the game where the first player has black
 * @param second the game where the first player has white
 */
public record PairResult(String firstPlayer, GameRecord first, GameRecord second) {
  /** The first player's points over the two games: 0, ½, 1, 1½ or 2. */
  public double points() {
    return first.scoreOf(firstPlayer) + second.scoreOf(firstPlayer);
  }

  /** The pentanomial class of the pair for the first player, 0..4 (twice its points). */
  public int pentanomialClass() {
    return Pentanomial.classify(first.scoreOf(firstPlayer), second.scoreOf(firstPlayer));
  }
}
