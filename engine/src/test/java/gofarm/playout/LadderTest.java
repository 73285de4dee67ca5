package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.io.Diagram;
import org.junit.jupiter.api.Test;

/**
 * The ladder reader on diagrams, and against a plain reading of the same ladder (every move played
 * on the board and its liberties counted there, no shortcut) on every two-liberty chain of many
 * random positions.
 */
class LadderTest {

  @Test
  void theExtensionIsCaughtInALadder() {
    // PlayoutPolicyTest.LADDER: X at C7, in atari from white's C6; extending to D7 runs into a
    // ladder towards the top.
    assertTrue(caughtAfterExtending(PlayoutPolicyTest.LADDER));
  }

  @Test
  void aLadderBreakerLetsItEscape() {
    assertFalse(
        caughtAfterExtending(PlayoutPolicyTest.LADDER.replaceFirst("\\. \\. \\. \\.", ". . . X")));
  }

  private static boolean caughtAfterExtending(String diagram) {
    Board board = Diagram.parse(diagram).board();
    Geometry g = board.geometry();
    board.playAssumeLegal(g.parse("D7"), Color.BLACK);
    int p = g.parse("C7");
    assertEquals(2, board.libertyCount(p));
    long hash = board.hash();
    boolean caught = new Ladder(g).isCapturedAttackerToMove(board, p, Color.BLACK);
    assertEquals(hash, board.hash(), "the reader leaves the board as it was");
    assertEquals(caught, new PlainReading(g).captured(board, p, Color.BLACK));
    return caught;
  }

  @Test
  void agreesWithAPlainReadingOnRandomPositions() {
    int chains = 0;
    int ladders = 0;
    for (int size : new int[] {7, 9, 13}) {
      Geometry geometry = Geometry.of(size);
      Ladder ladder = new Ladder(geometry);
      PlainReading plain = new PlainReading(geometry);
      Board board = new Board(geometry);
      Rng rng = new Rng(size);
      Marker heads = new Marker(geometry);
      for (int game = 0; game < 60; game++) {
        board.clear();
        byte me = Color.BLACK;
        int moves = 3 * geometry.pointCount() / 2;
        for (int move = 0; move < moves; move++) {
          heads.clear();
          for (int i = 0; i < geometry.pointCount(); i++) {
            int p = geometry.point(i);
            if (Color.isPlayer(board.color(p))
                && board.libertyCount(p) == 2
                && heads.markIfNew(board.chainHead(p))) {
              byte defender = board.color(p);
              long hash = board.hash();
              boolean caught = ladder.isCapturedAttackerToMove(board, p, defender);
              assertEquals(
                  plain.captured(board, p, defender),
                  caught,
                  () -> "chain at " + geometry.name(p) + ":\n" + board);
              assertEquals(hash, board.hash(), "the reader leaves the board as it was");
              chains++;
              ladders += caught ? 1 : 0;
            }
          }
          int p = randomMove(board, me, rng);
          if (p == Point.PASS) {
            break;
          }
          board.playAssumeLegal(p, me);
          me = Color.opponent(me);
        }
        board.checkConsistency();
      }
    }
    assertTrue(chains > 100_000 && ladders > 20_000, chains + " chains, " + ladders + " ladders");
  }

  private static int randomMove(Board board, byte me, Rng rng) {
    for (int k = board.emptyCount(); k > 0; k--) {
      int i = rng.nextInt(k);
      int p = board.emptyPoint(i);
      if (!board.isSimpleEye(p, me) && board.isLegal(p, me)) {
        return p;
      }
      board.swapEmpty(i, k - 1);
    }
    return Point.PASS;
  }

  /**
   * The ladder as {@link Ladder} defines it, read the plain way: every move is played and the
   * chain's liberties are counted on the board. Same move order and budget.
   */
  private static final class PlainReading {
    private final int stride;
    private final Marker marker;
    private int budget;

    PlainReading(Geometry geometry) {
      this.stride = geometry.stride();
      this.marker = new Marker(geometry);
    }

    boolean captured(Board board, int p, byte defender) {
      budget = Ladder.MAX_PLAYS;
      return attackerToMove(board, p, defender);
    }

    private boolean attackerToMove(Board board, int p, byte defender) {
      int[] libs = new int[2];
      if (board.liberties(p, libs, 2, marker) != 2) {
        return false;
      }
      int a0 = libs[0];
      int a1 = libs[1];
      if (board.emptyNeighbourCount(a1) < board.emptyNeighbourCount(a0)) {
        int t = a0;
        a0 = a1;
        a1 = t;
      }
      return atari(board, p, defender, a1) || atari(board, p, defender, a0);
    }

    private boolean atari(Board board, int p, byte defender, int a) {
      byte attacker = Color.opponent(defender);
      if (budget-- <= 0 || !board.isLegal(a, attacker)) {
        return false;
      }
      int before = board.captures(attacker);
      board.playAssumeLegal(a, attacker);
      // An atari that is itself in atari (and captured nothing) is answered by capturing it.
      boolean answered = board.libertyCount(a) < 2 && board.captures(attacker) == before;
      boolean caught =
          !answered && board.libertyCount(p) == 1 && defenderToMove(board, p, defender);
      board.undo();
      return caught;
    }

    private boolean defenderToMove(Board board, int p, byte defender) {
      byte attacker = Color.opponent(defender);
      int head = board.chainHead(p);
      int q = head;
      do {
        for (int n : new int[] {q - stride, q - 1, q + 1, q + stride}) {
          if (board.color(n) == attacker && board.libertyCount(n) == 1) {
            return false; // a counter-capture
          }
        }
        q = board.nextInChain(q);
      } while (q != head);
      int e = board.lastLiberty(p);
      if (budget-- <= 0) {
        return false;
      }
      if (!board.isLegal(e, defender)) {
        return true;
      }
      board.playAssumeLegal(e, defender);
      int libs = board.libertyCount(p);
      boolean caught = libs <= 1 || (libs == 2 && attackerToMove(board, p, defender));
      board.undo();
      return caught;
    }
  }
}
