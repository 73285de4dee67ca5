package gofarm.report;

import gofarm.proto.v1.FitIteration;
import gofarm.proto.v1.JobResults;
import java.util.List;
import java.util.Locale;

/**
 * A fit's learning curves as SVG line charts over the tables it measured, drawn as {@link
 * LineChart}s (the look of {@link TuneCharts}): the training games' figure in blue and the held-out
 * games' in green, side by side in one chart, so that a held-out line that stops rising while the
 * training line goes on shows overfitting.
 *
 * <ul>
 *   <li>{@link #logLikelihood}: the mean log-likelihood per decision of each table.
 *   <li>{@link #top1}: the share of decisions whose move played was the table's strongest
 *       candidate.
 * </ul>
 *
 * <p>Iteration k (0: the starting table) is drawn at x = k.
 */
public final class FitCharts {
  private static final String ITERATIONS = "iterations (MM updates, one feature group each)";
  private static final String NO_ITERATIONS = "no table measured yet";

  private FitCharts() {}

  /** {@code svg/fit-loglik.svg}: the log-likelihood per decision of each table. */
  static String logLikelihood(JobResults results) {
    List<FitIteration> its = results.getFit().getIterationsList();
    return chart(
        its,
        FitIteration::getTrainLogLikelihood,
        FitIteration::getTestLogLikelihood,
        "log-likelihood per decision",
        FitReport::logLikelihood,
        "log-likelihood per decision",
        "Mean natural log of the probability each table gives the move played, per decision, over"
            + " the training games (blue) and the held-out games (green); iteration 0 is the"
            + " starting table; higher is better.",
        false);
  }

  /** {@code svg/fit-top1.svg}: the top-1 rate of each table. */
  static String top1(JobResults results) {
    List<FitIteration> its = results.getFit().getIterationsList();
    return chart(
        its,
        FitIteration::getTrainTop1,
        FitIteration::getTestTop1,
        "top-1: the move played was the strongest candidate",
        FitReport::percent,
        "share of decisions",
        "Share of decisions whose move played was the table's strongest candidate (a tie counts"
            + " against), over the training games (blue) and the held-out games (green); iteration"
            + " 0 is the starting table.",
        true);
  }

  private interface Figure {
    double of(FitIteration f);
  }

  private interface Format {
    String of(double v);
  }

  private static String chart(
      List<FitIteration> its,
      Figure train,
      Figure test,
      String title,
      Format format,
      String yLabel,
      String caption,
      boolean share) {
    int n = its.size();
    boolean held = n > 0 && its.get(0).getTestDecisions() > 0;
    double[] trainValues = new double[n];
    double[] testValues = new double[held ? n : 0];
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      trainValues[i] = train.of(its.get(i));
      lo = Math.min(lo, trainValues[i]);
      hi = Math.max(hi, trainValues[i]);
      if (held) {
        testValues[i] = test.of(its.get(i));
        lo = Math.min(lo, testValues[i]);
        hi = Math.max(hi, testValues[i]);
      }
    }
    if (share) {
      lo = 0;
      hi = Math.max(hi, 0.1);
    } else if (n == 0) {
      lo = -1;
      hi = 0;
    } else if (hi - lo < 1e-6) {
      lo -= 0.05;
      hi += 0.05;
    }
    double pad = 0.05 * (hi - lo);
    LineChart c = new LineChart(Math.max(1, n - 1), lo - pad, hi + pad);
    String figures;
    if (n == 0) {
      figures = NO_ITERATIONS;
    } else {
      FitIteration last = its.get(n - 1);
      figures =
          String.format(
              Locale.ROOT,
              "after %,d iterations: training %s (start %s)%s",
              last.getIteration(),
              format.of(train.of(last)),
              format.of(train.of(its.get(0))),
              held
                  ? ", held out "
                      + format.of(test.of(last))
                      + " (start "
                      + format.of(test.of(its.get(0)))
                      + ")"
                  : ", no held-out games");
    }
    StringBuilder sb = c.open(title, figures, ITERATIONS, yLabel, caption);
    c.polyline(sb, "train", 0, trainValues, LineChart.BLUE, 2, 1);
    if (held) {
      c.polyline(sb, "test", 0, testValues, LineChart.GREEN, 2, 1);
    }
    return c.close(sb, n, NO_ITERATIONS);
  }
}
