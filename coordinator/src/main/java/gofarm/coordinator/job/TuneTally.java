package gofarm.coordinator.job;

import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * What a tune job's chunks add up to: the reference values the reference step finds, θ moved once
 * per iteration by SPSA from the batch's results in pair order, then the confirmation match. In
 * {@link TunePlan#ITERATIONS} chunk {@code c} is chunk {@code c % perIteration} of iteration {@code
 * c / perIteration + 1}; the iterations are released once every reference value is known, and
 * iteration k + 1 only once iteration k is counted, since its pairs play around the θ it gives. The
 * confirmation is released when the last iteration is counted. Mutable, owned by the job's actor.
 */
public final class TuneTally implements Tally<TunePlay, TuneReport> {
  /** The objective's running value is over this fraction of the counted iterations (at least 1). */
  private static final double WINDOW = 0.1;

  private final ResolvedTune tune;
  private final List<Integer> unvalued;
  private final double[] values;
  private int valuesFound;
  private final int perIteration;
  private final double[] results;
  private final List<double[]> trajectory = new ArrayList<>();
  private final List<Double> objectives = new ArrayList<>();
  private double[] theta;
  private double batchObjective;
  private double plusScore;
  private int iteration;
  private MatchTally confirm;

  public TuneTally(ResolvedTune tune) {
    this.tune = tune;
    this.unvalued = tune.unvalued();
    this.values = new double[tune.values().size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = tune.values().get(i);
    }
    this.perIteration = tune.chunksPerIteration();
    this.results = new double[tune.batchPairs()];
    this.theta = tune.startTheta();
  }

  /** Iterations counted. */
  public int iteration() {
    return iteration;
  }

  /** θ during iteration {@code k} (1-based): the start, or θ after iteration k − 1. */
  public double[] thetaAt(int k) {
    if (k < 1 || k > iteration + 1) {
      throw new IllegalArgumentException(
          "iteration " + k + " is not released (" + iteration + " counted)");
    }
    return k == 1 ? tune.startTheta() : trajectory.get(k - 2).clone();
  }

  private ResolvedMatch confirmMatch(double[] at) {
    return ResolvedTune.players(tune.confirm(), "tuned", tune.policy(at), "start", tune.start());
  }

  @Override
  public int released(int series) {
    return switch (series) {
      case TunePlan.REFERENCE -> Integer.MAX_VALUE;
      case TunePlan.ITERATIONS ->
          valuesFound < unvalued.size() ? 0 : (iteration + 1) * perIteration;
      default -> iteration == tune.iterations() ? Integer.MAX_VALUE : 0;
    };
  }

  /** The reference values, as given or found (NaN for one not yet found), in position order. */
  public double[] values() {
    return values.clone();
  }

  @Override
  public void count(int series, int chunk, TunePlay play) {
    if (series == TunePlan.REFERENCE) {
      values[unvalued.get(chunk)] = play.blackScore();
      valuesFound++;
      return;
    }
    if (series == TunePlan.CONFIRM) {
      confirm.count(0, chunk, play.games());
      return;
    }
    int k = chunk / perIteration + 1;
    int index = chunk % perIteration;
    if (tune.byMatch()) {
      results[index] = play.candidateMargin();
      batchObjective += results[index];
    } else if (index % 2 == 0) {
      plusScore = play.blackScore();
    } else {
      int pair = index / 2;
      double value = values[tune.positionOf(k, pair)];
      double plusError = square(plusScore - value);
      double minusError = square(play.blackScore() - value);
      // Larger is better for θ+: the error it saves.
      results[pair] = minusError - plusError;
      batchObjective += (plusError + minusError) / 2;
    }
    if (index == perIteration - 1) {
      finishIteration(k);
    }
  }

  private void finishIteration(int k) {
    int[][] batch = new int[tune.batchPairs()][];
    for (int j = 0; j < batch.length; j++) {
      batch[j] = tune.delta(k, j);
    }
    theta = tune.spsa().update(theta, k, batch, results);
    trajectory.add(theta.clone());
    objectives.add(batchObjective / tune.batchPairs());
    batchObjective = 0;
    iteration = k;
    if (iteration == tune.iterations() && tune.confirm() != null) {
      confirm = new MatchTally(confirmMatch(theta));
    }
  }

  private static double square(double x) {
    return x * x;
  }

  @Override
  public boolean settled(int series) {
    return series == TunePlan.CONFIRM && confirm != null && confirm.settled(0);
  }

  /** The report without the series' own rates: the confirmation's games per minute then read 0. */
  @Override
  public TuneReport report(
      IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats) {
    return report(seriesDone, finished, unitsPerSecond, series -> 0, withStats);
  }

  /**
   * The report; the confirmation's games per minute are its own games over its own run, never the
   * job's rate, which counts the iterations' games or evaluations (one unit each, and fast) over
   * the whole run.
   */
  @Override
  public TuneReport report(
      IntPredicate seriesDone,
      boolean finished,
      double unitsPerSecond,
      IntToDoubleFunction seriesUnitsPerSecond,
      boolean withStats) {
    String phase;
    if (valuesFound < unvalued.size()) {
      phase = "reference";
    } else if (iteration < tune.iterations()) {
      phase = "tuning";
    } else if (tune.confirm() != null && !seriesDone.test(TunePlan.CONFIRM)) {
      phase = "confirming";
    } else {
      phase = "done";
    }
    MatchReport match =
        confirm == null
            ? null
            : confirm.report(
                series -> seriesDone.test(TunePlan.CONFIRM),
                finished,
                seriesUnitsPerSecond.applyAsDouble(TunePlan.CONFIRM),
                withStats);
    List<Double> now = new ArrayList<>(theta.length);
    for (double t : theta) {
      now.add(t);
    }
    List<List<Double>> path = null;
    if (withStats) {
      path = new ArrayList<>(trajectory.size());
      for (double[] t : trajectory) {
        List<Double> row = new ArrayList<>(t.length);
        for (double x : t) {
          row.add(x);
        }
        path.add(row);
      }
    }
    List<Double> known = new ArrayList<>();
    if (valuesFound == unvalued.size()) {
      for (double v : values) {
        known.add(v);
      }
    }
    return new TuneReport(
        tune,
        iteration,
        now,
        tune.policy(theta),
        objectiveValue(),
        phase,
        match,
        path,
        withStats ? objectives : null,
        known);
  }

  /** The mean of the last tenth of the iterations' objectives, as the summary states it. */
  private double objectiveValue() {
    int n = objectives.size();
    if (n == 0) {
      return Double.NaN;
    }
    int window = Math.max(1, (int) Math.ceil(n * WINDOW));
    double sum = 0;
    for (int i = n - window; i < n; i++) {
      sum += objectives.get(i);
    }
    double mean = sum / window;
    // A pair's wins minus losses of θ+, -2..2, as θ+'s score 0..1.
    return tune.byMatch() ? 0.5 + mean / 4 : mean;
  }

  @Override
  public String stopMessage() {
    return confirm == null ? "" : "confirmation: " + confirm.stopMessage();
  }

  /** The confirmation's games, in pair order (the tuning's own games are not kept). */
  @Override
  public List<GameSgf> games() {
    return confirm == null ? List.of() : confirm.games();
  }
}
