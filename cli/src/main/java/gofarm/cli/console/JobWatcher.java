package gofarm.cli.console;

import gofarm.proto.v1.BalanceSummary;
import gofarm.proto.v1.FitSummary;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PairSummary;
import gofarm.proto.v1.TuneSummary;
import gofarm.report.BalanceReport;
import gofarm.report.Figures;
import gofarm.report.FitReport;
import gofarm.report.MatchReport;
import gofarm.report.TerminalText;
import gofarm.report.TuneReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Follows a job's status stream with a progress bar. For an evaluate job: playouts done of the
 * total, rate, ETA and the interim black win rates (each with its 95 % half-width). For a match:
 * game pairs done of the most to play, games per minute and ETA as the coordinator reports them,
 * the candidate's W-D-L and Elo, and with an SPRT the LLR against its bounds with a sparkline of
 * its recent values; when the match ends, one line says how. For a tune job: iterations counted of
 * all, iterations per minute and ETA, θ per parameter and the objective's running value; then the
 * confirmation match on a bar of its own, shown as a match is; when the job ends, lines with the
 * tuned policy and whether the confirmation confirmed it. For a fit job: iterations (MM updates)
 * made of the most allowed, iterations per minute and ETA (until the most, an upper bound), the
 * group being updated and the latest table's training and held-out log-likelihood per decision and
 * top-1 rate; when the job ends, one line says why the fit stopped. For a balance job: iterations
 * made of all, iterations per minute and ETA, the latest training and held-out MSE; then the
 * confirmation on a bar of its own, as a tune job's.
 */
public final class JobWatcher {
  private JobWatcher() {}

  /** Draws the stream on {@code err} until it ends; returns the last status (or null). */
  public static JobStatus follow(Iterator<JobStatus> stream, PrintWriter err) {
    ProgressBar bar = null;
    TuneProgress tune = null;
    BalanceProgress balance = null;
    JobStatus last = null;
    while (stream.hasNext()) {
      last = stream.next();
      if (bar == null && tune == null && balance == null) {
        println(
            err,
            "job " + last.getJobId() + (last.getName().isEmpty() ? "" : ": " + last.getName()));
        if (last.hasTune()) {
          tune = new TuneProgress(err);
        } else if (last.hasBalance()) {
          balance = new BalanceProgress(err);
        } else if (last.hasFit()) {
          bar = new ProgressBar("iterations", last.getFit().getMaxIterations(), err);
        } else if (last.hasMatch()) {
          println(
              err,
              last.getMatch().getCandidate() + " (candidate) vs " + last.getMatch().getBaseline());
          bar = new ProgressBar("pairs", last.getChunksTotal(), err);
        } else {
          bar = new ProgressBar("playouts", last.getPlayoutsTotal(), err);
        }
      }
      if (tune != null) {
        tune.show(last);
      } else if (balance != null) {
        balance.show(last);
      } else if (last.hasFit()) {
        bar.setRate(FitReport.rate(last), eta(last));
        bar.setSuffix(FitReport.live(last.getFit()));
        bar.set(last.getFit().getIteration());
      } else if (last.hasMatch()) {
        bar.setRate(
            String.format(Locale.ROOT, "%.1f games/min", last.getMatch().getGamesPerMinute()),
            eta(last));
        bar.setSuffix(MatchReport.live(last.getMatch(), MatchReport.hasSprt(last.getMatch())));
        bar.set(last.getChunksDone());
      } else {
        bar.setSuffix(interim(last));
        bar.set(last.getPlayoutsDone());
      }
    }
    if (tune != null) {
      tune.finish(last);
    }
    if (balance != null) {
      balance.finish(last);
    }
    if (bar != null) {
      bar.finish();
      if (last.hasMatch() && isOver(last)) {
        println(err, ending(last));
        err.flush();
      }
      if (last.hasFit() && isOver(last)) {
        println(err, fitEnding(last));
        err.flush();
      }
    }
    return last;
  }

  /** A tune job's bars: one over its iterations, then one over its confirmation's game pairs. */
  private static final class TuneProgress {
    private final PrintWriter err;
    private ProgressBar iterations;
    private ProgressBar pairs;

    /** The iteration rate at the last status while tuning: later ones count confirmation games. */
    private String tuningRate;

    TuneProgress(PrintWriter err) {
      this.err = err;
    }

    void show(JobStatus s) {
      TuneSummary t = s.getTune();
      if (!t.hasConfirm() || t.getPhase().equals("tuning")) {
        if (iterations == null) {
          iterations = new ProgressBar("iterations", t.getIterations(), err);
        }
        tuningRate = TuneReport.rate(s);
        iterations.setRate(tuningRate, eta(s));
        iterations.setSuffix(TuneReport.live(t));
        iterations.set(t.getIteration());
        return;
      }
      MatchSummary m = t.getConfirm();
      if (pairs == null) {
        if (iterations != null) {
          iterations.setRate(tuningRate, "tuned");
          iterations.setSuffix(TuneReport.live(t));
          iterations.set(t.getIteration());
          iterations.finish();
        } else {
          println(err, tuned(t));
        }
        println(err, "confirmation: " + m.getCandidate() + " (candidate) vs " + m.getBaseline());
        pairs = new ProgressBar("pairs", t.getConfirmPairs(), err);
      }
      pairs.setRate(String.format(Locale.ROOT, "%.1f games/min", m.getGamesPerMinute()), eta(s));
      pairs.setSuffix(MatchReport.live(m, MatchReport.hasSprt(m)));
      pairs.set(m.getPairs());
    }

    void finish(JobStatus s) {
      ProgressBar bar = pairs != null ? pairs : iterations;
      if (bar != null) {
        bar.finish();
      }
      if (!isOver(s)) {
        return;
      }
      TuneSummary t = s.getTune();
      if (pairs == null) {
        println(err, tuned(t));
      }
      println(err, "tuned policy: " + t.getTunedPolicy());
      if (t.hasConfirm()) {
        println(err, "confirmation: " + ending(t.getConfirm(), s.getState()));
        println(err, TuneReport.verdict(t.getConfirm(), null, s.getState()));
      }
      err.flush();
    }

    /** {@code tuned 200 of 200 iterations: θ rules[0].rate=0.8734 ... forward score 52.3 %}. */
    private static String tuned(TuneSummary t) {
      return String.format(
          Locale.ROOT,
          "tuned %,d of %,d iterations: %s",
          t.getIteration(),
          t.getIterations(),
          TuneReport.live(t));
    }
  }

  /**
   * A balance job's bars: one over its reference searches while they run (they can take longer than
   * an iteration's pass), one over its iterations, then one over its confirmation's pairs.
   */
  private static final class BalanceProgress {
    private final PrintWriter err;
    private ProgressBar references;
    private boolean referencesDone;
    private ProgressBar iterations;
    private ProgressBar pairs;

    BalanceProgress(PrintWriter err) {
      this.err = err;
    }

    void show(JobStatus s) {
      BalanceSummary b = s.getBalance();
      if (b.getPhase().equals("reference")) {
        if (references == null) {
          references = new ProgressBar("reference searches", b.getReferences(), err);
        }
        references.set(b.getReferencesDone());
        return;
      }
      if (references != null && !referencesDone) {
        references.set(b.getReferences());
        references.finish();
        referencesDone = true;
      }
      if (!b.hasConfirm()) {
        if (iterations == null) {
          iterations = new ProgressBar("iterations", b.getIterations(), err);
        }
        iterations.setRate(BalanceReport.rate(s), eta(s));
        iterations.setSuffix(BalanceReport.live(b));
        iterations.set(b.getIteration());
        return;
      }
      MatchSummary m = b.getConfirm();
      if (pairs == null) {
        if (iterations != null) {
          iterations.setRate(BalanceReport.rate(s), "balanced");
          iterations.setSuffix(BalanceReport.live(b));
          iterations.set(b.getIteration());
          iterations.finish();
        }
        println(err, "confirmation: " + m.getCandidate() + " (candidate) vs " + m.getBaseline());
        pairs = new ProgressBar("pairs", b.getConfirmPairs(), err);
      }
      pairs.setRate(String.format(Locale.ROOT, "%.1f games/min", m.getGamesPerMinute()), eta(s));
      pairs.setSuffix(MatchReport.live(m, MatchReport.hasSprt(m)));
      pairs.set(m.getPairs());
    }

    void finish(JobStatus s) {
      ProgressBar bar =
          pairs != null ? pairs : iterations != null || referencesDone ? iterations : references;
      if (bar != null) {
        bar.finish();
      }
      if (!isOver(s)) {
        return;
      }
      BalanceSummary b = s.getBalance();
      println(
          err,
          String.format(
              Locale.ROOT,
              "balanced %,d of %,d iterations: %s",
              b.getIteration(),
              b.getIterations(),
              BalanceReport.live(b)));
      if (b.hasConfirm()) {
        println(err, "confirmation: " + ending(b.getConfirm(), s.getState()));
        println(
            err,
            TuneReport.verdict(b.getConfirm(), null, s.getState()).replace("tuned", "balanced"));
      }
      err.flush();
    }
  }

  /** Prints one line, escaped: its names and figures come from the job's status. */
  private static void println(PrintWriter err, String line) {
    err.println(TerminalText.escape(line));
  }

  private static boolean isOver(JobStatus s) {
    return switch (s.getState()) {
      case SUCCEEDED, CANCELLED, FAILED -> true;
      default -> false;
    };
  }

  /** The ETA part of a match's progress line: the coordinator's estimate, or how it ended. */
  static String eta(JobStatus s) {
    double seconds =
        s.hasStarted() && s.hasFinished()
            ? (s.getFinished().getSeconds() - s.getStarted().getSeconds())
                + (s.getFinished().getNanos() - s.getStarted().getNanos()) / 1e9
            : 0;
    return switch (s.getState()) {
      case SUCCEEDED -> "done in " + Figures.duration(seconds);
      case CANCELLED -> "cancelled after " + Figures.duration(seconds);
      case FAILED -> "failed after " + Figures.duration(seconds);
      default -> "ETA " + (s.getEtaSeconds() > 0 ? Figures.duration(s.getEtaSeconds()) : "?");
    };
  }

  /**
   * The line after a match's bar: how it ended, after how many pairs, with the final figures (the
   * bar may have stopped short of its end when the SPRT decided).
   */
  static String ending(JobStatus s) {
    return ending(s.getMatch(), s.getState());
  }

  /** How a match with this summary ended, in a job that ended in {@code state}. */
  static String ending(MatchSummary m, gofarm.proto.v1.JobState state) {
    String how =
        switch (m.getDecision()) {
          case ACCEPT_H1 -> "SPRT: H1 accepted";
          case ACCEPT_H0 -> "SPRT: H0 accepted";
          case INCONCLUSIVE -> "SPRT: inconclusive";
          default -> "match " + state.name().toLowerCase(Locale.ROOT);
        };
    String figures = MatchReport.live(m, false);
    return String.format(
        Locale.ROOT,
        "%s after %,d %s%s%s",
        how,
        m.getPairs(),
        m.getPairs() == 1 ? "pair" : "pairs",
        figures.isEmpty() ? "" : ": " + figures,
        MatchReport.hasSprt(m) ? "  LLR " + MatchReport.llr(m) : "");
  }

  /**
   * The line after a fit's bar: why it stopped, after how many updates, with the last table's
   * figures (the bar stops short of its end when the fit converged).
   */
  static String fitEnding(JobStatus s) {
    FitSummary f = s.getFit();
    String how =
        switch (f.getStop()) {
          case FIT_STOP_CONVERGED -> "fit converged";
          case FIT_STOP_MAX_ITERATIONS -> "fit made the most iterations";
          default -> "fit " + s.getState().name().toLowerCase(Locale.ROOT);
        };
    String figures = FitReport.live(f);
    return String.format(
        Locale.ROOT,
        "%s after %,d %s%s",
        how,
        f.getIteration(),
        f.getIteration() == 1 ? "iteration" : "iterations",
        figures.isEmpty() ? "" : ": " + figures);
  }

  /**
   * The interim win rates of the pairs with playouts so far: each pair's for up to four pairs, else
   * the widest interval.
   */
  static String interim(JobStatus s) {
    List<PairSummary> pairs = new ArrayList<>();
    for (PairSummary p : s.getPairsList()) {
      if (p.getPlayouts() > 0) {
        pairs.add(p);
      }
    }
    if (pairs.isEmpty()) {
      return "";
    }
    if (pairs.size() <= 4) {
      List<String> parts = new ArrayList<>();
      for (PairSummary p : pairs) {
        parts.add(
            String.format(
                Locale.ROOT, "%.1f±%.1f%%", 100 * p.getBlackWinRate(), 100 * p.getHalfWidth()));
      }
      return "black wins " + String.join(" ", parts);
    }
    double widest = 0;
    for (PairSummary p : pairs) {
      widest = Math.max(widest, p.getHalfWidth());
    }
    return String.format(Locale.ROOT, "%d pairs, widest ±%.1f%%", pairs.size(), 100 * widest);
  }
}
