package gofarm.coordinator.job;

/**
 * Where a running tuning stands, for the metrics: its objective's name, iterations counted of all,
 * and the objective's running value (NaN before the first iteration).
 */
public record TuneProgress(String objective, int iteration, int iterations, double value) {

  /** The progress in {@code report}. */
  public static TuneProgress of(TuneReport report) {
    return new TuneProgress(
        report.tune().objective(),
        report.iteration(),
        report.tune().iterations(),
        report.objectiveValue());
  }
}
