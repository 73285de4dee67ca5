package gofarm.cli.console;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Range checks shared by the commands' options, failing as usage errors (exit code 2) that name the
 * option, the allowed range and the value given, before anything starts listening or running.
 */
public final class OptionChecks {
  private static final int MAX_THREADS = 1024;

  /** HOST:PORT, the host a name, an IPv4 address or a bracketed IPv6 address. */
  private static final Pattern HOST_PORT =
      Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[^:\\[\\]/\\s]+):(\\d{1,5})");

  private OptionChecks() {}

  /** A port to listen on: 0 for any free port, and -1 for none when {@code noneAllowed}. */
  public static void port(CommandSpec spec, String option, int value, boolean noneAllowed) {
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

  /**
   * A coordinator's address, HOST:PORT with a port 1..65535, checked before a channel is built (a
   * gRPC channel given a port out of range fails on one of its own threads and never answers).
   */
  public static String hostPort(CommandSpec spec, String option, String value) {
    Matcher m = HOST_PORT.matcher(value);
    if (!m.matches() || Integer.parseInt(m.group(2)) < 1 || Integer.parseInt(m.group(2)) > 65535) {
      throw new ParameterException(
          spec.commandLine(),
          option
              + ": must be HOST:PORT with a port 1..65535, e.g. localhost:7070 (got '"
              + value
              + "')");
    }
    return value;
  }

  /** A thread count: 1..1024, or 0 for all cores. */
  public static void threads(CommandSpec spec, String option, int value) {
    if (value < 0 || value > MAX_THREADS) {
      throw new ParameterException(
          spec.commandLine(),
          option + " must be 1.." + MAX_THREADS + ", or 0 for all cores (got " + value + ")");
    }
  }
}
