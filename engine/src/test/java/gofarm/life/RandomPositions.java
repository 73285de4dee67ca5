package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import java.util.SplittableRandom;

/**
 * Seeded random positions for the life tests: random games stopped anywhere up to their natural end
 * (where pass-alive groups abound), and random near-filled colourings made legal.
 */
final class RandomPositions {
  private RandomPositions() {}

  /**
   * A random game: uniformly random legal moves that do not fill a player's own simple eye, stopped
   * after a random fraction of its length, often at its end (no such move left for either player).
   */
  static Board game(Geometry g, SplittableRandom random) {
    Board board = new Board(g);
    int cap = 3 * g.pointCount();
    double stopAt = random.nextDouble() < 0.4 ? 1.0 : random.nextDouble();
    int[] moves = new int[cap];
    int length = 0;
    byte toPlay = Color.BLACK;
    int passes = 0;
    // Play the whole game once to know its length, then replay up to the stopping point.
    while (passes < 2 && length < cap) {
      int p = randomMove(board, toPlay, random);
      if (p == Point.PASS) {
        board.pass(toPlay);
        passes++;
      } else {
        board.playAssumeLegal(p, toPlay);
        passes = 0;
      }
      moves[length++] = p;
      toPlay = Color.opponent(toPlay);
    }
    int keep = (int) Math.round(stopAt * length);
    while (board.undoDepth() > keep) {
      board.undo();
    }
    Board canonical = new Board(g);
    canonical.setPosition(board.colors());
    return canonical;
  }

  /** A uniformly random legal point for {@code player} that is not its own simple eye, or PASS. */
  static int randomMove(Board board, byte player, SplittableRandom random) {
    int k = board.emptyCount();
    while (k > 0) {
      int i = random.nextInt(k);
      int p = board.emptyPoint(i);
      if (!board.isSimpleEye(p, player) && board.isLegal(p, player)) {
        return p;
      }
      board.swapEmpty(i, --k);
    }
    return Point.PASS;
  }

  /** A uniformly random legal point for {@code player}, eyes included, or PASS. */
  static int anyLegalMove(Board board, byte player, SplittableRandom random) {
    int k = board.emptyCount();
    while (k > 0) {
      int i = random.nextInt(k);
      int p = board.emptyPoint(i);
      if (board.isLegal(p, player)) {
        return p;
      }
      board.swapEmpty(i, --k);
    }
    return Point.PASS;
  }

  /**
   * A near-filled board: each point black or white, or empty with probability {@code empty}; then
   * chains without liberties are emptied one at a time, in point order, until the position is
   * legal.
   */
  static Board nearFilled(Geometry g, double empty, SplittableRandom random) {
    byte[] colors = new byte[g.arraySize()];
    for (int i = 0; i < g.pointCount(); i++) {
      double u = random.nextDouble();
      colors[g.point(i)] =
          u < empty ? Color.EMPTY : u < (1 + empty) / 2 ? Color.BLACK : Color.WHITE;
    }
    Board board = new Board(g);
    while (true) {
      try {
        board.setPosition(colors);
        return board;
      } catch (IllegalArgumentException e) {
        emptyOneDeadChain(g, colors);
      }
    }
  }

  /** Empties the first chain without liberties in point order. */
  private static void emptyOneDeadChain(Geometry g, byte[] colors) {
    int stride = g.stride();
    boolean[] seen = new boolean[g.arraySize()];
    int[] stack = new int[g.pointCount()];
    int[] chain = new int[g.pointCount()];
    for (int i = 0; i < g.pointCount(); i++) {
      int start = g.point(i);
      byte c = colors[start];
      if (c == Color.EMPTY || seen[start]) {
        continue;
      }
      int top = 0;
      int n = 0;
      boolean free = false;
      stack[top++] = start;
      seen[start] = true;
      while (top > 0) {
        int q = stack[--top];
        chain[n++] = q;
        for (int a : new int[] {q - stride, q - 1, q + 1, q + stride}) {
          if (!g.isOnBoard(a)) {
            continue;
          }
          if (colors[a] == Color.EMPTY) {
            free = true;
          } else if (colors[a] == c && !seen[a]) {
            seen[a] = true;
            stack[top++] = a;
          }
        }
      }
      if (!free) {
        for (int k = 0; k < n; k++) {
          colors[chain[k]] = Color.EMPTY;
        }
        return;
      }
    }
  }
}
