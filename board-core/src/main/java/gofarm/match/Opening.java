package gofarm.match;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.io.SgfGame;
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
 * Opening.random(9, Rules.DEFAULT, 4, seed);   // four random moves off the first two lines
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

  /**
   * {@code count} moves drawn at random (seeded) from the legal points off the first two lines,
   * black first: varied starts for self-play. Not checked for balance; pairs of games with swapped
   * colours cancel most of an unbalanced start.
   */
  public static Opening random(int size, Rules rules, int count, long seed) {
    Game game = new Game(size, rules);
    Geometry g = game.geometry();
    Rng rng = new Rng(seed);
    List<Integer> candidates = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      candidates.clear();
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        int x = g.x(p);
        int y = g.y(p);
        int line = Math.min(Math.min(x, y), Math.min(size - 1 - x, size - 1 - y));
        if ((line >= 2 || size < 7) && game.isLegal(game.toPlay(), p)) {
          candidates.add(p);
        }
      }
      if (candidates.isEmpty()) {
        throw new IllegalArgumentException(
            "no room for " + count + " random opening moves on " + g);
      }
      game.play(candidates.get(rng.nextInt(candidates.size())));
    }
    return new Opening("random-" + count + "-seed-" + seed, size, game.moves());
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
