package gofarm.cli;

import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PairSummary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Follows a job's status stream with a progress bar: playouts done of the total, rate, ETA and the
 * interim black win rates (each with its 95 % half-width).
 */
final class JobWatcher {
  private JobWatcher() {}

  /** Draws the stream on {@code err} until it ends; returns the last status (or null). */
  static JobStatus follow(Iterator<JobStatus> stream, PrintWriter err) {
    ProgressBar bar = null;
    JobStatus last = null;
    while (stream.hasNext()) {
      last = stream.next();
      if (bar == null) {
        err.println(
            "job " + last.getJobId() + (last.getName().isEmpty() ? "" : ": " + last.getName()));
        bar = new ProgressBar("playouts", last.getPlayoutsTotal(), err);
      }
      bar.setSuffix(interim(last));
      bar.set(last.getPlayoutsDone());
    }
    if (bar != null) {
      bar.finish();
    }
    return last;
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
