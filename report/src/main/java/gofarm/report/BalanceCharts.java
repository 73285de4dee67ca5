package gofarm.report;

import gofarm.proto.v1.BalanceIteration;
import gofarm.proto.v1.JobResults;
import java.util.List;
import java.util.Locale;

/**
 * A balancing's MSE curve as an SVG line chart over the tables it measured, drawn as a {@link
 * LineChart} (the look of {@link FitCharts}): the training positions' mean squared error in blue
 * and the held-out positions' in green, so that a held-out line that stops falling while the
 * training line goes on shows overfitting. Iteration k (0: the starting table) is drawn at x = k.
 */
public final class BalanceCharts {
  private static final String ITERATIONS = "iterations (simulation-balancing updates of log γ)";
  private static final String NO_ITERATIONS = "no table measured yet";

  private BalanceCharts() {}

  /** {@code svg/balance-mse.svg}. */
  static String mse(JobResults results) {
    List<BalanceIteration> its = results.getBalance().getIterationsList();
    boolean held = BalanceReport.summary(results).getTestPositions() > 0;
    int n = its.size();
    double[] train = new double[n];
    double[] test = new double[held ? n : 0];
    double hi = 0;
    for (int i = 0; i < n; i++) {
      train[i] = its.get(i).getTrainMse();
      hi = Math.max(hi, train[i]);
      if (held) {
        test[i] = its.get(i).getTestMse();
        hi = Math.max(hi, test[i]);
      }
    }
    hi = hi <= 0 ? 0.01 : hi * 1.05;
    LineChart c = new LineChart(Math.max(1, n - 1), 0, hi);
    String figures;
    if (n == 0) {
      figures = NO_ITERATIONS;
    } else {
      BalanceIteration last = its.get(n - 1);
      figures =
          String.format(
              Locale.ROOT,
              "after %,d iterations: training %s (start %s)%s",
              last.getIteration(),
              BalanceReport.mse(last.getTrainMse()),
              BalanceReport.mse(its.get(0).getTrainMse()),
              held
                  ? ", held out "
                      + BalanceReport.mse(last.getTestMse())
                      + " (start "
                      + BalanceReport.mse(its.get(0).getTestMse())
                      + ")"
                  : ", no held-out positions");
    }
    String caption =
        "Mean of (V* − V)² over the training positions (blue) and the held-out positions (green),"
            + " V the black win rate of M playouts of each table and V* the position's value (given"
            + " or from the reference search); iteration 0 is the starting table. M playouts alone"
            + " add about V(1 − V)/M of noise, so the curves cannot reach 0; lower is better.";
    StringBuilder sb =
        c.open("simulation balancing: mean squared error", figures, ITERATIONS, "MSE", caption);
    c.polyline(sb, "train", 0, train, LineChart.BLUE, 2, 1);
    if (held) {
      c.polyline(sb, "test", 0, test, LineChart.GREEN, 2, 1);
    }
    return c.close(sb, n, NO_ITERATIONS);
  }
}
