package gofarm.cli.bench;

import gofarm.report.Tables;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code gofarm bench --csv FILE}: one row per measured case, written as soon as the case ends, so
 * that speeds can be tracked across commits, machines and JVMs, and an interrupted run keeps what
 * it measured. Playout rows carry every figure of the report; search rows ({@code kind=search})
 * only those a search has. Speeds are in playouts per second, not thousands. The free-text columns
 * (CPU model, JVM, the policy's rules: quoted where they hold commas) come last, so that splitting
 * a line at commas still finds every figure.
 */
public final class BenchCsv implements Closeable {
  public static final String HEADER =
      "kind,size,komi,policy,threads,seed,rounds,playouts,playouts_per_second,"
          + "playouts_per_thread_second,median_playouts_per_second,round_playouts_per_second,"
          + "moves,black_win_rate,black_win_half_width,cycles_per_playout,cpu_mhz,cpu_model,java,"
          + "policy_rules";

  private final Path file;
  private final BufferedWriter out;
  private final String machine;

  private BenchCsv(Path file, BufferedWriter out, String machine) {
    this.file = file;
    this.out = out;
    this.machine = machine;
  }

  /**
   * Creates (or replaces) {@code file} with the header; three columns of every row describe the
   * machine: its clock (0 when unknown), CPU model and JVM.
   */
  public static BenchCsv create(Path file, Machine machine) {
    BufferedWriter out;
    try {
      out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw cannotWrite(file, e);
    }
    BenchCsv csv =
        new BenchCsv(
            file,
            out,
            String.join(
                ",",
                number(machine.mhz()),
                Tables.csvText(machine.cpu()),
                Tables.csvText(machine.java())));
    csv.line(HEADER);
    return csv;
  }

  /** The case that names a row: board size, komi, policy (name and rules), threads and seed. */
  record Case(int size, double komi, String policy, String rules, int threads, long seed) {
    String columns() {
      return String.join(
          ",",
          Integer.toString(size),
          number(komi),
          Tables.csvText(policy),
          Integer.toString(threads),
          Long.toString(seed));
    }
  }

  /** A playout case: the fastest round's figures and every round's speed, in order. */
  void playouts(
      Case c,
      long playouts,
      double speed,
      double perThread,
      double[] roundSpeeds,
      double moves,
      double blackWins,
      double halfWidth,
      double cycles) {
    List<String> rounds = new ArrayList<>();
    for (double s : roundSpeeds) {
      rounds.add(number(s));
    }
    line(
        String.join(
            ",",
            "playouts",
            c.columns(),
            Integer.toString(roundSpeeds.length),
            Long.toString(playouts),
            number(speed),
            number(perThread),
            number(Rounds.median(roundSpeeds)),
            String.join(";", rounds),
            number(moves),
            number(blackWins),
            number(halfWidth),
            cycles > 0 ? number(cycles) : "",
            machine,
            Tables.csvText(c.rules())));
  }

  /** A tree search: its playouts and their speed over wall-clock time. */
  void search(Case c, long playouts, double speed) {
    line(
        String.join(
            ",",
            "search",
            c.columns(),
            "1",
            Long.toString(playouts),
            number(speed),
            number(speed / c.threads()),
            "",
            "",
            "",
            "",
            "",
            "",
            machine,
            Tables.csvText(c.rules())));
  }

  private void line(String line) {
    try {
      out.write(line);
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw cannotWrite(file, e);
    }
  }

  /** Up to six significant decimals, no grouping, a dot: what spreadsheets and pandas read. */
  static String number(double x) {
    if (x == Math.rint(x) && Math.abs(x) < 1e15) {
      return Long.toString((long) x);
    }
    String g = String.format(Locale.ROOT, "%.6g", x);
    // Trailing zeros go only after a decimal point: %.6g prints 102910.4 as "102910".
    return g.contains(".") ? g.replaceFirst("\\.?0+(e|$)", "$1") : g;
  }

  /** What the command prints: "cannot write FILE: why". */
  private static UncheckedIOException cannotWrite(Path file, IOException e) {
    return new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw cannotWrite(file, e);
    }
  }
}
