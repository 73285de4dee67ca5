package gofarm.coordinator.job;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.Results;
import gofarm.wire.StatsCodec;
import gofarm.wire.WorkerProtocol;
import java.util.List;

/**
 * The playout statistics of one (position, policy) pair of an evaluate job, summed straight from
 * the chunk messages with no intermediate copy (the coordinator sums thousands per second). Settled
 * when the 95 % interval of the black win rate is narrow enough, if the job asks for that.
 */
public final class PlayoutTally implements Tally {
  private final PairPlan plan;
  private final double stopAtWidth;
  private final PlayoutStats aggregate;

  /**
   * @param plan the pair and its chunks
   * @param stopAtWidth settle when the half-width of the win rate's 95 % interval is at most this;
   *     0 never
   */
  public PlayoutTally(PairPlan plan, double stopAtWidth) {
    this.plan = plan;
    this.stopAtWidth = stopAtWidth;
    this.aggregate =
        new PlayoutStats(
            plan.geometry(), plan.policySpec().rules().size(), Playout.maxLength(plan.geometry()));
  }

  public PairPlan plan() {
    return plan;
  }

  /** The counted statistics (the prefix of the chunks in index order). */
  public PlayoutStats aggregate() {
    return aggregate;
  }

  @Override
  public int chunks() {
    return plan.chunks();
  }

  @Override
  public long units(int chunk) {
    return plan.chunkSize(chunk);
  }

  @Override
  public List<String> problems(ChunkResult result, int chunk) {
    return WorkerProtocol.resultProblems(result, aggregate, plan.chunkSize(chunk));
  }

  @Override
  public void count(ChunkResult result, int chunk) {
    StatsCodec.mergeInto(aggregate, result.getStats());
  }

  @Override
  public boolean settled() {
    return stopAtWidth > 0 && Results.halfWidth(aggregate) <= stopAtWidth;
  }
}
