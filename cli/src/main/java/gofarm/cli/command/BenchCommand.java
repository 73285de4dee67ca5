package gofarm.cli.command;

import gofarm.board.Geometry;
import gofarm.cli.bench.BenchCsv;
import gofarm.cli.bench.BenchPlan;
import gofarm.cli.bench.FarmBenchmark;
import gofarm.cli.bench.Machine;
import gofarm.cli.bench.PlayoutBenchmark;
import gofarm.cli.bench.SearchBenchmark;
import gofarm.cli.console.OptionChecks;
import gofarm.cli.console.PolicyOption;
import gofarm.playout.PolicySpec;
import gofarm.worker.engine.PlayoutEngine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm bench}: playouts per second from the empty board, per board size and policy, in the
 * style of BitmapGo's reports, with the win rate, the playout length, CPU cycles per playout and
 * which rule supplied the moves; with {@code --search}, also the tree search's playouts per second
 * (UCT with RAVE: tree walk, expansion, playout, AMAF update) on the same threads.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Measures playout speed from the empty board for each size and policy.",
      "Runs --seconds per case after a warm-up, or exactly --playouts (then the statistics are"
          + " reproducible for the seed whatever the thread count).",
      "With --rounds N, measures each case N times on the same playouts and reports the fastest"
          + " round, listing all: on a shared machine speeds move from run to run.",
      "With --search, each case also runs one tree search (genmove from the empty board) for"
          + " the same time or playouts and reports its playouts per second."
    })
public final class BenchCommand implements Callable<Integer> {
  @Option(
      names = "--size",
      split = ",",
      defaultValue = "9,19",
      description = "Board sizes, 2..25 (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--komi", defaultValue = "7.5", description = "Komi (default: ${DEFAULT-VALUE}).")
  double komi;

  @Option(
      names = "--policy",
      defaultValue = "uniform",
      description = {
        "Policy: a preset (uniform, atari-local, atari-global, mogo, heavy, softmax, softmax-balanced), a rule list or softmax:FILE;"
            + " repeat the option for several (default: ${DEFAULT-VALUE})."
      })
  List<String> policies;

  @Option(
      names = "--threads",
      description = "Threads, 1..1024 (default: all cores).",
      defaultValue = "0")
  int threads;

  @Option(names = "--playouts", description = "Playouts per case (instead of --seconds).")
  Long playouts;

  @Option(
      names = "--seconds",
      defaultValue = "5",
      description = "Seconds per case when --playouts is not given (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--warmup",
      defaultValue = "2",
      description = "Warm-up seconds per case (default: ${DEFAULT-VALUE}).")
  double warmup;

  @Option(
      names = "--rounds",
      defaultValue = "1",
      description =
          "Measured rounds of playouts per case, each the same playouts (same seed); the fastest"
              + " is reported and all are listed (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--farm",
      description =
          "Measure the coordinator instead: synthetic in-process workers send --results full"
              + " 19x19 chunk results; prints results counted per second and the dispatch latency.")
  boolean farm;

  @Option(
      names = "--results",
      defaultValue = "100000",
      description = "With --farm: chunk results (default: ${DEFAULT-VALUE}).")
  int results;

  @Option(
      names = "--workers",
      defaultValue = "4",
      description = "With --farm: synthetic workers (default: ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--credit",
      defaultValue = "64",
      description = "With --farm: credit of each synthetic worker (default: ${DEFAULT-VALUE}).")
  int credit;

  @Option(
      names = "--tcp",
      description =
          "With --farm: workers talk to the coordinator over TCP on 127.0.0.1 rather than"
              + " in-process.")
  boolean tcp;

  @Option(
      names = "--spot-checks",
      defaultValue = "0.03",
      paramLabel = "SHARE",
      description =
          "With --farm: share of chunks the coordinator runs twice to check them, as gofarm"
              + " coordinator --spot-checks (default: ${DEFAULT-VALUE}).")
  double spotChecks;

  @Option(
      names = "--search",
      description = "Also measure the tree search's playouts per second for each case.")
  boolean search;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description =
          "Also write one CSV row per case to FILE (replaced), with the machine and the JVM, to"
              + " track speeds across commits and machines.")
  Path csvFile;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = commandSpec.commandLine().getOut();
    PrintWriter err = commandSpec.commandLine().getErr();
    if (farm) {
      if (csvFile != null) {
        throw fail("--csv is for playout benchmarks; --farm prints its figures only");
      }
      atLeast("--results", results, 1);
      atLeast("--workers", workers, 1);
      atLeast("--credit", credit, 1);
      try {
        FarmBenchmark.run(results, workers, credit, tcp, spotChecks, out);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("the farm benchmark's tokens file: " + e, e);
      }
      return 0;
    }
    List<PolicySpec> specs = checkedOptions();
    int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    Machine machine = Machine.detect();
    BenchPlan plan = new BenchPlan(komi, seed, playouts, seconds, warmup, rounds);
    BenchCsv csv = csvFile == null ? null : BenchCsv.create(csvFile, machine);
    out.println(machine.describe());
    out.println();
    PlayoutBenchmark playoutBenchmark = new PlayoutBenchmark(plan, machine, csv, out, err);
    SearchBenchmark searchBenchmark = new SearchBenchmark(plan, csv, out);
    ExecutorService pool = search && n > 1 ? Executors.newFixedThreadPool(n - 1) : null;
    try (PlayoutEngine engine = new PlayoutEngine(n)) {
      for (int size : sizes) {
        for (PolicySpec spec : specs) {
          playoutBenchmark.run(engine, Geometry.of(size), spec);
          if (search) {
            searchBenchmark.run(Geometry.of(size), spec, n, pool);
          }
        }
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
      if (csv != null) {
        csv.close();
      }
    }
    if (csvFile != null) {
      err.println("wrote " + csvFile);
    }
    return 0;
  }

  /** Checks the options of a playout benchmark; returns the parsed policies. */
  private List<PolicySpec> checkedOptions() {
    for (int size : sizes) {
      if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
        throw fail(
            String.format(
                Locale.ROOT,
                "--size: board sizes are %d..%d (got %d)",
                Geometry.MIN_SIZE,
                Geometry.MAX_SIZE,
                size));
      }
    }
    if (!Double.isFinite(komi)) {
      throw fail("--komi must be a finite number (got " + komi + ")");
    }
    OptionChecks.threads(commandSpec, "--threads", threads);
    if (playouts != null) {
      atLeast("--playouts", playouts, 1);
    } else if (!(seconds > 0) || seconds > 86_400) {
      throw fail("--seconds must be more than 0 and at most 86400 (got " + seconds + ")");
    }
    if (!(warmup >= 0) || warmup > 86_400) {
      throw fail("--warmup must be 0..86400 seconds (got " + warmup + ")");
    }
    if (rounds < 1 || rounds > 1000) {
      throw fail("--rounds must be 1..1000 (got " + rounds + ")");
    }
    List<PolicySpec> specs = new ArrayList<>();
    for (String text : policies) {
      try {
        specs.add(PolicyOption.parse(text));
      } catch (IllegalArgumentException e) {
        throw fail("--policy '" + text + "': " + e.getMessage());
      }
    }
    return specs;
  }

  private void atLeast(String option, long value, long min) {
    if (value < min) {
      throw fail(option + " must be at least " + min + " (got " + value + ")");
    }
  }

  private ParameterException fail(String message) {
    return new ParameterException(commandSpec.commandLine(), message);
  }
}
