package gofarm.cli.report;

import gofarm.cli.console.ProgressBar;
import gofarm.proto.v1.JobStatus;
import java.util.Locale;

/** The one line about a job that heads its results and answers {@code gofarm cancel}. */
public final class Headline {
  private Headline() {}

  /**
   * Id, name, state, playouts (games for a match, whose playout counts are games) and time, e.g.
   * {@code job j-3 · 9x9 policies · SUCCEEDED · 40,000 of 40,000 playouts in 1.2s (33.3k
   * playouts/s)}.
   */
  public static String of(JobStatus s) {
    double seconds =
        s.hasStarted() && s.hasFinished()
            ? (s.getFinished().getSeconds() - s.getStarted().getSeconds())
                + (s.getFinished().getNanos() - s.getStarted().getNanos()) / 1e9
            : 0;
    boolean match = s.hasMatch();
    String time =
        seconds > 0
            ? String.format(
                Locale.ROOT,
                match ? " in %s (%s games/min)" : " in %s (%s playouts/s)",
                ProgressBar.duration(seconds),
                match
                    ? String.format(Locale.ROOT, "%.1f", 60 * s.getPlayoutsDone() / seconds)
                    : ProgressBar.human(s.getPlayoutsDone() / seconds))
            : "";
    return String.format(
        Locale.ROOT,
        "job %s · %s · %s · %,d of %,d %s%s%s",
        s.getJobId(),
        s.getName().isEmpty() ? "(no name)" : s.getName(),
        s.getState(),
        s.getPlayoutsDone(),
        s.getPlayoutsTotal(),
        match ? "games" : "playouts",
        time,
        s.getMessage().isEmpty() ? "" : " · " + s.getMessage());
  }
}
