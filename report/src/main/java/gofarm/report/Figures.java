package gofarm.report;

import java.util.Locale;

/** Rates and durations as people read them, the same in tables, progress lines and pages. */
public final class Figures {
  private Figures() {}

  /** 91.2k, 1.3M, 250, 0.4 (slow units, such as long searches, keep a decimal). */
  public static String human(double v) {
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.1fM", v / 1e6);
    }
    if (v >= 1e3) {
      return String.format(Locale.ROOT, "%.1fk", v / 1e3);
    }
    return String.format(Locale.ROOT, v < 10 ? "%.1f" : "%.0f", v);
  }

  /** {@code 4.2s}, {@code 59s}, {@code 3m07s}, {@code 2h05m}. */
  public static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return seconds < 10 ? String.format(Locale.ROOT, "%.1fs", seconds) : s + "s";
    }
    if (s < 3600) {
      return (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s";
    }
    return (s / 3600) + "h" + String.format(Locale.ROOT, "%02d", (s % 3600) / 60) + "m";
  }
}
