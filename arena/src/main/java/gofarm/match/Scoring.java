package gofarm.match;

/**
 * How one game that ended on the board was scored.
 *
 * @param rule the match's adjudication
 * @param by what decided the result: both players' agreeing claims ({@code AGREED}), the count
 *     after a cleanup phase ({@code CLEANUP}), the referee ({@code REFEREE}) or the estimate
 *     ({@code ESTIMATE})
 * @param blackClaim the black player's {@code final_score} after the two passes, or null if it has
 *     none (not asked under {@code REFEREE} and {@code ESTIMATE})
 * @param whiteClaim the same for white
 * @param cleanupMoves the moves of the cleanup phase, passes included (0 without one)
 */
public record Scoring(
    Adjudication rule, By by, String blackClaim, String whiteClaim, int cleanupMoves) {

  /** What decided a result. */
  public enum By {
    AGREED,
    CLEANUP,
    REFEREE,
    ESTIMATE
  }

  /** Whether both players gave a score and the same one. */
  public boolean agreed() {
    return blackClaim != null && blackClaim.equals(whiteClaim);
  }

  /** Whether both players gave a score and they differ. */
  public boolean disagreed() {
    return blackClaim != null && whiteClaim != null && !blackClaim.equals(whiteClaim);
  }
}
