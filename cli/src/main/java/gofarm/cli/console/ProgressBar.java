package gofarm.cli.console;

import static gofarm.report.Figures.duration;
import static gofarm.report.Figures.human;

import gofarm.report.TerminalText;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress bar on standard error: done/total, rate and ETA, redrawn in place at most five times a
 * second on a terminal, or printed as a plain line every ten percent when stderr is not one (logs,
 * CI).
 *
 * <pre>{@code
 * ProgressBar bar = new ProgressBar("playouts", total, new PrintWriter(System.err, true));
 * bar.advance(1000);   // from any thread
 * bar.finish();
 * }</pre>
 */
public final class ProgressBar {
  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final String unit;
  private final long total;
  private final PrintWriter out;
  private final boolean interactive;
  private final long start = System.nanoTime();
  private final AtomicLong done = new AtomicLong();
  private long lastDraw;
  private int lastDecile = -1;
  private String suffix = "";
  private String reportedRate;
  private String reportedEta;

  public ProgressBar(String unit, long total, PrintWriter out) {
    this(unit, total, out, System.console() != null);
  }

  ProgressBar(String unit, long total, PrintWriter out, boolean interactive) {
    this.unit = unit;
    this.total = Math.max(1, total);
    this.out = out;
    this.interactive = interactive;
  }

  /** Adds {@code n} finished units; thread-safe. */
  public void advance(long n) {
    done.addAndGet(n);
    maybeDraw(false);
  }

  /** Sets the finished units to {@code total} so far (for progress reported as a running total). */
  public void set(long total) {
    done.set(total);
    maybeDraw(false);
  }

  /** Text shown after the rate and ETA, such as interim win rates; escaped (it may hold names). */
  public synchronized void setSuffix(String text) {
    this.suffix = TerminalText.escape(text);
  }

  /**
   * Shows these texts instead of the measured rate and ETA: figures the job reports itself, such as
   * a match's games per minute while the bar counts game pairs. Null for both goes back to
   * measuring.
   */
  public synchronized void setRate(String rate, String eta) {
    this.reportedRate = rate;
    this.reportedEta = eta;
  }

  /** Draws the final state and ends the line. */
  public void finish() {
    maybeDraw(true);
    if (interactive) {
      synchronized (this) {
        out.println();
        out.flush();
      }
    }
  }

  private synchronized void maybeDraw(boolean force) {
    long now = System.nanoTime();
    long d = done.get();
    if (interactive) {
      if (force || now - lastDraw >= REDRAW_NANOS) {
        lastDraw = now;
        out.print("\r" + line(d, now) + "\033[K");
        out.flush();
      }
    } else {
      int decile = (int) Math.min(10, d * 10 / total);
      if (decile > lastDecile) {
        lastDecile = decile;
        out.println(line(d, now));
        out.flush();
      }
    }
  }

  String line(long d, long now) {
    double seconds = Math.max(1e-9, (now - start) / 1e9);
    double rate = d / seconds;
    double fraction = Math.min(1.0, (double) d / total);
    int filled = (int) Math.round(fraction * WIDTH);
    StringBuilder bar = new StringBuilder("[");
    for (int i = 0; i < WIDTH; i++) {
      bar.append(i < filled ? '=' : i == filled ? '>' : ' ');
    }
    bar.append(']');
    String eta =
        reportedEta != null
            ? reportedEta
            : d >= total
                ? "done in " + duration(seconds)
                : "ETA " + (rate > 0 ? duration((total - d) / rate) : "?");
    return String.format(
        Locale.ROOT,
        "%s %3.0f%% %,d/%,d %s  %s  %s%s",
        bar,
        fraction * 100,
        d,
        total,
        unit,
        reportedRate != null ? reportedRate : human(rate) + "/s",
        eta,
        suffix.isEmpty() ? "" : "  " + suffix);
  }
}
