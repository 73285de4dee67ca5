package gofarm.report;

import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.StopAwareElo;
import gofarm.stats.EloEstimate;
import gofarm.stats.EloModel;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A match's pictures as SVG line charts over the game pairs counted, in pair order.
 *
 * <ul>
 *   <li>{@link #llr}: the SPRT's log-likelihood ratio after each pair with its two bounds as
 *       horizontal lines, as Fishtest draws a test: the match stops where the line first leaves the
 *       band between them.
 *   <li>{@link #elo}: the fixed-sample logistic Elo estimate after each pair with its 95 % interval
 *       as a band, recomputed here from the pair outcomes with {@link EloEstimate}, and the SPRT's
 *       elo0 and elo1 as dotted lines when they are logistic Elo. Once the SPRT has ended, the
 *       caption states the stop-aware Elo (the summary's, named as such) and a dashed line marks
 *       it: the line's last point is biased by the stop, which is why it is not the caption's.
 * </ul>
 *
 * <p>Drawn as {@link LineChart}s, so a function of the results alone (the same results give the
 * same bytes). Pair k (1-based: after k pairs) is drawn at x = k; the charts carry one polyline
 * point per pair, axis ticks at round values with grid lines, axis labels, a title and a caption.
 * Values outside the plotted range (the first pairs' unbounded Elo intervals) are drawn at its
 * edge. The charts take a {@link MatchResult}, so a tuning's confirmation match draws the same.
 */
public final class MatchCharts {
  /**
   * The Elo chart's range is taken from the pairs after this fraction of them: the first few pairs'
   * estimates run to hundreds of Elo and would flatten the rest.
   */
  private static final double SETTLED_FRACTION = 0.1;

  private static final String PAIRS = "game pairs (in pair order)";
  private static final String NO_PAIRS = "no game pairs counted yet";

  private MatchCharts() {}

  /** The LLR trajectory with the SPRT's bounds; {@code sprt} is the match's test. */
  static String llr(JobResults results, Sprt sprt) {
    return llr(results.getMatch(), sprt);
  }

  /** The LLR trajectory of a match result with the SPRT's bounds. */
  static String llr(MatchResult match, Sprt sprt) {
    MatchSummary m = match.getSummary();
    int n = match.getLlrCount();
    // The coordinator's bounds, as it tested; the same as the spec's unless it reports none yet.
    double lower = MatchReport.hasSprt(m) ? m.getLlrLower() : sprt.lowerBound();
    double upper = MatchReport.hasSprt(m) ? m.getLlrUpper() : sprt.upperBound();
    double lo = lower;
    double hi = upper;
    for (double v : match.getLlrList()) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    double pad = 0.05 * (hi - lo);
    LineChart f = new LineChart(Math.max(1, n), lo - pad, hi + pad);
    String players = m.getCandidate() + " vs " + m.getBaseline();
    String figures =
        String.format(
            Locale.ROOT,
            "SPRT %s Elo [%s, %s] · LLR %.2f [%.2f, %.2f] · %s after %,d pairs",
            sprt.model().id(),
            MatchReport.number(sprt.elo0()),
            MatchReport.number(sprt.elo1()),
            n == 0 ? 0 : match.getLlr(n - 1),
            lower,
            upper,
            decision(m),
            n);
    StringBuilder sb =
        f.open(
            players,
            figures,
            PAIRS,
            "log-likelihood ratio",
            "The SPRT's log-likelihood ratio after each game pair (blue line); the match stops"
                + " where it first leaves the band between the dashed bounds.");
    f.horizontal(sb, "zero", 0, LineChart.GREY, "2 3");
    f.horizontal(sb, "bound upper", upper, LineChart.GREEN, "8 4");
    f.label(sb, "bound-label", upper, String.format(Locale.ROOT, "accept H1 at %.2f", upper));
    f.horizontal(sb, "bound lower", lower, LineChart.RED, "8 4");
    f.label(sb, "bound-label", lower, String.format(Locale.ROOT, "accept H0 at %.2f", lower));
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = match.getLlr(i);
    }
    f.polyline(sb, "llr", values, LineChart.BLUE);
    return f.close(sb, n, NO_PAIRS);
  }

  private static String decision(MatchSummary m) {
    return switch (m.getDecision()) {
      case ACCEPT_H1 -> "H1 accepted";
      case ACCEPT_H0 -> "H0 accepted";
      case INCONCLUSIVE -> "inconclusive";
      default -> "undecided";
    };
  }

  /** The Elo estimate after each pair, from the pair outcomes. */
  static List<EloEstimate> eloPath(MatchResult match) {
    List<EloEstimate> path = new ArrayList<>(match.getPairsCount());
    Pentanomial counts = Pentanomial.EMPTY;
    for (GamePairOutcome p : match.getPairsList()) {
      counts =
          counts.plus(
              Pentanomial.classify(
                  p.getFirst().getCandidatePoints(), p.getSecond().getCandidatePoints()));
      path.add(EloEstimate.of(counts));
    }
    return path;
  }

  /** The Elo estimate with its 95 % interval over the pairs; {@code sprt} may be null. */
  static String elo(JobResults results, Sprt sprt) {
    return elo(results.getMatch(), sprt);
  }

  /** The Elo estimate of a match result with its 95 % interval; {@code sprt} may be null. */
  static String elo(MatchResult match, Sprt sprt) {
    MatchSummary m = match.getSummary();
    List<EloEstimate> path = eloPath(match);
    int n = path.size();
    double lo = 0;
    double hi = 0;
    boolean eloLines = sprt != null && sprt.model() == EloModel.LOGISTIC;
    if (eloLines) {
      lo = Math.min(lo, sprt.elo0());
      hi = Math.max(hi, sprt.elo1());
    }
    StopAwareElo stopAware = m.hasStopAware() ? m.getStopAware() : null;
    if (stopAware != null && Double.isFinite(stopAware.getElo())) {
      lo = Math.min(lo, stopAware.getElo());
      hi = Math.max(hi, stopAware.getElo());
    }
    int settled = Math.min(n - 1, (int) Math.ceil(SETTLED_FRACTION * n));
    for (int i = Math.max(0, settled); i < n; i++) {
      EloEstimate e = path.get(i);
      for (double v : new double[] {e.elo(), e.eloLower(), e.eloUpper()}) {
        if (Double.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (hi - lo < 20) {
      hi += 10;
      lo -= 10;
    }
    double pad = 0.05 * (hi - lo);
    LineChart f = new LineChart(Math.max(1, n), lo - pad, hi + pad);
    EloEstimate last = n == 0 ? null : path.get(n - 1);
    String players = m.getCandidate() + " vs " + m.getBaseline();
    String figures =
        last == null
            ? "Elo: no pairs yet"
            : stopAware != null
                ? String.format(
                    Locale.ROOT,
                    "stop-aware Elo %s after %,d pairs (corrected for the SPRT's stopping rule; the line's"
                        + " fixed-sample %s is biased by it)",
                    MatchReport.stopAwareElo(stopAware, 1),
                    n,
                    MatchReport.elo(last.elo(), 1))
                : String.format(
                    Locale.ROOT,
                    "%sElo %s (95 %%: %s .. %s) after %,d pairs",
                    sprt != null ? "fixed-sample " : "",
                    MatchReport.elo(last.elo(), 1),
                    MatchReport.elo(last.eloLower(), 1),
                    MatchReport.elo(last.eloUpper(), 1),
                    n);
    StringBuilder sb =
        f.open(
            players,
            figures,
            PAIRS,
            "Elo (logistic) and its 95 % interval",
            "The candidate's fixed-sample logistic Elo over the baseline after each game pair"
                + " (blue line) with its 95 % interval (shaded)"
                + (eloLines ? "; dotted: the SPRT's elo0 and elo1" : "")
                + (stopAware != null
                    ? "; dashed: the stop-aware Elo once the SPRT ended ("
                        + stopAware.getMethod()
                        + ")."
                    : "."));
    double[] lower = new double[n];
    double[] upper = new double[n];
    double[] elo = new double[n];
    for (int i = 0; i < n; i++) {
      lower[i] = path.get(i).eloLower();
      upper[i] = path.get(i).eloUpper();
      elo[i] = path.get(i).elo();
    }
    f.band(sb, "interval", lower, upper, LineChart.BLUE);
    f.horizontal(sb, "zero", 0, LineChart.GREY, "2 3");
    if (eloLines) {
      f.horizontal(sb, "elo0", sprt.elo0(), LineChart.RED, "2 4");
      f.label(sb, "elo-label", sprt.elo0(), "elo0 " + MatchReport.number(sprt.elo0()));
      f.horizontal(sb, "elo1", sprt.elo1(), LineChart.GREEN, "2 4");
      f.label(sb, "elo-label", sprt.elo1(), "elo1 " + MatchReport.number(sprt.elo1()));
    }
    if (stopAware != null && Double.isFinite(stopAware.getElo())) {
      f.horizontal(sb, "stop-aware", stopAware.getElo(), LineChart.BLUE, "8 4");
      f.label(
          sb,
          "stop-aware-label",
          stopAware.getElo(),
          "stop-aware " + MatchReport.elo(stopAware.getElo(), 1));
    }
    f.polyline(sb, "elo", elo, LineChart.BLUE);
    return f.close(sb, n, NO_PAIRS);
  }
}
