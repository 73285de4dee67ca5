package gofarm.coordinator.job;

/**
 * Where a running fit stands, for the metrics: updates made of the most allowed, and the latest
 * table's log-likelihood per decision over the training and held-out games (NaN before the first
 * pass is counted, and for the test without held-out decisions).
 */
public record FitProgress(
    int iteration, int maxIterations, double trainLogLikelihood, double testLogLikelihood) {

  /** The progress in {@code report}. */
  public static FitProgress of(FitReport report) {
    FitFigures f = report.latest();
    return new FitProgress(
        report.iteration(),
        report.fit().maxIterations(),
        f == null ? Double.NaN : f.trainLogLikelihood(),
        f == null || f.testDecisions() == 0 ? Double.NaN : f.testLogLikelihood());
  }
}
