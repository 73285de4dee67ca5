package gofarm.wire;

import gofarm.learn.BalanceShard;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.PlayoutRoot;
import gofarm.proto.v1.BalanceSample;
import gofarm.proto.v1.BalanceShardAssignment;
import gofarm.proto.v1.BalanceShardResult;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;

/**
 * The balance chunks of the worker protocol: the assignment of a shard of positions for the hub,
 * the same checked and decoded for the worker, the worker's result, and the checks of a result
 * before it is counted. γ, the gradient and the values travel as doubles, which protobuf carries
 * bit for bit, so a shard gives the same sums on every worker.
 *
 * <pre>{@code
 * ChunkAssignment a = BalanceShards.assignment(key, job, shard, pass, gamma, targets); // hub
 * BalanceShards.Work w = BalanceShards.decode(a);                                      // worker
 * ChunkResult r = BalanceShards.result(w.key(), new BalanceShard().run(...), seconds);
 * List<String> bad = BalanceShards.problems(r, shard, pass, job);                      // hub
 * }</pre>
 */
public final class BalanceShards {
  private BalanceShards() {}

  /**
   * A balance chunk as a worker runs it.
   *
   * @param key which chunk this is, to send back with the result
   * @param samples the positions with their targets and seeds, all of one board size
   * @param gamma γ of every feature id
   * @param valuePlayouts M
   * @param gradientPlayouts N, or 0 to measure values only
   */
  public record Work(
      ChunkKey key,
      List<BalanceShard.Sample> samples,
      GammaTable gamma,
      int valuePlayouts,
      int gradientPlayouts) {}

  /**
   * A shard's sums in core terms.
   *
   * @param gradient per feature id, Σ over the training positions of (V* − V) · g
   * @param values each position's V, in order
   */
  public record Sums(double[] gradient, double[] values) {}

  /**
   * The assignment of chunk {@code key}: {@code shard} of {@code job} in pass {@code pass}, at
   * {@code gamma}, with the positions' targets {@code targets} (indexed by position).
   */
  public static ChunkAssignment assignment(
      ChunkKey key,
      ResolvedBalance job,
      ResolvedBalance.Shard shard,
      int pass,
      double[] gamma,
      double[] targets) {
    BalanceShardAssignment.Builder b =
        BalanceShardAssignment.newBuilder()
            .setValuePlayouts(job.valuePlayouts())
            .setGradientPlayouts(pass <= job.iterations() ? job.gradientPlayouts() : 0);
    for (int i = shard.first(); i < shard.first() + shard.count(); i++) {
      b.addSamples(
          BalanceSample.newBuilder()
              .setPosition(job.positions().get(i).position())
              .setTarget(targets[i])
              .setHeldOut(job.heldOut().get(i))
              .setSeed(job.sampleSeed(pass, i)));
    }
    for (double g : gamma) {
      b.addGamma(g);
    }
    return ChunkAssignment.newBuilder()
        .setId(key.toProto())
        .setRules(Codec.toProto(job.rules()))
        .setBalance(b)
        .build();
  }

  /**
   * The work an assignment describes, every field checked (paths relative to the assignment).
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming every bad field
   */
  public static Work decode(ChunkAssignment a) {
    Violations v = new Violations();
    if (a.getId().getJobId().isEmpty()) {
      v.add("id.jobId", "required");
    }
    BalanceShardAssignment b = a.getBalance();
    v.range("balance.valuePlayouts", 1, BalanceSpecs.MAX_PLAYOUTS, b.getValuePlayouts());
    v.range("balance.gradientPlayouts", 0, BalanceSpecs.MAX_PLAYOUTS, b.getGradientPlayouts());
    double[] gamma = new double[b.getGammaCount()];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = b.getGamma(i);
    }
    GammaTable table = null;
    try {
      table = GammaTable.of(gamma);
    } catch (IllegalArgumentException e) {
      v.add("balance.gamma", e.getMessage() + "; run workers of the coordinator's release");
    }
    Rules rules = Codec.rules(a.getRules(), "rules", v);
    int count = b.getSamplesCount();
    v.range("balance.samples", 1, BalanceSpecs.MAX_POSITIONS_PER_CHUNK, count);
    List<BalanceShard.Sample> samples = new ArrayList<>();
    for (int i = 0; i < count && v.isEmpty(); i++) {
      BalanceSample s = b.getSamples(i);
      String path = "balance.samples[" + i + "]";
      if (!(s.getTarget() >= 0 && s.getTarget() <= 1)) {
        v.add(path + ".target", "must be 0..1 (got " + s.getTarget() + ")");
      }
      if (i > 0 && s.getPosition().getSize() != b.getSamples(0).getPosition().getSize()) {
        v.add(path + ".position.size", "must be the shard's one board size");
      }
      Game game = Codec.game(s.getPosition(), rules, path + ".position", v);
      if (game != null) {
        samples.add(
            new BalanceShard.Sample(
                PlayoutRoot.of(game),
                s.getTarget(),
                s.getHeldOut() || b.getGradientPlayouts() == 0,
                s.getSeed()));
      }
    }
    v.throwIfAny();
    return new Work(
        ChunkKey.fromProto(a.getId()),
        samples,
        table,
        b.getValuePlayouts(),
        b.getGradientPlayouts());
  }

  /** The result message of a finished balance chunk. */
  public static ChunkResult result(ChunkKey key, BalanceShard.Result r, double seconds) {
    BalanceShardResult.Builder b = BalanceShardResult.newBuilder();
    double[] gradient = r.gradient();
    for (int id = 0; id < gradient.length; id++) {
      if (gradient[id] != 0) {
        b.addGradientIds(id).addGradientValues(gradient[id]);
      }
    }
    for (double value : r.values()) {
      b.addValues(value);
    }
    return ChunkResult.newBuilder().setId(key.toProto()).setBalance(b).setSeconds(seconds).build();
  }

  /**
   * The problems of a balance chunk's result for {@code shard} of {@code job} in pass {@code pass}:
   * empty when it may be counted. Paths are relative to the result ({@code balance.values[3]}).
   */
  public static List<String> problems(
      ChunkResult result, ResolvedBalance job, ResolvedBalance.Shard shard, int pass) {
    List<String> problems = new ArrayList<>();
    double seconds = result.getSeconds();
    if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
      problems.add("seconds: must be finite and not negative (got " + seconds + ")");
    }
    if (!result.hasBalance()) {
      problems.add("balance: required");
      return problems;
    }
    BalanceShardResult b = result.getBalance();
    if (b.getValuesCount() != shard.count()) {
      problems.add(
          "balance.values: must hold one per position of the shard, "
              + shard.count()
              + " (got "
              + b.getValuesCount()
              + ")");
    }
    // A value is a count of wins and halves over M playouts.
    double halves = 2.0 * job.valuePlayouts();
    for (int i = 0; i < b.getValuesCount(); i++) {
      double value = b.getValues(i);
      double scaled = value * halves;
      if (!(value >= 0 && value <= 1) || Math.abs(scaled - Math.rint(scaled)) > 1e-6) {
        problems.add(
            "balance.values["
                + i
                + "]: must be 0..1 in halves of 1/"
                + job.valuePlayouts()
                + " (got "
                + value
                + ")");
        break;
      }
    }
    boolean gradient = pass <= job.iterations() && shard.train() > 0;
    if (b.getGradientIdsCount() != b.getGradientValuesCount()) {
      problems.add(
          "balance.gradientIds, balance.gradientValues: must be as long (got "
              + b.getGradientIdsCount()
              + " and "
              + b.getGradientValuesCount()
              + ")");
    } else if (!gradient && b.getGradientIdsCount() > 0) {
      problems.add(
          "balance.gradientIds: must be empty: the shard has no training position to differentiate"
              + " in this pass (got "
              + b.getGradientIdsCount()
              + ")");
    } else {
      int previous = -1;
      for (int i = 0; i < b.getGradientIdsCount(); i++) {
        int id = b.getGradientIds(i);
        double g = b.getGradientValues(i);
        if (id <= previous || id >= FeatureSpace.size()) {
          problems.add(
              "balance.gradientIds["
                  + i
                  + "]: must be ascending feature ids within 0.."
                  + (FeatureSpace.size() - 1)
                  + " (got "
                  + id
                  + ")");
          break;
        }
        if (!(g != 0 && Double.isFinite(g))) {
          problems.add(
              "balance.gradientValues[" + i + "]: must be finite and not 0 (got " + g + ")");
          break;
        }
        previous = id;
      }
    }
    return problems.isEmpty() ? List.of() : problems;
  }

  /** The sums of a result checked by {@link #problems}, dense over the feature ids. */
  public static Sums sums(ChunkResult result) {
    BalanceShardResult b = result.getBalance();
    double[] gradient = new double[FeatureSpace.size()];
    for (int i = 0; i < b.getGradientIdsCount(); i++) {
      gradient[b.getGradientIds(i)] = b.getGradientValues(i);
    }
    double[] values = new double[b.getValuesCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = b.getValues(i);
    }
    return new Sums(gradient, values);
  }
}
