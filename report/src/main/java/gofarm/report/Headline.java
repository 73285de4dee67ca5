package gofarm.report;

import gofarm.proto.v1.JobStatus;
import java.util.Locale;

/**
 * The one line about a job that heads its results and answers {@code gofarm cancel}, and the
 * progress cells of its row in {@code gofarm jobs}.
 */
public final class Headline {
  private Headline() {}

  /**
   * Id, name, state, playouts (games for a match, whose playout counts are games) and time, e.g.
   * {@code job j-3 · 9x9 policies · SUCCEEDED · 40,000 of 40,000 playouts in 1.2s (33.3k
   * playouts/s)}; for a tune job iterations, confirmation pairs and units, e.g. {@code job j-4 ·
   * rates · SUCCEEDED · 200 of 200 iterations, confirmation 120 pairs · 3,440 of 5,200 games in
   * 14m02s}; for a fit job iterations and moves read, e.g. {@code job j-5 · 9x9 · SUCCEEDED · 24 of
   * at most 100 iterations · 1,250,000 of at most 5,050,000 moves read in 40s}.
   */
  public static String of(JobStatus s) {
    double seconds =
        s.hasStarted() && s.hasFinished()
            ? (s.getFinished().getSeconds() - s.getStarted().getSeconds())
                + (s.getFinished().getNanos() - s.getStarted().getNanos()) / 1e9
            : 0;
    if (s.hasTune() || s.hasFit() || s.hasBalance()) {
      return String.format(
          Locale.ROOT,
          "job %s · %s · %s · %s%s%s",
          TerminalText.escape(s.getJobId()),
          s.getName().isEmpty() ? "(no name)" : TerminalText.escape(s.getName()),
          s.getState(),
          s.hasTune()
              ? TuneReport.headline(s)
              : s.hasFit() ? FitReport.headline(s) : BalanceReport.headline(s),
          seconds > 0 ? " in " + Figures.duration(seconds) : "",
          s.getMessage().isEmpty() ? "" : " · " + TerminalText.escape(s.getMessage()));
    }
    boolean match = s.hasMatch();
    String time =
        seconds > 0
            ? String.format(
                Locale.ROOT,
                match ? " in %s (%s games/min)" : " in %s (%s playouts/s)",
                Figures.duration(seconds),
                match
                    ? String.format(Locale.ROOT, "%.1f", 60 * s.getPlayoutsDone() / seconds)
                    : Figures.human(s.getPlayoutsDone() / seconds))
            : "";
    return String.format(
        Locale.ROOT,
        "job %s · %s · %s · %,d of %,d %s%s%s",
        TerminalText.escape(s.getJobId()),
        s.getName().isEmpty() ? "(no name)" : TerminalText.escape(s.getName()),
        s.getState(),
        s.getPlayoutsDone(),
        s.getPlayoutsTotal(),
        match ? "games" : "playouts",
        time,
        s.getMessage().isEmpty() ? "" : " · " + TerminalText.escape(s.getMessage()));
  }

  /**
   * The progress cell of {@code gofarm jobs}: the share of the playouts (games for a match) done,
   * e.g. {@code 45 %}; for a tune job where it stands ({@code iteration 120 of 2,000}, {@code
   * confirming: 37 pairs}, {@code 2,000 iterations, confirmed}); for a fit job its iterations and
   * why it stopped ({@code iteration 12 of at most 100}, {@code 24 iterations, converged}).
   */
  public static String progress(JobStatus s) {
    if (s.hasTune()) {
      return TuneReport.progress(s);
    }
    if (s.hasFit()) {
      return FitReport.progress(s);
    }
    if (s.hasBalance()) {
      return BalanceReport.progress(s);
    }
    return String.format(
        Locale.ROOT,
        "%.0f %%",
        s.getPlayoutsTotal() == 0 ? 0 : 100.0 * s.getPlayoutsDone() / s.getPlayoutsTotal());
  }

  /**
   * The work-done cell of {@code gofarm jobs}: playouts, games for a match, games or evaluations
   * for a tune job, moves read (every pass) for a fit job, e.g. {@code 1,200 games}.
   */
  public static String done(JobStatus s) {
    if (s.hasTune()) {
      return String.format(Locale.ROOT, "%,d %s", s.getPlayoutsDone(), TuneReport.units(s));
    }
    if (s.hasFit()) {
      return String.format(Locale.ROOT, "%,d moves read", s.getPlayoutsDone());
    }
    if (s.hasBalance()) {
      return String.format(Locale.ROOT, "%,d playouts", s.getPlayoutsDone());
    }
    return String.format(Locale.ROOT, s.hasMatch() ? "%,d games" : "%,d", s.getPlayoutsDone());
  }
}
