package gofarm.cli;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.playout.GammaTable;
import gofarm.playout.Rng;
import gofarm.playout.SoftmaxPolicy;
import gofarm.rules.Game;
import gofarm.rules.Rules;

/**
 * Game records for fit jobs in tests, without GNU Go: self-play of the softmax policy with a
 * hand-made table (captures, extensions and moves near the last one strong, self-atari and the
 * first line weak), so that the games have the structure a fit finds. A function of the seed.
 */
public final class TrainingGames {
  /** The table the games are drawn from. */
  public static final String TABLE =
      """
      capture size=1 30
      capture size=1,saves 60
      capture size=2-3 50
      extend libs=3+,size=1-2 20
      self-atari size=1 0.2
      self-atari size=2 0.05
      atari size=1 3
      edge line=1 0.3
      edge line=2 0.8
      dist-last d=2 10
      dist-last d=3 5
      dist-last d=4 2
      dist-second d=2 2
      """;

  private TrainingGames() {}

  /**
   * {@code games} games on a {@code size} board as one SGF collection, each played until two passes
   * or {@code maxMoves} moves.
   */
  public static String sgf(int games, int size, int maxMoves, long seed) {
    GammaTable table = GammaTable.parse(TABLE);
    Geometry g = Geometry.of(size);
    Rng rng = new Rng(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < games; i++) {
      Game game = new Game(g, Rules.DEFAULT);
      Board board = new Board(g);
      board.copyFrom(game.board());
      SoftmaxPolicy policy = new SoftmaxPolicy(table, g);
      policy.setPosition(board);
      int last = Point.NONE;
      int second = Point.NONE;
      for (int m = 0; m < maxMoves && !game.isOver(); m++) {
        byte me = game.toPlay().color();
        int p = policy.choose(board, me, last, second, rng);
        if (p != Point.PASS && !game.isLegal(game.toPlay(), p)) {
          p = Point.PASS; // a superko the policy does not see
        }
        game.play(p);
        if (p == Point.PASS) {
          policy.pass(board, me);
        } else {
          policy.play(board, p, me);
        }
        second = last;
        last = p;
      }
      sb.append(Sgf.write(game));
    }
    return sb.toString();
  }
}
