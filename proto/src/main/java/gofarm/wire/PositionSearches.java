package gofarm.wire;

import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.PositionSearch;
import gofarm.proto.v1.PositionValue;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import gofarm.search.SearchConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The position-search chunks of the worker protocol (a tuning's reference step): the assignment
 * checked and decoded for the worker, its result, and the checks of a result before it is counted.
 */
public final class PositionSearches {
  /** The largest budget of one search. */
  public static final long MAX_PLAYOUTS = MatchSpecs.MAX_PLAYOUTS;

  private PositionSearches() {}

  /**
   * The search an assignment describes, every field checked (paths relative to the assignment).
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming every bad field
   */
  public static SearchChunk decode(ChunkAssignment a) {
    Violations v = new Violations();
    if (a.getId().getJobId().isEmpty()) {
      v.add("id.jobId", "required");
    }
    PositionSearch s = a.getSearch();
    v.range("search.playouts", 1, MAX_PLAYOUTS, s.getPlayouts());
    // The ranges a match's search player has (MatchSpecs).
    double prior = s.hasPrior() ? s.getPrior() : 0;
    double exploration = s.hasExploration() ? s.getExploration() : 0;
    double rave =
        s.hasRaveEquivalence() ? s.getRaveEquivalence() : SearchConfig.DEFAULT_RAVE_EQUIVALENCE;
    v.range("search.prior", 0, 100, prior);
    v.range("search.exploration", 0, 10, exploration);
    v.range("search.raveEquivalence", 1, 1e9, rave);
    Rules rules = Codec.rules(a.getRules(), "rules", v);
    PolicySpec policy = Codec.policy(a.getPolicy(), "policy", v);
    Game game = Codec.game(a.getPosition(), rules == null ? Rules.DEFAULT : rules, "position", v);
    v.throwIfAny();
    SearchConfig config =
        SearchConfig.of(policy)
            .withPrior(prior)
            .withExploration(exploration)
            .withRaveEquivalence(rave);
    return new SearchChunk(
        ChunkKey.fromProto(a.getId()), game, config, s.getPlayouts(), a.getSeed());
  }

  /** The search message of a reference search with {@code config}'s settings. */
  public static PositionSearch search(SearchConfig config, long playouts) {
    return PositionSearch.newBuilder()
        .setPlayouts(playouts)
        .setPrior(config.prior())
        .setExploration(config.exploration())
        .setRaveEquivalence(config.raveEquivalence())
        .build();
  }

  /** The result message of a finished search. */
  public static ChunkResult result(ChunkKey key, double blackValue, long playouts, double seconds) {
    return ChunkResult.newBuilder()
        .setId(key.toProto())
        .setValue(PositionValue.newBuilder().setBlackValue(blackValue).setPlayouts(playouts))
        .setSeconds(seconds)
        .build();
  }

  /**
   * The problems of a search's result: empty when it may be counted. Paths are relative to the
   * result ({@code value.blackValue}).
   */
  public static List<String> problems(ChunkResult result) {
    List<String> problems = new ArrayList<>();
    double seconds = result.getSeconds();
    if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
      problems.add("seconds: must be finite and not negative (got " + seconds + ")");
    }
    if (!result.hasValue()) {
      problems.add("value: required");
      return problems;
    }
    double value = result.getValue().getBlackValue();
    if (!(value >= 0 && value <= 1)) {
      problems.add("value.blackValue: must be 0..1 (got " + value + ")");
    }
    if (result.getValue().getPlayouts() < 0) {
      problems.add(
          "value.playouts: must not be negative (got " + result.getValue().getPlayouts() + ")");
    }
    return problems.isEmpty() ? List.of() : problems;
  }
}
