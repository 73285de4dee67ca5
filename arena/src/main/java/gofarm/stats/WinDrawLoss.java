package gofarm.stats;

/**
 * Counts of single games by the first player's result: the trinomial model, for results that were
 * not played in colour-swapped pairs. Immutable.
 *
 * @param wins games the first player won
 * @param draws drawn games (jigo, possible with an integer komi)
 * @param losses games the first player lost
 */
public record WinDrawLoss(long wins, long draws, long losses) {
  /**
   * @throws IllegalArgumentException if a count is negative
   */
  public WinDrawLoss {
    if (wins < 0 || draws < 0 || losses < 0) {
      throw new IllegalArgumentException(
          "wins, draws and losses must not be negative (got "
              + wins
              + ", "
              + draws
              + ", "
              + losses
              + ")");
    }
  }

  public long games() {
    return wins + draws + losses;
  }

  /** The first player's points: a win 1, a draw ½. */
  public double points() {
    return wins + draws / 2.0;
  }

  Outcomes outcomes() {
    return new Outcomes(new long[] {losses, draws, wins});
  }

  @Override
  public String toString() {
    return "W " + wins + " D " + draws + " L " + losses;
  }
}
