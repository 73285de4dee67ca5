package gofarm.coordinator.job;

import gofarm.wire.ResolvedBalance;
import java.util.List;

/**
 * The report of a balance job: where it stands and, when asked for, every table measured, γ now and
 * the reference values; the confirmation match once it has started.
 *
 * @param balance the balancing (its positions, schedule and confirmation)
 * @param iteration updates made, 0..iterations
 * @param passes passes over the positions counted, 0..iterations + 1
 * @param referencesDone reference searches counted
 * @param phase "reference", "balancing", "measuring", "confirming" or "done"
 * @param latest the figures of the latest table measured, or null before the first pass
 * @param confirm the confirmation match's report, or null before it starts (or without one)
 * @param figures every table measured, iteration 0 first, or null in a headline report
 * @param gamma γ of every feature id now, or null in a headline report
 * @param values each position's V*, once all are known (else empty)
 */
public record BalanceReport(
    ResolvedBalance balance,
    int iteration,
    int passes,
    int referencesDone,
    String phase,
    BalanceFigures latest,
    MatchReport confirm,
    List<BalanceFigures> figures,
    double[] gamma,
    List<Double> values) {

  public BalanceReport {
    figures = figures == null ? null : List.copyOf(figures);
    values = List.copyOf(values);
  }

  /** This report without the figures of every table, γ and the confirmation's pairs. */
  public BalanceReport headlines() {
    return new BalanceReport(
        balance,
        iteration,
        passes,
        referencesDone,
        phase,
        latest,
        confirm == null ? null : confirm.headlines(),
        null,
        null,
        List.of());
  }
}
