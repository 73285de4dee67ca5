package gofarm.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seeded random games with {@link Board#checkConsistency()} after every move and every undo, exact
 * play/undo round trips, and aggregate counts pinned so that any change in behaviour fails
 * (KataGo's {@code runBoardStressTest}). If a pinned count changes on purpose, update it and say
 * why in the commit.
 */
class BoardStressTest {

  @ParameterizedTest(name = "{0}x{0}, {1} games")
  @CsvSource({
    // size, games, moves, stones captured, ko points set, suicides rejected, ko rejected, undos
    "2, 2000, 22717, 16699, 0, 12830, 0, 5525",
    "5, 1500, 105748, 77613, 813, 82063, 468, 27311",
    "9, 300, 70001, 52836, 490, 42079, 90, 17810",
    "13, 80, 39484, 29934, 236, 18758, 31, 9741",
    "19, 30, 32017, 21304, 129, 11477, 14, 7991",
    "25, 12, 22345, 14466, 76, 6224, 1, 5546",
  })
  void randomGames(
      int size,
      int games,
      long moves,
      long captured,
      long koPoints,
      long suicides,
      long koRejected,
      long undos) {
    Counts counts = new Counts();
    for (int game = 0; game < games; game++) {
      long seed = size * 1_000_003L + game;
      try {
        playGame(Geometry.of(size), new SplittableRandom(seed), counts);
      } catch (AssertionError | RuntimeException e) {
        fail("seed " + seed + ": " + e.getMessage(), e);
      }
    }
    String actual = counts.toString();
    System.out.println(size + "x" + size + ": " + actual);
    assertEquals(
        new Counts(moves, captured, koPoints, suicides, koRejected, undos).toString(), actual);
  }

  private static void playGame(Geometry g, SplittableRandom random, Counts counts) {
    Board board = new Board(g);
    Board[] snapshots = new Board[6];
    for (int i = 0; i < snapshots.length; i++) {
      snapshots[i] = new Board(g);
    }
    byte toPlay = Color.BLACK;
    int passes = 0;
    int depth = 0; // moves on the undo stack whose snapshot is kept (at most 5)
    for (int move = 0; move < 3 * g.pointCount() && passes < 2; move++) {
      snapshots[depth].copyFrom(board);
      int p = chooseMove(board, toPlay, random, counts);
      if (p == Point.PASS) {
        board.pass(toPlay);
        passes++;
      } else {
        int capturesBefore = board.captures(toPlay);
        board.playAssumeLegal(p, toPlay);
        counts.moves++;
        counts.captured += board.captures(toPlay) - capturesBefore;
        if (board.koPoint() != Point.NONE) {
          counts.koPoints++;
        }
        passes = 0;
      }
      board.checkConsistency();
      toPlay = Color.opponent(toPlay);
      depth++;
      if (depth == snapshots.length || random.nextInt(8) == 0) {
        // Take back some moves and check each undo restores the earlier board bit for bit.
        int k = 1 + random.nextInt(depth);
        for (int i = 0; i < k; i++) {
          board.undo();
          depth--;
          counts.undos++;
          board.checkConsistency();
          assertTrue(board.identicalTo(snapshots[depth]), "undo is not exact");
          toPlay = Color.opponent(toPlay);
        }
        passes = 0;
        if (depth == snapshots.length - 1) {
          depth = 0;
        }
      }
      if (depth == snapshots.length - 1) {
        depth = 0; // forget old snapshots; their moves stay on the board
      }
    }
  }

  /** A random legal move: draw empty points until one is legal, counting the rejections. */
  private static int chooseMove(Board board, byte toPlay, SplittableRandom random, Counts counts) {
    for (int tries = 0; tries < 10 && board.emptyCount() > 0; tries++) {
      int p = board.emptyPoint(random.nextInt(board.emptyCount()));
      if (board.isLegal(p, toPlay)) {
        checkLibertiesAfterPlay(board, p, toPlay);
        return p;
      }
      if (p == board.koPoint() && toPlay == board.koColor()) {
        counts.koRejected++;
      } else {
        assertTrue(board.isSuicide(p, toPlay));
        counts.suicides++;
      }
    }
    return Point.PASS;
  }

  /** {@link Board#libertiesAfterPlay} predicts what playing and counting gives. */
  private static void checkLibertiesAfterPlay(Board board, int p, byte toPlay) {
    Marker marker = new Marker(board.geometry());
    int predicted = board.libertiesAfterPlay(p, toPlay, Integer.MAX_VALUE, marker);
    int capped = board.libertiesAfterPlay(p, toPlay, 2, marker);
    int cappedAtThree = board.libertiesAfterPlay(p, toPlay, 3, marker);
    board.playAssumeLegal(p, toPlay);
    int actual = board.libertyCount(p);
    board.undo();
    assertEquals(actual, predicted, "liberties after " + board.geometry().name(p));
    assertEquals(Math.min(actual, 2), capped, "capped liberties after " + board.geometry().name(p));
    assertEquals(
        Math.min(actual, 3), cappedAtThree, "capped liberties after " + board.geometry().name(p));
  }

  private static final class Counts {
    long moves;
    long captured;
    long koPoints;
    long suicides;
    long koRejected;
    long undos;

    Counts() {}

    Counts(long moves, long captured, long koPoints, long suicides, long koRejected, long undos) {
      this.moves = moves;
      this.captured = captured;
      this.koPoints = koPoints;
      this.suicides = suicides;
      this.koRejected = koRejected;
      this.undos = undos;
    }

    @Override
    public String toString() {
      return "moves="
          + moves
          + " captured="
          + captured
          + " koPoints="
          + koPoints
          + " suicidesRejected="
          + suicides
          + " koRejected="
          + koRejected
          + " undos="
          + undos;
    }
  }
}
