package gofarm.cli;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.RuleSpec;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import gofarm.worker.engine.PlayoutEngine;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
final class BenchCommand implements Callable<Integer> {
  /** Playouts per chunk: big enough to amortize the hand-off, small enough to balance threads. */
  private static final int BATCH = 1000;

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
        "Policy: a preset (uniform, atari-local, atari-global, mogo, heavy) or a rule list;"
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

  private PrintWriter out;
  private PrintWriter err;
  private BenchCsv csv;

  @Override
  public Integer call() throws InterruptedException {
    out = commandSpec.commandLine().getOut();
    err = commandSpec.commandLine().getErr();
    if (farm) {
      if (csvFile != null) {
        throw fail("--csv is for playout benchmarks; --farm prints its figures only");
      }
      atLeast("--results", results, 1);
      atLeast("--workers", workers, 1);
      atLeast("--credit", credit, 1);
      FarmBenchmark.run(results, workers, credit, out);
      return 0;
    }
    List<PolicySpec> specs = checkedOptions();
    int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    List<String> cpuInfo = cpuInfo();
    double mhz = cpuMhz(cpuInfo);
    String cpu = cpuValue(cpuInfo, "model name");
    csv = csvFile == null ? null : BenchCsv.create(csvFile, cpu, mhz, java());
    out.println(machine(cpu, mhz));
    out.println();
    ExecutorService pool = search && n > 1 ? Executors.newFixedThreadPool(n - 1) : null;
    try (PlayoutEngine engine = new PlayoutEngine(n)) {
      for (int size : sizes) {
        for (PolicySpec spec : specs) {
          benchmark(engine, Geometry.of(size), spec, mhz);
          if (search) {
            benchmarkSearch(Geometry.of(size), spec, n, pool);
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
        specs.add(PolicySpec.parse(text));
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

  /**
   * What the figures were measured on: the figures of two machines or two JVMs are not comparable.
   */
  private static String machine(String cpu, double mhz) {
    return String.format(
        Locale.ROOT,
        "machine: %d cores%s%s   java: %s",
        Runtime.getRuntime().availableProcessors(),
        cpu.isEmpty() ? "" : ", " + cpu,
        mhz > 0 ? String.format(Locale.ROOT, " at %.0f MHz", mhz) : "",
        java());
  }

  /** The JVM, e.g. {@code OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1}. */
  private static String java() {
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
  }

  /** The case as a CSV row names it. */
  private BenchCsv.Case csvCase(Geometry geometry, PolicySpec spec, int threads) {
    return new BenchCsv.Case(geometry.size(), komi, spec.name(), spec.rulesText(), threads, seed);
  }

  /**
   * One search from the empty board (tree reuse off, resignation off) after a warm-up search:
   * playouts per second of wall-clock time, the tree's choice and its win rate.
   */
  private void benchmarkSearch(Geometry geometry, PolicySpec spec, int n, ExecutorService pool) {
    SearchConfig config = SearchConfig.of(spec).withTreeReuse(false).withResignThreshold(0);
    Game game = new Game(geometry, Rules.DEFAULT.withKomi(komi));
    if (warmup > 0) {
      Budget warm = Budget.time(Duration.ofMillis((long) (warmup * 1000)));
      new SearchPlayer(config, warm, ~seed, n, pool).decide(game, Player.BLACK);
    }
    Budget budget =
        playouts != null
            ? Budget.playouts(playouts)
            : Budget.time(Duration.ofMillis((long) (seconds * 1000)));
    out.printf(
        Locale.ROOT,
        "benchmarking search    size=%d komi=%s policy=%s threads=%d %s seed=%d%n",
        geometry.size(),
        komiText(),
        policyLabel(spec),
        n,
        budget,
        seed);
    long start = System.nanoTime();
    SearchResult r = new SearchPlayer(config, budget, seed, n, pool).decide(game, Player.BLACK);
    double wall = (System.nanoTime() - start) / 1e9;
    out.printf(
        Locale.ROOT,
        "[search] = %.1f kpps (%.1f kpps/thread)   [playouts] = %d   [best] = %s %.1f %%"
            + " of %d visits%n%n",
        r.playouts() / wall / 1000,
        r.playouts() / wall / 1000 / n,
        r.playouts(),
        r.moveName(geometry),
        100 * r.winRate(),
        r.moves().get(0).visits());
    out.flush();
    if (csv != null) {
      csv.search(csvCase(geometry, spec, n), r.playouts(), r.playouts() / wall);
    }
  }

  /** Komi as written: "7.5", or "7" for a whole number. */
  private String komiText() {
    return komi == Math.rint(komi) ? Long.toString((long) komi) : Double.toString(komi);
  }

  /** A preset by its name, a custom rule list quoted. */
  private static String policyLabel(PolicySpec spec) {
    return spec.name().equals("custom") ? "'" + spec.rulesText() + "'" : spec.name();
  }

  private void benchmark(PlayoutEngine engine, Geometry geometry, PolicySpec spec, double mhz) {
    PlayoutRoot root =
        PlayoutRoot.of(new Board(geometry), Player.BLACK, Point.NONE, Point.NONE, komi);
    if (warmup > 0) {
      engine.runFor(root, spec, ~seed, Duration.ofMillis((long) (warmup * 1000)), BATCH, x -> {});
    }
    String what =
        (playouts != null
                ? "playouts=" + playouts
                : String.format(Locale.ROOT, "seconds=%s", seconds))
            + (rounds > 1 ? " rounds=" + rounds : "");
    out.printf(
        Locale.ROOT,
        "benchmarking playouts  size=%d komi=%s policy=%s threads=%d %s seed=%d%n",
        geometry.size(),
        komiText(),
        policyLabel(spec),
        engine.threads(),
        what,
        seed);
    out.flush();
    // Every round runs the same playouts (the same seed), so rounds differ only in speed.
    Round best = null;
    double[] speeds = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      Round round = measure(engine, root, spec);
      speeds[i] = round.speed();
      if (best == null || round.speed() > best.speed()) {
        best = round;
      }
    }
    PlayoutStats stats = best.stats();
    long count = stats.playouts();
    double p = stats.blackWinRate();
    double halfWidth = 1.96 * Math.sqrt(p * (1 - p) / count);
    double cyclesPerPlayout = mhz > 0 ? best.cpu() * mhz * 1e6 / count : 0;
    String cycles =
        mhz > 0
            ? String.format(Locale.ROOT, "%,.0f cycles/playout", cyclesPerPlayout)
            : "cpu frequency unknown";
    out.printf(
        Locale.ROOT,
        "[game] = %.1f kpps (%.1f kpps/thread)   [moves] = %.2f   [black wins] = %.4f ± %.4f   [cpu] %s%n",
        best.speed() / 1000,
        count / best.cpu() / 1000,
        stats.meanLength(),
        p,
        halfWidth,
        cycles);
    if (rounds > 1) {
      out.println(roundsLine(speeds));
    }
    out.println("[rules] " + ruleShares(spec, stats));
    out.println();
    out.flush();
    if (csv != null) {
      csv.playouts(
          csvCase(geometry, spec, engine.threads()),
          count,
          best.speed(),
          count / best.cpu(),
          speeds,
          stats.meanLength(),
          p,
          halfWidth,
          cyclesPerPlayout);
    }
  }

  /** One measured round: its statistics, wall-clock playouts per second and CPU seconds. */
  private record Round(PlayoutStats stats, double speed, double cpu) {}

  private Round measure(PlayoutEngine engine, PlayoutRoot root, PolicySpec spec) {
    long cpuBefore = engine.cpuNanos();
    long start = System.nanoTime();
    PlayoutStats stats;
    if (playouts != null) {
      ProgressBar bar = new ProgressBar("playouts", playouts, err);
      stats = engine.runBatches(root, spec, seed, playouts, BATCH, bar::advance);
      bar.finish();
    } else {
      Duration time = Duration.ofMillis((long) (seconds * 1000));
      stats = engine.runFor(root, spec, seed, time, BATCH, x -> {});
    }
    double wall = (System.nanoTime() - start) / 1e9;
    double cpu = (engine.cpuNanos() - cpuBefore) / 1e9;
    return new Round(stats, stats.playouts() / wall, cpu);
  }

  /** {@code [rounds] 70.1 · 73.5 · 71.0 kpps (median 71.0)}: each round's speed, in order. */
  static String roundsLine(double[] speeds) {
    List<String> each = new ArrayList<>();
    for (double speed : speeds) {
      each.add(String.format(Locale.ROOT, "%.1f", speed / 1000));
    }
    return String.format(
        Locale.ROOT,
        "[rounds] %s kpps (median %.1f)",
        String.join(" · ", each),
        median(speeds) / 1000);
  }

  /** The median of the values (the mean of the middle two for an even count). */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** Share of the moves each generator supplied, and the filter's vetoes per move. */
  static String ruleShares(PolicySpec spec, PlayoutStats stats) {
    long moves = 0;
    for (int i = 0; i < spec.rules().size(); i++) {
      moves += stats.ruleChosen(i);
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < spec.rules().size(); i++) {
      RuleSpec r = spec.rules().get(i);
      if (r.kind().isFilter()) {
        parts.add(
            String.format(
                Locale.ROOT,
                "%s vetoed %.2f/move",
                r.kind().id(),
                (double) stats.ruleVetoes(i) / Math.max(1, moves)));
      } else {
        parts.add(
            String.format(
                Locale.ROOT,
                "%s %.1f%%",
                r.kind().id(),
                100.0 * stats.ruleChosen(i) / Math.max(1, moves)));
      }
    }
    return String.join(" · ", parts);
  }

  /** The CPU clock from /proc/cpuinfo, or 0 where there is none. */
  private static double cpuMhz(List<String> cpuInfo) {
    String mhz = cpuValue(cpuInfo, "cpu MHz");
    try {
      return mhz.isEmpty() ? 0 : Double.parseDouble(mhz);
    } catch (NumberFormatException e) {
      return 0; // cycles are then not reported
    }
  }

  /** The lines of /proc/cpuinfo, or none (not Linux, or not readable). */
  private static List<String> cpuInfo() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo"));
    } catch (java.io.IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** The first value of {@code key} in those lines, or "". */
  private static String cpuValue(List<String> cpuInfo, String key) {
    for (String line : cpuInfo) {
      if (line.startsWith(key) && line.indexOf(':') > 0) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return "";
  }
}
