package gofarm.coordinator.job;

import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * What a tune job's chunks add up to: the reference values the reference step finds, θ moved once
 * per iteration by SPSA from the batch's results in pair order, the match objective's forward score
 * (below), then the confirmation match. In {@link TunePlan#ITERATIONS} chunk {@code c} is chunk
 * {@code c % perIteration} of iteration {@code c / perIteration + 1}; the iterations are released
 * once every reference value is known, and iteration k + 1 only once iteration k is counted, since
 * its pairs play around the θ it gives. The confirmation is released when the last iteration is
 * counted. Mutable, owned by the job's actor.
 *
 * <h2>The forward score, the match objective's progress signal</h2>
 *
 * θ+'s score against θ− says nothing about progress: δ is drawn at random, so θ+ lies uphill as
 * often as downhill and its score averages 50 % however strong the gradient (one run showed 49.5 %
 * while a rate was still climbing). What does track progress is whether the way θ has come keeps
 * paying: in each pair of iteration k, the side further along d = θ_(k−1) − θ_start (each parameter
 * in units of its perturbation c_i, so that the units of the parameters do not matter; the side
 * whose δ has δ·(d/c) &gt; 0) should win more than half the points while θ still climbs, and half
 * once it has arrived or never had a gradient to follow. d comes from earlier iterations only and δ
 * is drawn independently of them, so without a gradient the score is exactly 50 % in expectation:
 * an out-of-sample test, unlike the share won by the side this iteration's own update moves
 * towards, which is above 50 % by construction. The first iteration has no d yet, nor does a pair
 * with δ·d = 0; they count no games.
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
  private final List<TuneReport.Forward> forward = new ArrayList<>();
  private double forwardPoints;
  private int forwardGames;
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
      countForward(k, index, play);
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

  /**
   * Adds pair {@code pair} of iteration k to the forward score: the points of the side further
   * along θ's way from the start, if one is (see the class comment).
   */
  private void countForward(int k, int pair, TunePlay play) {
    double[] start = tune.startTheta();
    int[] delta = tune.delta(k, pair);
    double along = 0;
    for (int i = 0; i < theta.length; i++) {
      along += delta[i] * (theta[i] - start[i]) / tune.spsa().c(i, k);
    }
    if (along == 0) {
      return;
    }
    double plus = play.games().first().candidatePoints() + play.games().second().candidatePoints();
    forwardPoints += along > 0 ? plus : 2 - plus;
    forwardGames += 2;
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
    forward.add(new TuneReport.Forward(forwardPoints, forwardGames));
    forwardPoints = 0;
    forwardGames = 0;
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
        withStats && tune.byMatch() ? forward : null,
        known);
  }

  /**
   * The objective's running value over the last tenth of the iterations, as the summary states it:
   * the match objective's forward score (its points over its games in the window; NaN without a
   * game), the evaluation objective's mean squared error.
   */
  private double objectiveValue() {
    int n = objectives.size();
    if (n == 0) {
      return Double.NaN;
    }
    int window = Math.max(1, (int) Math.ceil(n * WINDOW));
    if (tune.byMatch()) {
      double points = 0;
      long games = 0;
      for (int i = n - window; i < n; i++) {
        points += forward.get(i).points();
        games += forward.get(i).games();
      }
      return games == 0 ? Double.NaN : points / games;
    }
    double sum = 0;
    for (int i = n - window; i < n; i++) {
      sum += objectives.get(i);
    }
    return sum / window;
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
