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
 *
 * <p>A pair's statistics are allocated when its first chunk is counted, not when the job is queued:
 * on 25×25 they are about 65 KB, and a queued or cancelled job of 16,000 pairs would otherwise hold
 * a gigabyte of zeros. Until then the pair has none, and its report shows none.
 */
public final class PlayoutTally implements Tally<ChunkStats, EvaluateReport> {
  private final EvaluatePlan plan;
  private final double stopAtWidth;

  /** Each pair's counted statistics, null until its first chunk is counted. */
  private final PlayoutStats[] aggregates;

  /** The bytes of the statistics allocated so far. */
  private long allocatedBytes;

  public PlayoutTally(EvaluatePlan plan) {
    this.plan = plan;
    this.stopAtWidth = plan.job().stopAtWidth();
    this.aggregates = new PlayoutStats[plan.series()];
  }

  /**
   * The counted statistics of pair {@code pair} (the prefix of its chunks in index order); fresh
   * empty ones before its first chunk is counted.
   */
  public PlayoutStats aggregate(int pair) {
    PlayoutStats stats = aggregates[pair];
    return stats != null ? stats : plan.pairs().get(pair).newStats();
  }

  @Override
  public void count(int series, int chunk, ChunkStats result) {
    PlayoutStats stats = aggregates[series];
    if (stats == null) {
      PairPlan p = plan.pairs().get(series);
      stats = p.newStats();
      aggregates[series] = stats;
      allocatedBytes += p.statisticsBytes();
    }
    result.addTo(stats);
  }

  @Override
  public boolean settled(int series) {
    PlayoutStats stats = aggregates[series];
    return stopAtWidth > 0 && stats != null && Results.halfWidth(stats) <= stopAtWidth;
  }

  /**
   * Each pair's figures; with {@code withStats}, a copy of each counted pair's statistics while the
   * job runs (the tally goes on adding to them), and the statistics themselves once it has {@code
   * finished}, when nothing adds to them any more: a final report costs no copy. A pair nothing was
   * counted for shows no statistics.
   */
  @Override
  public EvaluateReport report(
      IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats) {
    double noneHalfWidth = Results.wilson(0, 0).halfWidth();
    List<PairFigures> pairs = new ArrayList<>(aggregates.length);
    for (int i = 0; i < aggregates.length; i++) {
      PairPlan p = plan.pairs().get(i);
      PlayoutStats stats = aggregates[i];
      PlayoutStats shown = null;
      if (withStats && stats != null) {
        shown = finished ? stats : PlayoutStats.like(stats).merge(stats);
      }
      pairs.add(
          new PairFigures(
              p.position(),
              p.policy(),
              p.positionLabel(),
              p.policySpec().name(),
              stats == null ? 0 : stats.playouts(),
              stats == null ? Double.NaN : stats.blackWinRate(),
              stats == null ? noneHalfWidth : Results.halfWidth(stats),
              seriesDone.test(i),
              shown));
    }
    return new EvaluateReport(pairs);
  }

  /**
   * The counted pairs' statistics, and each pair's figures and plan (a {@link PairFigures} and a
   * {@link PairPlan} take about 110 bytes on a 64-bit JVM).
   */
  @Override
  public long heldBytes(long bound) {
    return Math.min(bound, allocatedBytes + aggregates.length * PAIR_REPORT_BYTES);
  }

  /** A pair's figures in a report and its plan: a generous bound. */
  static final long PAIR_REPORT_BYTES = 256;

  @Override
  public String stopMessage() {
    return "stopped early: every win rate is known within ±" + stopAtWidth;
  }
}
