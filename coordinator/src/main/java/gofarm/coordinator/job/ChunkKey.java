package gofarm.coordinator.job;

/**
 * Identifies a chunk within the farm: chunk {@code chunk} of the (position, policy) pair of job
 * {@code jobId}. Chunks are counted once per key, so repeats from re-queued leases are harmless.
 */
public record ChunkKey(String jobId, int position, int policy, int chunk) {

  @Override
  public String toString() {
    return jobId + "/" + position + "/" + policy + "/" + chunk;
  }
}
