package gofarm.report;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.BalanceIteration;
import gofarm.proto.v1.BalanceResult;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.BalanceSummary;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.stats.Sprt;
import gofarm.wire.BalanceSpecs;
import gofarm.wire.MatchSpecs;
import gofarm.wire.Violations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A balance job's results and progress as people read them (a table, a live line, a cell of {@code
 * gofarm jobs}) and as programs do ({@code balance.csv} per iteration, {@code theta.csv} of the
 * features that moved most, the balanced table as {@code tuned-policy.gamma}). The figures are the
 * coordinator's ({@code BalanceSummary}, {@code BalanceResult}); only their presentation is here.
 *
 * <pre>
 * positions     160: 128 training, 32 held out (heldOut 0.2, by game)
 * values        160 found by the reference step (a 10,000-playout search each)
 * iterations    50 of 50: M = 200 value and N = 200 gradient playouts per position, α 1
 * MSE           training 0.03412 (start 0.04511), held out 0.03920 (start 0.04603)
 * confirmation  the balanced policy (candidate) against the start (baseline)
 * ...
 * </pre>
 */
public final class BalanceReport {
  /** The features {@code theta.csv} lists one by one. */
  static final int THETA_ROWS = 50;

  private BalanceReport() {}

  /** Whether the results are a balance job's. */
  static boolean isBalance(JobResults r) {
    return r.getSpec().hasBalance() || r.hasBalance() || r.getStatus().hasBalance();
  }

  /** The summary of the results, or of their status when the results carry none. */
  static BalanceSummary summary(JobResults r) {
    return r.getBalance().hasSummary() ? r.getBalance().getSummary() : r.getStatus().getBalance();
  }

  /** The confirmation's SPRT with its defaults filled in, or null when it has none. */
  static Sprt sprt(BalanceSpec spec) {
    return spec.hasConfirm() && spec.getConfirm().hasSprt()
        ? MatchReport.sprt(spec.getConfirm().getSprt())
        : null;
  }

  /** The results as a two-column table under the job's headline. */
  static String table(JobResults r) {
    BalanceSummary s = summary(r);
    BalanceSpec spec = r.getSpec().getBalance();
    JobState state = r.getStatus().getState();
    StringBuilder sb = new StringBuilder(Headline.of(r.getStatus())).append("\n\n");
    List<String[]> rows = new ArrayList<>();
    double share = spec.hasHeldOut() ? spec.getHeldOut() : BalanceSpecs.DEFAULT_HELD_OUT;
    row(
        rows,
        "positions",
        String.format(
            Locale.ROOT,
            "%,d: %,d training, %,d held out (heldOut %s, by %s)",
            s.getTrainPositions() + s.getTestPositions(),
            s.getTrainPositions(),
            s.getTestPositions(),
            TuneReport.number(share),
            spec.hasGames() ? "game" : "position"));
    row(rows, "values", valuesText(s, spec));
    row(
        rows,
        "iterations",
        String.format(
            Locale.ROOT,
            "%,d of %,d: M = %,d value and N = %,d gradient playouts per position, α %s%s",
            s.getIteration(),
            s.getIterations(),
            playouts(spec.getValuePlayouts()),
            playouts(spec.getGradientPlayouts()),
            TuneReport.number(spec.hasAlpha() ? spec.getAlpha() : BalanceSpecs.DEFAULT_ALPHA),
            spec.getDecay() == 0
                ? " (constant)"
                : ", decay A " + TuneReport.number(spec.getDecay())));
    row(rows, "MSE", mseText(s, r.getBalance().getIterationsList()));
    if (r.getBalance().getGammaCount() > 0) {
      row(rows, "moved", movedText(r.getBalance()));
    }
    Sprt sprt = sprt(spec);
    if (s.hasConfirm()) {
      MatchSummary m =
          r.getBalance().getConfirm().hasSummary()
              ? r.getBalance().getConfirm().getSummary()
              : s.getConfirm();
      int pairs = spec.getConfirm().getPairs();
      row(rows, "confirmation", "the balanced policy (candidate) against the start (baseline)");
      rows.addAll(MatchReport.rows(m, sprt, state, pairs == 0 ? MatchSpecs.DEFAULT_PAIRS : pairs));
      row(rows, "verdict", TuneReport.verdict(m, sprt, state).replace("tuned", "balanced"));
    } else {
      row(
          rows,
          "verdict",
          TuneReport.verdict(spec.hasConfirm(), state).replace("tuning", "balancing"));
    }
    sb.append(Tables.align(rows, new boolean[] {false, false}));
    return sb.toString();
  }

  private static int playouts(int given) {
    return given == 0 ? BalanceSpecs.DEFAULT_PLAYOUTS : given;
  }

  /** Where the positions' values come from. */
  static String valuesText(BalanceSummary s, BalanceSpec spec) {
    int positions = s.getTrainPositions() + s.getTestPositions();
    if (s.getReferences() == 0) {
      return String.format(Locale.ROOT, "%,d given in the spec", positions);
    }
    return String.format(
        Locale.ROOT,
        "%,d of %,d found by the reference step so far (%s each; results.json keeps them as"
            + " referenceValues)",
        s.getReferencesDone(),
        s.getReferences(),
        judgeText(spec));
  }

  /** {@code a 10,000-playout search on the starting policy}, or on the reference player's. */
  static String judgeText(BalanceSpec spec) {
    if (!spec.hasReferencePlayer()) {
      long playouts =
          spec.getReference() == 0 ? BalanceSpecs.DEFAULT_REFERENCE : spec.getReference();
      return String.format(Locale.ROOT, "a %,d-playout search on the starting policy", playouts);
    }
    SearchPlayerSpec p = spec.getReferencePlayer();
    long playouts = p.getPlayouts() == 0 ? BalanceSpecs.DEFAULT_REFERENCE : p.getPlayouts();
    String policy = p.getPolicy().getName().isEmpty() ? "its policy" : p.getPolicy().getName();
    return String.format(
        Locale.ROOT,
        "a %,d-playout search on %s%s",
        playouts,
        policy,
        p.getPrior() > 0 ? " with prior " + Violations.number(p.getPrior()) : "");
  }

  /** {@code training 0.03412 (start 0.04511), held out 0.03920 (start 0.04603)}. */
  static String mseText(BalanceSummary s, List<BalanceIteration> its) {
    if (!s.hasLatest()) {
      return "none measured yet";
    }
    BalanceIteration f = s.getLatest();
    BalanceIteration start = its.isEmpty() ? null : its.get(0);
    boolean moved = start != null && start.getIteration() != f.getIteration();
    StringBuilder sb = new StringBuilder("training ").append(mse(f.getTrainMse()));
    if (moved) {
      sb.append(" (start ").append(mse(start.getTrainMse())).append(')');
    }
    if (s.getTestPositions() == 0) {
      return sb.append(", held out - (no held-out position)").toString();
    }
    sb.append(", held out ").append(mse(f.getTestMse()));
    if (moved) {
      sb.append(" (start ").append(mse(start.getTestMse())).append(')');
    }
    return sb.append(" at iteration ").append(f.getIteration()).toString();
  }

  static String mse(double v) {
    return String.format(Locale.ROOT, "%.5f", v);
  }

  /** {@code 412 feature values moved; the most: capture size=1 ×3.2, ...}. */
  static String movedText(BalanceResult b) {
    List<Integer> moved = byChange(b);
    StringBuilder sb =
        new StringBuilder(String.format(Locale.ROOT, "%,d feature values", moved.size()));
    for (int i = 0; i < Math.min(3, moved.size()); i++) {
      int id = moved.get(i);
      sb.append(i == 0 ? "; most: " : ", ")
          .append(FeatureSpace.name(id))
          .append(" ×")
          .append(TuneReport.number(b.getGamma(id) / b.getStartGamma(id)));
    }
    return sb.toString();
  }

  /** Feature ids whose γ changed, the largest |Δ log γ| first (ties by id). */
  static List<Integer> byChange(BalanceResult b) {
    List<Integer> ids = new ArrayList<>();
    for (int id = 0; id < b.getGammaCount() && id < b.getStartGammaCount(); id++) {
      if (b.getGamma(id) != b.getStartGamma(id)) {
        ids.add(id);
      }
    }
    ids.sort(
        Comparator.comparingDouble((Integer id) -> -Math.abs(change(b, id)))
            .thenComparingInt(id -> id));
    return ids;
  }

  /** Δ log γ of feature {@code id}. */
  static double change(BalanceResult b, int id) {
    return Math.log(b.getGamma(id)) - Math.log(b.getStartGamma(id));
  }

  /**
   * The live part of the progress line: the phase, the latest MSE, e.g. {@code MSE train 0.03412
   * test 0.03920}.
   */
  public static String live(BalanceSummary s) {
    if (s.getPhase().equals("reference")) {
      return String.format(
          Locale.ROOT, "reference searches %,d of %,d", s.getReferencesDone(), s.getReferences());
    }
    if (!s.hasLatest()) {
      return "";
    }
    BalanceIteration f = s.getLatest();
    String text = "MSE train " + mse(f.getTrainMse());
    return s.getTestPositions() == 0 ? text : text + " test " + mse(f.getTestMse());
  }

  /**
   * Iterations per minute over the job's run so far: the coordinator states units per second over
   * the whole run, so the run has lasted units done / that rate. NaN when unknown.
   */
  static double iterationsPerMinute(JobStatus s) {
    double seconds =
        s.getPlayoutsPerSecond() > 0 ? s.getPlayoutsDone() / s.getPlayoutsPerSecond() : 0;
    return seconds > 0 ? 60 * s.getBalance().getIteration() / seconds : Double.NaN;
  }

  /** {@code 12.5 iterations/min}, or {@code ? iterations/min} before it is known. */
  public static String rate(JobStatus s) {
    double r = iterationsPerMinute(s);
    return (Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%.1f", r)) + " iterations/min";
  }

  /**
   * The progress cell of {@code gofarm jobs}: {@code reference searches}, {@code iteration 12 of
   * 50}, {@code confirming: 37 pairs}, then {@code 50 iterations, confirmed} (or {@code not
   * confirmed}, or the iterations alone).
   */
  static String progress(JobStatus s) {
    BalanceSummary b = s.getBalance();
    return switch (b.getPhase()) {
      case "reference" -> "reference searches";
      case "confirming" ->
          String.format(
              Locale.ROOT, "confirming: %,d pairs", b.hasConfirm() ? b.getConfirm().getPairs() : 0);
      case "done" -> {
        String iterations = String.format(Locale.ROOT, "%,d iterations", b.getIteration());
        if (!b.hasConfirm()) {
          yield iterations;
        }
        yield iterations
            + (TuneReport.verdict(b.getConfirm(), null, s.getState()).startsWith("CONFIRMED")
                ? ", confirmed"
                : ", not confirmed");
      }
      default ->
          String.format(Locale.ROOT, "iteration %,d of %,d", b.getIteration(), b.getIterations());
    };
  }

  /** The headline's figures: {@code 50 of 50 iterations · 1,200,000 of 1,200,000 playouts}. */
  static String headline(JobStatus s) {
    BalanceSummary b = s.getBalance();
    return String.format(
        Locale.ROOT,
        "%,d of %,d iterations%s · %,d of %,d playouts%s",
        b.getIteration(),
        b.getIterations(),
        b.hasConfirm()
            ? String.format(Locale.ROOT, ", confirmation %,d pairs", b.getConfirm().getPairs())
            : "",
        s.getPlayoutsDone(),
        s.getPlayoutsTotal(),
        b.getConfirmPairs() > 0 ? " and games" : "");
  }

  /**
   * {@code balance.csv}: one row per table measured (iteration 0 is the start): the training and
   * held-out MSE, the step α_{k+1} of the update from it and that update's |Δ log γ| (0 for the
   * last row, which made none); the held-out cell is empty without held-out positions.
   */
  static String csv(JobResults r) {
    boolean test = summary(r).getTestPositions() > 0;
    StringBuilder sb = new StringBuilder("iteration,train_mse,test_mse,step,delta_log_gamma\n");
    for (BalanceIteration f : r.getBalance().getIterationsList()) {
      sb.append(
              String.join(
                  ",",
                  Integer.toString(f.getIteration()),
                  Tables.number(f.getTrainMse()),
                  test ? Tables.number(f.getTestMse()) : "",
                  Tables.number(f.getStep()),
                  Tables.number(f.getDelta())))
          .append('\n');
    }
    return sb.toString();
  }

  /**
   * {@code theta.csv}: the {@value #THETA_ROWS} feature values whose log γ moved most, largest
   * first (id, name, start γ, final γ, Δ log γ), then one line summing up the rest.
   */
  static String thetaCsv(JobResults r) {
    BalanceResult b = r.getBalance();
    List<Integer> moved = byChange(b);
    StringBuilder sb = new StringBuilder("id,name,start_gamma,gamma,delta_log_gamma\n");
    int shown = Math.min(THETA_ROWS, moved.size());
    for (int i = 0; i < shown; i++) {
      int id = moved.get(i);
      sb.append(
              String.join(
                  ",",
                  Integer.toString(id),
                  Tables.csvText(FeatureSpace.name(id)),
                  Double.toString(b.getStartGamma(id)),
                  Double.toString(b.getGamma(id)),
                  Tables.number(change(b, id))))
          .append('\n');
    }
    double largest = 0;
    double sumSquares = 0;
    for (int i = shown; i < moved.size(); i++) {
      double d = change(b, moved.get(i));
      largest = Math.max(largest, Math.abs(d));
      sumSquares += d * d;
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "# the other %d values that moved: the largest |delta_log_gamma| %s, root mean square"
                + " %s; %d of the %d values did not move\n",
            moved.size() - shown,
            Tables.number(largest),
            Tables.number(
                moved.size() > shown ? Math.sqrt(sumSquares / (moved.size() - shown)) : 0),
            FeatureSpace.size() - moved.size(),
            FeatureSpace.size()));
    return sb.toString();
  }

  /**
   * {@code tuned-policy.gamma}: the balanced table in γ's text form, each value that moved
   * commented with its start γ and its change, which {@code --policy softmax:tuned-policy.gamma}
   * and a spec's {@code "gamma": {"file": "tuned-policy.gamma"}} read.
   */
  static String gammaText(JobResults r) {
    BalanceResult b = r.getBalance();
    double[] gamma = new double[b.getGammaCount()];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = b.getGamma(i);
    }
    String header =
        String.format(
            Locale.ROOT,
            "# simulation balancing, job %s: %d iterations from the start table; a comment gives a"
                + " moved value's start gamma and its change of log gamma\n",
            TerminalText.escape(r.getStatus().getJobId()),
            summary(r).getIteration());
    return header
        + GammaTable.of(gamma)
            .format(
                id ->
                    id < b.getStartGammaCount() && b.getStartGamma(id) != gamma[id]
                        ? "start "
                            + b.getStartGamma(id)
                            + ", delta log gamma "
                            + TuneReport.signed(change(b, id))
                        : null);
  }

  /** {@code tuned-policy.json}: the balanced policy in proto3 JSON, a spec's {@code policy}. */
  static String tunedPolicyJson(JobResults r) {
    try {
      return TerminalText.escapeJson(JsonFormat.printer().print(r.getBalance().getTunedPolicy()))
          + "\n";
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("the balanced policy cannot be printed as JSON", e);
    }
  }

  /**
   * {@code reference-positions.json}: every position with its V* as a balance spec's {@code
   * positions} ({@code {"positions": [...]}}), so that a later job on the same positions takes the
   * values instead of searching again; null until every value is known.
   */
  static String referencePositionsJson(JobResults r) {
    BalanceResult b = r.getBalance();
    if (b.getReferenceValuesCount() == 0 || r.getPositionsCount() != b.getReferenceValuesCount()) {
      return null;
    }
    BalanceSpec.Builder spec = BalanceSpec.newBuilder();
    for (int i = 0; i < r.getPositionsCount(); i++) {
      spec.addPositions(
          ReferencePosition.newBuilder()
              .setPosition(
                  PositionSource.newBuilder()
                      .setLabel(r.getPositions(i).getLabel())
                      .setPosition(r.getPositions(i).getPosition()))
              .setBlackValue(b.getReferenceValues(i)));
    }
    try {
      return TerminalText.escapeJson(JsonFormat.printer().print(spec)) + "\n";
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("the positions cannot be printed as JSON", e);
    }
  }

  /** The confirmation match's results (empty before it starts or without one). */
  static MatchResult confirm(JobResults r) {
    return r.getBalance().getConfirm();
  }

  /** The CSV of the confirmation's game pairs, as a match's {@code results.csv}. */
  static String confirmCsv(JobResults r) {
    return MatchReport.csv(r.getStatus().getJobId(), confirm(r));
  }

  private static void row(List<String[]> rows, String name, String value) {
    rows.add(new String[] {name, value});
  }
}
