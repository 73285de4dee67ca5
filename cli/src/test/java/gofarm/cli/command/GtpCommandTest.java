package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code gofarm gtp}: the options become the engine's rules and the search's settings, and stdout
 * carries only GTP.
 */
class GtpCommandTest {

  private static CliRun run(String input, String... args) {
    InputStream stdin = System.in;
    System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    try {
      return CliRun.of("gtp", args);
    } finally {
      System.setIn(stdin);
    }
  }

  @Test
  void optionsSetTheBoardKomiAndSuicide() {
    String game =
        """
        play b b3
        play b b2
        play b a1
        play w a3
        play w a2
        list_stones w
        captures b
        final_score
        quit
        play b c3
        """;
    // White's A2 takes its own two stones off: legal with --suicide only, and only with simple
    // ko, since it recreates the position before A3.
    CliRun run = run(game, "--size", "3", "--komi", "0.5", "--ko", "simple", "--suicide");
    assertEquals(0, run.exitCode());
    assertEquals("", run.err());
    assertEquals("=\n\n".repeat(6) + "= 2\n\n= B+8.5\n\n=\n\n", run.out());

    // Without suicide white's A3 stays, in atari with no way out: final_score takes it off as dead
    // (the playouts behind it always capture it), so black has the whole board.
    CliRun forbidden = run(game, "--size", "3", "--komi", "0.5", "--ko", "simple");
    assertEquals(
        "=\n\n".repeat(4)
            + "? illegal move: A2 would be suicide\n\n= A3\n\n= 0\n\n= B+8.5\n\n=\n\n",
        forbidden.out());
  }

  @Test
  void optionsSetTheKoRule() {
    // The last move recreates the position after the first: legal under simple ko only.
    String game = "play b b2\nplay w b1\nplay b a2\nplay w a1\nplay b b2\nplay w a2\nplay b b2\n";
    assertEquals("=\n\n".repeat(7), run(game, "--size", "2", "--ko", "simple").out());
    assertEquals(
        "=\n\n".repeat(6) + "? illegal move: B2 repeats an earlier position (superko)\n\n",
        run(game, "--size", "2").out());
  }

  @Test
  void genmoveSearchesAndLogsTheSearchOnStandardError() {
    CliRun run = run("genmove b\nlist_stones b\n", "--size", "5", "--playouts", "64");
    assertEquals(0, run.exitCode());
    String[] responses = run.out().split("\n\n");
    assertEquals(2, responses.length, run.out());
    String move = responses[0].substring(2);
    assertTrue(move.matches("[A-E][1-5]"), move);
    assertEquals("= " + move, responses[1]);
    assertTrue(run.err().startsWith("search: black " + move + " (best), win rate "), run.err());
    assertTrue(run.err().contains(", 64 playouts in "), run.err());
  }

  @Test
  void searchOptionsReachTheSearch() {
    // Two threads and a time budget: not reproducible, but every answer is a legal move.
    CliRun timed = run("boardsize 9\ngenmove b\ngenmove w\n", "--time", "0.2", "--threads", "2");
    assertEquals(0, timed.exitCode(), timed.err());
    assertTrue(timed.out().matches("=\n\n= [A-HJ][1-9]\n\n= [A-HJ][1-9]\n\n"), timed.out());
    // Reproducible with one thread and playouts; the analyze commands are there.
    String input = "boardsize 9\nplay b e5\ngenmove w\ngogui-analyze_commands\n";
    CliRun a = run(input, "--playouts", "200", "--seed", "3", "--policy", "heavy");
    CliRun b = run(input, "--playouts", "200", "--seed", "3", "--policy", "heavy");
    assertEquals(a.out(), b.out());
    assertTrue(a.out().contains("gfx/Search: win rates/gofarm-winrates"), a.out());
    // A resign threshold of 1 resigns at once (once the best move has 50 visits).
    CliRun resign = run("genmove b\n", "--size", "5", "--playouts", "1000", "--resign", "1");
    assertEquals("= resign\n\n", resign.out());
  }

  /**
   * A game clock replaces --playouts (a billion here: without the clock genmove would not answer
   * for hours), and --early-stop always stops a playout budget once the move is settled.
   */
  @Test
  void aGameClockAndEarlyStoppingSpendLessThanTheBudget() {
    CliRun clocked =
        run("boardsize 9\ntime_settings 10 0 0\ngenmove b\n", "--playouts", "1000000000");
    assertEquals(0, clocked.exitCode(), clocked.err());
    assertTrue(clocked.out().matches("=\n\n=\n\n= [A-HJ][1-9]\n\n"), clocked.out());
    java.util.regex.Matcher took =
        java.util.regex.Pattern.compile(" playouts in (\\d+\\.\\d+) s").matcher(clocked.err());
    assertTrue(took.find(), clocked.err());
    // The clock's share is 0.28 s ((10 - 1 - 0.2) / 32); a loaded machine may add some.
    assertTrue(Double.parseDouble(took.group(1)) < 5, clocked.err());

    CliRun early =
        run("genmove b\n", "--size", "5", "--playouts", "20000", "--early-stop", "always");
    long playouts = playouts(early.err());
    assertTrue(playouts < 20000, early.err());
    CliRun full = run("genmove b\n", "--size", "5", "--playouts", "20000", "--early-stop", "never");
    assertEquals(20000, playouts(full.err()));
    assertEquals(full.out(), early.out(), "the same move");
  }

  /** The playouts of the search summary on standard error. */
  private static long playouts(String err) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(", (\\d+) playouts in ").matcher(err);
    assertTrue(m.find(), err);
    return Long.parseLong(m.group(1));
  }

  @Test
  void badOptionsAreRejectedOnStandardError() {
    CliRun size = run("", "--size", "31");
    assertEquals(2, size.exitCode());
    assertEquals("", size.out());
    assertTrue(size.err().startsWith("--size must be 2..25 (got 31)\n"), size.err());

    CliRun komi = run("", "--komi", "6.3");
    assertEquals(2, komi.exitCode());
    assertTrue(
        komi.err().startsWith("--komi: komi must be a multiple of 0.5 in -1000..1000 (got 6.3)\n"),
        komi.err());

    CliRun playouts = run("", "--playouts", "0");
    assertEquals(2, playouts.exitCode());
    assertTrue(
        playouts.err().startsWith("--playouts: playouts must be at least 1 (got 0)\n"),
        playouts.err());

    CliRun time = run("", "--time", "0");
    assertEquals(2, time.exitCode());
    assertTrue(time.err().startsWith("--time must be more than 0 seconds (got 0.0)\n"), time.err());

    CliRun threads = run("", "--threads", "0");
    assertTrue(threads.err().startsWith("--threads must be 1..1024 (got 0)\n"), threads.err());

    CliRun resign = run("", "--resign", "2");
    assertTrue(resign.err().startsWith("--resign must be 0..1 (got 2.0)\n"), resign.err());

    CliRun policy = run("", "--policy", "nonsense");
    assertTrue(policy.err().startsWith("--policy: rules[0]."), policy.err());

    CliRun early = run("", "--early-stop", "sometimes");
    assertEquals(2, early.exitCode());
    assertTrue(
        early
            .err()
            .startsWith(
                "--early-stop: early stop must be never, timed or always (got 'sometimes')\n"),
        early.err());

    CliRun ko = run("", "--ko", "super");
    assertEquals(2, ko.exitCode());
    assertTrue(ko.err().startsWith("Invalid value for option '--ko'"), ko.err());
  }
}
