package gofarm.cli.bench;

import gofarm.board.Geometry;
import gofarm.playout.PolicySpec;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.EarlyStop;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.ExecutorService;

/**
 * The tree search's playouts per second ({@code gofarm bench --search}): one search from the empty
 * board (UCT with RAVE: tree walk, expansion, playout, AMAF update; tree reuse, resignation and
 * early stopping off) after a warm-up search, with the tree's choice and its win rate.
 */
public final class SearchBenchmark {
  private final BenchPlan plan;
  private final BenchCsv csv;
  private final PrintWriter out;

  /**
   * @param csv where each case's row goes, or null for none
   */
  public SearchBenchmark(BenchPlan plan, BenchCsv csv, PrintWriter out) {
    this.plan = plan;
    this.csv = csv;
    this.out = out;
  }

  /**
   * Measures one search on {@code threads} threads ({@code pool} holds the helpers beyond the
   * calling thread, null for one thread) and prints (and writes) its figures.
   */
  public void run(Geometry geometry, PolicySpec spec, int threads, ExecutorService pool) {
    // The whole budget, always: a benchmark measures the speed of the playouts it asks for.
    SearchConfig config =
        SearchConfig.of(spec)
            .withTreeReuse(false)
            .withResignThreshold(0)
            .withEarlyStop(EarlyStop.NEVER);
    Game game = new Game(geometry, Rules.DEFAULT.withKomi(plan.komi()));
    if (plan.warmup() > 0) {
      Budget warm = Budget.time(plan.warmupTime());
      new SearchPlayer(config, warm, ~plan.seed(), threads, pool).decide(game, Player.BLACK);
    }
    Budget budget =
        plan.playouts() != null ? Budget.playouts(plan.playouts()) : Budget.time(plan.time());
    out.printf(
        Locale.ROOT,
        "benchmarking search    size=%d komi=%s policy=%s threads=%d %s seed=%d%n",
        geometry.size(),
        plan.komiText(),
        BenchPlan.policyLabel(spec),
        threads,
        budget,
        plan.seed());
    long start = System.nanoTime();
    SearchResult r =
        new SearchPlayer(config, budget, plan.seed(), threads, pool).decide(game, Player.BLACK);
    double wall = (System.nanoTime() - start) / 1e9;
    out.printf(
        Locale.ROOT,
        "[search] = %.1f kpps (%.1f kpps/thread)   [playouts] = %d   [best] = %s %.1f %%"
            + " of %d visits%n%n",
        r.playouts() / wall / 1000,
        r.playouts() / wall / 1000 / threads,
        r.playouts(),
        r.moveName(geometry),
        100 * r.winRate(),
        r.moves().get(0).visits());
    out.flush();
    if (csv != null) {
      csv.search(plan.csvCase(geometry, spec, threads), r.playouts(), r.playouts() / wall);
    }
  }
}
