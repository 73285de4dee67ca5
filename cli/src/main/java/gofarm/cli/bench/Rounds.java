package gofarm.cli.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The speeds of a case's measured rounds ({@code --rounds}): every round runs the same playouts, so
 * the rounds differ only in speed, and on a shared machine that moves from run to run.
 */
final class Rounds {
  private Rounds() {}

  /** {@code [rounds] 70.1 · 73.5 · 71.0 kpps (median 71.0)}: each round's speed, in order. */
  static String line(double[] speeds) {
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
}
