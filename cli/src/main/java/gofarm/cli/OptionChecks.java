package gofarm.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Range checks shared by the commands' options, failing as usage errors (exit code 2) that name the
 * option, the allowed range and the value given, before anything starts listening or running.
 */
final class OptionChecks {
  static final int MAX_THREADS = 1024;

  private OptionChecks() {}

  /** A port to listen on: 0 for any free port, and -1 for none when {@code noneAllowed}. */
  static void port(CommandSpec spec, String option, int value, boolean noneAllowed) {
    int min = noneAllowed ? -1 : 0;
    if (value < min || value > 65535) {
      throw new ParameterException(
          spec.commandLine(),
          option
              + " must be 0..65535 (0 for any free port"
              + (noneAllowed ? ", -1 for none" : "")
              + "; got "
              + value
              + ")");
    }
  }

  /** A thread count: 1..1024, or 0 for all cores. */
  static void threads(CommandSpec spec, String option, int value) {
    if (value < 0 || value > MAX_THREADS) {
      throw new ParameterException(
          spec.commandLine(),
          option + " must be 1.." + MAX_THREADS + ", or 0 for all cores (got " + value + ")");
    }
  }
}
