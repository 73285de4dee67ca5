package gofarm.report;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneIteration;
import gofarm.proto.v1.TuneSpec;
import gofarm.proto.v1.TuneSummary;
import gofarm.proto.v1.TunedValue;
import gofarm.stats.Sprt;
import gofarm.wire.Codec;
import gofarm.wire.MatchSpecs;
import gofarm.wire.TuneSpecs;
import gofarm.wire.Violations;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A tune job's results and progress as people read them (a table, a live line, a cell of {@code
 * gofarm jobs}) and as programs do (the CSV of θ per iteration, the tuned policy as rule text and
 * as proto3 JSON). The figures are the coordinator's ({@code TuneSummary}, {@code TuneResult});
 * only their presentation is made here, and the confirmation match is shown as {@link MatchReport}
 * shows a match.
 *
 * <pre>
 * parameter               start  tuned θ  change  policy uses  range
 * rules[1].rate             0.8      0.9    +0.1          0.9  0 .. 1
 * rules[0].params.ladder      1     1.62   +0.62            2  0 .. 2
 *
 * iterations    5 of 5, each 8 colour-swapped game pairs of θ+ against θ−
 * objective     match: forward score 62.50 % over the last 10 % of the iterations (...)
 * start policy  extend(counter=1,ladder=1)@0.9 capture@0.8 random
 * tuned policy  extend(counter=1,ladder=2)@0.9 capture@0.9 random
 * confirmation  the tuned policy (candidate) against the start (baseline)
 * candidate     tuned
 * ...           (the confirmation match's rows, as a match's table has them)
 * verdict       CONFIRMED: H1 accepted: Elo 50 rather than 0 (the tuned policy's Elo over the start
 *               is above 0)
 * </pre>
 */
public final class TuneReport {
  /** Parameters shown in the live line; the rest are counted. */
  static final int LIVE_PARAMETERS = 4;

  private TuneReport() {}

  /** Whether the results are a tune job's. */
  static boolean isTune(JobResults r) {
    return r.getSpec().hasTune() || r.hasTune() || r.getStatus().hasTune();
  }

  /** The summary of the results, or of their status when the results carry none. */
  static TuneSummary summary(JobResults r) {
    return r.getTune().hasSummary() ? r.getTune().getSummary() : r.getStatus().getTune();
  }

  /** Whether the objective is the match's (θ+ against θ−), else the evaluation's (an error). */
  static boolean byMatch(TuneSummary t) {
    return !t.getObjective().equals("evaluation");
  }

  /** The confirmation's SPRT with its defaults filled in, or null when it has none. */
  static Sprt sprt(TuneSpec spec) {
    TuneConfirm c = spec.getConfirm();
    return spec.hasConfirm() && c.hasSprt() ? MatchReport.sprt(c.getSprt()) : null;
  }

  /** The results as a two-column table under the job's headline, after a table of parameters. */
  static String table(JobResults r) {
    TuneSummary t = summary(r);
    TuneSpec spec = r.getSpec().getTune();
    JobState state = r.getStatus().getState();
    StringBuilder sb = new StringBuilder(Headline.of(r.getStatus())).append("\n\n");
    sb.append(parameters(t)).append('\n');
    List<String[]> rows = new ArrayList<>();
    int batchPairs = spec.hasBatchPairs() ? spec.getBatchPairs() : TuneSpecs.DEFAULT_BATCH_PAIRS;
    row(
        rows,
        "iterations",
        String.format(
            Locale.ROOT,
            "%,d of %,d, each %,d %s",
            t.getIteration(),
            t.getIterations(),
            batchPairs,
            byMatch(t)
                ? "colour-swapped game pairs of θ+ against θ−"
                : "positions evaluated under θ+ and θ− with equal seeds"));
    row(rows, "objective", objectiveText(t, r.getTune().getIterationsList()));
    if (!byMatch(t)) {
      row(rows, "reference", referenceText(spec));
    }
    row(rows, "start policy", startPolicy(r));
    row(rows, "tuned policy", t.getTunedPolicy());
    boolean asked = spec.hasConfirm();
    Sprt sprt = sprt(spec);
    if (t.hasConfirm()) {
      MatchSummary m =
          r.getTune().getConfirm().hasSummary()
              ? r.getTune().getConfirm().getSummary()
              : t.getConfirm();
      int pairs = spec.getConfirm().getPairs();
      row(rows, "confirmation", "the tuned policy (candidate) against the start (baseline)");
      rows.addAll(MatchReport.rows(m, sprt, state, pairs == 0 ? MatchSpecs.DEFAULT_PAIRS : pairs));
      row(rows, "verdict", verdict(m, sprt, state));
    } else {
      row(rows, "verdict", verdict(asked, state));
    }
    sb.append(Tables.align(rows, new boolean[] {false, false}));
    return sb.toString();
  }

  /** One row per tuned parameter: start, tuned θ, its change, the value the policy uses, range. */
  static String parameters(TuneSummary t) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"parameter", "start", "tuned θ", "change", "policy uses", "range"});
    for (TunedValue v : t.getThetaList()) {
      rows.add(
          new String[] {
            v.getPath(),
            number(v.getStart()),
            number(v.getTheta()),
            signed(v.getTheta() - v.getStart()),
            number(v.getValue()),
            number(v.getMin()) + " .. " + number(v.getMax())
          });
    }
    return Tables.align(rows, new boolean[] {false, true, true, true, true, false});
  }

  /**
   * What the objective's running value means. With the match objective it is the forward score (the
   * coordinator's {@code TuneTally} says why), with the whole run's to compare: {@code match:
   * forward score 56.25 % over the last 10 % of the iterations (all iterations: 58.10 %): the
   * points won by the side of each pair further along θ's way from its start; 50 % when that way
   * gains nothing}. With the evaluation objective, the error and the first iteration's.
   */
  static String objectiveText(TuneSummary t, List<TuneIteration> iterations) {
    if (t.getIteration() == 0) {
      return t.getObjective() + ": no iteration counted yet";
    }
    if (byMatch(t)) {
      double all = forwardScore(iterations);
      String whole =
          Double.isNaN(all)
              ? ""
              : String.format(Locale.ROOT, " (all iterations: %.2f %%)", 100 * all);
      String meaning =
          ": the points won by the side of each pair further along θ's way from its start; 50 %"
              + " when that way gains nothing";
      return Double.isNaN(t.getObjectiveValue())
          ? "match: no forward score yet (θ has not moved from its start before the first"
              + " iteration)"
          : String.format(
              Locale.ROOT,
              "match: forward score %.2f %% over the last 10 %% of the iterations%s%s",
              100 * t.getObjectiveValue(),
              whole,
              meaning);
    }
    String first =
        iterations.isEmpty()
            ? ""
            : " (first iteration: " + number(iterations.get(0).getObjective()) + ")";
    return "evaluation: mean squared error "
        + number(t.getObjectiveValue())
        + " of θ+ and θ− against the reference values over the last 10 % of the iterations"
        + first;
  }

  /** The forward score of these iterations together: their points over their games; NaN if none. */
  static double forwardScore(List<TuneIteration> iterations) {
    double points = 0;
    long games = 0;
    for (TuneIteration it : iterations) {
      points += it.getForwardPoints();
      games += it.getForwardGames();
    }
    return games == 0 ? Double.NaN : points / games;
  }

  private static String startPolicy(JobResults r) {
    Violations v = new Violations();
    gofarm.playout.PolicySpec start =
        Codec.policy(r.getSpec().getTune().getPolicy(), "spec.tune.policy", v);
    v.throwIfAny();
    return start.rulesText();
  }

  /**
   * Whether the confirmation match confirmed the tuning, in plain words: with an SPRT its decision,
   * without one whether the 95 % Elo interval lies above 0; while it runs, that it runs.
   *
   * @param spec the confirmation's test as the spec states it, or null: the bounds in the words
   *     come from the summary's own test, else from this
   */
  public static String verdict(MatchSummary m, Sprt spec, JobState state) {
    boolean running = state == JobState.QUEUED || state == JobState.RUNNING;
    if (MatchReport.hasSprt(m)) {
      // The summary's own test first: the live line has no spec to read the bounds from.
      Sprt sprt = MatchReport.sprt(m, spec);
      String whose = "the tuned policy's";
      String over = " over the start";
      return switch (m.getDecision()) {
        case ACCEPT_H1 ->
            "CONFIRMED: H1 accepted: " + MatchReport.accepted(sprt, true, whose, over);
        case ACCEPT_H0 ->
            "NOT CONFIRMED: H0 accepted: " + MatchReport.accepted(sprt, false, whose, over);
        case INCONCLUSIVE ->
            "NOT CONFIRMED: the SPRT was inconclusive after every pair of the confirmation";
        default ->
            running
                ? "pending: the confirmation match runs (neither bound reached yet)"
                : "NOT CONFIRMED: the confirmation match ended before the SPRT decided";
      };
    }
    if (running) {
      return "pending: the confirmation match runs";
    }
    if (m.getPairs() > 0 && m.getFixedSampleEloLow() > 0) {
      return "CONFIRMED: the tuned policy is stronger (95 % Elo interval above 0)";
    }
    if (m.getPairs() > 0 && m.getFixedSampleEloHigh() < 0) {
      return "NOT CONFIRMED: the tuned policy is weaker than the start (95 % Elo interval below"
          + " 0)";
    }
    return "NOT CONFIRMED: the 95 % Elo interval of the tuned policy over the start includes 0";
  }

  /** The verdict before a confirmation match has started, or without one. */
  public static String verdict(boolean asked, JobState state) {
    if (!asked) {
      return "none: the spec asks for no confirmation match, so the tuning is not confirmed";
    }
    return state == JobState.QUEUED || state == JobState.RUNNING
        ? "pending: the confirmation match starts when the iterations end"
        : "NOT CONFIRMED: the job ended before its confirmation match";
  }

  /**
   * The live part of the progress line while tuning: θ per parameter (the first {@value
   * #LIVE_PARAMETERS}) and the objective's running value, e.g. {@code θ rules[0].rate=0.8734
   * rules[4].rate=0.9123 forward score 52.3 %}.
   */
  public static String live(TuneSummary t) {
    if (t.getPhase().equals("reference")) {
      return "searching the reference positions without a value";
    }
    StringBuilder sb = new StringBuilder("θ");
    int n = t.getThetaCount();
    for (int i = 0; i < Math.min(n, LIVE_PARAMETERS); i++) {
      TunedValue v = t.getTheta(i);
      sb.append(' ').append(v.getPath()).append('=').append(number(v.getTheta()));
    }
    if (n > LIVE_PARAMETERS) {
      sb.append(" (+").append(n - LIVE_PARAMETERS).append(" more)");
    }
    if (t.getIteration() > 0) {
      sb.append("  ").append(objectiveNow(t));
    }
    return sb.toString();
  }

  /**
   * {@code forward score 52.3 %} or {@code MSE 0.04123}: the objective's running value ({@code
   * forward score ?} before θ has moved). Not θ+'s score against θ−: δ is random, so that averages
   * 50 % however strong the gradient.
   */
  static String objectiveNow(TuneSummary t) {
    if (!byMatch(t)) {
      return "MSE " + number(t.getObjectiveValue());
    }
    return Double.isNaN(t.getObjectiveValue())
        ? "forward score ?"
        : String.format(Locale.ROOT, "forward score %.1f %%", 100 * t.getObjectiveValue());
  }

  /**
   * Iterations per minute over the job's run so far, from the coordinator's figures: for a tune job
   * it states units (games, evaluations) per second over the whole run, so the run has lasted units
   * done / that rate. NaN when unknown.
   */
  static double iterationsPerMinute(JobStatus s) {
    double seconds =
        s.getPlayoutsPerSecond() > 0 ? s.getPlayoutsDone() / s.getPlayoutsPerSecond() : 0;
    return seconds > 0 ? 60 * s.getTune().getIteration() / seconds : Double.NaN;
  }

  /** Where the evaluation objective's reference values came from. */
  static String referenceText(TuneSpec spec) {
    TuneEvaluation e = spec.getObjective().getEvaluation();
    int positions = e.getPositionsCount();
    long found = e.getPositionsList().stream().filter(p -> !p.hasBlackValue()).count();
    if (found == 0) {
      return String.format(Locale.ROOT, "%,d positions with values given in the spec", positions);
    }
    long playouts =
        e.getReferencePlayouts() == 0
            ? TuneSpecs.DEFAULT_REFERENCE_PLAYOUTS
            : e.getReferencePlayouts();
    return String.format(
        Locale.ROOT,
        "%,d positions, %,d of them valued by the reference step (a %,d-playout search each;"
            + " results.json has the values)",
        positions,
        found,
        playouts);
  }

  /** {@code 12.5 iterations/min}, or {@code ? iterations/min} before it is known. */
  public static String rate(JobStatus s) {
    double r = iterationsPerMinute(s);
    return (Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%.1f", r)) + " iterations/min";
  }

  /**
   * The progress cell of {@code gofarm jobs}: {@code iteration 120 of 2,000} while tuning, {@code
   * confirming: 37 pairs} while confirming, then {@code 2,000 iterations, confirmed} (or {@code not
   * confirmed}, or just the iterations without a confirmation).
   */
  static String progress(JobStatus s) {
    TuneSummary t = s.getTune();
    if (t.getPhase().equals("reference")) {
      return "reference searches";
    }
    if (t.getPhase().equals("confirming") && t.hasConfirm()) {
      return String.format(Locale.ROOT, "confirming: %,d pairs", t.getConfirm().getPairs());
    }
    if (t.getPhase().equals("done")) {
      String iterations = String.format(Locale.ROOT, "%,d iterations", t.getIteration());
      if (!t.hasConfirm()) {
        return iterations;
      }
      return iterations
          + (verdict(t.getConfirm(), null, s.getState()).startsWith("CONFIRMED")
              ? ", confirmed"
              : ", not confirmed");
    }
    return String.format(Locale.ROOT, "iteration %,d of %,d", t.getIteration(), t.getIterations());
  }

  /**
   * What a tune job's units are: games (the match objective, and a confirmation), evaluations (the
   * evaluation objective). An evaluation is one chunk of one unit and a game pair one chunk of two,
   * so an evaluation tuning has a confirmation exactly when its units outnumber its chunks.
   */
  public static String units(JobStatus s) {
    if (byMatch(s.getTune())) {
      return "games";
    }
    return s.getPlayoutsTotal() > s.getChunksTotal() ? "evaluations and games" : "evaluations";
  }

  /** The headline's figures: {@code 4 of 4 iterations, confirmation 20 pairs · 56 of 56 games}. */
  static String headline(JobStatus s) {
    TuneSummary t = s.getTune();
    return String.format(
        Locale.ROOT,
        "%,d of %,d iterations%s · %,d of %,d %s",
        t.getIteration(),
        t.getIterations(),
        t.hasConfirm()
            ? String.format(Locale.ROOT, ", confirmation %,d pairs", t.getConfirm().getPairs())
            : "",
        s.getPlayoutsDone(),
        s.getPlayoutsTotal(),
        units(s));
  }

  /**
   * {@code theta.csv}: one row per counted iteration: its number, objective (θ+'s mean wins minus
   * losses per pair, what SPSA moves by, or the mean squared error), with the match objective its
   * forward score's games and points, and θ per path.
   */
  static String csv(JobResults r) {
    TuneSummary t = summary(r);
    boolean match = byMatch(t);
    StringBuilder sb = new StringBuilder("iteration,objective");
    if (match) {
      sb.append(",forward_games,forward_points");
    }
    for (TunedValue v : t.getThetaList()) {
      sb.append(',').append(Tables.csvText(v.getPath()));
    }
    sb.append('\n');
    for (TuneIteration it : r.getTune().getIterationsList()) {
      sb.append(it.getIteration()).append(',').append(Tables.number(it.getObjective()));
      if (match) {
        sb.append(',')
            .append(it.getForwardGames())
            .append(',')
            .append(Tables.number(it.getForwardPoints()));
      }
      for (double theta : it.getThetaList()) {
        sb.append(',').append(Tables.number(theta));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The CSV of the confirmation's game pairs, as a match's {@code results.csv}. */
  static String confirmCsv(JobResults r) {
    return MatchReport.csv(r.getStatus().getJobId(), confirm(r));
  }

  /** The confirmation match's results (empty before it starts or without one). */
  static MatchResult confirm(JobResults r) {
    return r.getTune().getConfirm();
  }

  /** {@code tuned-policy.txt}: the rule text that {@code gofarm bench --policy} accepts. */
  static String tunedPolicyText(JobResults r) {
    return TerminalText.escape(summary(r).getTunedPolicy()) + "\n";
  }

  /** {@code tuned-policy.json}: the tuned policy in proto3 JSON, a spec's {@code policy} value. */
  static String tunedPolicyJson(JobResults r) {
    try {
      return TerminalText.escapeJson(JsonFormat.printer().print(r.getTune().getTunedPolicy()))
          + "\n";
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("the tuned policy cannot be printed as JSON", e);
    }
  }

  private static void row(List<String[]> rows, String name, String value) {
    rows.add(new String[] {name, value});
  }

  /** {@code 0.8734}, {@code 12}, {@code 1235}: a parameter's value to four significant digits. */
  public static String number(double v) {
    if (!Double.isFinite(v)) {
      return Double.toString(v);
    }
    if (v == 0) {
      return "0";
    }
    BigDecimal d = new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
  }

  /** {@code +0.01230}, {@code -2}, {@code 0}: a change with its sign. */
  public static String signed(double v) {
    String s = number(v);
    return v > 0 && !s.equals("0") ? "+" + s : s;
  }
}
