package gofarm.worker;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.rules.Player;
import gofarm.search.Budget;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import gofarm.wire.PositionSearches;
import gofarm.wire.SearchChunk;
import io.grpc.StatusRuntimeException;

/**
 * Runs position-search chunks (the reference values of tune and balance jobs) on the calling
 * thread, a playout thread: gofarm's search with the chunk's settings (policy, prior, exploration,
 * RAVE), playout budget and seed, single-threaded so that the value is the same on any worker. The
 * root's win rate is the player to move's; the result states black's.
 */
final class PositionSearchChunks {
  private PositionSearchChunks() {}

  /**
   * Searches the position chunk {@code a} describes.
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT if the assignment is malformed
   */
  static ChunkResult run(ChunkAssignment a) {
    long start = System.nanoTime();
    SearchChunk chunk = PositionSearches.decode(a);
    SearchPlayer search =
        new SearchPlayer(chunk.config(), Budget.playouts(chunk.playouts()), chunk.seed());
    Player toPlay = chunk.game().toPlay();
    SearchResult r = search.decide(chunk.game(), toPlay);
    double black = toPlay == Player.BLACK ? r.winRate() : 1 - r.winRate();
    return PositionSearches.result(
        chunk.key(), black, r.playouts(), (System.nanoTime() - start) / 1e9);
  }
}
