package gofarm.wire;

import gofarm.rules.Game;
import gofarm.search.SearchConfig;

/**
 * A position search as a worker runs it, decoded from a {@code ChunkAssignment} by {@link
 * PositionSearches#decode}: gofarm's search with {@code config} from {@code game}'s position, one
 * thread, {@code playouts} playouts, {@code seed}.
 *
 * @param key which chunk this is, to send back with the result
 * @param game the position, with the job's rules
 * @param config the search's settings, its playout policy among them
 * @param playouts the budget, 1..10^7
 * @param seed the search's seed
 */
public record SearchChunk(ChunkKey key, Game game, SearchConfig config, long playouts, long seed) {}
