package gofarm.cli.bench;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.cli.console.ProgressBar;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.RuleSpec;
import gofarm.rules.Player;
import gofarm.worker.engine.PlayoutEngine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Playouts per second from the empty board for one size and policy, in the style of BitmapGo's
 * reports, with the win rate, the playout length, CPU cycles per playout and which rule supplied
 * the moves; with several rounds, the fastest is reported and all are listed.
 *
 * <pre>
 * benchmarking playouts  size=9 komi=7.5 policy=uniform threads=2 seconds=5.0 seed=1
 * [game] = 91.2 kpps (45.6 kpps/thread)   [moves] = 111.53   [black wins] = 0.4531 ± 0.0020   [cpu] ...
 * [rules] random 100.0%
 * </pre>
 */
public final class PlayoutBenchmark {
  /** Playouts per chunk: big enough to amortize the hand-off, small enough to balance threads. */
  private static final int BATCH = 1000;

  private final BenchPlan plan;
  private final Machine machine;
  private final BenchCsv csv;
  private final PrintWriter out;
  private final PrintWriter err;

  /**
   * @param csv where each case's row goes, or null for none
   * @param err where the progress bar of a fixed number of playouts goes
   */
  public PlayoutBenchmark(
      BenchPlan plan, Machine machine, BenchCsv csv, PrintWriter out, PrintWriter err) {
    this.plan = plan;
    this.machine = machine;
    this.csv = csv;
    this.out = out;
    this.err = err;
  }

  /** Measures one case on the engine's threads and prints (and writes) its figures. */
  public void run(PlayoutEngine engine, Geometry geometry, PolicySpec spec) {
    PlayoutRoot root =
        PlayoutRoot.of(new Board(geometry), Player.BLACK, Point.NONE, Point.NONE, plan.komi());
    if (plan.warmup() > 0) {
      engine.runFor(root, spec, ~plan.seed(), plan.warmupTime(), BATCH, x -> {});
    }
    String what =
        (plan.playouts() != null
                ? "playouts=" + plan.playouts()
                : String.format(Locale.ROOT, "seconds=%s", plan.seconds()))
            + (plan.rounds() > 1 ? " rounds=" + plan.rounds() : "");
    out.printf(
        Locale.ROOT,
        "benchmarking playouts  size=%d komi=%s policy=%s threads=%d %s seed=%d%n",
        geometry.size(),
        plan.komiText(),
        BenchPlan.policyLabel(spec),
        engine.threads(),
        what,
        plan.seed());
    out.flush();
    // Every round runs the same playouts (the same seed), so rounds differ only in speed.
    Round best = null;
    double[] speeds = new double[plan.rounds()];
    for (int i = 0; i < plan.rounds(); i++) {
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
    double mhz = machine.mhz();
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
    if (plan.rounds() > 1) {
      out.println(Rounds.line(speeds));
    }
    out.println("[rules] " + ruleShares(spec, stats));
    out.println();
    out.flush();
    if (csv != null) {
      csv.playouts(
          plan.csvCase(geometry, spec, engine.threads()),
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
    if (plan.playouts() != null) {
      ProgressBar bar = new ProgressBar("playouts", plan.playouts(), err);
      stats = engine.runBatches(root, spec, plan.seed(), plan.playouts(), BATCH, bar::advance);
      bar.finish();
    } else {
      stats = engine.runFor(root, spec, plan.seed(), plan.time(), BATCH, x -> {});
    }
    double wall = (System.nanoTime() - start) / 1e9;
    double cpu = (engine.cpuNanos() - cpuBefore) / 1e9;
    return new Round(stats, stats.playouts() / wall, cpu);
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
}
