package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.StatsCodec;
import java.util.List;

/**
 * A chunk result as it came from a worker: checked against the pair's shape, then added into the
 * pair's statistics straight from the message, with no intermediate copy.
 */
public final class ChunkResultPayload implements ChunkPayload {
  private final ChunkResult result;

  public ChunkResultPayload(ChunkResult result) {
    this.result = result;
  }

  @Override
  public long playouts() {
    return result.getStats().getPlayouts();
  }

  @Override
  public long moves() {
    return result.getStats().getLengthSum();
  }

  @Override
  public List<String> problems(PlayoutStats shape, int playouts) {
    return gofarm.wire.WorkerProtocol.resultProblems(result, shape, playouts);
  }

  @Override
  public void addTo(PlayoutStats aggregate) {
    StatsCodec.mergeInto(aggregate, result.getStats());
  }
}
