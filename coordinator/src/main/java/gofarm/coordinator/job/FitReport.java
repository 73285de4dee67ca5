package gofarm.coordinator.job;

import gofarm.wire.ResolvedFit;
import java.util.List;

/**
 * The report of a fit job: where it stands and, when asked for, every table measured, γ now and the
 * training counts per feature id.
 *
 * @param fit the fit (its games, shards and settings)
 * @param iteration updates made, 0..maxIterations
 * @param passes passes over the games counted
 * @param group the id of the group the running pass sums for, whose update comes next; empty once
 *     the fit has stopped
 * @param groups the ids of the groups in the cycle, in order (empty before the first pass is
 *     counted)
 * @param latest the figures of the latest table measured, or null before the first pass is counted
 * @param stop why the fit stopped, or {@link Stop#RUNNING}
 * @param figures every table measured, iteration 0 first, or null in a headline report
 * @param gamma γ of every feature id after the last update, or null in a headline report
 * @param wins per feature id, the training decisions whose move played had it; null in a headline
 *     report or before the first pass is counted
 * @param candidates per feature id, the training candidates that had it; null likewise
 */
public record FitReport(
    ResolvedFit fit,
    int iteration,
    int passes,
    String group,
    List<String> groups,
    FitFigures latest,
    Stop stop,
    List<FitFigures> figures,
    double[] gamma,
    long[] wins,
    long[] candidates) {

  /** Why a fit stopped. */
  public enum Stop {
    /** It runs (or has not started). */
    RUNNING,
    /**
     * A cycle over the groups raised the training log-likelihood per decision by less than the
     * minimum gain, or there was no training decision.
     */
    CONVERGED,
    /** It made the most updates the spec allows. */
    MAX_ITERATIONS,
    /** The job ended first: cancelled or failed. */
    CANCELLED
  }

  public FitReport {
    groups = List.copyOf(groups);
    figures = figures == null ? null : List.copyOf(figures);
  }

  /** This report without the figures of every table, γ and the counts. */
  public FitReport headlines() {
    return new FitReport(
        fit, iteration, passes, group, groups, latest, stop, null, null, null, null);
  }
}
