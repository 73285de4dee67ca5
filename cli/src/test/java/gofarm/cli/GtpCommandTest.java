package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gofarm gtp}: the options become the engine's rules, and stdout carries only GTP. */
class GtpCommandTest {

  private record Run(int exitCode, String out, String err) {}

  private static Run run(String input, String... args) {
    CommandLine cli = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    InputStream stdin = System.in;
    System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    try {
      String[] all = new String[args.length + 1];
      all[0] = "gtp";
      System.arraycopy(args, 0, all, 1, args.length);
      int code = cli.execute(all);
      return new Run(code, out.toString(), err.toString());
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
    Run run = run(game, "--size", "3", "--komi", "0.5", "--ko", "simple", "--suicide");
    assertEquals(0, run.exitCode());
    assertEquals("", run.err());
    assertEquals("=\n\n".repeat(6) + "= 2\n\n= B+8.5\n\n=\n\n", run.out());

    // Without suicide white's A3 stays, in atari with no way out: final_score takes it off as dead
    // (the playouts behind it always capture it), so black has the whole board.
    Run forbidden = run(game, "--size", "3", "--komi", "0.5", "--ko", "simple");
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
  void genmoveIsFlatMonteCarlo() {
    Run run = run("genmove b\nlist_stones b\n", "--size", "5", "--playouts", "64");
    assertEquals(0, run.exitCode());
    String[] responses = run.out().split("\n\n");
    assertEquals(2, responses.length, run.out());
    String move = responses[0].substring(2);
    assertTrue(move.matches("[A-E][1-5]"), move);
    assertEquals("= " + move, responses[1]);
  }

  @Test
  void badOptionsAreRejectedOnStandardError() {
    Run size = run("", "--size", "31");
    assertEquals(2, size.exitCode());
    assertEquals("", size.out());
    assertTrue(size.err().startsWith("--size must be 2..25 (got 31)\n"), size.err());

    Run komi = run("", "--komi", "6.3");
    assertEquals(2, komi.exitCode());
    assertTrue(
        komi.err().startsWith("--komi: komi must be a multiple of 0.5 in -1000..1000 (got 6.3)\n"),
        komi.err());

    Run playouts = run("", "--playouts", "0");
    assertEquals(2, playouts.exitCode());
    assertTrue(
        playouts.err().startsWith("--playouts: playouts must be at least 1 (got 0)\n"),
        playouts.err());

    Run ko = run("", "--ko", "super");
    assertEquals(2, ko.exitCode());
    assertTrue(ko.err().startsWith("Invalid value for option '--ko'"), ko.err());
  }
}
