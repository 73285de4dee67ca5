package gofarm.coordinator.job;

import gofarm.match.GameRecord;
import gofarm.match.Scoring;
import gofarm.rules.Player;

/**
 * One match game as a worker reported it, decoded and checked at the edge: how it ended and its
 * record.
 *
 * @param candidatePoints the candidate's points: 1 win, 0.5 draw, 0 loss
 * @param winner the winner, or null when the worker named none (a draw)
 * @param score black's lead by area, {@code B - W - komi}; 0 after a resignation
 * @param moves moves after the opening, passes included
 * @param end how the game ended
 * @param seconds the game's time on the worker
 * @param scoredBy what decided a game that ended on the board, or null after a resignation or a
 *     forfeit
 * @param blackClaim the black player's own {@code final_score}, or null if it gave none
 * @param whiteClaim the same for white
 * @param cleanupMoves moves of the cleanup phase, counted in {@code moves} too
 * @param sgf the game record
 */
public record GameResult(
    double candidatePoints,
    Player winner,
    double score,
    int moves,
    GameRecord.End end,
    double seconds,
    Scoring.By scoredBy,
    String blackClaim,
    String whiteClaim,
    int cleanupMoves,
    String sgf) {

  /** Whether both players gave a score and they differ. */
  public boolean claimsDisagree() {
    return blackClaim != null && whiteClaim != null && !blackClaim.equals(whiteClaim);
  }
}
