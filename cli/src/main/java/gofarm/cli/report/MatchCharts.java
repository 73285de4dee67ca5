package gofarm.cli.report;

import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSummary;
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
 *   <li>{@link #elo}: the logistic Elo estimate after each pair with its 95 % interval as a band,
 *       recomputed here from the pair outcomes with {@link EloEstimate}, and the SPRT's elo0 and
 *       elo1 as dotted lines when they are logistic Elo.
 * </ul>
 *
 * <p>The pictures are plain SVG 1.1 (no scripts, no external references) and a function of the
 * results alone: every number is printed with {@link Locale#ROOT} and fixed decimals, so the same
 * results give the same bytes. Pair k (1-based: after k pairs) is drawn at x = k; the charts carry
 * one polyline point per pair, axis ticks at round values with grid lines, axis labels and a title.
 * Values outside the plotted range (the first pairs' unbounded Elo intervals) are drawn at its
 * edge.
 */
final class MatchCharts {
  static final int WIDTH = 720;
  static final int HEIGHT = 400;
  private static final double LEFT = 64;
  private static final double RIGHT = WIDTH - 24;
  private static final double TOP = 56;
  private static final double BOTTOM = HEIGHT - 52;

  /**
   * The Elo chart's range is taken from the pairs after this fraction of them: the first few pairs'
   * estimates run to hundreds of Elo and would flatten the rest.
   */
  private static final double SETTLED_FRACTION = 0.1;

  private MatchCharts() {}

  /** The LLR trajectory with the SPRT's bounds; {@code sprt} is the match's test. */
  static String llr(JobResults results, Sprt sprt) {
    MatchResult match = results.getMatch();
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
    Frame f = new Frame(Math.max(1, n), lo - pad, hi + pad);
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
    StringBuilder sb = f.open(players, figures, "log-likelihood ratio");
    f.horizontal(sb, "zero", 0, "#888888", "2 3");
    f.horizontal(sb, "bound upper", upper, "#2e7d32", "8 4");
    f.label(sb, "bound-label", upper, String.format(Locale.ROOT, "accept H1 at %.2f", upper));
    f.horizontal(sb, "bound lower", lower, "#c62828", "8 4");
    f.label(sb, "bound-label", lower, String.format(Locale.ROOT, "accept H0 at %.2f", lower));
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = match.getLlr(i);
    }
    f.polyline(sb, "llr", values, "#1f4e9a");
    return f.close(sb, n);
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
    MatchResult match = results.getMatch();
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
    Frame f = new Frame(Math.max(1, n), lo - pad, hi + pad);
    EloEstimate last = n == 0 ? null : path.get(n - 1);
    String players = m.getCandidate() + " vs " + m.getBaseline();
    String figures =
        last == null
            ? "Elo: no pairs yet"
            : String.format(
                Locale.ROOT,
                "Elo %s (95 %%: %s .. %s) after %,d pairs",
                MatchReport.elo(last.elo(), 1),
                MatchReport.elo(last.eloLower(), 1),
                MatchReport.elo(last.eloUpper(), 1),
                n);
    StringBuilder sb = f.open(players, figures, "Elo (logistic) and its 95 % interval");
    double[] lower = new double[n];
    double[] upper = new double[n];
    double[] elo = new double[n];
    for (int i = 0; i < n; i++) {
      lower[i] = path.get(i).eloLower();
      upper[i] = path.get(i).eloUpper();
      elo[i] = path.get(i).elo();
    }
    f.band(sb, "interval", lower, upper, "#1f4e9a");
    f.horizontal(sb, "zero", 0, "#888888", "2 3");
    if (eloLines) {
      f.horizontal(sb, "elo0", sprt.elo0(), "#c62828", "2 4");
      f.label(sb, "elo-label", sprt.elo0(), "elo0 " + MatchReport.number(sprt.elo0()));
      f.horizontal(sb, "elo1", sprt.elo1(), "#2e7d32", "2 4");
      f.label(sb, "elo-label", sprt.elo1(), "elo1 " + MatchReport.number(sprt.elo1()));
    }
    f.polyline(sb, "elo", elo, "#1f4e9a");
    return f.close(sb, n);
  }

  /** The plot area of one chart: x over pairs 0..xMax, y over yMin..yMax. */
  private static final class Frame {
    private final double xMax;
    private final double yMin;
    private final double yMax;

    Frame(double xMax, double yMin, double yMax) {
      this.xMax = xMax;
      this.yMin = yMin;
      this.yMax = yMax;
    }

    double x(double pairs) {
      return LEFT + (RIGHT - LEFT) * pairs / xMax;
    }

    /** The y of a value, clamped to the plot area. */
    double y(double v) {
      double c = Double.isNaN(v) ? yMin : Math.max(yMin, Math.min(yMax, v));
      return BOTTOM - (BOTTOM - TOP) * (c - yMin) / (yMax - yMin);
    }

    /** The header, the grid with its tick labels, the frame and the axis labels. */
    StringBuilder open(String players, String figures, String yLabel) {
      StringBuilder sb = new StringBuilder(16_384);
      sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
      sb.append(
          String.format(
              Locale.ROOT,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\""
                  + " height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\""
                  + " font-size=\"12\">\n",
              WIDTH,
              HEIGHT,
              WIDTH,
              HEIGHT));
      sb.append("<title>")
          .append(escape(players))
          .append(" · ")
          .append(escape(figures))
          .append("</title>\n");
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\""
                  + " fill=\"#ffffff\"/>\n",
              WIDTH,
              HEIGHT));
      sb.append(
          String.format(
              Locale.ROOT,
              "<text class=\"title\" x=\"%d\" y=\"20\" text-anchor=\"middle\""
                  + " font-size=\"14\" font-weight=\"bold\">%s</text>\n",
              WIDTH / 2,
              escape(players)));
      sb.append(
          String.format(
              Locale.ROOT,
              "<text class=\"subtitle\" x=\"%d\" y=\"40\" text-anchor=\"middle\">%s</text>\n",
              WIDTH / 2,
              escape(figures)));
      sb.append("<g class=\"y-ticks\">\n");
      for (double t : ticks(yMin, yMax, 6)) {
        double y = y(t);
        sb.append(
            String.format(
                Locale.ROOT,
                "<g class=\"y-tick\"><line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\""
                    + " stroke=\"#e0e0e0\"/><text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">%s"
                    + "</text></g>\n",
                LEFT,
                y,
                RIGHT,
                y,
                LEFT - 6,
                y + 4,
                tickLabel(t, ticks(yMin, yMax, 6))));
      }
      sb.append("</g>\n<g class=\"x-ticks\">\n");
      List<Double> xTicks = ticks(0, xMax, 8);
      for (double t : xTicks) {
        if (t != Math.rint(t)) {
          continue; // pairs are whole
        }
        double x = x(t);
        sb.append(
            String.format(
                Locale.ROOT,
                "<g class=\"x-tick\"><line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\""
                    + " stroke=\"#e0e0e0\"/><text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s"
                    + "</text></g>\n",
                x,
                TOP,
                x,
                BOTTOM,
                x,
                BOTTOM + 16,
                tickLabel(t, xTicks)));
      }
      sb.append("</g>\n");
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"frame\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\""
                  + " fill=\"none\" stroke=\"#000000\"/>\n",
              LEFT,
              TOP,
              RIGHT - LEFT,
              BOTTOM - TOP));
      sb.append(
          String.format(
              Locale.ROOT,
              "<text class=\"x-label\" x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">game pairs"
                  + " (in pair order)</text>\n",
              (LEFT + RIGHT) / 2,
              HEIGHT - 12));
      sb.append(
          String.format(
              Locale.ROOT,
              "<text class=\"y-label\" x=\"16\" y=\"%.2f\" text-anchor=\"middle\""
                  + " transform=\"rotate(-90 16 %.2f)\">%s</text>\n",
              (TOP + BOTTOM) / 2,
              (TOP + BOTTOM) / 2,
              escape(yLabel)));
      return sb;
    }

    void horizontal(StringBuilder sb, String cls, double v, String colour, String dashes) {
      double y = y(v);
      sb.append(
          String.format(
              Locale.ROOT,
              "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\""
                  + " stroke-width=\"1.5\" stroke-dasharray=\"%s\"/>\n",
              cls,
              LEFT,
              y,
              RIGHT,
              y,
              colour,
              dashes));
    }

    /** A label above the right end of a horizontal line at value v. */
    void label(StringBuilder sb, String cls, double v, String text) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">%s</text>\n",
              cls,
              RIGHT - 4,
              y(v) - 4,
              escape(text)));
    }

    /** One point per value, value i after i + 1 pairs. */
    void polyline(StringBuilder sb, String cls, double[] values, String colour) {
      sb.append("<polyline class=\"").append(cls).append("\" fill=\"none\" stroke=\"");
      sb.append(colour).append("\" stroke-width=\"1.5\" points=\"");
      for (int i = 0; i < values.length; i++) {
        sb.append(i == 0 ? "" : " ")
            .append(String.format(Locale.ROOT, "%.2f,%.2f", x(i + 1), y(values[i])));
      }
      sb.append("\"/>\n");
    }

    /** The area between lower[i] and upper[i], shaded. */
    void band(StringBuilder sb, String cls, double[] lower, double[] upper, String colour) {
      if (lower.length == 0) {
        return;
      }
      sb.append("<polygon class=\"").append(cls).append("\" fill=\"").append(colour);
      sb.append("\" fill-opacity=\"0.15\" stroke=\"none\" points=\"");
      for (int i = 0; i < upper.length; i++) {
        sb.append(i == 0 ? "" : " ")
            .append(String.format(Locale.ROOT, "%.2f,%.2f", x(i + 1), y(upper[i])));
      }
      for (int i = lower.length - 1; i >= 0; i--) {
        sb.append(String.format(Locale.ROOT, " %.2f,%.2f", x(i + 1), y(lower[i])));
      }
      sb.append("\"/>\n");
    }

    String close(StringBuilder sb, int pairs) {
      if (pairs == 0) {
        sb.append(
            String.format(
                Locale.ROOT,
                "<text class=\"empty\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">no game"
                    + " pairs counted yet</text>\n",
                (LEFT + RIGHT) / 2,
                (TOP + BOTTOM) / 2));
      }
      return sb.append("</svg>\n").toString();
    }
  }

  /** Round tick values within lo..hi, about {@code count} of them (steps of 1, 2 or 5 × 10^k). */
  static List<Double> ticks(double lo, double hi, int count) {
    double raw = (hi - lo) / count;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = magnitude;
    for (double m : new double[] {1, 2, 5, 10}) {
      step = m * magnitude;
      if (step >= raw) {
        break;
      }
    }
    List<Double> ticks = new ArrayList<>();
    long first = (long) Math.ceil(lo / step - 1e-9);
    long last = (long) Math.floor(hi / step + 1e-9);
    for (long k = first; k <= last; k++) {
      ticks.add(k * step);
    }
    return ticks;
  }

  /** A tick's label with as many decimals as its step needs, and no {@code -0}. */
  private static String tickLabel(double v, List<Double> ticks) {
    double step = ticks.size() > 1 ? ticks.get(1) - ticks.get(0) : 1;
    int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
    String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
    return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
