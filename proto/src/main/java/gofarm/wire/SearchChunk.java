package gofarm.wire;

import gofarm.playout.PolicySpec;
import gofarm.rules.Game;

/**
 * A position search as a worker runs it, decoded from a {@code ChunkAssignment} by {@link
 * PositionSearches#decode}: gofarm's search on {@code policy} from {@code game}'s position, one
 * thread, {@code playouts} playouts, {@code seed}.
 *
 * @param key which chunk this is, to send back with the result
 * @param game the position, with the job's rules
 * @param policy the search's playout policy
 * @param playouts the budget, 1..10^7
 * @param seed the search's seed
 */
public record SearchChunk(ChunkKey key, Game game, PolicySpec policy, long playouts, long seed) {}
