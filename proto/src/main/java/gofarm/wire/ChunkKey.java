package gofarm.wire;

import gofarm.proto.v1.ChunkId;

/**
 * The identity of a chunk within the farm: chunk {@code chunk} of pair ({@code position}, {@code
 * policy}) of job {@code jobId}. The coordinator counts each key once, so a result sent twice is
 * dropped.
 *
 * @param jobId the job's id
 * @param position index of the position in the job's resolved position list
 * @param policy index of the policy in the job's policy list
 * @param chunk index of the chunk within its pair
 */
public record ChunkKey(String jobId, int position, int policy, int chunk) {
  public ChunkKey {
    if (jobId == null) {
      throw new IllegalArgumentException("job id is missing");
    }
  }

  public static ChunkKey fromProto(ChunkId id) {
    return new ChunkKey(id.getJobId(), id.getPosition(), id.getPolicy(), id.getChunk());
  }

  public ChunkId toProto() {
    return ChunkId.newBuilder()
        .setJobId(jobId)
        .setPosition(position)
        .setPolicy(policy)
        .setChunk(chunk)
        .build();
  }

  @Override
  public String toString() {
    return jobId + "/" + position + "/" + policy + "/" + chunk;
  }
}
