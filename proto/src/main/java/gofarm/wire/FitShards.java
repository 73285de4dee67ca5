package gofarm.wire;

import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.learn.FeatureLayout;
import gofarm.learn.FitShard;
import gofarm.learn.GameDecisions;
import gofarm.learn.MmSums;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.FitShardAssignment;
import gofarm.proto.v1.FitShardResult;
import gofarm.proto.v1.FitSums;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * The fit chunks of the worker protocol: the assignment of a shard for the hub, the same checked
 * and decoded for the worker, the worker's result, and the checks of a result before it is counted.
 * γ and the sums travel as doubles, which protobuf carries bit for bit, so a shard gives the same
 * sums on every worker and the coordinator adds exactly what the workers computed.
 *
 * <pre>{@code
 * ChunkAssignment a = FitShards.assignment(key, fit.shards().get(s), fit.skipMoves(), gamma, g); // hub
 * FitShards.Work w = FitShards.decode(a);                                                 // worker
 * ChunkResult r = FitShards.result(w.key(), new FitShard().run(w.games(), ...), seconds);
 * List<String> bad = FitShards.problems(r, shard.moves());                               // hub
 * FitShard.Result sums = FitShards.sums(r);
 * }</pre>
 */
public final class FitShards {
  private static final FeatureLayout LAYOUT = GameDecisions.LAYOUT;

  private FitShards() {}

  /**
   * A fit chunk as a worker runs it: {@code FitShard.run(games, heldOut, skipMoves, gamma, group)}.
   *
   * @param key which chunk this is, to send back with the result
   * @param games the shard's games, in order
   * @param heldOut per game, whether it is held out
   * @param skipMoves moves at the start of each game not learnt from
   * @param gamma γ of every feature id
   * @param group the feature group to sum for
   */
  public record Work(
      ChunkKey key,
      List<SgfGame> games,
      boolean[] heldOut,
      int skipMoves,
      double[] gamma,
      int group) {}

  /**
   * The assignment of chunk {@code key}: shard {@code shard} summed at {@code gamma} for a group.
   */
  public static ChunkAssignment assignment(
      ChunkKey key, ResolvedFit.Shard shard, int skipMoves, double[] gamma, int group) {
    FitShardAssignment.Builder f =
        FitShardAssignment.newBuilder()
            .setGames(shard.sgf())
            .setSkipMoves(skipMoves)
            .setGroup(group);
    for (boolean held : shard.heldOut()) {
      f.addHeldOut(held);
    }
    for (double g : gamma) {
      f.addGamma(g);
    }
    return ChunkAssignment.newBuilder().setId(key.toProto()).setFit(f).build();
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
    FitShardAssignment f = a.getFit();
    v.range("fit.skipMoves", 0, FitSpecs.MAX_SKIP_MOVES, f.getSkipMoves());
    v.range("fit.group", 0, LAYOUT.groupCount() - 1, f.getGroup());
    double[] gamma = new double[f.getGammaCount()];
    if (gamma.length != LAYOUT.size()) {
      v.add(
          "fit.gamma",
          "must hold one value per feature id, "
              + LAYOUT.size()
              + " (got "
              + gamma.length
              + "); run workers of the coordinator's release");
    }
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = f.getGamma(i);
      if (!(gamma[i] >= 0 && gamma[i] < Double.POSITIVE_INFINITY)) {
        v.add("fit.gamma[" + i + "]", "must be finite and >= 0 (got " + gamma[i] + ")");
        break;
      }
    }
    List<SgfGame> games = List.of();
    try {
      games = Sgf.parse(f.getGames());
    } catch (SgfParseException e) {
      v.add("fit.games", e.getMessage());
    }
    if (v.isEmpty() && games.size() != f.getHeldOutCount()) {
      v.add(
          "fit.heldOut",
          "must hold one flag per game, " + games.size() + " (got " + f.getHeldOutCount() + ")");
    }
    if (games.size() > FitSpecs.MAX_GAMES_PER_CHUNK) {
      v.add(
          "fit.games",
          "at most " + FitSpecs.MAX_GAMES_PER_CHUNK + " games (got " + games.size() + ")");
    }
    v.throwIfAny();
    boolean[] heldOut = new boolean[games.size()];
    for (int i = 0; i < heldOut.length; i++) {
      heldOut[i] = f.getHeldOut(i);
    }
    return new Work(
        ChunkKey.fromProto(a.getId()), games, heldOut, f.getSkipMoves(), gamma, f.getGroup());
  }

  /** The result message of a finished fit chunk. */
  public static ChunkResult result(ChunkKey key, FitShard.Result r, double seconds) {
    FitShardResult.Builder b =
        FitShardResult.newBuilder()
            .setTrain(toProto(r.train()))
            .setTest(toProto(r.test()))
            .setSkippedTrain(r.skippedTrain())
            .setSkippedTest(r.skippedTest())
            .setGroup(r.train().group());
    long[] candidates = r.candidates();
    for (int id = 0; id < candidates.length; id++) {
      if (candidates[id] != 0) {
        b.addCandidateIds(id).addCandidateCounts(candidates[id]);
      }
    }
    return ChunkResult.newBuilder().setId(key.toProto()).setFit(b).setSeconds(seconds).build();
  }

  private static FitSums toProto(MmSums s) {
    FitSums.Builder b =
        FitSums.newBuilder()
            .setLogLikelihood(s.logLikelihood())
            .setDecisions(s.decisions())
            .setTop1(s.top1())
            .setTop5(s.top5());
    for (double d : s.denominators()) {
      b.addDenominators(d);
    }
    long[] wins = s.wins();
    for (int id = 0; id < wins.length; id++) {
      if (wins[id] != 0) {
        b.addWinIds(id).addWinCounts(wins[id]);
      }
    }
    return b.build();
  }

  /**
   * The problems of a fit chunk's result for a shard of {@code moves} moves: empty when it may be
   * counted. Paths are relative to the result ({@code fit.train.decisions}). Whether its group is
   * the one its pass sums for is the tally's to say ({@code FitTally.refusal}).
   */
  public static List<String> problems(ChunkResult result, long moves) {
    List<String> problems = new ArrayList<>();
    double seconds = result.getSeconds();
    if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
      problems.add("seconds: must be finite and not negative (got " + seconds + ")");
    }
    if (!result.hasFit()) {
      problems.add("fit: required");
      return problems;
    }
    FitShardResult f = result.getFit();
    int group = f.getGroup();
    if (group < 0 || group >= LAYOUT.groupCount()) {
      problems.add("fit.group: must be 0.." + (LAYOUT.groupCount() - 1) + " (got " + group + ")");
      return problems;
    }
    sumsProblems("fit.train", f.getTrain(), group, problems);
    sumsProblems("fit.test", f.getTest(), group, problems);
    if (f.getSkippedTrain() < 0 || f.getSkippedTest() < 0) {
      problems.add(
          "fit.skippedTrain, fit.skippedTest: must not be negative (got "
              + f.getSkippedTrain()
              + ", "
              + f.getSkippedTest()
              + ")");
    }
    long read =
        f.getTrain().getDecisions()
            + f.getTest().getDecisions()
            + f.getSkippedTrain()
            + f.getSkippedTest();
    if (problems.isEmpty() && read > moves) {
      problems.add(
          "fit: decisions and skipped moves must be at most the shard's "
              + moves
              + " moves (got "
              + read
              + ")");
    }
    sparseProblems(
        "fit.candidate",
        f.getCandidateIdsCount(),
        f.getCandidateCountsCount(),
        f::getCandidateIds,
        f::getCandidateCounts,
        problems);
    if (problems.isEmpty()) {
      try {
        sums(result);
      } catch (IllegalArgumentException e) {
        problems.add("fit: " + e.getMessage());
      }
    }
    return problems.isEmpty() ? List.of() : problems;
  }

  private static void sumsProblems(String path, FitSums s, int group, List<String> problems) {
    if (s.getDenominatorsCount() != LAYOUT.groupSize(group)) {
      problems.add(
          path
              + ".denominators: must hold one per value of group "
              + LAYOUT.groupName(group)
              + ", "
              + LAYOUT.groupSize(group)
              + " (got "
              + s.getDenominatorsCount()
              + ")");
    }
    for (int i = 0; i < s.getDenominatorsCount(); i++) {
      double d = s.getDenominators(i);
      if (!(d >= 0 && d < Double.POSITIVE_INFINITY)) {
        problems.add(path + ".denominators[" + i + "]: must be finite and >= 0 (got " + d + ")");
        break;
      }
    }
    double ll = s.getLogLikelihood();
    if (!(ll <= 0 && ll > Double.NEGATIVE_INFINITY)) {
      problems.add(path + ".logLikelihood: must be finite and <= 0 (got " + ll + ")");
    }
    sparseProblems(
        path + ".win",
        s.getWinIdsCount(),
        s.getWinCountsCount(),
        s::getWinIds,
        s::getWinCounts,
        problems);
  }

  /** Sparse counts: ids ascending within the layout, one positive count each. */
  private static void sparseProblems(
      String path,
      int idCount,
      int countCount,
      IntUnaryOperator ids,
      IntToLongFunction counts,
      List<String> problems) {
    if (idCount != countCount) {
      problems.add(
          path
              + "Ids, "
              + path
              + "Counts: must be as long (got "
              + idCount
              + " and "
              + countCount
              + ")");
      return;
    }
    int previous = -1;
    for (int i = 0; i < idCount; i++) {
      int id = ids.applyAsInt(i);
      if (id <= previous || id >= LAYOUT.size()) {
        problems.add(
            path
                + "Ids["
                + i
                + "]: must be ascending feature ids within 0.."
                + (LAYOUT.size() - 1)
                + " (got "
                + id
                + ")");
        return;
      }
      previous = id;
      long count = counts.applyAsLong(i);
      if (count <= 0) {
        problems.add(path + "Counts[" + i + "]: must be > 0 (got " + count + ")");
        return;
      }
    }
  }

  /**
   * The sums of a result in core terms, for the group it names.
   *
   * @throws IllegalArgumentException naming what no pass over decisions could give (see {@link
   *     MmSums#of}); {@link #problems} says everything else
   */
  public static FitShard.Result sums(ChunkResult result) {
    FitShardResult f = result.getFit();
    int group = f.getGroup();
    return new FitShard.Result(
        mmSums("train", f.getTrain(), group),
        mmSums("test", f.getTest(), group),
        f.getSkippedTrain(),
        f.getSkippedTest(),
        dense(f.getCandidateIdsCount(), f::getCandidateIds, f::getCandidateCounts));
  }

  private static MmSums mmSums(String name, FitSums s, int group) {
    double[] denominators = new double[s.getDenominatorsCount()];
    for (int i = 0; i < denominators.length; i++) {
      denominators[i] = s.getDenominators(i);
    }
    try {
      return MmSums.of(
          LAYOUT,
          group,
          denominators,
          dense(s.getWinIdsCount(), s::getWinIds, s::getWinCounts),
          s.getLogLikelihood(),
          s.getDecisions(),
          s.getTop1(),
          s.getTop5());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + "." + e.getMessage(), e);
    }
  }

  private static long[] dense(int n, IntUnaryOperator ids, IntToLongFunction counts) {
    long[] out = new long[LAYOUT.size()];
    for (int i = 0; i < n; i++) {
      out[ids.applyAsInt(i)] = counts.applyAsLong(i);
    }
    return out;
  }
}
