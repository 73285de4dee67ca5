package gofarm.wire;

import gofarm.playout.PolicyParameter;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneSpec;
import gofarm.rules.Rules;
import gofarm.stats.Sprt;
import gofarm.stats.Spsa;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Validates the {@code tune} part of a job spec and resolves it into a {@link ResolvedTune}.
 *
 * <p>Defaults: 1,000 iterations of 8 pairs; games on 9x9 at 1,000 playouts per move, otherwise as a
 * match's; 1,000 playouts per evaluation, 50,000 per reference search; a confirmation of 1,000
 * pairs. The games of a pair (and of the confirmation) are resolved as a match's, so their fields
 * take the same ranges and give the same messages, under {@code objective.match} (or {@code
 * confirm.match}).
 */
public final class TuneSpecs {
  public static final int MAX_PARAMETERS = 16;
  public static final int DEFAULT_ITERATIONS = 1000;
  public static final int MAX_ITERATIONS = 100_000;
  public static final int DEFAULT_BATCH_PAIRS = 8;
  public static final int MAX_BATCH_PAIRS = 256;

  /** The most pairs a tuning may play (iterations × batchPairs), so its chunk count fits. */
  public static final long MAX_PAIRS = 1_000_000;

  public static final int DEFAULT_EVALUATION_PLAYOUTS = 1000;
  public static final int MAX_EVALUATION_PLAYOUTS = 1_000_000;
  public static final long DEFAULT_REFERENCE_PLAYOUTS = 50_000;

  private TuneSpecs() {}

  /** The resolved tuning, or null after adding its violations under {@code path}. */
  static ResolvedTune resolve(
      String name, long seed, int priority, Rules rules, TuneSpec t, String path, Violations v) {
    int before = v.count();
    PolicySpec start = null;
    String policyPath = Violations.join(path, "policy");
    if (!t.hasPolicy()) {
      v.add(policyPath, "required: the starting policy, a preset name or rules");
    } else {
      start = Codec.policy(t.getPolicy(), policyPath, v);
    }
    int iterations = t.hasIterations() ? t.getIterations() : DEFAULT_ITERATIONS;
    boolean iterationsOk =
        v.range(Violations.join(path, "iterations"), 1, MAX_ITERATIONS, iterations);
    int batchPairs = t.hasBatchPairs() ? t.getBatchPairs() : DEFAULT_BATCH_PAIRS;
    boolean batchOk = v.range(Violations.join(path, "batchPairs"), 1, MAX_BATCH_PAIRS, batchPairs);
    if (iterationsOk && batchOk && (long) iterations * batchPairs > MAX_PAIRS) {
      v.add(
          path,
          "iterations x batchPairs must be at most "
              + MAX_PAIRS
              + " pairs (got "
              + iterations
              + " x "
              + batchPairs
              + ")");
    }
    List<PolicyParameter> parameters = new ArrayList<>();
    List<Spsa.Parameter> gains = new ArrayList<>();
    if (start != null) {
      parameters(
          t.getParametersList(), start, Violations.join(path, "parameters"), parameters, gains, v);
    }

    String op = Violations.join(path, "objective");
    ResolvedMatch games = null;
    List<JobPosition> positions = List.of();
    List<Double> values = List.of();
    int playouts = 0;
    long referencePlayouts = 0;
    switch (t.getObjective().getKindCase()) {
      case MATCH -> {
        if (start != null) {
          games =
              games(
                  name,
                  seed,
                  priority,
                  rules,
                  start,
                  t.getObjective().getMatch(),
                  Violations.join(op, "match"),
                  v);
        }
      }
      case EVALUATION -> {
        TuneEvaluation e = t.getObjective().getEvaluation();
        String ep = Violations.join(op, "evaluation");
        playouts = e.getPlayouts() == 0 ? DEFAULT_EVALUATION_PLAYOUTS : e.getPlayouts();
        v.range(Violations.join(ep, "playouts"), 1, MAX_EVALUATION_PLAYOUTS, playouts);
        referencePlayouts =
            e.getReferencePlayouts() == 0 ? DEFAULT_REFERENCE_PLAYOUTS : e.getReferencePlayouts();
        v.range(
            Violations.join(ep, "referencePlayouts"),
            1,
            MatchSpecs.MAX_PLAYOUTS,
            referencePlayouts);
        String pp = Violations.join(ep, "positions");
        List<PositionSource> sources = new ArrayList<>();
        List<Double> refs = new ArrayList<>();
        for (int i = 0; i < e.getPositionsCount(); i++) {
          ReferencePosition r = e.getPositions(i);
          String rp = Violations.index(pp, i);
          if (r.getPosition().getSgf().getEveryMove()) {
            v.add(
                Violations.join(rp, "position.sgf.everyMove"),
                "must be false: each reference position has one value");
          }
          double value = r.hasBlackValue() ? r.getBlackValue() : Double.NaN;
          if (r.hasBlackValue() && !(value >= 0 && value <= 1)) {
            v.add(
                Violations.join(rp, "blackValue"),
                "must be 0..1, black's probability of winning (got "
                    + Violations.number(value)
                    + ")");
          }
          sources.add(r.getPosition());
          refs.add(value);
        }
        positions =
            JobSpecs.positions(
                sources, pp, i -> Violations.join(Violations.index(pp, i), "position"), rules, v);
        values = refs;
      }
      case KIND_NOT_SET ->
          v.add(
              op,
              "required: give match (game pairs of θ+ against θ−) or evaluation (reference positions)");
    }

    ResolvedMatch confirm = null;
    if (t.hasConfirm() && start != null) {
      confirm =
          confirm(
              name,
              seed,
              priority,
              rules,
              start,
              t.getConfirm(),
              games,
              Violations.join(path, "confirm"),
              v);
    }
    if (v.count() > before) {
      return null;
    }
    return new ResolvedTune(
        name,
        seed,
        priority,
        rules,
        start,
        parameters,
        new Spsa(iterations, gains),
        batchPairs,
        games,
        positions,
        values,
        playouts,
        referencePlayouts,
        confirm);
  }

  private static void parameters(
      List<TuneParameter> list,
      PolicySpec start,
      String path,
      List<PolicyParameter> parameters,
      List<Spsa.Parameter> gains,
      Violations v) {
    if (list.isEmpty() || list.size() > MAX_PARAMETERS) {
      v.add(path, "must list 1.." + MAX_PARAMETERS + " parameters (got " + list.size() + ")");
      return;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      TuneParameter t = list.get(i);
      String p = Violations.index(path, i);
      PolicyParameter parameter;
      try {
        parameter = PolicyParameter.parse(t.getPath(), start);
      } catch (IllegalArgumentException e) {
        v.add(Violations.join(p, "path"), e.getMessage());
        continue;
      }
      if (!seen.add(parameter.path())) {
        v.add(Violations.join(p, "path"), "is tuned twice (got " + parameter.path() + ")");
        continue;
      }
      double lo = parameter.range().min();
      double hi = parameter.range().max();
      boolean ok = true;
      if (!(t.getMin() >= lo && t.getMin() <= hi)) {
        v.add(Violations.join(p, "min"), outside(parameter, lo, hi, t.getMin()));
        ok = false;
      }
      if (!(t.getMax() >= lo && t.getMax() <= hi)) {
        v.add(Violations.join(p, "max"), outside(parameter, lo, hi, t.getMax()));
        ok = false;
      }
      if (ok && !(t.getMin() < t.getMax())) {
        v.add(
            Violations.join(p, "max"),
            "must be above min "
                + Violations.number(t.getMin())
                + " (got "
                + Violations.number(t.getMax())
                + ")");
        ok = false;
      }
      ok &= positive(Violations.join(p, "cEnd"), t.getCEnd(), v);
      ok &= positive(Violations.join(p, "rEnd"), t.getREnd(), v);
      if (ok) {
        double value = parameter.get(start);
        if (value < t.getMin() || value > t.getMax()) {
          v.add(
              p,
              "the starting policy's value "
                  + Violations.number(value)
                  + " is outside min..max "
                  + Violations.number(t.getMin())
                  + ".."
                  + Violations.number(t.getMax()));
          continue;
        }
        parameters.add(parameter);
        gains.add(new Spsa.Parameter(t.getMin(), t.getMax(), t.getCEnd(), t.getREnd()));
      }
    }
  }

  private static String outside(PolicyParameter parameter, double lo, double hi, double value) {
    return "must be within "
        + parameter.path()
        + "'s documented range "
        + Violations.number(lo)
        + ".."
        + Violations.number(hi)
        + " (got "
        + Violations.number(value)
        + ")";
  }

  private static boolean positive(String field, double value, Violations v) {
    if (value > 0 && Double.isFinite(value)) {
      return true;
    }
    v.add(field, "must be a positive number (got " + Violations.number(value) + ")");
    return false;
  }

  /**
   * The games of {@code m} resolved as a match of two search players on {@code start} (named θ+ and
   * θ−): one pair, no SPRT (a confirmation sets its own with {@link ResolvedMatch#withPairs}).
   */
  private static ResolvedMatch games(
      String name,
      long seed,
      int priority,
      Rules rules,
      PolicySpec start,
      TuneMatch m,
      String path,
      Violations v) {
    int before = v.count();
    long playouts = m.getPlayouts() == 0 ? MatchSpecs.DEFAULT_PLAYOUTS : m.getPlayouts();
    v.range(Violations.join(path, "playouts"), 1, MatchSpecs.MAX_PLAYOUTS, playouts);
    if (v.count() > before) {
      return null;
    }
    SearchPlayerSpec search =
        SearchPlayerSpec.newBuilder().setPolicy(Codec.toProto(start)).setPlayouts(playouts).build();
    MatchSpec.Builder b =
        MatchSpec.newBuilder()
            .setCandidate(MatchPlayer.newBuilder().setName(ResolvedTune.PLUS).setSearch(search))
            .setBaseline(MatchPlayer.newBuilder().setName(ResolvedTune.MINUS).setSearch(search))
            .setSize(m.getSize())
            .setMaxMoves(m.getMaxMoves())
            .setAdjudicationValue(m.getAdjudicationValue())
            .setPairs(1);
    if (m.hasOpenings()) {
      b.setOpenings(m.getOpenings());
    }
    if (m.hasReferee()) {
      b.setReferee(m.getReferee());
    }
    return MatchSpecs.resolve(name, seed, priority, rules, b.build(), path, v);
  }

  /**
   * The confirmation match: its own games, or the match objective's ({@code objective}, null with
   * the evaluation objective), with its pairs and SPRT.
   */
  static ResolvedMatch confirm(
      String name,
      long seed,
      int priority,
      Rules rules,
      PolicySpec start,
      TuneConfirm c,
      ResolvedMatch objective,
      String path,
      Violations v) {
    int before = v.count();
    int pairs = c.getPairs() == 0 ? MatchSpecs.DEFAULT_PAIRS : c.getPairs();
    v.range(Violations.join(path, "pairs"), 1, MatchSpecs.MAX_PAIRS, pairs);
    Sprt sprt = c.hasSprt() ? MatchSpecs.sprt(c.getSprt(), Violations.join(path, "sprt"), v) : null;
    ResolvedMatch games = objective;
    if (c.hasMatch()) {
      games =
          games(
              name, seed, priority, rules, start, c.getMatch(), Violations.join(path, "match"), v);
    } else if (objective == null) {
      v.add(
          Violations.join(path, "match"),
          "required with the evaluation objective: the games of the confirmation, e.g. {\"size\": 9,"
              + " \"playouts\": 400}");
    }
    return v.count() > before || games == null ? null : games.withPairs(pairs, sprt);
  }
}
