package gofarm.io;

import gofarm.rules.IllegalMoveException;

/**
 * A well-formed SGF game that cannot be replayed under its rules: an illegal move ({@code "move 37
 * (B C3): C3 is occupied"}, caused by the {@link IllegalMoveException}) or setup stones that leave
 * a chain without liberties ({@code "line 1, column 12: setup: illegal position: the black chain at
 * A1 has no liberties"}).
 *
 * <p>Unchecked, like every exception of board-core.
 */
public final class SgfReplayException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int moveNumber;

  /**
   * @param message the complete message
   * @param moveNumber the 1-based number of the illegal move, or the number of moves played before
   *     an illegal setup
   * @param cause the rules' exception, or null
   */
  public SgfReplayException(String message, int moveNumber, Throwable cause) {
    super(message, cause);
    this.moveNumber = moveNumber;
  }

  /** The 1-based number of the illegal move, or the number of moves before an illegal setup. */
  public int moveNumber() {
    return moveNumber;
  }
}
