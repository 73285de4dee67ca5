package gofarm.coordinator.job;

import gofarm.playout.PolicySpec;
import gofarm.wire.ResolvedTune;
import java.util.List;

/**
 * The report of a tune job: where θ stands, the objective's recent value and, when asked for, the
 * whole trajectory; the confirmation match once it has started.
 *
 * @param tune the tuning (its parameters, gains and objective)
 * @param iteration iterations counted, 0..N
 * @param theta θ now
 * @param tuned the policy at θ now
 * @param objectiveValue the match objective's forward score over the last tenth of the counted
 *     iterations (0..1; see {@link TuneTally}; NaN while no pair there has a forward side, as in
 *     the first iteration), or the evaluation objective's mean squared error over them; NaN before
 *     the first iteration
 * @param phase "reference", "tuning", "confirming" or "done"
 * @param confirm the confirmation match's report, or null before it starts (or without one)
 * @param trajectory θ after each counted iteration, or null in a headline report
 * @param objectives each counted iteration's objective (see {@code TuneIteration}), or null in a
 *     headline report
 * @param forward each counted iteration's forward score with the match objective, or null (a
 *     headline report, or the evaluation objective)
 * @param values the evaluation objective's reference values, as given or found, once all are known
 *     (else empty)
 */
public record TuneReport(
    ResolvedTune tune,
    int iteration,
    List<Double> theta,
    PolicySpec tuned,
    double objectiveValue,
    String phase,
    MatchReport confirm,
    List<List<Double>> trajectory,
    List<Double> objectives,
    List<Forward> forward,
    List<Double> values) {

  /**
   * One iteration's forward score: the points the side of each pair further along θ's way from the
   * start scored, in the games of the pairs that have such a side.
   */
  public record Forward(double points, int games) {}

  public TuneReport {
    theta = List.copyOf(theta);
    values = List.copyOf(values);
    trajectory = trajectory == null ? null : List.copyOf(trajectory);
    objectives = objectives == null ? null : List.copyOf(objectives);
    forward = forward == null ? null : List.copyOf(forward);
  }

  /** This report without the trajectory and the confirmation's pairs. */
  public TuneReport headlines() {
    return new TuneReport(
        tune,
        iteration,
        theta,
        tuned,
        objectiveValue,
        phase,
        confirm == null ? null : confirm.headlines(),
        null,
        null,
        null,
        values);
  }
}
