package gofarm.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * One in-process run of the {@code gofarm} command line, with its exit code and what it printed.
 */
public record CliRun(int exitCode, String out, String err) {

  /** Runs {@code gofarm COMMAND ARGS...} and captures standard output and error. */
  public static CliRun of(String command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli =
        Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of(command));
    all.addAll(List.of(args));
    return new CliRun(cli.execute(all.toArray(String[]::new)), out.toString(), err.toString());
  }
}
