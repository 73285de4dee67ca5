package gofarm.match;

import gofarm.board.Point;
import gofarm.gtp.GtpEngine;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfNode;
import gofarm.life.AreaScorer;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.Rng;
import gofarm.rules.Game;
import gofarm.rules.IllegalMoveException;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.rules.Score;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plays match games: one game between two players from an opening, or a colour-swapped pair.
 *
 * <pre>{@code
 * PairResult pair = MatchGame.playPair(
 *     Opening.random(9, rules, 4, seed), rules, heavy, uniform, seed);
 * pentanomial = pentanomial.plus(pair.pentanomialClass());
 * Files.writeString(dir.resolve("pair-17-a.sgf"), pair.first().sgf());
 * }</pre>
 *
 * <h2>A game</h2>
 *
 * Both players start from the opening; then the player to move is asked for a move, the move is
 * played on the match's own {@link Game} (which checks it: an illegal move, superko included, loses
 * the game by forfeit) and reported to the other player. The game ends with two passes in a row, a
 * resignation, or after {@link #maxMoves} moves. A game that ends on the board is scored by area
 * after taking off the stones that Benson, or 1000 seeded playouts from the final position, call
 * dead: the rule of GTP {@code final_score} ({@link AreaScorer}), so that both players and the
 * record agree whoever the players are.
 *
 * <h2>Seeds</h2>
 *
 * In a pair with seed s the first player's search gets {@code Rng.mix(s, 0)} in the first game and
 * {@code Rng.mix(s, 2)} in the second, the second player's {@code Rng.mix(s, 1)} and {@code
 * Rng.mix(s, 3)}: two search players on one thread with playout budgets play the same pair on any
 * machine.
 */
public final class MatchGame {
  private MatchGame() {}

  /** The move limit of a game: 3 × the board's points, after the opening. */
  public static int maxMoves(int size) {
    return 3 * size * size;
  }

  /**
   * Plays a colour-swapped pair from {@code opening}: {@code first} has black in the first game and
   * white in the second. Each player is started for each game and closed after it.
   */
  public static PairResult playPair(
      Opening opening, Rules rules, PlayerSpec first, PlayerSpec second, long seed) {
    return playPair(opening, rules, first, second, seed, maxMoves(opening.size()));
  }

  /**
   * Plays a colour-swapped pair with a move limit of {@code maxMoves} per game after the opening.
   */
  public static PairResult playPair(
      Opening opening, Rules rules, PlayerSpec first, PlayerSpec second, long seed, int maxMoves) {
    if (first.name().equals(second.name())) {
      throw new IllegalArgumentException(
          "the two players need different names (both are '" + first.name() + "')");
    }
    GameRecord a =
        playOnce(opening, rules, first, second, Rng.mix(seed, 0), Rng.mix(seed, 1), maxMoves);
    GameRecord b =
        playOnce(opening, rules, second, first, Rng.mix(seed, 3), Rng.mix(seed, 2), maxMoves);
    return new PairResult(first.name(), a, b);
  }

  private static GameRecord playOnce(
      Opening opening,
      Rules rules,
      PlayerSpec black,
      PlayerSpec white,
      long blackSeed,
      long whiteSeed,
      int maxMoves) {
    try (MatchPlayer b = black.start(blackSeed);
        MatchPlayer w = white.start(whiteSeed)) {
      return play(opening, rules, b, w, maxMoves);
    }
  }

  /** Plays one game with the default move limit; see the class comment. */
  public static GameRecord play(
      Opening opening, Rules rules, MatchPlayer black, MatchPlayer white) {
    return play(opening, rules, black, white, maxMoves(opening.size()));
  }

  /**
   * Plays one game of at most {@code maxMoves} moves after the opening. Engine failures ({@code
   * GtpException}) are not caught: the game cannot be scored fairly, so the caller decides.
   */
  public static GameRecord play(
      Opening opening, Rules rules, MatchPlayer black, MatchPlayer white, int maxMoves) {
    long start = System.nanoTime();
    Game game = opening.start(rules);
    black.newGame(game);
    white.newGame(game);
    int moves = 0;
    int passes = 0;
    Player winner;
    String result;
    GameRecord.End end;
    String comment;
    double margin = 0;
    while (true) {
      if (passes >= 2 || moves >= maxMoves) {
        Score score = finalScore(game);
        winner = score.winner();
        result = score.toString();
        margin = score.margin();
        end = passes >= 2 ? GameRecord.End.PASSES : GameRecord.End.MOVE_LIMIT;
        comment =
            (end == GameRecord.End.PASSES ? "two passes" : "move limit " + maxMoves)
                + "; area score without the dead stones: "
                + result;
        break;
      }
      Player toMove = game.toPlay();
      MatchPlayer mover = toMove == Player.BLACK ? black : white;
      MatchPlayer other = toMove == Player.BLACK ? white : black;
      int p = mover.genmove(game, toMove);
      if (p == MatchPlayer.RESIGN) {
        winner = toMove.opponent();
        result = winner.letter() + "+R";
        end = GameRecord.End.RESIGNATION;
        comment = mover.name() + " (" + toMove + ") resigned";
        break;
      }
      try {
        game.play(toMove, p);
      } catch (IllegalMoveException e) {
        winner = toMove.opponent();
        result = winner.letter() + "+F";
        end = GameRecord.End.FORFEIT;
        comment = mover.name() + " (" + toMove + ") played an illegal move: " + e.getMessage();
        break;
      }
      moves++;
      passes = p == Point.PASS ? passes + 1 : 0;
      other.play(game, new Move(toMove, p));
    }
    String sgf = sgf(game, black.name(), white.name(), result, opening, comment);
    return new GameRecord(
        black.name(),
        white.name(),
        opening,
        winner,
        result,
        end,
        margin,
        moves,
        sgf,
        Duration.ofNanos(System.nanoTime() - start));
  }

  /** The area score after taking off the stones Benson or the seeded playouts call dead. */
  static Score finalScore(Game game) {
    Playout playout = new Playout(GtpEngine.STATUS_POLICY, game.geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(PlayoutRoot.of(game), GtpEngine.STATUS_SEED, GtpEngine.STATUS_PLAYOUTS, stats);
    return new AreaScorer(game.geometry())
        .score(game.board(), stats.ownership(), game.rules().komi());
  }

  private static String sgf(
      Game game, String black, String white, String result, Opening opening, String comment) {
    List<SgfNode> nodes = new ArrayList<>(SgfGame.of(game).mainLine());
    Map<String, List<String>> root = new LinkedHashMap<>(nodes.get(0).properties());
    root.put("PB", List.of(black));
    root.put("PW", List.of(white));
    root.put("RE", List.of(result));
    root.put("GN", List.of(black + " vs " + white + ", opening " + opening.name()));
    root.put("C", List.of(comment));
    nodes.set(0, SgfNode.of(root));
    return Sgf.write(SgfGame.of(nodes));
  }
}
