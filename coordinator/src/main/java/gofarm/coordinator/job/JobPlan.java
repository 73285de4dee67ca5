package gofarm.coordinator.job;

import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.ResolvedPosition;
import java.time.Instant;
import java.util.List;

/**
 * A validated job ready to run: its identity, how each (position, policy) pair splits into chunks,
 * and what the wire needs to describe it (the spec as submitted, the resolved positions, and one
 * assignment prototype per pair that a chunk completes with its id, size and seed). The actors use
 * the core parts and hand the wire parts on untouched.
 *
 * @param jobId unique id
 * @param name the spec's name
 * @param seed the job seed
 * @param priority higher runs first
 * @param submitted when the job was accepted
 * @param pairs one per (position, policy), positions major
 * @param policies number of policies
 * @param stopAtWidth early-stop half-width of the win rate interval, or 0
 * @param spec the spec as submitted
 * @param positions the resolved positions, in order
 * @param prototypes per pair: the assignment without id, playouts and seed
 */
public record JobPlan(
    String jobId,
    String name,
    long seed,
    int priority,
    Instant submitted,
    List<PairPlan> pairs,
    int policies,
    double stopAtWidth,
    JobSpec spec,
    List<ResolvedPosition> positions,
    List<ChunkAssignment> prototypes) {

  public JobPlan {
    pairs = List.copyOf(pairs);
    positions = List.copyOf(positions);
    prototypes = List.copyOf(prototypes);
  }
}
