package gofarm.match;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.gtp.GtpClient;
import gofarm.gtp.GtpException;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.search.GameClock;
import gofarm.search.TimeSettings;
import java.time.Duration;
import java.util.Locale;

/**
 * An external GTP engine in a match, through a {@link GtpClient}: {@code boardsize}, {@code
 * clear_board} and {@code komi} start a game, {@code play} reports the moves, {@code genmove} asks
 * for one. Engine failures ({@link GtpException}) reach the caller.
 *
 * <p>Under a game clock the game also starts with {@code kgs-time_settings} (if the engine knows
 * it: the one form of Japanese byo-yomi) or {@code time_settings}, and every move with {@code
 * time_left}; a {@code genmove} may then take what the clock has left and {@link #GRACE} more,
 * after which the engine is stopped (the match has declared the game lost on time by then).
 */
public final class GtpMatchPlayer implements MatchPlayer {
  /** A GTP score: {@code B+3.5}, {@code W+12}, {@code 0}. */
  private static final java.util.regex.Pattern SCORE =
      java.util.regex.Pattern.compile("0|[BW]\\+\\d+(\\.\\d+)?");

  /** How long past its clock's limit a {@code genmove} is waited for. */
  public static final Duration GRACE = Duration.ofSeconds(5);

  private final String name;
  private final GtpClient client;
  private final Duration moveTimeout;
  private final TimeSettings clockSettings;
  private boolean kgs;
  private boolean tellsTimeLeft;
  private Duration genmoveTimeout;

  /**
   * @param name the name for the record
   * @param client a started engine; closed with this player
   * @param moveTimeout how long a {@code genmove} may take
   */
  public GtpMatchPlayer(String name, GtpClient client, Duration moveTimeout) {
    this(name, client, moveTimeout, null);
  }

  /**
   * @param clockSettings the game clock the engine plays under, or null for none
   */
  public GtpMatchPlayer(
      String name, GtpClient client, Duration moveTimeout, TimeSettings clockSettings) {
    this.name = name;
    this.client = client;
    this.moveTimeout = moveTimeout;
    this.clockSettings = clockSettings;
    this.genmoveTimeout = moveTimeout;
  }

  @Override
  public TimeSettings clock() {
    return clockSettings;
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
    if (clockSettings != null) {
      // An engine that knows neither command plays without being told (and may lose on time).
      kgs = knows("kgs-time_settings");
      if (kgs) {
        client.send("kgs-time_settings " + clockSettings.kgsArguments());
      } else if (knows("time_settings")) {
        client.send("time_settings " + clockSettings.gtpArguments());
      }
      tellsTimeLeft = knows("time_left");
    }
    for (Move m : game.moves()) {
      play(game, m);
    }
  }

  @Override
  public void play(Game game, Move move) {
    client.send("play " + move.player() + " " + game.geometry().name(move.point()));
  }

  /** Tells the engine its time ({@code time_left}) and waits for its move as long as it has. */
  @Override
  public void timeLeft(Game game, Player player, GameClock clock) {
    if (tellsTimeLeft) {
      client.send("time_left " + player + " " + clock.gtpTimeLeft(kgs));
    }
    genmoveTimeout = clock.untilExpiry().plus(GRACE);
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
    String answer = client.send(command, genmoveTimeout).strip();
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
