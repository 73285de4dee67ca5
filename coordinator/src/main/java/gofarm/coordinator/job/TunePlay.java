package gofarm.coordinator.job;

/**
 * The result of one chunk of a tune job, checked at the edge: a game pair (the match objective, and
 * the confirmation), one evaluation of a reference position (the evaluation objective), or a
 * reference search's value.
 *
 * @param games the two games, or null
 * @param blackScore an evaluation's black score, (black wins + draws / 2) / playouts, or a search's
 *     black value
 * @param playouts the evaluation's or the search's playouts (0 for games)
 * @param moves an evaluation's playout moves (0 for games and searches)
 */
public record TunePlay(PlayedPair games, double blackScore, long playouts, long moves) {

  /** A game pair. */
  public static TunePlay of(PlayedPair games) {
    return new TunePlay(games, 0, 0, 0);
  }

  /** An evaluation. */
  public static TunePlay evaluation(double blackScore, long playouts, long moves) {
    return new TunePlay(null, blackScore, playouts, moves);
  }

  /** A reference search's value. */
  public static TunePlay value(double blackValue, long playouts) {
    return new TunePlay(null, blackValue, playouts, 0);
  }

  /** Wins minus losses of the candidate (θ+) over the pair's two games: -2..2. */
  public double candidateMargin() {
    return 2 * (games.first().candidatePoints() + games.second().candidatePoints()) - 2;
  }
}
