package gofarm.cli;

import gofarm.board.Geometry;
import gofarm.gtp.GtpEngine;
import gofarm.playout.FlatMonteCarlo;
import gofarm.playout.PolicySpec;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm gtp}: a Go Text Protocol engine on standard input and output, for GUIs (Sabaki,
 * GoGui, Lizzie) and match tools (gogui-twogtp); {@code genmove} is flat Monte-Carlo. Only GTP
 * responses go to standard output; anything else goes to standard error.
 *
 * <pre>
 * printf 'boardsize 9\nplay b e5\ngenmove w\nshowboard\nquit\n' | ./gofarm gtp --komi 7
 * </pre>
 */
@Command(
    name = "gtp",
    mixinStandardHelpOptions = true,
    description = {
      "Plays Go over the Go Text Protocol (version 2) on standard input and output.",
      "Standard commands plus GNU Go's list_stones, is_legal, all_legal, captures, countlib,"
          + " findlib and unconditional_status (Benson: pass-alive); genmove is flat Monte-Carlo"
          + " over --playouts playouts; final_status_list and final_score take off the stones"
          + " that Benson or 1000 seeded playouts call dead."
    })
final class GtpCommand implements Callable<Integer> {
  @Option(
      names = "--size",
      defaultValue = "19",
      description = "Board size until boardsize changes it, 2..25 (default: ${DEFAULT-VALUE}).")
  int size;

  @Option(
      names = "--komi",
      defaultValue = "7.5",
      description = "Komi until komi changes it, a multiple of 0.5 (default: ${DEFAULT-VALUE}).")
  double komi;

  @Option(
      names = "--ko",
      defaultValue = "positional",
      description =
          "Ko rule: simple, positional or situational superko (default: ${DEFAULT-VALUE}).")
  KoRule ko;

  @Option(names = "--suicide", description = "Allow suicide (Tromp-Taylor); forbidden otherwise.")
  boolean suicide;

  @Option(
      names = "--playouts",
      defaultValue = "10000",
      description = "Playouts per genmove, at least 1 (default: ${DEFAULT-VALUE}).")
  int playouts;

  @Option(
      names = "--policy",
      defaultValue = "uniform",
      description =
          "Playout policy: a preset or a rule list, as for bench (default: ${DEFAULT-VALUE}).")
  String policy;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    GtpEngine engine = new GtpEngine(rules(), boardSize(), generator()::chooseMove);
    engine.run(
        new InputStreamReader(System.in, StandardCharsets.UTF_8),
        commandSpec.commandLine().getOut());
    return 0;
  }

  private Rules rules() {
    try {
      return new Rules(komi, ko, suicide);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandSpec.commandLine(), "--komi: " + e.getMessage());
    }
  }

  private int boardSize() {
    if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
      throw new ParameterException(
          commandSpec.commandLine(),
          "--size must be " + Geometry.MIN_SIZE + ".." + Geometry.MAX_SIZE + " (got " + size + ")");
    }
    return size;
  }

  private FlatMonteCarlo generator() {
    try {
      return new FlatMonteCarlo(PolicySpec.parse(policy), playouts, seed);
    } catch (IllegalArgumentException e) {
      String option = playouts < 1 ? "--playouts" : "--policy";
      throw new ParameterException(commandSpec.commandLine(), option + ": " + e.getMessage());
    }
  }
}
