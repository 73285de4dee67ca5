package gofarm.gtp;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.SplittableRandom;

/**
 * Random games played until both players pass, by players that stop where a player would: neither
 * fills its own territory (an empty region that reaches only its colour) unless that saves one of
 * its chains from atari, nor a one-point eye; each avoids self-ataris most of the time (a rate
 * drawn per game, so some games end in seki and with dead stones in territories, others with
 * everything captured); and a player that passes only because a ko bars its capture first plays a
 * free move in its own territory, as a ko threat, so that no game ends on an open ko. Games that
 * reach 3 x the board's points moves without two passes are discarded by the caller.
 */
final class FinishedGames {
  private FinishedGames() {}

  /** A game played to two passes, or one over its move limit (check {@link Game#isOver}). */
  static Game play(int size, Rules rules, SplittableRandom random) {
    Game game = new Game(size, rules);
    Geometry g = game.geometry();
    Marker marker = new Marker(g);
    double strictRate = 0.5 + 0.5 * random.nextDouble();
    int[] candidates = new int[g.pointCount()];
    int[] free = new int[g.pointCount()];
    int passes = 0;
    for (int moves = 0; passes < 2 && moves < 3 * g.pointCount(); moves++) {
      Player player = game.toPlay();
      byte c = player.color();
      Board b = game.board();
      byte[] owner = territory(b);
      boolean strict = random.nextDouble() < strictRate;
      int n = 0;
      int f = 0;
      boolean barred = false;
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        if (b.color(p) != Color.EMPTY) {
          continue;
        }
        boolean legal = game.isLegal(player, p);
        if (!legal && !b.isSuicide(p, c) && b.isCapture(p, c)) {
          barred = true; // a capture the ko rule forbids now
        }
        if (!legal || b.isSimpleEye(p, c)) {
          continue;
        }
        boolean safe = b.isCapture(p, c) || b.libertiesAfterPlay(p, c, 2, marker) >= 2;
        if ((owner[p] != c || savesChain(b, p, c)) && (!strict || safe)) {
          candidates[n++] = p;
        } else if (owner[p] == c && safe) {
          free[f++] = p;
        }
      }
      int move = Point.PASS;
      if (n > 0) {
        move = candidates[random.nextInt(n)];
      } else if (barred && f > 0) {
        move = free[random.nextInt(f)];
      }
      game.play(player, move);
      passes = move == Point.PASS ? passes + 1 : 0;
    }
    return game;
  }

  /** Whether a stone of c at p touches a chain of c in atari. */
  private static boolean savesChain(Board b, int p, byte c) {
    int s = b.geometry().stride();
    for (int q : new int[] {p - s, p - 1, p + 1, p + s}) {
      if (b.color(q) == c && b.libertyCount(q) == 1) {
        return true;
      }
    }
    return false;
  }

  /** Per point: the colour whose territory it is (an empty region reaching only it), else EMPTY. */
  static byte[] territory(Board b) {
    Geometry g = b.geometry();
    int stride = g.stride();
    byte[] owner = new byte[g.arraySize()];
    boolean[] seen = new boolean[g.arraySize()];
    int[] region = new int[g.pointCount()];
    for (int i = 0; i < g.pointCount(); i++) {
      int start = g.point(i);
      if (seen[start] || b.color(start) != Color.EMPTY) {
        continue;
      }
      int size = 0;
      int reach = 0;
      region[size++] = start;
      seen[start] = true;
      for (int k = 0; k < size; k++) {
        int q = region[k];
        for (int a : new int[] {q - stride, q - 1, q + 1, q + stride}) {
          byte ac = b.color(a);
          if (ac == Color.EMPTY && !seen[a]) {
            seen[a] = true;
            region[size++] = a;
          } else if (ac == Color.BLACK || ac == Color.WHITE) {
            reach |= ac;
          }
        }
      }
      byte o = reach == Color.BLACK ? Color.BLACK : reach == Color.WHITE ? Color.WHITE : 0;
      for (int k = 0; k < size; k++) {
        owner[region[k]] = o;
      }
    }
    return owner;
  }
}
