package gofarm.match;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.gtp.GtpClient;
import gofarm.gtp.GtpException;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import java.time.Duration;
import java.util.Locale;

/**
 * An external GTP engine in a match, through a {@link GtpClient}: {@code boardsize}, {@code
 * clear_board} and {@code komi} start a game, {@code play} reports the moves, {@code genmove} asks
 * for one. Engine failures ({@link GtpException}) reach the caller.
 */
public final class GtpMatchPlayer implements MatchPlayer {
  /** A GTP score: {@code B+3.5}, {@code W+12}, {@code 0}. */
  private static final java.util.regex.Pattern SCORE =
      java.util.regex.Pattern.compile("0|[BW]\\+\\d+(\\.\\d+)?");

  private final String name;
  private final GtpClient client;
  private final Duration moveTimeout;

  /**
   * @param name the name for the record
   * @param client a started engine; closed with this player
   * @param moveTimeout how long a {@code genmove} may take
   */
  public GtpMatchPlayer(String name, GtpClient client, Duration moveTimeout) {
    this.name = name;
    this.client = client;
    this.moveTimeout = moveTimeout;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void newGame(Game game) {
    client.send("boardsize " + game.geometry().size());
    client.send("clear_board");
    client.send("komi " + number(game.rules().komi()));
    for (Move m : game.moves()) {
      play(game, m);
    }
  }

  @Override
  public void play(Game game, Move move) {
    client.send("play " + move.player() + " " + game.geometry().name(move.point()));
  }

  /**
   * The engine's move; an answer that is neither {@code resign}, {@code pass} nor a vertex of this
   * board is an engine failure.
   */
  @Override
  public int genmove(Game game, Player player) {
    return parseMove(game, player, "genmove " + player);
  }

  private int parseMove(Game game, Player player, String command) {
    String answer = client.send(command, moveTimeout).strip();
    if (answer.equalsIgnoreCase("resign")) {
      return RESIGN;
    }
    Geometry g = game.geometry();
    try {
      int p = g.parse(answer);
      return p == Point.PASS ? Point.PASS : p;
    } catch (IllegalArgumentException e) {
      throw new GtpException(
          name + ": '" + command + "' answered '" + answer + "': " + e.getMessage(),
          command,
          null,
          null);
    }
  }

  /**
   * The engine's {@code final_score}, or null if it does not know the command or answers something
   * that is not a score.
   */
  @Override
  public String finalScore(Game game) {
    if (!knows("final_score")) {
      return null;
    }
    String answer = client.send("final_score", moveTimeout).strip();
    return SCORE.matcher(answer).matches() ? answer : null;
  }

  /** {@code kgs-genmove_cleanup} if the engine knows it, else {@code genmove}. */
  @Override
  public int genmoveCleanup(Game game, Player player) {
    return knows("kgs-genmove_cleanup")
        ? parseMove(game, player, "kgs-genmove_cleanup " + player)
        : genmove(game, player);
  }

  private boolean knows(String command) {
    return client.send("known_command " + command).strip().equals("true");
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }

  @Override
  public void close() {
    client.close();
  }
}
