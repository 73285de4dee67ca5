package gofarm.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.FeatureGroup;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.FitStop;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.report.FitReport;
import gofarm.report.FitSample;
import gofarm.report.Headline;
import gofarm.report.ResultsReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fit job's table, CSV, γ file, live line, headline and {@code gofarm jobs} cells, from results
 * made by hand as the coordinator states them ({@link FitSample}): running, stopped each way, with
 * and without held-out games.
 */
class FitReportTest {

  @Test
  void theTableShowsTheGamesTheDecisionsTheFiguresAndWhyItStopped() {
    JobResults r = FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS);
    assertEquals(
        "job j-fit · fit 9x9 · SUCCEEDED · 12 of at most 12 iterations · 46,800 of at most 46,800"
            + " moves read in 4m20s\n"
            + "\n"
            + "games           36: 29 training, 7 held out (testShare 0.2); the first 2 moves of"
            + " each not learnt from\n"
            + "decisions       2,800 training, 690 held out (skipped: 42 and 10 passes or own-eye"
            + " fills)\n"
            + "iterations      12 of at most 12: one group updated in turn (10 groups: pat3,"
            + " capture, extend, self-atari, atari, edge, nakade, dist-last, dist-second, local)\n"
            + "log-likelihood  training -2.4100 per decision (start -3.2500), held out -2.4800"
            + " (start -3.2000)\n"
            + "top-1           training 24.0 % (start 0.0 %), held out 21.6 % (start 0.0 %)\n"
            + "top-5           training 58.0 % (start 10.0 %), held out 52.0 % (start 10.0 %)\n"
            + "stopped         max iterations: made the 12 updates the spec allows\n",
        ResultsReport.table(r));
  }

  private static String row(String table, String name) {
    for (String line : table.split("\n")) {
      if (line.startsWith(name + " ")) {
        return line.substring(name.length()).strip();
      }
    }
    throw new AssertionError("no row '" + name + "' in\n" + table);
  }

  @Test
  void eachWayOfStoppingIsSaidPlainly() {
    assertEquals(
        "converged: the last cycle over the groups raised the training log-likelihood per"
            + " decision by less than minGain 0.0001",
        row(ResultsReport.table(FitSample.results(10, FitStop.FIT_STOP_CONVERGED)), "stopped"));
    assertEquals(
        "cancelled after 3 updates (the table reached is the job's γ)",
        row(ResultsReport.table(FitSample.results(3, FitStop.FIT_STOP_CANCELLED)), "stopped"));
    assertEquals(
        "not yet: pass 5 sums for group atari",
        row(ResultsReport.table(FitSample.results(4, FitStop.FIT_STOP_UNSPECIFIED)), "stopped"));
    String queued = ResultsReport.table(FitSample.results(0, FitStop.FIT_STOP_UNSPECIFIED));
    assertEquals("none counted yet: the first pass over the games runs", row(queued, "decisions"));
    assertEquals("0 of at most 12", row(queued, "iterations"));
  }

  @Test
  void withoutHeldOutGamesTheTestFiguresAreLeftOut() {
    JobResults r = FitSample.results(2, FitStop.FIT_STOP_MAX_ITERATIONS, false);
    String table = ResultsReport.table(r);
    assertEquals(
        "36: 36 training, 0 held out (testShare 0); the first 2 moves of each not learnt" + " from",
        row(table, "games"));
    assertEquals(
        "training -3.1100 per decision (start -3.2500), held out - (no held-out decision)",
        row(table, "log-likelihood"));
    assertEquals(
        "iteration,group,train_log_likelihood,test_log_likelihood,train_top1,test_top1,"
            + "train_top5,test_top5\n"
            + "0,,-3.25000,,0.00000,,0.100000,\n"
            + "1,pat3,-3.18000,,0.0200000,,0.140000,\n"
            + "2,capture,-3.11000,,0.0400000,,0.180000,\n",
        ResultsReport.csv(r));
    assertEquals(
        "group pat3  train -3.2500 top-1 0.0 %",
        FitReport.live(
            FitSample.results(0, FitStop.FIT_STOP_UNSPECIFIED, false)
                .getStatus()
                .getFit()
                .toBuilder()
                .setLatest(FitSample.figures(0, false))
                .build()));
  }

  @Test
  void theCsvHasOneRowPerTableMeasured() {
    List<String> lines =
        List.of(
            ResultsReport.csv(FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS)).split("\n"));
    assertEquals(14, lines.size());
    assertEquals("3,extend,-3.04000,-3.02000,0.0600000,0.0540000,0.220000,0.205000", lines.get(4));
  }

  @Test
  void theGammaFileIsTheFittedTableWithItsCountsAsComments() {
    JobResults r = FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS);
    String text = FitReport.gammaText(r);
    GammaTable table = GammaTable.parse(text);
    double[] gamma = r.getFit().getGammaList().stream().mapToDouble(Double::doubleValue).toArray();
    assertEquals(GammaTable.of(gamma), table, "the table, bit for bit");
    assertTrue(text.contains("\ncapture size=1 5.5  # chosen 120 of 150 candidates\n"), text);
    int p7 = FeatureSpace.id(FeatureGroup.PATTERN, 7);
    assertTrue(
        text.contains(
            "\n" + FeatureSpace.name(p7) + " " + gamma[p7] + "  # chosen 7 of 107 candidates\n"),
        text);
  }

  @Test
  void theJobsListingAndTheHeadlineSayWhereAFitStands() {
    JobStatus running = FitSample.results(4, FitStop.FIT_STOP_UNSPECIFIED).getStatus();
    assertEquals("iteration 4 of at most 12", Headline.progress(running));
    assertEquals("14,400 moves read", Headline.done(running));
    assertEquals(
        "job j-fit · fit 9x9 · RUNNING · 4 of at most 12 iterations · 14,400 of at most 46,800"
            + " moves read",
        Headline.of(running));
    assertEquals(
        "10 iterations, converged",
        Headline.progress(FitSample.results(10, FitStop.FIT_STOP_CONVERGED).getStatus()));
    assertEquals(
        "12 iterations, max iterations",
        Headline.progress(FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS).getStatus()));
    assertEquals(
        "3 iterations, cancelled",
        Headline.progress(FitSample.results(3, FitStop.FIT_STOP_CANCELLED).getStatus()));
  }

  @Test
  void followingAFitShowsTheIterationsTheGroupAndTheFiguresThenWhyItStopped() {
    List<JobStatus> stream = new ArrayList<>();
    for (int k = 0; k < 6; k++) {
      stream.add(FitSample.results(k, FitStop.FIT_STOP_UNSPECIFIED).getStatus());
    }
    JobStatus done = FitSample.results(6, FitStop.FIT_STOP_CONVERGED).getStatus();
    stream.add(done);
    StringWriter err = new StringWriter();
    JobStatus last = JobWatcher.follow(stream.iterator(), new PrintWriter(err, true));
    assertEquals(done, last);
    List<String> lines = List.of(err.toString().split("\n"));
    assertEquals("job j-fit: fit 9x9", lines.get(0));
    assertTrue(
        lines.get(1).endsWith(" 0% 0/12 iterations  ? iterations/min  ETA 4m20s  group pat3"),
        lines.get(1));
    // 3 passes of 20 s: 2 updates in a minute.
    assertTrue(
        lines
            .get(3)
            .endsWith(
                " 25% 3/12 iterations  3.0 iterations/min  ETA 3m20s  group self-atari"
                    + "  train -3.1100 top-1 4.0 %  test -3.0800 top-1 3.6 %"),
        lines.get(3));
    assertEquals(
        "fit converged after 6 iterations: train -2.8300 top-1 12.0 %  test -2.8400 top-1 10.8 %",
        lines.get(lines.size() - 1));
  }
}
