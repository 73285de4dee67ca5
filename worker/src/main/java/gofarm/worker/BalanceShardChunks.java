package gofarm.worker;

import gofarm.learn.BalanceShard;
import gofarm.playout.Playout;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.BalanceShards;
import io.grpc.StatusRuntimeException;

/**
 * Runs balance chunks on the calling thread, a playout thread: the shard's positions measured and
 * differentiated by {@link BalanceShard} under the chunk's γ. Each position's playouts follow its
 * own seed, so the sums are the same bits on any worker and a spot check compares them as they are.
 */
final class BalanceShardChunks {
  private BalanceShardChunks() {}

  /**
   * Runs the shard chunk {@code a} describes.
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT if the assignment is malformed
   */
  static ChunkResult run(ChunkAssignment a) {
    long start = System.nanoTime();
    BalanceShards.Work w = BalanceShards.decode(a);
    // A new Playout and BalanceShard per chunk: both are thread-confined, and the table changes
    // every pass.
    Playout playout =
        new Playout(PolicySpec.softmax(w.gamma()), w.samples().get(0).root().board().geometry());
    // N = 0 (the last pass) marks every sample held out, so no gradient playout runs.
    BalanceShard.Result r =
        new BalanceShard()
            .run(playout, w.samples(), w.valuePlayouts(), Math.max(1, w.gradientPlayouts()));
    return BalanceShards.result(w.key(), r, (System.nanoTime() - start) / 1e9);
  }
}
