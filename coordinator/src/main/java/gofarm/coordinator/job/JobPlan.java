package gofarm.coordinator.job;

import gofarm.board.Geometry;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.JobSpec;
import gofarm.wire.ChunkKey;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.WorkerProtocol;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A validated job ready to run: its id, when it came, the spec as submitted (kept for results and
 * the archive), the job in core terms, and how each (position, policy) pair splits into chunks.
 * Immutable.
 */
public final class JobPlan {
  private final String jobId;
  private final Instant submitted;
  private final JobSpec spec;
  private final ResolvedEvaluation job;
  private final List<PairPlan> pairs;

  public JobPlan(String jobId, Instant submitted, JobSpec spec, ResolvedEvaluation job) {
    this.jobId = jobId;
    this.submitted = submitted;
    this.spec = spec;
    this.job = job;
    List<PairPlan> list = new ArrayList<>();
    for (int p = 0; p < job.positions().size(); p++) {
      for (int q = 0; q < job.policies().size(); q++) {
        list.add(
            PairPlan.of(
                p,
                q,
                job.positions().get(p).label(),
                Geometry.of(job.positions().get(p).size()),
                job.policies().get(q),
                job.playouts(),
                job.chunkPlayouts(p, q)));
      }
    }
    this.pairs = List.copyOf(list);
  }

  public String jobId() {
    return jobId;
  }

  public Instant submitted() {
    return submitted;
  }

  public JobSpec spec() {
    return spec;
  }

  public ResolvedEvaluation job() {
    return job;
  }

  /** One per (position, policy), positions major. */
  public List<PairPlan> pairs() {
    return pairs;
  }

  public String name() {
    return job.name();
  }

  public int priority() {
    return job.priority();
  }

  public int policies() {
    return job.policies().size();
  }

  public double stopAtWidth() {
    return job.stopAtWidth();
  }

  /** What a worker receives for chunk {@code key}: position, rules, policy, size and seed. */
  public ChunkAssignment assignment(ChunkKey key) {
    return WorkerProtocol.assignment(jobId, job, key.position(), key.policy(), key.chunk());
  }
}
