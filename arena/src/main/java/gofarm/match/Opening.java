package gofarm.match;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.io.SgfGame;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a match game starts: the board size and the moves played from the empty board, black first.
 * Moves only, no setup stones, so that any GTP engine can be given the position with {@code play}.
 *
 * <pre>{@code
 * Opening.empty(9);
 * Opening.of(record, 6);                       // the first six moves of an SGF game
 * Opening.random(9, Rules.DEFAULT, 4, seed);   // four random balanced moves off the first two lines
 * }</pre>
 *
 * @param name a label for the record ({@code empty}, {@code random-4-seed-17}, a file name)
 * @param size the board size
 * @param moves the moves, legal under the match's rules
 */
public record Opening(String name, int size, List<Move> moves) {
  public Opening {
    Geometry.of(size); // validates
    moves = List.copyOf(moves);
  }

  /** The empty board. */
  public static Opening empty(int size) {
    return new Opening("empty", size, List.of());
  }

  /**
   * The first {@code count} moves of an SGF game.
   *
   * @throws IllegalArgumentException if the record has setup stones or fewer moves
   */
  public static Opening of(SgfGame record, int count) {
    for (byte c : record.setup()) {
      if (c == Color.BLACK || c == Color.WHITE) {
        throw new IllegalArgumentException(
            "an opening must be moves from the empty board, but the record has setup stones");
      }
    }
    if (count < 0 || count > record.moves().size()) {
      throw new IllegalArgumentException(
          "the record has " + record.moves().size() + " moves, not " + count);
    }
    return new Opening("sgf-" + count, record.size(), record.moves().subList(0, count));
  }

  /** Uniform playouts per draw that estimate a random opening's balance. */
  public static final int BALANCE_PLAYOUTS = 300;

  /** The lowest black win rate a random opening may have; the highest is {@code 1 - this}. */
  public static final double MIN_BALANCE = 0.25;

  /** Draws of a random opening before the most balanced one is taken as it is. */
  public static final int MAX_DRAWS = 50;

  private static final PolicySpec BALANCE_POLICY = PolicySpec.parse("uniform");

  /**
   * {@code count} random balanced moves, black first: varied starts for self-play that neither side
   * has won already.
   *
   * <p>A draw picks each move uniformly (seeded) among the legal points off the first two lines
   * (anywhere on boards under 7x7) that capture nothing. Its balance is black's win rate in {@link
   * #BALANCE_PLAYOUTS} uniform playouts from the position at the rules' komi ({@link
   * #blackWinRate}, seeded with {@code seed}). A draw within {@link #MIN_BALANCE}..{@code 1 -
   * MIN_BALANCE} is taken; otherwise the moves are drawn again, draw k with {@code Rng.mix(seed,
   * k)}, at most {@link #MAX_DRAWS} times, and then the draw closest to 0.5 is taken (the earliest
   * of equals). So the opening is a function of (size, rules, count, seed) alone. With no moves
   * there is nothing to draw again: the empty board is returned as it is. Pairs of games with
   * swapped colours cancel what imbalance is left.
   *
   * <p>Costs a few hundred playouts per draw: about 20 ms on 9x9, rarely more than one draw.
   *
   * @throws IllegalArgumentException if there are not enough such points for {@code count} moves
   */
  public static Opening random(int size, Rules rules, int count, long seed) {
    String name = "random-" + count + "-seed-" + seed;
    if (count == 0) {
      return new Opening(name, size, List.of());
    }
    Playout playout = new Playout(BALANCE_POLICY, Geometry.of(size));
    PlayoutStats stats = playout.newStats();
    List<Integer> candidates = new ArrayList<>();
    List<Move> best = null;
    double bestDistance = Double.POSITIVE_INFINITY;
    for (int draw = 0; draw < MAX_DRAWS; draw++) {
      Game game = draw(size, rules, count, Rng.mix(seed, draw), candidates);
      double distance = Math.abs(blackWinRate(game, seed, playout, stats) - 0.5);
      if (distance < bestDistance) {
        best = game.moves();
        bestDistance = distance;
      }
      if (distance <= 0.5 - MIN_BALANCE) {
        break;
      }
    }
    return new Opening(name, size, best);
  }

  /**
   * Black's win rate (draws count half) in {@link #BALANCE_PLAYOUTS} uniform playouts from the
   * position of {@code game} at its komi, with {@code seed}: the balance {@link #random} checks.
   */
  public static double blackWinRate(Game game, long seed) {
    Playout playout = new Playout(BALANCE_POLICY, game.geometry());
    return blackWinRate(game, seed, playout, playout.newStats());
  }

  /** The same, adding to {@code stats} (reused across draws) and reading the difference. */
  private static double blackWinRate(Game game, long seed, Playout playout, PlayoutStats stats) {
    long playouts = stats.playouts();
    long wins = 2 * stats.blackWins() + stats.draws();
    playout.run(PlayoutRoot.of(game), seed, BALANCE_PLAYOUTS, stats);
    return (2 * stats.blackWins() + stats.draws() - wins) / (2.0 * (stats.playouts() - playouts));
  }

  /** One draw of {@code count} moves with a fresh generator of {@code seed}. */
  static Game draw(int size, Rules rules, int count, long seed, List<Integer> candidates) {
    Game game = new Game(size, rules);
    Geometry g = game.geometry();
    Rng rng = new Rng(seed);
    for (int n = 0; n < count; n++) {
      candidates.clear();
      byte color = game.toPlay().color();
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        int x = g.x(p);
        int y = g.y(p);
        int line = Math.min(Math.min(x, y), Math.min(size - 1 - x, size - 1 - y));
        if ((line >= 2 || size < 7)
            && game.isLegal(game.toPlay(), p)
            && !game.board().isCapture(p, color)) {
          candidates.add(p);
        }
      }
      if (candidates.isEmpty()) {
        throw new IllegalArgumentException(
            "no room for " + count + " random opening moves on " + g);
      }
      game.play(candidates.get(rng.nextInt(candidates.size())));
    }
    return game;
  }

  /** The game after the opening, under these rules. */
  public Game start(Rules rules) {
    Game game = new Game(size, rules);
    for (Move m : moves) {
      game.play(m);
    }
    return game;
  }
}
