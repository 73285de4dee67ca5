package gofarm.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gofarm} command: one subcommand per job, wired together here (composition root). */
@Command(
    name = "gofarm",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "A distributed self-play playout farm for computer Go.",
    subcommands = {
      AnalyzeCommand.class,
      BenchCommand.class,
      GtpCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line with every subcommand, as {@link #main} runs it (tests use it too). */
  public static CommandLine commandLine() {
    return new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true);
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  /** The version from the jar manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"gofarm " + (v == null ? "dev" : v)};
    }
  }
}
