package gofarm.coordinator.codec;

import gofarm.coordinator.job.JobKind;
import gofarm.coordinator.job.Tally;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.ChunkKey;
import java.util.List;

/**
 * One job's kind on the wire: what a worker receives for each chunk, each result decoded into the
 * kind's core record and checked against the plan, and the kind's report ready for clients. A kind
 * subclasses this once (beside its plan, tally and report in {@code gofarm.coordinator.job}); the
 * {@code Job} actor and the {@code WorkerSession} know only this class. Immutable, so it can travel
 * with a lease to the session that decodes the results.
 *
 * @param <R> a chunk's result in core terms
 * @param <F> the kind's report
 */
public abstract class KindCodec<R, F> {
  private final String jobId;
  private final JobKind<R, F> kind;

  protected KindCodec(String jobId, JobKind<R, F> kind) {
    this.jobId = jobId;
    this.kind = kind;
  }

  public final String jobId() {
    return jobId;
  }

  /** The kind's plan in core terms. */
  public final JobKind<R, F> kind() {
    return kind;
  }

  /**
   * What a worker receives for chunk {@code key}, as the job's {@code tally} stands (a tuning's
   * pairs play around the θ it has reached); precondition: the tally has released the chunk.
   */
  public abstract ChunkAssignment assignment(ChunkKey key, Tally<R, F> tally);

  /**
   * A worker's result for chunk {@code key} in core terms, every field checked, so that a malformed
   * result from a buggy or hostile worker is never counted.
   *
   * @throws IllegalArgumentException {@code no such chunk: <key>} for a chunk the job does not
   *     have, {@code chunk <key>: <problems>} naming each bad field of the result
   */
  public final R decode(ChunkKey key, ChunkResult result) {
    if (!jobId.equals(key.jobId()) || !kind.hasChunk(key)) {
      throw new IllegalArgumentException("no such chunk: " + key);
    }
    return read(key, result);
  }

  /**
   * The result of chunk {@code key}, a chunk of this job, decoded; each kind checks its fields with
   * {@link #refuseIfAny}.
   */
  protected abstract R read(ChunkKey key, ChunkResult result);

  /**
   * Throws the {@link #decode} refusal if {@code problems} (paths relative to the result) has any.
   */
  protected static void refuseIfAny(ChunkKey key, List<String> problems) {
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("chunk " + key + ": " + String.join("; ", problems));
    }
  }

  /** The kind's report, ready to be encoded for clients. */
  public abstract KindView view(F report);

  /** The kind's part of a queued job's first report. */
  public final KindView queuedView() {
    return view(kind.queuedReport());
  }
}
