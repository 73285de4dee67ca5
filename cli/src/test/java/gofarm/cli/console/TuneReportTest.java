package gofarm.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.SprtDecision;
import gofarm.report.Headline;
import gofarm.report.MatchReport;
import gofarm.report.MatchSample;
import gofarm.report.ResultsReport;
import gofarm.report.TuneReport;
import gofarm.report.TuneSample;
import gofarm.stats.EloModel;
import gofarm.stats.Sprt;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tune job's table, θ CSV, live line, headline and {@code gofarm jobs} cells, from results made
 * by hand as the coordinator states them ({@link TuneSample}): with and without a confirmation
 * match, confirmed and not.
 */
class TuneReportTest {
  private static final Sprt SPRT = Sprt.of(0, 50, EloModel.LOGISTIC);

  /** A candidate that scores about 70 %: the SPRT [0, 50] accepts H1 after a few dozen pairs. */
  private static final String STRONG = "4224243420";

  /** A candidate that scores about 30 %: the SPRT [0, 50] accepts H0. */
  private static final String WEAK = "0220201024";

  private static String valueOf(String table, String row) {
    for (String line : table.split("\n")) {
      if (line.startsWith(row + " ")) {
        return line.substring(row.length()).strip();
      }
    }
    throw new AssertionError("no row '" + row + "' in\n" + table);
  }

  private static List<String> cells(String table, String firstCell) {
    for (String line : table.split("\n")) {
      if (line.startsWith(firstCell + " ")) {
        return Arrays.asList(line.strip().split("\\s{2,}"));
      }
    }
    throw new AssertionError("no row '" + firstCell + "' in\n" + table);
  }

  @Test
  void theTableShowsEachParameterTheObjectiveThePoliciesAndAConfirmedTuning() {
    JobResults r = TuneSample.results(5, MatchSample.points(STRONG, 400), SPRT);
    MatchSummary m = r.getTune().getConfirm().getSummary();
    String table = ResultsReport.table(r);
    String[] lines = table.split("\n");
    assertEquals(
        "job j-tune · tune rates · SUCCEEDED · 5 of 5 iterations, confirmation "
            + m.getPairs()
            + " pairs · "
            + (80 + 2 * m.getPairs())
            + " of 880 games in "
            + gofarm.report.Figures.duration(150 + 6 * m.getPairs()),
        lines[0]);
    assertEquals(
        List.of("parameter", "start", "tuned θ", "change", "policy uses", "range"),
        cells(table, "parameter"));
    assertEquals(
        List.of("rules[1].rate", "0.8", "0.9", "+0.1", "0.9", "0 .. 1"),
        cells(table, "rules[1].rate"));
    // θ is 1.62; the whole-number parameter is used rounded.
    assertEquals(
        List.of("rules[0].params.ladder", "1", "1.62", "+0.62", "2", "0 .. 2"),
        cells(table, "rules[0].params.ladder"));
    assertEquals(
        "5 of 5, each 8 colour-swapped game pairs of θ+ against θ−", valueOf(table, "iterations"));
    // The last tenth of 5 iterations is the last one: 9 points in 14 games; all: 35 in 58.
    assertEquals(
        "match: forward score 64.29 % over the last 10 % of the iterations (all iterations:"
            + " 60.34 %): the points won by the side of each pair further along θ's way from its"
            + " start; 50 % when that way gains nothing",
        valueOf(table, "objective"));
    assertEquals(TuneSample.START, valueOf(table, "start policy"));
    assertEquals(
        "extend(counter=1,ladder=2)@0.9 capture@0.9 random", valueOf(table, "tuned policy"));
    assertEquals("tuned", valueOf(table, "candidate"));
    assertEquals("start", valueOf(table, "baseline"));
    assertEquals(
        String.format(java.util.Locale.ROOT, "%,d of 400 (%,d games)", m.getPairs(), m.getGames()),
        valueOf(table, "pairs"));
    // The confirmation stopped: its Elo is the stop-aware one, the fixed-sample one labelled.
    assertTrue(
        valueOf(table, "Elo").startsWith(MatchReport.elo(m.getStopAware().getElo(), 2) + " (95 %"),
        table);
    assertTrue(valueOf(table, "Elo").contains(", stop-aware: "), table);
    assertTrue(
        valueOf(table, "fixed-sample Elo")
            .startsWith(MatchReport.elo(m.getFixedSampleElo(), 2) + " ± "),
        table);
    assertEquals(MatchReport.llr(m), valueOf(table, "LLR"));
    assertEquals(
        "H1 accepted: Elo 50 rather than 0 (the candidate's Elo is above 0)",
        valueOf(table, "decision"));
    assertEquals(
        "CONFIRMED: H1 accepted: Elo 50 rather than 0 (the tuned policy's Elo over the start is"
            + " above 0)",
        valueOf(table, "verdict"));
  }

  @Test
  void beforeAnyIterationHasMovedThetaThereIsNoForwardScore() {
    JobResults r = TuneSample.results(1, null, null);
    assertEquals(
        "match: no forward score yet (θ has not moved from its start before the first"
            + " iteration)",
        valueOf(ResultsReport.table(r), "objective"));
    assertTrue(TuneReport.live(r.getStatus().getTune()).endsWith("  forward score ?"));
  }

  @Test
  void aTuningTheConfirmationRefutesSaysSoPlainly() {
    JobResults r = TuneSample.results(5, MatchSample.points(WEAK, 400), SPRT);
    assertEquals(SprtDecision.ACCEPT_H0, r.getTune().getConfirm().getSummary().getDecision());
    String table = ResultsReport.table(r);
    assertEquals(
        "NOT CONFIRMED: H0 accepted: Elo 0 rather than 50 (the tuned policy's Elo over the start is"
            + " below 50)",
        valueOf(table, "verdict"));
    // Without an SPRT, the Elo interval decides: a 50 % score is not confirmed.
    JobResults even = TuneSample.results(5, MatchSample.points("2", 40), null);
    assertEquals(
        "NOT CONFIRMED: the 95 % Elo interval of the tuned policy over the start includes 0",
        valueOf(ResultsReport.table(even), "verdict"));
    JobResults strong = TuneSample.results(5, MatchSample.points("4", 40), null);
    assertEquals(
        "CONFIRMED: the tuned policy is stronger (95 % Elo interval above 0)",
        valueOf(ResultsReport.table(strong), "verdict"));
  }

  @Test
  void withoutAConfirmationTheTableSaysTheTuningIsNotConfirmed() {
    JobResults r = TuneSample.results(5, null, null);
    String table = ResultsReport.table(r);
    assertTrue(
        table.startsWith(
            "job j-tune · tune rates · SUCCEEDED · 5 of 5 iterations · 80 of 80 games in 2m30s\n"),
        table);
    assertFalse(table.contains("candidate"), table);
    assertEquals(
        "none: the spec asks for no confirmation match, so the tuning is not confirmed",
        valueOf(table, "verdict"));
    // While it tunes, the confirmation it asks for is pending.
    JobResults running = TuneSample.results(2, new double[0][], SPRT);
    assertEquals(
        "pending: the confirmation match starts when the iterations end",
        valueOf(ResultsReport.table(running), "verdict"));
  }

  @Test
  void theCsvHasOneRowPerIterationWithTheObjectiveAndEachParametersTheta() {
    JobResults r = TuneSample.results(5, null, null);
    List<String> rows = List.of(ResultsReport.csv(r).split("\n"));
    assertEquals(
        List.of(
            "iteration,objective,forward_games,forward_points,rules[1].rate,rules[0].params.ladder",
            "1,0.500000,0,0.00000,0.820000,1.20000",
            "2,0.250000,16,10.0000,0.850000,1.45000",
            "3,-0.250000,12,7.00000,0.840000,1.60000",
            "4,0.750000,16,9.00000,0.870000,1.70000",
            "5,0.750000,14,9.00000,0.900000,1.62000"),
        rows);
    // The evaluation objective has no forward score: no such columns.
    assertTrue(
        ResultsReport.csv(TuneSample.results(5, null, null, false))
            .startsWith("iteration,objective,rules[1].rate,"));
  }

  @Test
  void theEvaluationObjectiveIsShownAsAnError() {
    JobResults r = TuneSample.results(5, null, null, false);
    String table = ResultsReport.table(r);
    assertEquals(
        "5 of 5, each 8 positions evaluated under θ+ and θ− with equal seeds",
        valueOf(table, "iterations"));
    assertEquals(
        "evaluation: mean squared error 0.042 of θ+ and θ− against the reference values over the"
            + " last 10 % of the iterations (first iteration: 0.05)",
        valueOf(table, "objective"));
    assertTrue(
        table.startsWith(
            "job j-tune · tune rates · SUCCEEDED · 5 of 5 iterations · 80 of 80 evaluations in"),
        table);
    assertTrue(TuneReport.live(r.getStatus().getTune()).endsWith("  MSE 0.042"));
    JobResults confirmed = TuneSample.results(5, MatchSample.points(STRONG, 400), SPRT, false);
    assertEquals("evaluations and games", TuneReport.units(confirmed.getStatus()));
  }

  @Test
  void theJobsListingShowsWhereATuningStands() {
    JobStatus tuning = TuneSample.results(2, new double[0][], SPRT).getStatus();
    assertEquals("iteration 2 of 5", Headline.progress(tuning));
    assertEquals("32 games", Headline.done(tuning));
    JobStatus done = TuneSample.results(5, MatchSample.points(STRONG, 400), SPRT).getStatus();
    assertEquals("5 iterations, confirmed", Headline.progress(done));
    JobStatus refuted = TuneSample.results(5, MatchSample.points(WEAK, 400), SPRT).getStatus();
    assertEquals("5 iterations, not confirmed", Headline.progress(refuted));
    assertEquals("5 iterations", Headline.progress(TuneSample.results(5, null, null).getStatus()));
    JobStatus confirming =
        done.toBuilder()
            .setState(JobState.RUNNING)
            .setTune(done.getTune().toBuilder().setPhase("confirming"))
            .build();
    assertEquals(
        "confirming: " + done.getTune().getConfirm().getPairs() + " pairs",
        Headline.progress(confirming));
  }

  @Test
  void followingATuningShowsThetaTheObjectiveThenTheConfirmationAndTheVerdict() {
    double[][] points = MatchSample.points(STRONG, 400);
    JobResults done = TuneSample.results(5, points, SPRT);
    int n = done.getTune().getConfirm().getPairsCount();
    List<JobStatus> stream = new ArrayList<>();
    for (int k = 1; k <= 4; k++) {
      stream.add(TuneSample.results(k, points, SPRT).getStatus());
    }
    for (int k = 1; k < n; k++) {
      JobStatus s = TuneSample.results(5, Arrays.copyOf(points, k), SPRT).getStatus();
      stream.add(
          s.toBuilder()
              .setState(JobState.RUNNING)
              .clearFinished()
              .setEtaSeconds(3 * (400 - k))
              .setTune(
                  s.getTune().toBuilder()
                      .setPhase("confirming")
                      .setConfirm(
                          s.getTune().getConfirm().toBuilder()
                              .setDecision(SprtDecision.SPRT_DECISION_UNSPECIFIED)))
              .build());
    }
    stream.add(done.getStatus());
    StringWriter err = new StringWriter();
    JobStatus last = JobWatcher.follow(stream.iterator(), new PrintWriter(err, true));
    assertEquals(done.getStatus(), last);
    List<String> lines = List.of(err.toString().split("\n"));
    assertEquals("job j-tune: tune rates", lines.get(0));
    // Not a terminal: a line per tenth of the iterations, each iteration being two tenths.
    assertTrue(
        lines
            .get(1)
            .endsWith(
                " 20% 1/5 iterations  2.0 iterations/min  ETA 2m00s"
                    + "  θ rules[1].rate=0.82 rules[0].params.ladder=1.2  forward score ?"),
        lines.get(1));
    assertTrue(
        lines
            .get(4)
            .endsWith(
                " 80% 4/5 iterations  2.0 iterations/min  ETA 30s"
                    + "  θ rules[1].rate=0.87 rules[0].params.ladder=1.7  forward score 56.3 %"),
        lines.get(4));
    assertTrue(
        lines
            .get(5)
            .endsWith(
                "100% 5/5 iterations  2.0 iterations/min  tuned"
                    + "  θ rules[1].rate=0.9 rules[0].params.ladder=1.62  forward score 64.3 %"),
        lines.get(5));
    assertEquals("confirmation: tuned (candidate) vs start", lines.get(6));
    assertTrue(
        lines.get(7).contains(" 0% 1/400 pairs  20.0 games/min  ETA 19m57s  W-D-L "), lines.get(7));
    int end = lines.size();
    assertEquals(
        "tuned policy: extend(counter=1,ladder=2)@0.9 capture@0.9 random", lines.get(end - 3));
    assertEquals(
        "confirmation: "
            + JobWatcher.ending(done.getTune().getConfirm().getSummary(), JobState.SUCCEEDED),
        lines.get(end - 2));
    assertTrue(
        lines
            .get(end - 2)
            .startsWith("confirmation: SPRT: H1 accepted after " + n + " pairs: W-D-L "),
        lines.get(end - 2));
    // The live verdict line prints the test's numbers (the status carries the test).
    assertEquals(
        "CONFIRMED: H1 accepted: Elo 50 rather than 0 (the tuned policy's Elo over the start is"
            + " above 0)",
        lines.get(end - 1));
    assertTrue(lines.get(end - 2).contains(", stop-aware)  LLR "), lines.get(end - 2));
  }

  @Test
  void watchingATuningThatHasEndedSaysWhereItEnded() {
    JobResults done = TuneSample.results(5, null, null);
    StringWriter err = new StringWriter();
    JobWatcher.follow(List.of(done.getStatus()).iterator(), new PrintWriter(err, true));
    List<String> lines = List.of(err.toString().split("\n"));
    assertEquals(4, lines.size(), err.toString());
    assertTrue(
        lines.get(1).contains("100% 5/5 iterations  2.0 iterations/min  done in 2m30s"),
        lines.get(1));
    assertEquals(
        "tuned 5 of 5 iterations: θ rules[1].rate=0.9 rules[0].params.ladder=1.62  forward score"
            + " 64.3 %",
        lines.get(2));
    assertEquals("tuned policy: extend(counter=1,ladder=2)@0.9 capture@0.9 random", lines.get(3));
  }

  @Test
  void numbersHaveFourSignificantDigitsAndNoNoise() {
    assertEquals("0.8734", TuneReport.number(0.873412));
    assertEquals("1235", TuneReport.number(1234.6));
    assertEquals("2", TuneReport.number(2.0));
    assertEquals("0", TuneReport.number(0));
    assertEquals("-0.0266", TuneReport.number(-0.02660));
    assertEquals("+0.1", TuneReport.signed(0.9 - 0.8));
    assertEquals("0", TuneReport.signed(0));
  }
}
