package gofarm.rules;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;

/**
 * An area score (Tromp-Taylor): each player's stones plus the empty regions that reach only that
 * player's stones; white adds komi.
 *
 * @param black black's area: stones and empty points reaching only black
 * @param white white's area
 * @param komi white's compensation
 */
public record Score(int black, int white, double komi) {

  /** Scores the board as it stands: no stone is considered dead. */
  public static Score area(Board board, double komi) {
    Geometry g = board.geometry();
    int black = 0;
    int white = 0;
    int[] region = new int[g.pointCount()];
    boolean[] seen = new boolean[g.arraySize()];
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      byte c = board.color(p);
      if (c == Color.BLACK) {
        black++;
      } else if (c == Color.WHITE) {
        white++;
      } else if (!seen[p]) {
        // Flood the empty region and note which colours it reaches.
        int size = 0;
        int top = 0;
        int reaches = 0;
        region[top++] = p;
        seen[p] = true;
        while (top > 0) {
          int q = region[--top];
          size++;
          for (int k = 0; k < 4; k++) {
            int n = g.neighbour(q, k);
            byte nc = board.color(n);
            if (nc == Color.EMPTY && !seen[n]) {
              seen[n] = true;
              region[top++] = n;
            } else if (nc == Color.BLACK || nc == Color.WHITE) {
              reaches |= nc;
            }
          }
        }
        if (reaches == Color.BLACK) {
          black += size;
        } else if (reaches == Color.WHITE) {
          white += size;
        }
      }
    }
    return new Score(black, white, komi);
  }

  /** Black's lead: {@code black - white - komi}. */
  public double margin() {
    return black - white - komi;
  }

  /** The winner, or null for a draw (possible with an integer komi). */
  public Player winner() {
    double m = margin();
    return m > 0 ? Player.BLACK : m < 0 ? Player.WHITE : null;
  }

  /** The result as GTP's {@code final_score} and SGF's {@code RE} write it: B+3.5, W+0.5 or 0. */
  @Override
  public String toString() {
    double m = margin();
    if (m == 0) {
      return "0";
    }
    return (m > 0 ? "B+" : "W+") + formatPoints(Math.abs(m));
  }

  private static String formatPoints(double points) {
    return points == Math.rint(points) ? Long.toString((long) points) : Double.toString(points);
  }
}
