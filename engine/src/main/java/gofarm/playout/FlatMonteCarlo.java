package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Point;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Score;
import java.util.ArrayList;
import java.util.List;

/**
 * A move chooser by flat Monte-Carlo: every legal move that does not fill an own one-point eye is a
 * candidate; playouts are spread over the candidates by UCB1 (Auer et al. 2002) and the most
 * visited candidate is played. No tree: this is the engine behind GTP {@code genmove} until the
 * search exists.
 *
 * <p>It passes when no candidate is left, or when the opponent has just passed and the position
 * already wins by area with every stone counted alive, so that finished games end. For a seed the
 * choice is deterministic.
 */
public final class FlatMonteCarlo {
  private static final double EXPLORATION = Math.sqrt(2);

  private final PolicySpec policy;
  private final int playouts;
  private final long seed;
  private Playout playout;

  /**
   * @param policy the playout policy
   * @param playouts playouts per move, at least 1
   * @param seed the seed of the first move; each move mixes in the move number
   */
  public FlatMonteCarlo(PolicySpec policy, int playouts, long seed) {
    if (playouts < 1) {
      throw new IllegalArgumentException("playouts must be at least 1 (got " + playouts + ")");
    }
    this.policy = policy;
    this.playouts = playouts;
    this.seed = seed;
  }

  /** The move {@code player} should play in {@code game}: a point, or {@link Point#PASS}. */
  public int chooseMove(Game game, Player player) {
    Board board = game.board();
    if (playout == null || playout.geometry() != board.geometry()) {
      playout = new Playout(policy, board.geometry());
    }
    byte me = player.color();
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < board.geometry().pointCount(); i++) {
      int p = board.geometry().point(i);
      if (board.color(p) == gofarm.board.Color.EMPTY
          && !board.isSimpleEye(p, me)
          && game.isLegal(player, p)) {
        candidates.add(p);
      }
    }
    if (candidates.isEmpty() || (opponentPassed(game, player) && winsNow(game, player))) {
      return Point.PASS;
    }
    PlayoutRoot here = PlayoutRoot.of(game);
    int n = candidates.size();
    PlayoutRoot[] after = new PlayoutRoot[n];
    int[] visits = new int[n];
    int[] wins = new int[n];
    PlayoutStats stats = playout.newStats();
    long moveSeed = Rng.mix(seed, game.moves().size());
    for (int t = 0; t < playouts; t++) {
      int c = t < n ? t : select(visits, wins, t);
      if (after[c] == null) {
        after[c] = here.after(candidates.get(c), me);
      }
      long before = player == Player.BLACK ? stats.blackWins() : stats.whiteWins();
      playout.run(after[c], Rng.mix(moveSeed, t), 1, stats);
      long now = player == Player.BLACK ? stats.blackWins() : stats.whiteWins();
      visits[c]++;
      wins[c] += (int) (now - before);
    }
    int best = 0;
    for (int c = 1; c < n; c++) {
      if (visits[c] > visits[best] || (visits[c] == visits[best] && wins[c] > wins[best])) {
        best = c;
      }
    }
    return candidates.get(best);
  }

  private static int select(int[] visits, int[] wins, int total) {
    double logTotal = Math.log(total);
    int best = 0;
    double bestValue = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < visits.length; c++) {
      double value = (double) wins[c] / visits[c] + EXPLORATION * Math.sqrt(logTotal / visits[c]);
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    return best;
  }

  private static boolean opponentPassed(Game game, Player player) {
    return game.lastMove() != null
        && game.lastMove().isPass()
        && game.lastMove().player() == player.opponent();
  }

  private static boolean winsNow(Game game, Player player) {
    Score score = game.score();
    return score.winner() == player;
  }
}
