package gofarm.coordinator.job;

import gofarm.playout.FeatureSpace;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * What a balance job's chunks add up to: the reference values the reference step finds, then per
 * pass the shards' gradients added in shard order (the doubles depend on the order of addition, and
 * this order is fixed) and one {@code BalanceStep} update, then the confirmation match.
 *
 * <p>In {@link BalancePlan#PASSES} chunk {@code c} is shard {@code c % shards} of pass {@code c /
 * shards + 1}. The passes are released once every reference value is known, and pass k + 1 only
 * once every shard of pass k is counted, since it runs at the γ that pass k's update gives. Pass k
 * measures the table after k − 1 updates: its squared errors, computed here from the shards' values
 * and the targets in position order, are the figures of iteration k − 1; pass {@code iterations +
 * 1} only measures. The confirmation is released when that last pass is counted. Mutable, owned by
 * the job's actor.
 */
public final class BalanceTally implements Tally<BalancePlay, BalanceReport> {
  private final ResolvedBalance balance;
  private final List<Integer> unvalued;
  private final double[] targets;
  private int valuesFound;
  private final int shards;
  private double[] gamma;
  private final double[] gradient = new double[FeatureSpace.size()];
  private double trainError;
  private double testError;
  private int passes;
  private int iteration;
  private final List<BalanceFigures> figures = new ArrayList<>();
  private MatchTally confirm;

  public BalanceTally(ResolvedBalance balance) {
    this.balance = balance;
    this.unvalued = balance.unvalued();
    this.targets = new double[balance.values().size()];
    for (int i = 0; i < targets.length; i++) {
      targets[i] = balance.values().get(i);
    }
    this.shards = balance.shards().size();
    this.gamma = balance.start().gammaTable().toArray();
  }

  /** Updates made. */
  public int iteration() {
    return iteration;
  }

  /** Passes counted. */
  public int passes() {
    return passes;
  }

  /**
   * γ for pass {@code pass} (1-based): the table after {@code pass - 1} updates, the current one
   * while that pass runs.
   *
   * @throws IllegalStateException if the pass is not the one released
   */
  public double[] gammaFor(int pass) {
    if (pass != passes + 1 || pass > balance.passes()) {
      throw new IllegalStateException("pass " + pass + " is not released (" + passes + " counted)");
    }
    return gamma.clone();
  }

  /** The positions' V*, as given or found (NaN for one not yet found), in position order. */
  public double[] targets() {
    return targets.clone();
  }

  @Override
  public int released(int series) {
    return switch (series) {
      case BalancePlan.REFERENCE -> Integer.MAX_VALUE;
      case BalancePlan.PASSES ->
          valuesFound < unvalued.size()
              ? 0
              : (int)
                  Math.min(
                      Integer.MAX_VALUE, (long) Math.min(passes + 1, balance.passes()) * shards);
      default -> passes == balance.passes() ? Integer.MAX_VALUE : 0;
    };
  }

  @Override
  public void count(int series, int chunk, BalancePlay play) {
    if (series == BalancePlan.REFERENCE) {
      targets[unvalued.get(chunk)] = play.blackValue();
      valuesFound++;
      return;
    }
    if (series == BalancePlan.CONFIRM) {
      confirm.count(0, chunk, play.games());
      return;
    }
    int pass = chunk / shards + 1;
    int s = chunk % shards;
    if (s == 0) {
      Arrays.fill(gradient, 0);
      trainError = 0;
      testError = 0;
    }
    double[] g = play.gradient();
    for (int id = 0; id < gradient.length; id++) {
      gradient[id] += g[id];
    }
    ResolvedBalance.Shard shard = balance.shards().get(s);
    double[] values = play.values();
    for (int i = 0; i < values.length; i++) {
      int position = shard.first() + i;
      double error = targets[position] - values[i];
      if (balance.heldOut().get(position)) {
        testError += error * error;
      } else {
        trainError += error * error;
      }
    }
    if (s == shards - 1) {
      finishPass(pass);
    }
  }

  private void finishPass(int pass) {
    passes = pass;
    int train = balance.trainPositions();
    int test = balance.testPositions();
    double trainMse = trainError / train;
    double testMse = test == 0 ? 0 : testError / test;
    if (pass > balance.iterations()) {
      figures.add(new BalanceFigures(iteration, trainMse, testMse, 0, 0));
      if (balance.confirm() != null) {
        confirm = new MatchTally(confirmMatch());
      }
      return;
    }
    double[] next = balance.step().update(gamma, pass, gradient, train);
    double delta = 0;
    for (int id = 0; id < next.length; id++) {
      double d = Math.log(next[id]) - Math.log(gamma[id]);
      delta += d * d;
    }
    figures.add(
        new BalanceFigures(
            iteration, trainMse, testMse, balance.step().stepSize(pass), Math.sqrt(delta)));
    gamma = next;
    iteration = pass;
  }

  /** The confirmation: the balanced policy (candidate) against the starting one (baseline). */
  public ResolvedMatch confirmMatch() {
    return ResolvedTune.players(
        balance.confirm(), "balanced", balance.policy(gamma), "start", balance.start());
  }

  @Override
  public boolean settled(int series) {
    return series == BalancePlan.CONFIRM && confirm != null && confirm.settled(0);
  }

  /** The report without the series' own rates: the confirmation's games per minute then read 0. */
  @Override
  public BalanceReport report(
      IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats) {
    return report(seriesDone, finished, unitsPerSecond, series -> 0, withStats);
  }

  /**
   * The report; the confirmation's games per minute are its own games over its own run, never the
   * job's rate, which counts the passes' positions over the whole run.
   */
  @Override
  public BalanceReport report(
      IntPredicate seriesDone,
      boolean finished,
      double unitsPerSecond,
      IntToDoubleFunction seriesUnitsPerSecond,
      boolean withStats) {
    String phase;
    if (valuesFound < unvalued.size()) {
      phase = "reference";
    } else if (passes < balance.iterations()) {
      phase = "balancing";
    } else if (passes == balance.iterations()) {
      phase = "measuring";
    } else if (balance.confirm() != null && !seriesDone.test(BalancePlan.CONFIRM)) {
      phase = "confirming";
    } else {
      phase = "done";
    }
    MatchReport match =
        confirm == null
            ? null
            : confirm.report(
                series -> seriesDone.test(BalancePlan.CONFIRM),
                finished,
                seriesUnitsPerSecond.applyAsDouble(BalancePlan.CONFIRM),
                withStats);
    List<Double> known = new ArrayList<>();
    if (valuesFound == unvalued.size()) {
      for (double t : targets) {
        known.add(t);
      }
    }
    return new BalanceReport(
        balance,
        iteration,
        passes,
        valuesFound,
        phase,
        figures.isEmpty() ? null : figures.get(figures.size() - 1),
        match,
        withStats ? figures : null,
        withStats ? gamma.clone() : null,
        known);
  }

  @Override
  public String stopMessage() {
    return confirm == null ? "" : "confirmation: " + confirm.stopMessage();
  }

  /** The confirmation's games, in pair order. */
  @Override
  public List<GameSgf> games() {
    return confirm == null ? List.of() : confirm.games();
  }
}
