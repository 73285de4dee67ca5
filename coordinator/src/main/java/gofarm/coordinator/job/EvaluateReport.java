package gofarm.coordinator.job;

import java.util.List;

/**
 * The report of an evaluate job: the figures of each (position, policy) pair, positions major; none
 * before the job has run.
 */
public record EvaluateReport(List<PairFigures> pairs) {
  public EvaluateReport {
    pairs = List.copyOf(pairs);
  }
}
