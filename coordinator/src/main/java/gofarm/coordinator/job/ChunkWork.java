package gofarm.coordinator.job;

import java.util.List;

/**
 * What one counted chunk did, for the metrics: playouts run under a policy and their moves, and
 * games played with their lengths. A kind fills in what its chunks do (an evaluate chunk runs
 * playouts, a match chunk plays two games).
 *
 * @param policy the name of the policy the playouts ran under, or empty without playouts
 * @param playouts playouts in the chunk
 * @param moves moves of those playouts, passes included
 * @param gameMoves the moves of each game played after its opening, passes included
 */
public record ChunkWork(String policy, long playouts, long moves, List<Integer> gameMoves) {
  public ChunkWork {
    gameMoves = List.copyOf(gameMoves);
  }

  /** Playouts under {@code policy}, no games. */
  public static ChunkWork playouts(String policy, long playouts, long moves) {
    return new ChunkWork(policy, playouts, moves, List.of());
  }

  /** Games of these lengths, no playouts. */
  public static ChunkWork games(Integer... gameMoves) {
    return new ChunkWork("", 0, 0, List.of(gameMoves));
  }
}
