package gofarm.report;

import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.TuneIteration;
import gofarm.proto.v1.TuneSummary;
import gofarm.proto.v1.TunedValue;
import java.util.List;
import java.util.Locale;

/**
 * A tuning's pictures as SVG line charts over its counted iterations, drawn as {@link LineChart}s
 * (the look of {@link MatchCharts}); the confirmation match is drawn by {@link MatchCharts} itself.
 *
 * <ul>
 *   <li>{@link #theta}: one parameter's θ after each iteration, with its range min..max shaded and
 *       bounded by dashed lines, and its start as a dotted line.
 *   <li>{@link #objective}: each iteration's objective (thin) and its running value (thick), over
 *       the last tenth of the iterations so far, as the coordinator states it: the forward score
 *       with the match objective (the points of the side of each pair further along θ's way from
 *       its start; an iteration without such a side, as the first, has no point), the mean squared
 *       error with the evaluation objective.
 * </ul>
 *
 * <p>Iteration k (1-based) is drawn at x = k: one polyline point per iteration.
 */
public final class TuneCharts {
  /** The running value is the mean over this fraction of the iterations so far (at least one). */
  static final double WINDOW = 0.1;

  private static final String ITERATIONS = "SPSA iterations";
  private static final String NO_ITERATIONS = "no iterations counted yet";

  private TuneCharts() {}

  /** The trajectory of parameter {@code index} (in spec order). */
  static String theta(JobResults results, int index) {
    TuneSummary t = TuneReport.summary(results);
    TunedValue p = t.getTheta(index);
    List<TuneIteration> its = results.getTune().getIterationsList();
    int n = its.size();
    double[] theta = new double[n];
    for (int i = 0; i < n; i++) {
      theta[i] = its.get(i).getTheta(index);
    }
    double pad = 0.05 * (p.getMax() - p.getMin());
    LineChart f = new LineChart(Math.max(1, n), p.getMin() - pad, p.getMax() + pad);
    String figures =
        String.format(
            Locale.ROOT,
            "start %s · θ %s after %,d of %,d iterations · the policy uses %s · range %s .. %s",
            TuneReport.number(p.getStart()),
            TuneReport.number(p.getTheta()),
            n,
            t.getIterations(),
            TuneReport.number(p.getValue()),
            TuneReport.number(p.getMin()),
            TuneReport.number(p.getMax()));
    StringBuilder sb =
        f.open(
            p.getPath(),
            figures,
            ITERATIONS,
            "θ of " + p.getPath(),
            "θ of "
                + p.getPath()
                + " after each SPSA iteration (blue line); shaded between the dashed lines: the"
                + " range it is kept in; dotted: its start.");
    f.range(sb, "range", p.getMin(), p.getMax(), LineChart.BLUE);
    f.horizontal(sb, "min", p.getMin(), LineChart.GREY, "8 4");
    f.label(sb, "range-label", p.getMin(), "min " + TuneReport.number(p.getMin()));
    f.horizontal(sb, "max", p.getMax(), LineChart.GREY, "8 4");
    f.label(sb, "range-label", p.getMax(), "max " + TuneReport.number(p.getMax()));
    f.horizontal(sb, "start", p.getStart(), LineChart.GREEN, "2 4");
    f.polyline(sb, "theta", theta, LineChart.BLUE);
    return f.close(sb, n, NO_ITERATIONS);
  }

  /** {@code theta-01-rules-0-rate.svg}: the file of parameter {@code index}, numbered from 1. */
  static String thetaFile(TunedValue p, int index) {
    String slug =
        p.getPath().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    return String.format(Locale.ROOT, "theta-%02d-%s.svg", index + 1, slug);
  }

  /**
   * The running value after each iteration, over the last {@link #WINDOW} of the iterations so far
   * (at least one): the forward score (their points over their games; NaN without a game) with the
   * match objective, the mean with the evaluation's.
   */
  static double[] running(TuneSummary t, List<TuneIteration> its) {
    boolean match = TuneReport.byMatch(t);
    double[] prefix = new double[its.size() + 1];
    long[] games = new long[its.size() + 1];
    for (int i = 0; i < its.size(); i++) {
      TuneIteration it = its.get(i);
      prefix[i + 1] = prefix[i] + (match ? it.getForwardPoints() : it.getObjective());
      games[i + 1] = games[i] + it.getForwardGames();
    }
    double[] running = new double[its.size()];
    for (int i = 0; i < its.size(); i++) {
      int window = Math.max(1, (int) Math.ceil((i + 1) * WINDOW));
      double sum = prefix[i + 1] - prefix[i + 1 - window];
      long n = games[i + 1] - games[i + 1 - window];
      running[i] = match ? (n == 0 ? Double.NaN : sum / n) : sum / window;
    }
    return running;
  }

  /** One iteration's value: its forward score (NaN without a game), or its error. */
  private static double value(TuneSummary t, TuneIteration it) {
    if (!TuneReport.byMatch(t)) {
      return it.getObjective();
    }
    return it.getForwardGames() == 0 ? Double.NaN : it.getForwardPoints() / it.getForwardGames();
  }

  /** The objective per iteration and its running value. */
  static String objective(JobResults results) {
    TuneSummary t = TuneReport.summary(results);
    List<TuneIteration> its = results.getTune().getIterationsList();
    int n = its.size();
    boolean match = TuneReport.byMatch(t);
    double[] each = new double[n];
    double hi = 0;
    for (int i = 0; i < n; i++) {
      each[i] = value(t, its.get(i));
      if (!Double.isNaN(each[i])) {
        hi = Math.max(hi, each[i]);
      }
    }
    double[] running = running(t, its);
    double lo = 0;
    if (match) {
      hi = 1;
    } else if (hi <= 0) {
      hi = 1;
    }
    double pad = 0.05 * (hi - lo);
    LineChart f = new LineChart(Math.max(1, n), lo - pad, hi + pad);
    String figures =
        n == 0
            ? "no iterations counted yet"
            : match
                ? Double.isNaN(running[n - 1])
                    ? "no forward score yet: θ has not moved from its start"
                    : String.format(
                        Locale.ROOT,
                        "forward score %.2f %% over the last 10 %% of %,d iterations",
                        100 * running[n - 1],
                        n)
                : String.format(
                    Locale.ROOT,
                    "mean squared error %s over the last 10 %% of %,d iterations (first: %s)",
                    TuneReport.number(running[n - 1]),
                    n,
                    TuneReport.number(each[0]));
    String title = "objective: " + t.getObjective();
    StringBuilder sb =
        match
            ? f.open(
                title,
                figures,
                ITERATIONS,
                "forward score",
                "The points won by the side of each game pair further along θ's way from its start,"
                    + " in each iteration (thin line; none in the first) and over the last 10 % of"
                    + " the iterations so far (thick); dotted: 0.5, what it reads when that way gains"
                    + " nothing. (θ+'s score against θ− is not drawn: δ is random, so it reads 0.5"
                    + " however strong the gradient.)")
            : f.open(
                title,
                figures,
                ITERATIONS,
                "mean squared error",
                "The mean squared error of θ+ and θ− against the reference values in each"
                    + " iteration (thin line) and over the last 10 % of the iterations so far"
                    + " (thick).");
    if (match) {
      f.horizontal(sb, "even", 0.5, LineChart.GREY, "2 3");
    }
    f.polyline(sb, "objective", each, LineChart.BLUE, 1, 0.45);
    f.polyline(sb, "running", running, LineChart.BLUE, 2.5, 1);
    return f.close(sb, n, NO_ITERATIONS);
  }
}
