package gofarm.wire;

import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.Welcome;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The worker protocol of {@code worker.proto} in core terms: its version, the checks of a {@code
 * Hello}, and the chunk messages in both directions.
 *
 * <pre>{@code
 * // hub
 * WorkerProtocol.checkHello(hello);                         // FAILED_PRECONDITION / INVALID_ARGUMENT
 * ChunkAssignment a = WorkerProtocol.assignment(jobId, job, p, q, c);
 * List<String> bad = WorkerProtocol.resultProblems(result, aggregate, job.playoutsOfChunk(p, q, c));
 * // worker
 * Chunk chunk = WorkerProtocol.chunk(a);
 * ChunkResult r = WorkerProtocol.result(chunk.key(), stats, seconds);
 * }</pre>
 */
public final class WorkerProtocol {
  /** The version of {@code worker.proto} this code speaks. */
  public static final int VERSION = 1;

  public static final int MAX_THREADS = 1024;
  public static final int MAX_CREDIT = 4096;
  public static final int MAX_LABELS = 32;
  public static final int MAX_LABEL_CHARS = 128;
  public static final int MAX_CHUNK_PLAYOUTS = Chunking.MAX_CHUNK_PLAYOUTS;

  private static final Pattern WORKER_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

  private WorkerProtocol() {}

  /**
   * Why the hub refuses a worker that speaks protocol {@code workerVersion}, for the
   * FAILED_PRECONDITION the stream ends with.
   */
  public static String versionMismatch(int workerVersion) {
    String fix = "; run workers of the same gofarm release as the coordinator";
    if (workerVersion == 0) {
      return "the worker did not say which protocol it speaks (hello.protocolVersion is unset);"
          + " this coordinator speaks worker protocol "
          + VERSION
          + fix;
    }
    return "the worker speaks worker protocol "
        + workerVersion
        + ", this coordinator speaks "
        + VERSION
        + fix;
  }

  /**
   * Checks the first message of a worker's stream: the protocol version first, then every field.
   *
   * @throws StatusRuntimeException FAILED_PRECONDITION with {@link #versionMismatch} for another
   *     protocol version, INVALID_ARGUMENT naming every bad field otherwise
   */
  public static void checkHello(Hello hello) {
    if (hello.getProtocolVersion() != VERSION) {
      throw Status.FAILED_PRECONDITION
          .withDescription(versionMismatch(hello.getProtocolVersion()))
          .asRuntimeException();
    }
    Violations v = new Violations();
    String id = hello.getWorkerId();
    if (!WORKER_ID.matcher(id).matches()) {
      v.add(
          "hello.workerId",
          "must be 1..128 characters of A-Z a-z 0-9 . _ : - (got " + Violations.quote(id) + ")");
    }
    v.range("hello.threads", 1, MAX_THREADS, hello.getThreads());
    if (hello.getCredit() != 0) {
      v.range("hello.credit", 1, MAX_CREDIT, hello.getCredit());
    }
    if (hello.getLabelsCount() > MAX_LABELS) {
      v.add(
          "hello.labels", "at most " + MAX_LABELS + " labels (got " + hello.getLabelsCount() + ")");
    } else {
      for (Map.Entry<String, String> e : hello.getLabelsMap().entrySet()) {
        if (e.getKey().isEmpty() || e.getKey().length() > MAX_LABEL_CHARS) {
          v.add(
              "hello.labels",
              "a label name must be 1.."
                  + MAX_LABEL_CHARS
                  + " characters (got "
                  + e.getKey().length()
                  + ")");
        } else {
          v.maxLength("hello.labels." + e.getKey(), MAX_LABEL_CHARS, e.getValue());
        }
      }
    }
    v.throwIfAny();
  }

  /** The chunks a worker wants in hand: its credit, or 2 per thread by default. */
  public static int credit(Hello hello) {
    return hello.getCredit() != 0
        ? hello.getCredit()
        : Math.min(MAX_CREDIT, 2 * hello.getThreads());
  }

  /** The hub's answer to a valid Hello. */
  public static Welcome welcome(int leaseSeconds, String version) {
    return Welcome.newBuilder()
        .setProtocolVersion(VERSION)
        .setLeaseSeconds(leaseSeconds)
        .setVersion(version)
        .build();
  }

  /** Why a worker cannot work with the hub that sent this Welcome, or null if it can. */
  public static String welcomeProblem(Welcome welcome) {
    if (welcome.getProtocolVersion() == VERSION) {
      return null;
    }
    return "the coordinator speaks worker protocol "
        + welcome.getProtocolVersion()
        + ", this worker speaks "
        + VERSION
        + "; run a worker of the same gofarm release as the coordinator";
  }

  /** The assignment of chunk {@code chunk} of pair ({@code position}, {@code policy}) of a job. */
  public static ChunkAssignment assignment(
      String jobId, ResolvedJob job, int position, int policy, int chunk) {
    return ChunkAssignment.newBuilder()
        .setId(new ChunkKey(jobId, position, policy, chunk).toProto())
        .setPosition(job.positions().get(position).position())
        .setRules(Codec.toProto(job.rules()))
        .setPolicy(Codec.toProto(job.policies().get(policy)))
        .setPlayouts(job.playoutsOfChunk(position, policy, chunk))
        .setSeed(job.chunkSeed(position, policy, chunk))
        .build();
  }

  /**
   * The chunk an assignment describes, every field checked (paths relative to the assignment).
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT naming every bad field
   */
  public static Chunk chunk(ChunkAssignment a) {
    Violations v = new Violations();
    if (a.getId().getJobId().isEmpty()) {
      v.add("id.jobId", "required");
    }
    v.range("playouts", 1, MAX_CHUNK_PLAYOUTS, a.getPlayouts());
    Rules rules = Codec.rules(a.getRules(), "rules", v);
    PolicySpec policy = Codec.policy(a.getPolicy(), "policy", v);
    Game game = Codec.game(a.getPosition(), rules == null ? Rules.DEFAULT : rules, "position", v);
    v.throwIfAny();
    return new Chunk(
        ChunkKey.fromProto(a.getId()), PlayoutRoot.of(game), policy, a.getPlayouts(), a.getSeed());
  }

  /** The result message of a finished chunk. */
  public static ChunkResult result(ChunkKey key, PlayoutStats stats, double seconds) {
    return ChunkResult.newBuilder()
        .setId(key.toProto())
        .setStats(StatsCodec.toProto(stats))
        .setSeconds(seconds)
        .build();
  }

  /**
   * The problems of a chunk's result that should add to statistics shaped like {@code shape}: empty
   * when it may be counted. Paths are relative to the result ({@code stats.playouts}).
   */
  public static List<String> resultProblems(
      ChunkResult result, PlayoutStats shape, int expectedPlayouts) {
    List<String> problems = new ArrayList<>();
    double seconds = result.getSeconds();
    if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
      problems.add("seconds: must be finite and not negative (got " + seconds + ")");
    }
    if (!result.hasStats()) {
      problems.add("stats: required");
      return problems;
    }
    if (result.getStats().getPlayouts() != expectedPlayouts) {
      problems.add(
          "stats.playouts: must be the chunk's "
              + expectedPlayouts
              + " (got "
              + result.getStats().getPlayouts()
              + ")");
    }
    for (String p : StatsCodec.problems(result.getStats(), shape)) {
      problems.add("stats." + p);
    }
    return problems.isEmpty() ? List.of() : problems;
  }
}
