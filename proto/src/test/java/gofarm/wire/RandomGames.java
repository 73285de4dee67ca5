package gofarm.wire;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.Random;

/** Seeded random games for round-trip tests: optional setup stones, then random legal moves. */
final class RandomGames {
  private RandomGames() {}

  /**
   * A game on a size x size board: with probability 1/2 a few random setup stones, then up to
   * {@code moves} random legal moves (about one in twenty a pass), possibly with the turn changed
   * at the end.
   */
  static Game play(int size, Rules rules, int moves, Random random) {
    Geometry g = Geometry.of(size);
    Game game = new Game(g, rules);
    if (random.nextBoolean()) {
      byte[] colors = new byte[g.arraySize()];
      for (int i = 0; i < g.pointCount(); i++) {
        if (random.nextInt(8) == 0) {
          colors[g.point(i)] = random.nextBoolean() ? Color.BLACK : Color.WHITE;
        }
      }
      try {
        game.setup(colors);
      } catch (IllegalArgumentException e) {
        // A chain without liberties: keep the empty board.
      }
      if (random.nextBoolean()) {
        game.setToPlay(Player.WHITE);
      }
    }
    for (int m = 0; m < moves && !game.isOver(); m++) {
      int p = Point.PASS;
      if (random.nextInt(20) != 0) {
        for (int attempt = 0; attempt < 20; attempt++) {
          int q = g.point(random.nextInt(g.pointCount()));
          if (game.isLegal(game.toPlay(), q)) {
            p = q;
            break;
          }
        }
      }
      game.play(p);
    }
    if (random.nextInt(10) == 0) {
      game.setToPlay(game.toPlay().opponent());
    }
    return game;
  }
}
