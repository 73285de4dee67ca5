package gofarm.worker;

import gofarm.learn.FitShard;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.FitShards;
import io.grpc.StatusRuntimeException;

/**
 * Runs fit chunks on the calling thread, a playout thread: the shard's games parsed from the
 * assignment and summed by {@link FitShard} for the chunk's γ and group. Deterministic, so the sums
 * are the same bits on any worker and a spot check compares them as they are.
 */
final class FitShardChunks {
  private FitShardChunks() {}

  /**
   * Sums the shard chunk {@code a} describes.
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT if the assignment is malformed
   * @throws IllegalArgumentException naming the game and the move when a game cannot be learnt from
   *     (the coordinator replays every game before it accepts a job, so only another release's
   *     rules can bring one here)
   */
  static ChunkResult run(ChunkAssignment a) {
    long start = System.nanoTime();
    FitShards.Work w = FitShards.decode(a);
    // A new FitShard per chunk: it is thread-confined, and its board and policy are sized per game.
    FitShard.Result sums =
        new FitShard().run(w.games(), w.heldOut(), w.skipMoves(), w.gamma(), w.group());
    return FitShards.result(w.key(), sums, (System.nanoTime() - start) / 1e9);
  }
}
