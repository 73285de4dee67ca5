package gofarm.wire;

import gofarm.playout.PlayoutRoot;
import gofarm.playout.PolicySpec;

/**
 * A chunk as a worker runs it, decoded from a {@code ChunkAssignment} by {@link
 * WorkerProtocol#chunk}: {@code playouts} playouts from {@code root} under {@code policy} with
 * {@code seed}.
 *
 * @param key which chunk this is, to send back with the result
 * @param root the position, with the job's komi
 * @param policy the playout policy
 * @param playouts 1..10^7
 * @param seed the chunk's seed (see {@link Chunking#chunkSeed})
 */
public record Chunk(ChunkKey key, PlayoutRoot root, PolicySpec policy, int playouts, long seed) {}
