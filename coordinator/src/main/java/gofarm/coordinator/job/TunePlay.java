package gofarm.coordinator.job;

/**
 * The result of one chunk of a tune job, checked at the edge: a game pair (the match objective, and
 * the confirmation), or one evaluation of a reference position (the evaluation objective).
 *
 * @param games the two games, or null for an evaluation
 * @param blackScore an evaluation's black score: (black wins + draws / 2) / playouts
 * @param playouts an evaluation's playouts (0 for games)
 * @param moves an evaluation's playout moves (0 for games)
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

  /** Wins minus losses of the candidate (θ+) over the pair's two games: -2..2. */
  public double candidateMargin() {
    return 2 * (games.first().candidatePoints() + games.second().candidatePoints()) - 2;
  }
}
