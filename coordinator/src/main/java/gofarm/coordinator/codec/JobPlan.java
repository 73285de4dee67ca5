package gofarm.coordinator.codec;

import gofarm.coordinator.job.BalancePlan;
import gofarm.coordinator.job.EvaluatePlan;
import gofarm.coordinator.job.FitPlan;
import gofarm.coordinator.job.JobCost;
import gofarm.coordinator.job.JobLimits;
import gofarm.coordinator.job.MatchPlan;
import gofarm.coordinator.job.TunePlan;
import gofarm.proto.v1.JobSpec;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.ResolvedFit;
import gofarm.wire.ResolvedJob;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A validated job ready to run: its id, when it came, the spec as submitted (kept for results and
 * the archive) and its kind, with the kind's plan in core terms. Made by {@link #of}, the one place
 * that tells the kinds apart. Immutable.
 *
 * @param owner the NAME of the token that submitted the job; empty without {@code --auth}
 * @param codec the job's kind on the wire, holding the kind's plan in core terms
 */
public record JobPlan(
    String jobId, Instant submitted, JobSpec spec, String owner, KindCodec<?, ?> codec) {

  /**
   * Validates and resolves {@code spec} and picks its kind.
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming every bad field
   */
  public static JobPlan of(String jobId, Instant submitted, JobSpec spec, String owner) {
    return new JobPlan(jobId, submitted, spec, owner, codecOf(jobId, JobSpecs.resolve(spec)));
  }

  /** A job with no owner (a coordinator without {@code --auth}). */
  public static JobPlan of(String jobId, Instant submitted, JobSpec spec) {
    return of(jobId, submitted, spec, "");
  }

  /** The factory of kinds: one line per kind. */
  private static KindCodec<?, ?> codecOf(String jobId, ResolvedJob job) {
    if (job instanceof ResolvedEvaluation e) {
      return new EvaluateCodec(jobId, new EvaluatePlan(e));
    }
    if (job instanceof ResolvedMatch m) {
      return new MatchCodec(jobId, new MatchPlan(m));
    }
    if (job instanceof ResolvedTune t) {
      return new TuneCodec(jobId, new TunePlan(t));
    }
    if (job instanceof ResolvedFit f) {
      return new FitCodec(jobId, new FitPlan(f));
    }
    if (job instanceof ResolvedBalance b) {
      return new BalanceCodec(jobId, new BalancePlan(b));
    }
    throw new IllegalStateException("no job kind for " + job.getClass().getSimpleName());
  }

  public String name() {
    return codec.kind().job().name();
  }

  public int priority() {
    return codec.kind().job().priority();
  }

  /** Chunks of the whole job. */
  public long chunks() {
    return codec.kind().chunks();
  }

  /** What the job costs the coordinator, computed per series in closed form. */
  public JobCost cost() {
    return codec.kind().cost();
  }

  /** Why the job can never run under {@code limits}, or empty. */
  public Optional<String> refusal(JobLimits limits) {
    return limits.refuseAlone(cost(), codec.kind().fewerChunks(), codec.kind().lessStatistics());
  }

  /** Units of the whole job: playouts, or games of a match (two per pair). */
  public long units() {
    return codec.kind().units();
  }

  /** The external engine programs a worker needs to take this job's chunks (often none). */
  public Set<String> engines() {
    return codec.kind().engines();
  }

  /** How long a worker may hold one of this job's chunks, given the lease for playouts. */
  public Duration lease(Duration base) {
    return codec.kind().lease(base);
  }

  /**
   * What a queued job's status says while no worker has taken a chunk: which engines it waits for,
   * if any, or an empty text.
   */
  public String queuedMessage() {
    Set<String> engines = engines();
    if (engines.isEmpty()) {
      return "";
    }
    String programs = String.join(" and ", engines);
    return "waiting for a worker that runs "
        + programs
        + " (start one with gofarm worker --engine "
        + engines.iterator().next()
        + ")";
  }
}
