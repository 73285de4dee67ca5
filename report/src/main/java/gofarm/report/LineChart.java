package gofarm.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One SVG line chart over a series counted 1..n (game pairs, iterations): the frame, the grid with
 * round ticks, a title, a subtitle with the figures, the axis labels and a caption saying what the
 * chart shows, and the marks drawn into it (lines, polylines, shaded bands, labels). The charts of
 * {@link MatchCharts}, {@link TuneCharts} and {@link FitCharts} are drawn with it, so they look
 * alike.
 *
 * <pre>{@code
 * LineChart c = new LineChart(n, 0, 1);
 * StringBuilder sb = c.open("tuned vs start", "figures", "iterations", "score", "What it shows.");
 * c.polyline(sb, "score", values, LineChart.BLUE);
 * String svg = c.close(sb, n, "no iterations counted yet");
 * }</pre>
 *
 * <p>Plain SVG 1.1 (no scripts, no external references; every text escaped by {@link SvgText}) and
 * a function of its input alone: every number is printed with {@link Locale#ROOT} and fixed
 * decimals, so the same figures give the same bytes. Value i of a series (0-based) is drawn at x =
 * i + 1; values outside the y range are drawn at its edge.
 */
public final class LineChart {
  static final int WIDTH = 720;
  static final int HEIGHT = 430;

  /** The most characters of a caption line; a longer caption wraps onto a second line. */
  static final int CAPTION_LINE = 110;

  static final String BLUE = "#1f4e9a";
  static final String GREEN = "#2e7d32";
  static final String RED = "#c62828";
  static final String GREY = "#888888";
  private static final double LEFT = 64;
  private static final double RIGHT = WIDTH - 24;
  private static final double TOP = 56;
  private static final double BOTTOM = HEIGHT - 82;

  private final double xMax;
  private final double yMin;
  private final double yMax;

  /** A chart with x over 0..xMax and y over yMin..yMax (yMin < yMax). */
  LineChart(double xMax, double yMin, double yMax) {
    this.xMax = xMax;
    this.yMin = yMin;
    this.yMax = yMax;
  }

  double x(double count) {
    return LEFT + (RIGHT - LEFT) * count / xMax;
  }

  /** The y of a value, clamped to the plot area. */
  double y(double v) {
    double c = Double.isNaN(v) ? yMin : Math.max(yMin, Math.min(yMax, v));
    return BOTTOM - (BOTTOM - TOP) * (c - yMin) / (yMax - yMin);
  }

  /** The header, the grid with its tick labels, the frame, the axis labels and the caption. */
  StringBuilder open(String title, String figures, String xLabel, String yLabel, String caption) {
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
        .append(SvgText.escape(title))
        .append(" · ")
        .append(SvgText.escape(figures))
        .append("</title>\n");
    sb.append("<desc>").append(SvgText.escape(caption)).append("</desc>\n");
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
            SvgText.escape(title)));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text class=\"subtitle\" x=\"%d\" y=\"40\" text-anchor=\"middle\">%s</text>\n",
            WIDTH / 2,
            SvgText.escape(figures)));
    sb.append("<g class=\"y-ticks\">\n");
    List<Double> yTicks = ticks(yMin, yMax, 6);
    for (double t : yTicks) {
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
              tickLabel(t, yTicks)));
    }
    sb.append("</g>\n<g class=\"x-ticks\">\n");
    List<Double> xTicks = ticks(0, xMax, 8);
    for (double t : xTicks) {
      if (t != Math.rint(t)) {
        continue; // pairs and iterations are whole
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
            "<text class=\"x-label\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n",
            (LEFT + RIGHT) / 2,
            BOTTOM + 40,
            SvgText.escape(xLabel)));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text class=\"y-label\" x=\"16\" y=\"%.2f\" text-anchor=\"middle\""
                + " transform=\"rotate(-90 16 %.2f)\">%s</text>\n",
            (TOP + BOTTOM) / 2,
            (TOP + BOTTOM) / 2,
            SvgText.escape(yLabel)));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text class=\"caption\" x=\"%.2f\" y=\"%d\" font-size=\"11\" fill=\"#444444\">",
            LEFT - 48,
            HEIGHT - 22));
    List<String> lines = wrap(caption, CAPTION_LINE);
    for (int i = 0; i < lines.size(); i++) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<tspan x=\"%.2f\" dy=\"%d\">%s</tspan>",
              LEFT - 48,
              i == 0 ? 0 : 14,
              SvgText.escape(lines.get(i))));
    }
    sb.append("</text>\n");
    return sb;
  }

  /**
   * The text in lines of at most {@code width} characters, broken after a space (a word longer than
   * a line stays whole); each line but the last keeps its trailing space, so the lines joined are
   * the text.
   */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (text.length() - start > width) {
      int cut = text.lastIndexOf(' ', start + width);
      if (cut <= start) {
        cut = text.indexOf(' ', start + width);
        if (cut < 0) {
          break;
        }
      }
      lines.add(text.substring(start, cut + 1));
      start = cut + 1;
    }
    lines.add(text.substring(start));
    return lines;
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
            SvgText.escape(text)));
  }

  /** One point per value, value i at x = i + 1. */
  void polyline(StringBuilder sb, String cls, double[] values, String colour) {
    polyline(sb, cls, values, colour, 1.5, 1);
  }

  /** One point per value, value i at x = i + 1, with the given stroke width and opacity. */
  void polyline(
      StringBuilder sb, String cls, double[] values, String colour, double width, double opacity) {
    polyline(sb, cls, 1, values, colour, width, opacity);
  }

  /**
   * One point per value, value i at x = first + i (a series counted from 0, such as the tables of a
   * fit from its start), with the given stroke width and opacity. A NaN value (no value at that x,
   * such as a tuning's forward score before θ has moved) has no point; the line joins its
   * neighbours.
   */
  void polyline(
      StringBuilder sb,
      String cls,
      int first,
      double[] values,
      String colour,
      double width,
      double opacity) {
    sb.append("<polyline class=\"").append(cls).append("\" fill=\"none\" stroke=\"");
    sb.append(colour)
        .append(String.format(Locale.ROOT, "\" stroke-width=\"%.1f\"", width))
        .append(opacity < 1 ? String.format(Locale.ROOT, " stroke-opacity=\"%.2f\"", opacity) : "")
        .append(" points=\"");
    boolean any = false;
    for (int i = 0; i < values.length; i++) {
      if (Double.isNaN(values[i])) {
        continue;
      }
      sb.append(any ? " " : "")
          .append(String.format(Locale.ROOT, "%.2f,%.2f", x(first + i), y(values[i])));
      any = true;
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

  /** The whole plot area between the values low and high, shaded (a range a series stays in). */
  void range(StringBuilder sb, String cls, double low, double high, String colour) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"%s\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\""
                + " fill-opacity=\"0.08\" stroke=\"none\"/>\n",
            cls,
            LEFT,
            y(high),
            RIGHT - LEFT,
            y(low) - y(high),
            colour));
  }

  /** Ends the chart; with no values, says so in the middle of the plot area. */
  String close(StringBuilder sb, int count, String emptyText) {
    if (count == 0) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<text class=\"empty\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n",
              (LEFT + RIGHT) / 2,
              (TOP + BOTTOM) / 2,
              SvgText.escape(emptyText)));
    }
    return sb.append("</svg>\n").toString();
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
}
