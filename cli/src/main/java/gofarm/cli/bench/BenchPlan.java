package gofarm.cli.bench;

import gofarm.board.Geometry;
import gofarm.playout.PolicySpec;
import java.time.Duration;

/**
 * What every case of a playout or search benchmark shares: the komi, the seed, and how long to
 * measure (the options of {@code gofarm bench}, checked).
 *
 * @param playouts playouts per case, or null to measure for {@code seconds}
 * @param seconds seconds per case when {@code playouts} is null
 * @param warmup warm-up seconds per case, 0 for none
 * @param rounds measured rounds of playouts per case, each the same playouts
 */
public record BenchPlan(
    double komi, long seed, Long playouts, double seconds, double warmup, int rounds) {

  Duration time() {
    return Duration.ofMillis((long) (seconds * 1000));
  }

  Duration warmupTime() {
    return Duration.ofMillis((long) (warmup * 1000));
  }

  /** Komi as written: "7.5", or "7" for a whole number. */
  String komiText() {
    return komi == Math.rint(komi) ? Long.toString((long) komi) : Double.toString(komi);
  }

  /** A preset by its name, a custom rule list quoted. */
  static String policyLabel(PolicySpec spec) {
    return spec.name().equals("custom") ? "'" + spec.rulesText() + "'" : spec.name();
  }

  /** The case as a CSV row names it. */
  BenchCsv.Case csvCase(Geometry geometry, PolicySpec spec, int threads) {
    return new BenchCsv.Case(geometry.size(), komi, spec.name(), spec.rulesText(), threads, seed);
  }
}
