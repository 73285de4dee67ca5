package gofarm.cli;

import gofarm.cli.command.AnalyzeCommand;
import gofarm.cli.command.BenchCommand;
import gofarm.cli.command.CancelCommand;
import gofarm.cli.command.CoordinatorCommand;
import gofarm.cli.command.GamesCommand;
import gofarm.cli.command.GtpCommand;
import gofarm.cli.command.JobsCommand;
import gofarm.cli.command.LocalCommand;
import gofarm.cli.command.ResultsCommand;
import gofarm.cli.command.SprtCommand;
import gofarm.cli.command.SubmitCommand;
import gofarm.cli.command.WatchCommand;
import gofarm.cli.command.WorkerCommand;
import gofarm.cli.command.WorkersCommand;
import gofarm.cli.console.Errors;
import gofarm.cli.console.Version;
import org.slf4j.bridge.SLF4JBridgeHandler;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gofarm} command: one subcommand per job, wired together here (composition root). */
@Command(
    name = "gofarm",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "A distributed self-play playout farm for computer Go.",
    subcommands = {
      LocalCommand.class,
      CoordinatorCommand.class,
      WorkerCommand.class,
      SubmitCommand.class,
      WatchCommand.class,
      JobsCommand.class,
      WorkersCommand.class,
      ResultsCommand.class,
      GamesCommand.class,
      CancelCommand.class,
      BenchCommand.class,
      GtpCommand.class,
      AnalyzeCommand.class,
      SprtCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {

  public static void main(String[] args) {
    // gRPC logs through java.util.logging: route it to logback, configured in logback.xml.
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
    System.exit(commandLine().execute(args));
  }

  /** The command line with every subcommand, as {@link #main} runs it (tests use it too). */
  public static CommandLine commandLine() {
    return new CommandLine(new Main())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(new Errors());
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }
}
