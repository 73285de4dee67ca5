package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;
import gofarm.wire.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The playout statistics of every (position, policy) pair of an evaluate job, one series per pair:
 * each chunk's statistics are added to its pair's. A pair is settled when the 95 % interval of its
 * black win rate is narrow enough, if the job asks for that.
 */
public final class PlayoutTally implements Tally<ChunkStats, EvaluateReport> {
  private final EvaluatePlan plan;
  private final double stopAtWidth;
  private final PlayoutStats[] aggregates;

  public PlayoutTally(EvaluatePlan plan) {
    this.plan = plan;
    this.stopAtWidth = plan.job().stopAtWidth();
    this.aggregates = new PlayoutStats[plan.series()];
    for (int i = 0; i < aggregates.length; i++) {
      aggregates[i] = plan.pairs().get(i).newStats();
    }
  }

  /** The counted statistics of pair {@code pair} (the prefix of its chunks in index order). */
  public PlayoutStats aggregate(int pair) {
    return aggregates[pair];
  }

  @Override
  public void count(int series, int chunk, ChunkStats result) {
    result.addTo(aggregates[series]);
  }

  @Override
  public boolean settled(int series) {
    return stopAtWidth > 0 && Results.halfWidth(aggregates[series]) <= stopAtWidth;
  }

  @Override
  public EvaluateReport report(
      IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats) {
    List<PairFigures> pairs = new ArrayList<>(aggregates.length);
    for (int i = 0; i < aggregates.length; i++) {
      PairPlan p = plan.pairs().get(i);
      PlayoutStats stats = aggregates[i];
      pairs.add(
          new PairFigures(
              p.position(),
              p.policy(),
              p.positionLabel(),
              p.policySpec().name(),
              stats.playouts(),
              stats.blackWinRate(),
              Results.halfWidth(stats),
              seriesDone.test(i),
              withStats ? PlayoutStats.like(stats).merge(stats) : null));
    }
    return new EvaluateReport(pairs);
  }

  @Override
  public String stopMessage() {
    return "stopped early: every win rate is known within ±" + stopAtWidth;
  }
}
