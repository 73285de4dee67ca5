package gofarm.cli.command;

import gofarm.board.Geometry;
import gofarm.cli.console.PolicyOption;
import gofarm.gtp.AnalysisGtp;
import gofarm.gtp.GtpEngine;
import gofarm.gtp.SearchGtp;
import gofarm.playout.PolicySpec;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.EarlyStop;
import gofarm.search.PassRule;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm gtp}: a Go Text Protocol engine on standard input and output, for GUIs (Sabaki,
 * GoGui, Lizzie) and match tools (gogui-twogtp); {@code genmove} is the search player (UCT with
 * RAVE, {@link SearchPlayer}) with GoGui analyze commands for its win rates and ownership map. Only
 * GTP responses go to standard output; a one-line summary of each search goes to standard error.
 *
 * <pre>
 * printf 'boardsize 9\nplay b e5\ngenmove w\nshowboard\nquit\n' | ./gofarm gtp --komi 7
 * ./gofarm gtp --time 2 --threads 4 --policy heavy      # for GoGui: 2 s a move on 4 threads
 * printf 'boardsize 9\ntime_settings 60 0 0\ngenmove b\n' | ./gofarm gtp   # the clock's share
 * </pre>
 *
 * Once the controller sets a game clock ({@code time_settings}, {@code kgs-time_settings}) genmove
 * spends the clock's share of the move instead of {@code --playouts} or {@code --time}.
 */
@Command(
    name = "gtp",
    mixinStandardHelpOptions = true,
    description = {
      "Plays Go over the Go Text Protocol (version 2) on standard input and output.",
      "Standard commands plus GNU Go's list_stones, is_legal, all_legal, captures, countlib,"
          + " findlib, unconditional_status (Benson: pass-alive) and kgs-genmove_cleanup, and"
          + " GoGui's cputime; genmove is a tree search (UCT with RAVE) over --playouts playouts"
          + " or --time seconds on --threads threads, and may answer pass or resign;"
          + " time_settings, kgs-time_settings (none, absolute, canadian, byoyomi) and time_left"
          + " set a game clock, and genmove then spends the clock's share of each move instead"
          + " (the moves likely left from the empty points; most of a byo-yomi period);"
          + " final_status_list and final_score read life and death (Benson, tactics, local"
          + " reading, then seeded heavy playouts for what reading leaves open). GNU Go's"
          + " analysis commands attack, defend, eval_eye, owl_attack, owl_defend, dragon_status,"
          + " analyze_semeai, increase_depths, decrease_depths, trymove, popgo, reg_genmove,"
          + " restricted_genmove and color answer from the same reading, in GNU Go's formats, or fail saying why they"
          + " cannot. GoGui analyze commands: gofarm-winrates, gofarm-ownership, gofarm-search"
          + " and those of the analysis commands (see gogui-analyze_commands)."
    })
public final class GtpCommand implements Callable<Integer> {
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
      description =
          "Playouts per genmove, at least 1 (default: 10000 unless --time is given; with both,"
              + " whichever ends first).")
  Long playouts;

  @Option(
      names = "--time",
      description = "Seconds per genmove, more than 0 (default: no time limit).")
  Double seconds;

  @Option(
      names = "--threads",
      defaultValue = "1",
      description =
          "Search threads, 1..1024 (default: ${DEFAULT-VALUE}; one thread with --playouts is"
              + " reproducible for a seed).")
  int threads;

  @Option(
      names = "--policy",
      defaultValue = "uniform",
      description =
          "Playout policy: a preset or a rule list, as for bench (default: ${DEFAULT-VALUE}).")
  String policy;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--resign",
      defaultValue = "0.1",
      description =
          "Resign when the best move wins less than this share, 0..1; 0 never resigns"
              + " (default: ${DEFAULT-VALUE}).")
  double resign;

  @Option(
      names = "--pass",
      defaultValue = "final-status",
      description =
          "When genmove may pass: final-status (the score final_score gives wins) or"
              + " tromp-taylor (the plain area count of the board must win too, so dead stones"
              + " are captured first) (default: ${DEFAULT-VALUE}).")
  String pass;

  @Option(
      names = "--prior",
      defaultValue = "0",
      description =
          "Weight of the softmax policy's move probabilities as a bias in the tree, 0..100: a"
              + " move's value gains W * p / (visits + 1); the policy's gamma table when --policy"
              + " is softmax, else the table gofarm ships (default: ${DEFAULT-VALUE}, none).")
  double prior;

  @Option(
      names = "--early-stop",
      defaultValue = "timed",
      description =
          "When a search may stop before its budget is spent, because the most visited move can"
              + " no longer be overtaken: timed (with --time or a game clock), always (with"
              + " --playouts too: still reproducible for a seed on one thread, and the same move"
              + " as the whole budget) or never (default: ${DEFAULT-VALUE}).")
  String earlyStop;

  @Option(
      names = "--no-tree-reuse",
      description = "Start every search from an empty tree (default: keep the subtree).")
  boolean noTreeReuse;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    Rules rules = rules();
    int size = boardSize();
    SearchConfig config = config();
    Budget budget = budget();
    if (threads < 1 || threads > 1024) {
      throw new ParameterException(
          commandSpec.commandLine(), "--threads must be 1..1024 (got " + threads + ")");
    }
    PrintWriter err = commandSpec.commandLine().getErr();
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1, daemon()) : null;
    try {
      SearchPlayer player = new SearchPlayer(config, budget, seed, threads, pool);
      SearchGtp search =
          new SearchGtp(
              player,
              r -> {
                err.println("search: " + SearchGtp.summary(r, r.ownership().geometry()));
                err.flush();
              });
      GtpEngine engine = search.engine(rules, size);
      new AnalysisGtp().registerOn(engine);
      engine.run(
          new InputStreamReader(System.in, StandardCharsets.UTF_8),
          commandSpec.commandLine().getOut());
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    return 0;
  }

  private static java.util.concurrent.ThreadFactory daemon() {
    return r -> {
      Thread t = new Thread(r, "search");
      t.setDaemon(true);
      return t;
    };
  }

  private SearchConfig config() {
    PolicySpec spec;
    try {
      spec = PolicyOption.parse(policy);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandSpec.commandLine(), "--policy: " + e.getMessage());
    }
    PassRule rule;
    try {
      rule = PassRule.parse(pass);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandSpec.commandLine(), "--pass: " + e.getMessage());
    }
    EarlyStop stop;
    try {
      stop = EarlyStop.parse(earlyStop);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandSpec.commandLine(), "--early-stop: " + e.getMessage());
    }
    if (!(prior >= 0 && prior <= 100)) {
      throw new ParameterException(
          commandSpec.commandLine(), "--prior must be 0..100 (got " + prior + ")");
    }
    try {
      return SearchConfig.of(spec)
          .withResignThreshold(resign)
          .withTreeReuse(!noTreeReuse)
          .withPassRule(rule)
          .withPrior(prior)
          .withEarlyStop(stop);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandSpec.commandLine(), "--resign must be 0..1 (got " + resign + ")");
    }
  }

  private Budget budget() {
    if (playouts != null && playouts < 1) {
      throw new ParameterException(
          commandSpec.commandLine(),
          "--playouts: playouts must be at least 1 (got " + playouts + ")");
    }
    if (seconds != null && !(seconds > 0 && seconds <= 1e6)) {
      throw new ParameterException(
          commandSpec.commandLine(), "--time must be more than 0 seconds (got " + seconds + ")");
    }
    Duration time = seconds == null ? null : Duration.ofNanos((long) (seconds * 1e9));
    long count = playouts != null ? playouts : seconds == null ? 10_000 : 0;
    try {
      return new Budget(count, time);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandSpec.commandLine(), "--playouts: " + e.getMessage());
    }
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
}
