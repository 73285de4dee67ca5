package gofarm.coordinator.job;

import gofarm.learn.FeatureLayout;
import gofarm.learn.FitShard;
import gofarm.learn.GameDecisions;
import gofarm.learn.MinorizationMaximization;
import gofarm.learn.MmSums;
import gofarm.playout.GammaTable;
import gofarm.wire.ResolvedFit;
import gofarm.wire.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * What a fit job's chunks add up to: each pass's sums, added shard by shard in shard order (the
 * doubles depend on the order of addition, and this order is fixed), then one MM update of the
 * pass's group with the spec's prior. Pass k sums every decision at the γ after k − 1 updates, so
 * it measures that table (the figures of iteration k − 1) and its sums make update k. Pass k + 1 is
 * released only once every shard of pass k is counted.
 *
 * <h2>Groups and the stop rule</h2>
 *
 * Pass 1 sums for group 0 ({@code pat3}); its candidates tell which groups the training games have,
 * and those, in {@code FeatureGroup} order, are the cycle that the updates go through. Group 0 is
 * always in it, since every candidate has a 3x3 pattern. Once the table after a whole cycle is
 * measured (iteration k a multiple of the cycle's length), the fit stops if its training
 * log-likelihood per decision rose by less than {@code minGain} since the cycle began (with {@code
 * minGain} 0 it never stops so); otherwise it stops after {@code maxIterations} updates, once the
 * last table is measured. A fit with no training decision stops after the first pass. γ is kept
 * within {@link GammaTable}'s 1e-9..1e9, so every table is one the softmax policy can use (without
 * a prior, a value never chosen would go to 0).
 *
 * <p>Mutable, owned by the job's actor.
 */
public final class FitTally implements Tally<FitShard.Result, FitReport> {
  private static final FeatureLayout LAYOUT = GameDecisions.LAYOUT;

  private final ResolvedFit fit;
  private final int shards;
  private double[] gamma;
  private int passes;
  private int iteration;
  private int[] cycle;
  private MmSums train;
  private MmSums test;
  private long skippedTrain;
  private long skippedTest;
  private final long[] candidates;
  private long[] wins;
  private final List<FitFigures> figures = new ArrayList<>();
  private FitReport.Stop stop = FitReport.Stop.RUNNING;

  public FitTally(ResolvedFit fit) {
    this.fit = fit;
    this.shards = fit.shards().size();
    this.gamma = fit.start().toArray();
    this.candidates = new long[LAYOUT.size()];
  }

  /** Passes counted. */
  public int passes() {
    return passes;
  }

  /** Updates made. */
  public int iteration() {
    return iteration;
  }

  /**
   * γ for pass {@code pass} (1-based): the table after {@code pass - 1} updates, which is the
   * current one while that pass runs.
   *
   * @throws IllegalStateException if the pass is not the one released
   */
  public double[] gammaFor(int pass) {
    checkReleased(pass);
    return gamma.clone();
  }

  /** The group pass {@code pass} sums for, the one its update changes; see the class comment. */
  public int groupFor(int pass) {
    checkReleased(pass);
    return groupOf(pass);
  }

  private void checkReleased(int pass) {
    if (pass != passes + 1 || stop != FitReport.Stop.RUNNING) {
      throw new IllegalStateException(
          "pass " + pass + " is not released (" + passes + " counted, " + stop + ")");
    }
  }

  @Override
  public int released(int series) {
    int passesOpen = stop == FitReport.Stop.RUNNING ? passes + 1 : passes;
    return (int) Math.min(Integer.MAX_VALUE, (long) passesOpen * shards);
  }

  @Override
  public void count(int series, int chunk, FitShard.Result result) {
    int pass = chunk / shards + 1;
    int shard = chunk % shards;
    if (shard == 0) {
      train = result.train().copy();
      test = result.test().copy();
      skippedTrain = 0;
      skippedTest = 0;
    } else {
      train.add(result.train());
      test.add(result.test());
    }
    skippedTrain += result.skippedTrain();
    skippedTest += result.skippedTest();
    if (pass == 1) {
      long[] c = result.candidates();
      for (int i = 0; i < c.length; i++) {
        candidates[i] += c[i];
      }
    }
    if (shard == shards - 1) {
      finishPass(pass);
    }
  }

  private void finishPass(int pass) {
    passes = pass;
    if (pass == 1) {
      wins = train.wins();
      cycle = cycle();
    }
    figures.add(
        FitFigures.of(
            iteration,
            iteration == 0 ? "" : LAYOUT.groupName(groupOf(iteration)),
            train,
            test,
            skippedTrain,
            skippedTest));
    if (cycle.length == 0) {
      stop = FitReport.Stop.CONVERGED;
    } else if (converged()) {
      stop = FitReport.Stop.CONVERGED;
    } else if (iteration == fit.maxIterations()) {
      stop = FitReport.Stop.MAX_ITERATIONS;
    } else {
      double[] next =
          MinorizationMaximization.update(LAYOUT, gamma, groupOf(pass), train, fit.prior());
      for (int i = 0; i < next.length; i++) {
        next[i] = Math.max(GammaTable.MIN_GAMMA, Math.min(GammaTable.MAX_GAMMA, next[i]));
      }
      gamma = next;
      iteration++;
    }
    train = null;
    test = null;
  }

  /** The group update {@code k} (1-based) changes: the group pass k sums for. */
  private int groupOf(int k) {
    return k == 1 ? 0 : cycle[(k - 1) % cycle.length];
  }

  /** Group 0 and every group with a value among the training candidates, or none without any. */
  private int[] cycle() {
    if (train.decisions() == 0) {
      return new int[0];
    }
    List<Integer> groups = new ArrayList<>();
    groups.add(0);
    for (int g = 1; g < LAYOUT.groupCount(); g++) {
      for (int id = LAYOUT.start(g); id < LAYOUT.end(g); id++) {
        if (candidates[id] > 0) {
          groups.add(g);
          break;
        }
      }
    }
    return groups.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Whether the cycle that just ended raised the training log-likelihood too little. */
  private boolean converged() {
    int c = cycle.length;
    if (fit.minGain() == 0 || iteration < c || iteration % c != 0) {
      return false;
    }
    double now = figures.get(iteration).trainLogLikelihood();
    double before = figures.get(iteration - c).trainLogLikelihood();
    return now - before < fit.minGain();
  }

  /** A result for another group than its pass sums for, while that pass is counted. */
  @Override
  public String refusal(int series, int chunk, FitShard.Result result) {
    int pass = chunk / shards + 1;
    if (pass != passes + 1 || stop != FitReport.Stop.RUNNING) {
      return null;
    }
    int group = groupOf(pass);
    int got = result.train().group();
    return got == group && result.test().group() == group
        ? null
        : "pass "
            + pass
            + " sums for group "
            + group
            + " ("
            + LAYOUT.groupName(group)
            + "), the result for group "
            + got;
  }

  @Override
  public boolean settled(int series) {
    return stop != FitReport.Stop.RUNNING;
  }

  @Override
  public FitReport report(
      IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats) {
    FitReport.Stop now = stop;
    if (now == FitReport.Stop.RUNNING && finished) {
      now = FitReport.Stop.CANCELLED;
    }
    String group = now == FitReport.Stop.RUNNING ? LAYOUT.groupName(groupOf(passes + 1)) : "";
    List<String> groups = new ArrayList<>();
    if (cycle != null) {
      for (int g : cycle) {
        groups.add(LAYOUT.groupName(g));
      }
    }
    return new FitReport(
        fit,
        iteration,
        passes,
        group,
        groups,
        figures.isEmpty() ? null : figures.get(figures.size() - 1),
        now,
        withStats ? figures : null,
        withStats ? gamma.clone() : null,
        withStats && wins != null ? wins.clone() : null,
        withStats && wins != null ? candidates.clone() : null);
  }

  @Override
  public String stopMessage() {
    if (stop == FitReport.Stop.CONVERGED) {
      return cycle.length == 0
          ? "no training decision to learn from"
          : "converged after "
              + iteration
              + " iterations: the last cycle over the groups raised the training log-likelihood"
              + " per decision by less than minGain "
              + Violations.number(fit.minGain());
    }
    return "";
  }
}
