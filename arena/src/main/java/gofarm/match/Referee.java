package gofarm.match;

import gofarm.gtp.GtpClient;
import gofarm.gtp.GtpException;
import gofarm.rules.Game;
import gofarm.rules.Move;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A GTP engine that scores finished match games ({@link Adjudication#REFEREE}), e.g. {@code gnugo
 * --mode gtp --chinese-rules}: each game is replayed on it from an empty board ({@code boardsize},
 * {@code clear_board}, {@code komi}, every move with {@code play}) and its {@code final_score} is
 * the result. One process serves the games of a pair; engine failures ({@link GtpException}) reach
 * the caller, as the players' do.
 */
public final class Referee implements AutoCloseable {
  private static final Pattern SCORE = Pattern.compile("0|[BW]\\+\\d+(\\.\\d+)?");

  private final String name;
  private final GtpClient client;
  private final Duration timeout;

  /**
   * Starts the referee engine.
   *
   * @param spec the engine and how long one command may take
   */
  public Referee(PlayerSpec.Gtp spec) {
    this.name = spec.name();
    this.timeout = spec.moveTimeout();
    this.client =
        GtpClient.start(spec.commandLine(), spec.moveTimeout(), ProcessBuilder.Redirect.DISCARD);
  }

  /**
   * The referee's score of the game as it stands: {@code B+3.5}, {@code W+0.5} or {@code 0}.
   *
   * @throws GtpException if the engine fails or answers something that is not a score
   */
  public String score(Game game) {
    client.send("boardsize " + game.geometry().size());
    client.send("clear_board");
    double komi = game.rules().komi();
    client.send(
        "komi "
            + (komi == Math.rint(komi)
                ? Long.toString((long) komi)
                : String.format(Locale.ROOT, "%s", komi)));
    List<Move> moves = game.moves();
    for (Move m : moves) {
      client.send("play " + m.player() + " " + game.geometry().name(m.point()));
    }
    String answer = client.send("final_score", timeout).strip();
    if (!SCORE.matcher(answer).matches()) {
      throw new GtpException(
          name + ": 'final_score' answered '" + answer + "', not a score",
          "final_score",
          null,
          null);
    }
    return answer;
  }

  @Override
  public void close() {
    client.close();
  }
}
