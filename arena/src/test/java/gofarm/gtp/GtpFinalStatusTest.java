package gofarm.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.io.Sgf;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transcripts of the end of a game over GTP: {@code final_status_list seki} on a seki from a random
 * game (the stones GNU Go 3.8 lists too), {@code kgs-genmove_cleanup} capturing a dead stone before
 * passing, and GoGui's {@code cputime}.
 */
class GtpFinalStatusTest {
  @TempDir Path dir;

  /** An engine whose own move generator always passes, so that transcripts show the cleanup. */
  private static GtpEngine engine() {
    return new GtpEngine(Rules.DEFAULT, 19, (game, player) -> Point.PASS);
  }

  private static String run(GtpEngine engine, String input) {
    StringWriter out = new StringWriter();
    engine.run(new StringReader(input), out);
    return out.toString();
  }

  /** A record of the diagram's position after two passes, black to move. */
  private Path sgf(String name, String diagram) throws IOException {
    Board board = Diagram.parse(diagram).board();
    Game game = new Game(board.geometry(), Rules.DEFAULT);
    game.setup(board.colors());
    game.play(Player.BLACK, Point.PASS);
    game.play(Player.WHITE, Point.PASS);
    Path file = dir.resolve(name);
    Files.writeString(file, Sgf.write(game));
    return file;
  }

  /**
   * The end of a random 9x9 game: black's group on the left and the white stones inside it live in
   * seki (their shared liberties D9 and C6 cannot be filled without self-atari); GNU Go 3.8 lists
   * the same stones. Seki stones count, the shared liberties do not.
   */
  @Test
  void finalStatusListSeki() throws IOException {
    Path file =
        sgf(
            "seki.sgf",
            """
            . X O . O O O . O
            X X O O O X O O O
            X X X X O X O O O
            O O . X O X O O .
            O O O O X X O O O
            O X X X X X O O O
            O O X . X X X O X
            O O O X X X X X X
            . O X X X . X X .
            """);
    assertEquals(
        """
        = black

        = B9 A8 B8 A7 B7 C7 D7 D6
        A6 B6 A5 B5 C5 D5 A4 A3 B3 A2 B2 C2 B1

        =

        = W+11.5

        """,
        run(
            engine(),
            "loadsgf " + file + "\nfinal_status_list seki\nfinal_status_list dead\nfinal_score\n"));
  }

  /**
   * A white stone dead in black's area: {@code kgs-genmove_cleanup} plays on its liberties until it
   * is captured, and only then asks the move generator (which passes here); {@code genmove} would
   * pass at once.
   */
  @Test
  void genmoveCleanupCapturesTheDeadBeforePassing() throws IOException {
    Path file =
        sgf(
            "dead.sgf",
            """
            . X . X . X .
            X X X X X X X
            . X . . . X .
            X X . O . X X
            . X . . . X .
            X X X X X X X
            . X . X . X .
            """);
    String transcript =
        run(
            engine(),
            """
            loadsgf %s
            final_status_list dead
            genmove b
            undo
            kgs-genmove_cleanup b
            play w pass
            kgs-genmove_cleanup b
            play w pass
            kgs-genmove_cleanup b
            play w pass
            kgs-genmove_cleanup b
            play w pass
            kgs-genmove_cleanup b
            final_status_list dead
            """
                .formatted(file));
    assertEquals(
        """
        = black

        = D4

        = pass

        =

        = D5

        =

        = C4

        =

        = E4

        =

        = D3

        =

        = pass

        =

        """,
        transcript);
  }

  @Test
  void cputimeIsTheEnginesCpuSeconds() {
    String transcript = run(engine(), "cputime\ncputime now\n");
    assertTrue(
        transcript.matches("= \\d+\\.\\d{3}\n\n\\? cputime takes no arguments, got 1\n\n"),
        transcript);
  }
}
