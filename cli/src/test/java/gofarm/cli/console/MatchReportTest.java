package gofarm.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.Main;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.SprtDecision;
import gofarm.report.MatchReport;
import gofarm.report.MatchSample;
import gofarm.report.ResultsReport;
import gofarm.stats.EloModel;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.stats.StopAwareElo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A match's table, CSV and live progress line, from results made with {@code gofarm.stats} ({@link
 * MatchSample}); the table's statistics agree with {@code gofarm sprt} on the same counts.
 */
class MatchReportTest {
  /** A candidate that scores about 70 %: the SPRT [0, 50] accepts H1 after a few dozen pairs. */
  private static final String STRONG = "4224243420";

  private static final Sprt SPRT = Sprt.of(0, 50, EloModel.LOGISTIC);

  private static String valueOf(String table, String row) {
    for (String line : table.split("\n")) {
      if (line.startsWith(row + " ")) {
        return line.substring(row.length()).strip();
      }
    }
    throw new AssertionError("no row '" + row + "' in\n" + table);
  }

  private static Pentanomial counts(double[][] points, int pairs) {
    Pentanomial c = Pentanomial.EMPTY;
    for (int i = 0; i < pairs; i++) {
      c = c.plus(Pentanomial.classify(points[i][0], points[i][1]));
    }
    return c;
  }

  @Test
  void theTableShowsTheMatchAndAgreesWithGofarmSprt() {
    double[][] points = MatchSample.points(STRONG, 400);
    JobResults r = MatchSample.results(points, SPRT, 400);
    int n = r.getMatch().getPairsCount();
    assertTrue(n > 5 && n < 400, "the SPRT stopped the sample early (" + n + " pairs)");
    Pentanomial counts = counts(points, n);
    String table = ResultsReport.table(r);

    assertTrue(
        table.startsWith(
            "job j-match · heavy vs uniform · SUCCEEDED · "
                + String.format("%,d of 800 games in ", 2 * n)),
        table);
    assertEquals(MatchSample.CANDIDATE, valueOf(table, "candidate"));
    assertEquals(MatchSample.BASELINE, valueOf(table, "baseline"));
    assertEquals(n + " of 400 (" + 2 * n + " games)", valueOf(table, "pairs"));
    assertEquals(counts.toString(), valueOf(table, "ptnml(0-2)"));
    MatchSummary m = r.getMatch().getSummary();
    assertEquals(
        m.getWins() + "-" + m.getDraws() + "-" + m.getLosses() + " (the candidate's games)",
        valueOf(table, "W-D-L"));
    assertEquals("logistic Elo [0, 50], alpha 0.05, beta 0.05", valueOf(table, "SPRT"));
    assertEquals(
        "H1 accepted: Elo 50 rather than 0 (the candidate's Elo is above 0)",
        valueOf(table, "decision"));
    assertEquals("20.0 games/min", valueOf(table, "speed"));

    // After the stop: the stop-aware Elo with its method, then the fixed-sample figures as such.
    StopAwareElo s = StopAwareElo.of(SPRT, counts);
    String stopAware =
        String.format(
            java.util.Locale.ROOT,
            "%+.2f (95 %%: %+.2f .. %+.2f)",
            s.elo(),
            s.eloLower(),
            s.eloUpper());
    assertEquals(
        stopAware
            + ", stop-aware: median-unbiased given the SPRT's stopping rule (Van den Bergh's method,"
            + " as Fishtest's SPRT Elo)",
        valueOf(table, "Elo"));
    assertEquals(
        String.format(java.util.Locale.ROOT, "%.2f %% (stop-aware)", 100 * s.los()),
        valueOf(table, "LOS"));
    assertTrue(
        valueOf(table, "fixed-sample Elo")
            .endsWith(
                ", as if the "
                    + n
                    + " pairs had been fixed in advance: biased by the SPRT's stopping rule"),
        table);
    assertTrue(s.elo() < m.getFixedSampleElo(), "the stop inflated the fixed-sample Elo");

    // gofarm sprt on the same counts prints the same figures, fixed-sample and stop-aware.
    StringWriter out = new StringWriter();
    int code =
        Main.commandLine()
            .setOut(new PrintWriter(out, true))
            .execute("sprt", "--ptnml", counts.toString().replace(" ", ""), "--elo1", "50");
    assertEquals(0, code);
    String sprt = out.toString();
    assertEquals(valueOf(sprt, "score"), valueOf(table, "score"));
    assertTrue(valueOf(table, "fixed-sample Elo").startsWith(valueOf(sprt, "Elo") + ", "), sprt);
    for (String row : List.of("LOS", "nElo")) {
      assertEquals(valueOf(sprt, row), valueOf(table, "fixed-sample " + row), row);
    }
    assertTrue(valueOf(sprt, "stop-aware").startsWith(stopAware + ", LOS "), sprt);
    Matcher llr = Pattern.compile("^(-?[0-9.]+) \\((-?[0-9.]+), (-?[0-9.]+)\\)$").matcher("");
    assertTrue(llr.reset(valueOf(sprt, "LLR")).matches());
    assertEquals(
        llr.group(1) + " [" + llr.group(2) + ", " + llr.group(3) + "]", valueOf(table, "LLR"));
    assertTrue(sprt.contains("decision   H1 accepted\n"), sprt);
  }

  @Test
  void whileTheSprtRunsTheEloIsTheFixedSampleOneLabelledSo() {
    double[][] points = MatchSample.points(STRONG, 6);
    JobResults r = MatchSample.results(points, SPRT, 400);
    JobResults running =
        r.toBuilder().setStatus(r.getStatus().toBuilder().setState(JobState.RUNNING)).build();
    String table = ResultsReport.table(running);
    assertFalse(r.getMatch().getSummary().hasStopAware(), "6 pairs decide nothing");
    assertTrue(
        valueOf(table, "Elo")
            .endsWith(", fixed-sample (interim: the stop-aware Elo follows the SPRT's end)"),
        table);
    assertTrue(valueOf(table, "decision").startsWith("continue"), table);
    assertFalse(table.contains("fixed-sample LOS"), table);
  }

  @Test
  void anUndecidedTestThatPlayedEveryPairHasAStopAwareEloToo() {
    JobResults r = MatchSample.results(MatchSample.points("2402", 30), SPRT, 30);
    MatchSummary m = r.getMatch().getSummary();
    assertEquals(SprtDecision.INCONCLUSIVE, m.getDecision());
    assertTrue(m.hasStopAware());
    assertFalse(m.getStopAware().getStopped());
    assertTrue(valueOf(ResultsReport.table(r), "Elo").contains(", stop-aware: "));
  }

  @Test
  void withoutSprtTheTableHasNoTestAndEveryPairIsPlayed() {
    double[][] points = MatchSample.points("2123", 12);
    JobResults r = MatchSample.results(points, null, 12);
    String table = ResultsReport.table(r);
    assertEquals("12 of 12 (24 games)", valueOf(table, "pairs"));
    assertEquals("0, 3, 6, 3, 0", valueOf(table, "ptnml(0-2)"));
    assertEquals("50.00 %", valueOf(table, "score"));
    assertFalse(table.contains("\nSPRT"), table);
    assertFalse(table.contains("\nLLR"), table);
    assertFalse(table.contains("\ndecision"), table);
    List<String> csv = Arrays.asList(ResultsReport.csv(r).split("\n"));
    assertEquals(13, csv.size());
    for (String row : csv.subList(1, csv.size())) {
      assertTrue(row.endsWith(","), "the llr column is empty without an SPRT: " + row);
    }
    assertEquals("W-D-L 9-6-9  Elo +0.0 ± " + half(r.getMatch().getSummary()), live(r));
  }

  private static String half(MatchSummary m) {
    return String.format(
        java.util.Locale.ROOT, "%.1f", (m.getFixedSampleEloHigh() - m.getFixedSampleEloLow()) / 2);
  }

  private static String live(JobResults r) {
    MatchSummary m = r.getMatch().getSummary();
    return MatchReport.live(m, MatchReport.hasSprt(m));
  }

  @Test
  void theCsvHasOneRowPerPairInPairOrderWithTheLlrAfterIt() {
    double[][] points = MatchSample.points(STRONG, 400);
    JobResults r = MatchSample.results(points, SPRT, 400);
    List<String> rows = Arrays.asList(ResultsReport.csv(r).split("\n"));
    assertEquals(
        "job_id,pair,pair_class,candidate_points_1,candidate_points_2,winner_1,winner_2,"
            + "score_1,score_2,moves_1,moves_2,end_1,end_2,seconds_1,seconds_2,llr",
        rows.get(0));
    assertEquals(1 + r.getMatch().getPairsCount(), rows.size());
    for (int k = 0; k < r.getMatch().getPairsCount(); k++) {
      String[] cells = rows.get(k + 1).split(",", -1);
      assertEquals(16, cells.length, rows.get(k + 1));
      assertEquals("j-match", cells[0]);
      assertEquals(Integer.toString(k), cells[1]);
      assertEquals(Character.toString(STRONG.charAt(k % STRONG.length())), cells[2]);
      GamePairOutcome p = r.getMatch().getPairs(k);
      assertEquals(p.getFirst().getCandidatePoints(), Double.parseDouble(cells[3]));
      assertEquals(p.getSecond().getCandidatePoints(), Double.parseDouble(cells[4]));
      assertEquals(p.getFirst().getMoves(), Integer.parseInt(cells[9]));
      assertEquals(p.getSecond().getEnd(), cells[12]);
      assertEquals(r.getMatch().getLlr(k), Double.parseDouble(cells[15]), 1e-5);
    }
    // Pair 0 is class 4: the candidate won with black, then with white.
    assertTrue(
        rows.get(1).startsWith("j-match,0,4,1,1,B,W,3.50000,-2.50000,40,45,score,"), rows.get(1));
    // Pair 6 has a draw in game 2 (class 3): no winner, score 0.
    assertTrue(rows.get(7).startsWith("j-match,6,3,1,0.5,B,,3.50000,0.00000,"), rows.get(7));
  }

  @Test
  void theLiveLineShowsWdlEloAndTheLlrWithItsSparkline() {
    JobResults r = MatchSample.results(MatchSample.points(STRONG, 400), SPRT, 400);
    MatchSummary m = r.getMatch().getSummary();
    String line = live(r);
    // The test has ended: the stop-aware Elo, with its interval, named.
    String expectedStart =
        String.format(
            java.util.Locale.ROOT,
            "W-D-L %d-%d-%d  Elo %+.1f (95 %%: %+.1f .. %+.1f, stop-aware)  LLR %.2f [-2.94, 2.94] ",
            m.getWins(),
            m.getDraws(),
            m.getLosses(),
            m.getStopAware().getElo(),
            m.getStopAware().getEloLow(),
            m.getStopAware().getEloHigh(),
            m.getLlr());
    assertTrue(line.startsWith(expectedStart), line);
    String spark = line.substring(expectedStart.length());
    assertEquals(
        Math.min(MatchReport.SPARKLINE_WIDTH, m.getRecentLlrCount()), spark.length(), spark);
    // The match was accepted at the upper bound: the sparkline ends in a full block.
    assertTrue(spark.endsWith("█"), spark);
    assertTrue(spark.matches("[▁▂▃▄▅▆▇█]+"), spark);
  }

  @Test
  void theSparklineIsOnTheFixedScaleOfTheBoundsAndSpansTheSeries() {
    assertEquals("▁▁▅█", MatchReport.sparkline(List.of(-9.0, -3.0, 0.0, 3.0), -3, 3, 20));
    assertEquals("", MatchReport.sparkline(List.of(), -3, 3, 20));
    List<Double> ramp = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      ramp.add(-3 + 6 * i / 119.0);
    }
    String s = MatchReport.sparkline(ramp, -3, 3, 8);
    assertEquals(8, s.length());
    // Each character shows the last value of its 15: 14, 29, ... 119.
    assertEquals("▁▂▃▄▅▆▇█", s);
  }

  @Test
  void followingAMatchCountsPairsAndEndsWithTheDecision() {
    double[][] points = MatchSample.points(STRONG, 400);
    JobResults done = MatchSample.results(points, SPRT, 400);
    int n = done.getMatch().getPairsCount();
    List<JobStatus> stream = new ArrayList<>();
    for (int k = 1; k < n; k++) {
      JobResults sofar = MatchSample.results(Arrays.copyOf(points, k), SPRT, 400);
      stream.add(
          sofar.getStatus().toBuilder()
              .setState(JobState.RUNNING)
              .clearFinished()
              .setEtaSeconds(3 * (400 - k))
              .setMatch(
                  sofar.getMatch().getSummary().toBuilder()
                      .setDecision(SprtDecision.SPRT_DECISION_UNSPECIFIED))
              .build());
    }
    stream.add(done.getStatus());
    StringWriter err = new StringWriter();
    JobStatus last = JobWatcher.follow(stream.iterator(), new PrintWriter(err, true));
    assertEquals(done.getStatus(), last);
    String[] lines = err.toString().split("\n");
    assertEquals("job j-match: heavy vs uniform", lines[0]);
    assertEquals("heavy 200 po (candidate) vs uniform 200 po", lines[1]);
    // Not a terminal: a line at the first status (0 %), and one when the match ends.
    assertTrue(lines[2].contains(" 0% 1/400 pairs  20.0 games/min  ETA 19m57s  W-D-L "), lines[2]);
    assertTrue(lines[2].contains("LLR "), lines[2]);
    // While it runs, the interim (fixed-sample) Elo with its half-width.
    assertTrue(lines[2].contains(" Elo ") && lines[2].contains(" ± "), lines[2]);
    String ending = lines[lines.length - 1];
    assertTrue(
        ending.startsWith("SPRT: H1 accepted after " + n + " pairs: W-D-L "), err.toString());
    assertTrue(ending.contains(", stop-aware)  LLR "), ending);
    assertTrue(ending.endsWith("LLR " + MatchReport.llr(done.getMatch().getSummary())), ending);
  }

  @Test
  void theScoringRowSaysHowTheGamesOnTheBoardWereScored() {
    assertEquals(
        "CLEANUP: 18 agreed, 2 after a cleanup phase (2 disagreements between the players)",
        MatchReport.scoring(
            MatchSummary.newBuilder()
                .setGamesAgreed(18)
                .setGamesCleanup(2)
                .setDisagreements(2)
                .build()));
    assertEquals(
        "REFEREE: 19 by the referee",
        MatchReport.scoring(
            MatchSummary.newBuilder()
                .setAdjudication(gofarm.proto.v1.Adjudication.REFEREE)
                .setGamesRefereed(19)
                .build()));
    assertEquals(
        "ESTIMATE: no game ended on the board",
        MatchReport.scoring(
            MatchSummary.newBuilder()
                .setAdjudication(gofarm.proto.v1.Adjudication.ESTIMATE)
                .build()));
  }
}
