package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;

/**
 * Reads ladders by playing them out on the board and undoing (GO-DIGEST §G): the attacker ataris
 * the chain, the defender extends on its last liberty, and so on until the chain is captured (one
 * liberty after extending) or escapes (three or more). A counter-capture next to the chain counts
 * as an escape, which errs on the side of "not a ladder". Ladder breakers need no special case:
 * reading the moves finds them. A budget of moves bounds each reading.
 *
 * <p>Thread-confined; owned by one {@link PlayoutPolicy}.
 */
final class Ladder {
  /** Most moves one reading may play; past it the answer is "not a ladder". */
  static final int MAX_PLAYS = 200;

  private final int stride;
  private final Marker marker;
  private final int[] liberties = new int[2];
  private int budget;

  Ladder(Geometry geometry) {
    this.stride = geometry.stride();
    this.marker = new Marker(geometry);
  }

  /**
   * Whether the chain at p, of colour {@code defender}, with exactly two liberties and the attacker
   * to move, is captured in a ladder. The board is left as it was.
   */
  boolean isCapturedAttackerToMove(Board board, int p, byte defender) {
    budget = MAX_PLAYS;
    return attackerToMove(board, p, defender);
  }

  private boolean attackerToMove(Board board, int p, byte defender) {
    if (board.liberties(p, liberties, 2, marker) != 2) {
      return false;
    }
    int a0 = liberties[0];
    int a1 = liberties[1];
    // Try first the atari that leaves the defender's escape point with fewer empty neighbours.
    if (board.emptyNeighbourCount(a1) < board.emptyNeighbourCount(a0)) {
      int t = a0;
      a0 = a1;
      a1 = t;
    }
    return atari(board, p, defender, a1, a0) || atari(board, p, defender, a0, a1);
  }

  /**
   * The attacker plays {@code a}, leaving the chain {@code e}, its other liberty; true if the
   * ladder then works.
   */
  private boolean atari(Board board, int p, byte defender, int a, int e) {
    byte attacker = Color.opponent(defender);
    if (budget-- <= 0 || !board.isLegal(a, attacker)) {
      return false;
    }
    // An atari that is itself in atari is answered by capturing it.
    if (!board.isCapture(a, attacker) && board.libertiesAfterPlay(a, attacker, 2, marker) < 2) {
      return false;
    }
    board.playAssumeLegal(a, attacker);
    // One liberty left means the atari captured nothing next to the chain, so it is e.
    boolean captured = board.libertyCount(p) == 1 && defenderToMove(board, p, defender, e);
    board.undo();
    return captured;
  }

  /** The chain at p has one liberty, e, and the defender moves: true if it cannot escape. */
  private boolean defenderToMove(Board board, int p, byte defender, int e) {
    if (canCounterCapture(board, p, defender)) {
      return false;
    }
    if (budget-- <= 0) {
      return false;
    }
    if (!board.isLegal(e, defender)) {
      return true;
    }
    // The extension's liberties are known before it is played: only two need reading on.
    int libs = board.libertiesAfterPlay(e, defender, 3, marker);
    if (libs != 2) {
      return libs < 2;
    }
    board.playAssumeLegal(e, defender);
    boolean captured = attackerToMove(board, p, defender);
    board.undo();
    return captured;
  }

  /**
   * Whether an attacker chain next to the defender's chain at p is in atari. The board's list of
   * chains in atari is short and their chains small; the ladder's chain grows at every step.
   */
  private boolean canCounterCapture(Board board, int p, byte defender) {
    byte attacker = Color.opponent(defender);
    int defenderHead = board.chainHead(p);
    for (int h = board.nextAtariHead(0); h >= 0; h = board.nextAtariHead(h + 1)) {
      if (board.color(h) == attacker && touches(board, h, defenderHead)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a stone of the chain with head h is next to the chain with head {@code other}. */
  private boolean touches(Board board, int h, int other) {
    int q = h;
    do {
      if (board.chainHead(q - stride) == other
          || board.chainHead(q - 1) == other
          || board.chainHead(q + 1) == other
          || board.chainHead(q + stride) == other) {
        return true;
      }
      q = board.nextInChain(q);
    } while (q != h);
    return false;
  }
}
