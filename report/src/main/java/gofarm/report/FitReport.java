package gofarm.report;

import gofarm.playout.GammaTable;
import gofarm.proto.v1.FitFeature;
import gofarm.proto.v1.FitIteration;
import gofarm.proto.v1.FitResult;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.FitSummary;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.wire.FitSpecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A fit job's results and progress as people read them (a table, a live line, a cell of {@code
 * gofarm jobs}) and as programs do (the CSV of the figures per iteration, the fitted table as a γ
 * file). The figures are the coordinator's ({@code FitSummary}, {@code FitResult}); only their
 * presentation is made here.
 *
 * <pre>
 * games           36: 29 training, 7 held out (testShare 0.2); the first 2 moves of each not learnt from
 * decisions       1,683 training, 412 held out (skipped: 28 and 7 passes or own-eye fills)
 * iterations      12 of at most 12: one group updated in turn (10 groups: pat3, capture, ...)
 * log-likelihood  training -2.9012 per decision (start -3.2262), held out -2.9511 (start -3.2301)
 * top-1           training 25.3 % (start 18.2 %), held out 24.1 % (start 17.9 %)
 * top-5           training 61.0 % (start 45.5 %), held out 59.2 % (start 44.0 %)
 * stopped         max iterations: made the 12 updates the spec allows
 * </pre>
 */
public final class FitReport {
  private FitReport() {}

  /** Whether the results are a fit job's. */
  static boolean isFit(JobResults r) {
    return r.getSpec().hasFit() || r.hasFit() || r.getStatus().hasFit();
  }

  /** The summary of the results, or of their status when the results carry none. */
  static FitSummary summary(JobResults r) {
    return r.getFit().hasSummary() ? r.getFit().getSummary() : r.getStatus().getFit();
  }

  /** The results as a two-column table under the job's headline. */
  static String table(JobResults r) {
    FitSummary s = summary(r);
    FitSpec spec = r.getSpec().getFit();
    List<FitIteration> its = r.getFit().getIterationsList();
    StringBuilder sb = new StringBuilder(Headline.of(r.getStatus())).append("\n\n");
    List<String[]> rows = new ArrayList<>();
    double share = spec.hasTestShare() ? spec.getTestShare() : FitSpecs.DEFAULT_TEST_SHARE;
    row(
        rows,
        "games",
        String.format(
            Locale.ROOT,
            "%,d: %,d training, %,d held out (testShare %s)%s",
            s.getTrainGames() + s.getTestGames(),
            s.getTrainGames(),
            s.getTestGames(),
            TuneReport.number(share),
            spec.getSkipMoves() == 0
                ? ""
                : String.format(
                    Locale.ROOT,
                    "; the first %,d moves of each not learnt from",
                    spec.getSkipMoves())));
    if (!s.hasLatest()) {
      row(rows, "decisions", "none counted yet: the first pass over the games runs");
    } else {
      FitIteration f = s.getLatest();
      row(
          rows,
          "decisions",
          String.format(
              Locale.ROOT,
              "%,d training, %,d held out (skipped: %,d and %,d passes or own-eye fills)",
              f.getTrainDecisions(),
              f.getTestDecisions(),
              f.getTrainSkipped(),
              f.getTestSkipped()));
    }
    row(rows, "iterations", iterationsText(s));
    if (s.hasLatest()) {
      FitIteration start = its.isEmpty() ? null : its.get(0);
      FitIteration f = s.getLatest();
      row(
          rows,
          "log-likelihood",
          pair(
              f,
              start,
              FitIteration::getTrainLogLikelihood,
              FitIteration::getTestLogLikelihood,
              FitReport::logLikelihood,
              " per decision"));
      row(
          rows,
          "top-1",
          pair(
              f,
              start,
              FitIteration::getTrainTop1,
              FitIteration::getTestTop1,
              FitReport::percent,
              ""));
      row(
          rows,
          "top-5",
          pair(
              f,
              start,
              FitIteration::getTrainTop5,
              FitIteration::getTestTop5,
              FitReport::percent,
              ""));
    }
    row(rows, "stopped", stopText(s, r.getStatus().getState(), spec));
    sb.append(Tables.align(rows, new boolean[] {false, false}));
    return sb.toString();
  }

  /**
   * {@code 12 of at most 12: one group updated in turn (10 groups: pat3, capture, ...)}: the
   * updates made and the cycle of groups.
   */
  static String iterationsText(FitSummary s) {
    String made =
        String.format(Locale.ROOT, "%,d of at most %,d", s.getIteration(), s.getMaxIterations());
    if (s.getGroupsCount() == 0) {
      return made;
    }
    return made
        + ": one group updated in turn ("
        + s.getGroupsCount()
        + (s.getGroupsCount() == 1 ? " group: " : " groups: ")
        + String.join(", ", s.getGroupsList())
        + ")";
  }

  /** Why the fit stopped, in plain words, or where it stands while it runs. */
  static String stopText(FitSummary s, JobState state, FitSpec spec) {
    return switch (s.getStop()) {
      case FIT_STOP_CONVERGED ->
          s.getGroupsCount() == 0
              ? "converged: there was no training decision to learn from"
              : "converged: the last cycle over the groups raised the training log-likelihood per"
                  + " decision by less than minGain "
                  + TuneReport.number(
                      spec.hasMinGain() ? spec.getMinGain() : FitSpecs.DEFAULT_MIN_GAIN);
      case FIT_STOP_MAX_ITERATIONS ->
          String.format(
              Locale.ROOT,
              "max iterations: made the %,d updates the spec allows",
              s.getIteration());
      case FIT_STOP_CANCELLED ->
          (state == JobState.FAILED ? "failed" : "cancelled")
              + String.format(
                  Locale.ROOT,
                  " after %,d updates (the table reached is the job's γ)",
                  s.getIteration());
      default ->
          s.getGroup().isEmpty()
              ? "not yet: the fit runs"
              : "not yet: pass " + (s.getPasses() + 1) + " sums for group " + s.getGroup();
    };
  }

  private interface Figure {
    double of(FitIteration f);
  }

  private interface Format {
    String of(double v);
  }

  /** {@code training -2.9012 per decision (start -3.2262), held out -2.9511 (start -3.2301)}. */
  private static String pair(
      FitIteration f, FitIteration start, Figure train, Figure test, Format format, String unit) {
    StringBuilder sb = new StringBuilder("training ").append(format.of(train.of(f))).append(unit);
    if (start != null && start.getIteration() != f.getIteration()) {
      sb.append(" (start ").append(format.of(train.of(start))).append(')');
    }
    if (f.getTestDecisions() == 0) {
      return sb.append(", held out - (no held-out decision)").toString();
    }
    sb.append(", held out ").append(format.of(test.of(f)));
    if (start != null && start.getIteration() != f.getIteration()) {
      sb.append(" (start ").append(format.of(test.of(start))).append(')');
    }
    return sb.toString();
  }

  static String logLikelihood(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }

  static String percent(double v) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * v);
  }

  /**
   * The live part of the progress line: the group being updated and the latest table's figures,
   * e.g. {@code group capture train -2.9012 top-1 25.3 % test -2.9511 top-1 24.1 %}.
   */
  public static String live(FitSummary s) {
    StringBuilder sb = new StringBuilder();
    if (!s.getGroup().isEmpty()) {
      sb.append("group ").append(s.getGroup());
    }
    if (s.hasLatest()) {
      FitIteration f = s.getLatest();
      sb.append(sb.length() == 0 ? "" : "  ")
          .append("train ")
          .append(logLikelihood(f.getTrainLogLikelihood()))
          .append(" top-1 ")
          .append(percent(f.getTrainTop1()));
      if (f.getTestDecisions() > 0) {
        sb.append("  test ")
            .append(logLikelihood(f.getTestLogLikelihood()))
            .append(" top-1 ")
            .append(percent(f.getTestTop1()));
      }
    }
    return sb.toString();
  }

  /**
   * Iterations per minute over the job's run so far: the coordinator states moves read per second
   * over the whole run, so the run has lasted moves read / that rate. NaN when unknown.
   */
  static double iterationsPerMinute(JobStatus s) {
    double seconds =
        s.getPlayoutsPerSecond() > 0 ? s.getPlayoutsDone() / s.getPlayoutsPerSecond() : 0;
    return seconds > 0 ? 60 * s.getFit().getIteration() / seconds : Double.NaN;
  }

  /** {@code 12.5 iterations/min}, or {@code ? iterations/min} before it is known. */
  public static String rate(JobStatus s) {
    double r = iterationsPerMinute(s);
    return (Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%.1f", r)) + " iterations/min";
  }

  /**
   * The progress cell of {@code gofarm jobs}: {@code iteration 12 of at most 100} while it runs,
   * then {@code 20 iterations, converged} (or {@code max iterations}, {@code cancelled}).
   */
  static String progress(JobStatus s) {
    FitSummary f = s.getFit();
    String reason =
        switch (f.getStop()) {
          case FIT_STOP_CONVERGED -> "converged";
          case FIT_STOP_MAX_ITERATIONS -> "max iterations";
          case FIT_STOP_CANCELLED -> s.getState() == JobState.FAILED ? "failed" : "cancelled";
          default -> null;
        };
    if (reason == null) {
      return String.format(
          Locale.ROOT, "iteration %,d of at most %,d", f.getIteration(), f.getMaxIterations());
    }
    return String.format(Locale.ROOT, "%,d iterations, %s", f.getIteration(), reason);
  }

  /** The headline's figures: {@code 12 of at most 12 iterations · 27,000 of 27,000 moves read}. */
  static String headline(JobStatus s) {
    FitSummary f = s.getFit();
    return String.format(
        Locale.ROOT,
        "%,d of at most %,d iterations · %,d of at most %,d moves read",
        f.getIteration(),
        f.getMaxIterations(),
        s.getPlayoutsDone(),
        s.getPlayoutsTotal());
  }

  /**
   * {@code fit.csv}: one row per table measured (iteration 0 is the start): the iteration, the
   * group it updated, and the training and held-out log-likelihood per decision, top-1 and top-5
   * rates (the held-out cells empty without held-out decisions).
   */
  static String csv(JobResults r) {
    StringBuilder sb =
        new StringBuilder(
            "iteration,group,train_log_likelihood,test_log_likelihood,train_top1,test_top1,"
                + "train_top5,test_top5\n");
    for (FitIteration f : r.getFit().getIterationsList()) {
      boolean test = f.getTestDecisions() > 0;
      sb.append(
              String.join(
                  ",",
                  Integer.toString(f.getIteration()),
                  Tables.csvText(f.getGroup()),
                  Tables.number(f.getTrainLogLikelihood()),
                  test ? Tables.number(f.getTestLogLikelihood()) : "",
                  Tables.number(f.getTrainTop1()),
                  test ? Tables.number(f.getTestTop1()) : "",
                  Tables.number(f.getTrainTop5()),
                  test ? Tables.number(f.getTestTop5()) : ""))
          .append('\n');
    }
    return sb.toString();
  }

  /**
   * {@code policy.gamma}: the table in γ's text form, every value with training candidates
   * commented {@code chosen W of C candidates}, which {@code --policy softmax:policy.gamma} and a
   * spec's {@code "gamma": {"file": "policy.gamma"}} read.
   */
  public static String gammaText(JobResults r) {
    FitResult f = r.getFit();
    double[] gamma = new double[f.getGammaCount()];
    for (int i = 0; i < gamma.length; i++) {
      gamma[i] = f.getGamma(i);
    }
    String[] comments = new String[gamma.length];
    for (FitFeature feature : f.getFeaturesList()) {
      comments[feature.getId()] =
          String.format(
              Locale.ROOT,
              "chosen %,d of %,d candidates",
              feature.getWins(),
              feature.getCandidates());
    }
    return GammaTable.of(gamma).format(id -> comments[id]);
  }

  private static void row(List<String[]> rows, String name, String value) {
    rows.add(new String[] {name, value});
  }
}
