package gofarm.coordinator.job;

/**
 * Where a running balancing stands, for the metrics: updates made of all, and the latest table's
 * mean squared error over the training and held-out positions (NaN before the first pass is
 * counted, and for the test without held-out positions).
 */
public record BalanceProgress(int iteration, int iterations, double trainMse, double testMse) {

  /** The progress in {@code report}. */
  public static BalanceProgress of(BalanceReport report) {
    BalanceFigures f = report.latest();
    return new BalanceProgress(
        report.iteration(),
        report.balance().iterations(),
        f == null ? Double.NaN : f.trainMse(),
        f == null || report.balance().testPositions() == 0 ? Double.NaN : f.testMse());
  }
}
