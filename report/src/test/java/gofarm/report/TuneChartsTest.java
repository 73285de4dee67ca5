package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.PolicySpec;
import gofarm.stats.EloModel;
import gofarm.stats.Sprt;
import gofarm.wire.Codec;
import gofarm.wire.Violations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A tuning's pictures read through their axis ticks ({@link SvgRead}): one point per iteration at
 * θ, the range and the start where they belong, the objective and its running value; and the
 * results folder with its tuned policy, which a spec and {@code gofarm bench --policy} accept.
 */
class TuneChartsTest {
  private static final Sprt SPRT = Sprt.of(0, 50, EloModel.LOGISTIC);

  @TempDir Path dir;

  private static String caption(Document doc) {
    String caption = SvgRead.only(doc, "text", "caption").getTextContent();
    assertEquals(caption, doc.getElementsByTagName("desc").item(0).getTextContent());
    return caption;
  }

  @Test
  void eachParametersChartHasOnePointPerIterationWithinItsRange() throws Exception {
    JobResults r = TuneSample.results(5, null, null);
    for (int p = 0; p < 2; p++) {
      Document doc = SvgRead.parse(TuneCharts.theta(r, p));
      SvgRead.Axis y = SvgRead.axis(doc, "y-tick", "y");
      SvgRead.Axis x = SvgRead.axis(doc, "x-tick", "x");
      List<double[]> theta = SvgRead.points(SvgRead.only(doc, "polyline", "theta"));
      assertEquals(5, theta.size());
      for (int k = 0; k < 5; k++) {
        assertEquals(x.at(k + 1), theta.get(k)[0], 0.02, "iteration " + (k + 1));
        assertEquals(y.at(TuneSample.THETA[k][p]), theta.get(k)[1], 0.02, "iteration " + (k + 1));
      }
      double max = p == 0 ? 1 : 2;
      Element lower = SvgRead.only(doc, "line", "min");
      Element upper = SvgRead.only(doc, "line", "max");
      assertEquals(y.at(0), SvgRead.num(lower, "y1"), 0.02);
      assertEquals(y.at(max), SvgRead.num(upper, "y1"), 0.02);
      Element range = SvgRead.only(doc, "rect", "range");
      assertEquals(y.at(max), SvgRead.num(range, "y"), 0.02);
      assertEquals(y.at(0), SvgRead.num(range, "y") + SvgRead.num(range, "height"), 0.02);
      assertEquals(
          y.at(p == 0 ? 0.8 : 1), SvgRead.num(SvgRead.only(doc, "line", "start"), "y1"), 0.02);
      String path = p == 0 ? TuneSample.RATE : TuneSample.LADDER;
      assertEquals(
          "θ of "
              + path
              + " after each SPSA iteration (blue line); shaded between the dashed lines: the"
              + " range it is kept in; dotted: its start.",
          caption(doc));
      assertEquals(path, SvgRead.only(doc, "text", "title").getTextContent());
    }
    assertEquals(
        "start 1 · θ 1.62 after 5 of 5 iterations · the policy uses 2 · range 0 .. 2",
        SvgRead.only(SvgRead.parse(TuneCharts.theta(r, 1)), "text", "subtitle").getTextContent());
  }

  @Test
  void theObjectiveChartShowsEachIterationAndTheRunningValueTheSummaryStates() throws Exception {
    JobResults r = TuneSample.results(5, null, null);
    Document doc = SvgRead.parse(TuneCharts.objective(r));
    SvgRead.Axis y = SvgRead.axis(doc, "y-tick", "y");
    List<double[]> each = SvgRead.points(SvgRead.only(doc, "polyline", "objective"));
    List<double[]> running = SvgRead.points(SvgRead.only(doc, "polyline", "running"));
    // The first iteration has no forward score: no point there.
    assertEquals(4, each.size());
    assertEquals(4, running.size());
    SvgRead.Axis x = SvgRead.axis(doc, "x-tick", "x");
    for (int k = 1; k < 5; k++) {
      double score = TuneSample.FORWARD_POINTS[k] / TuneSample.FORWARD_GAMES[k];
      assertEquals(x.at(k + 1), each.get(k - 1)[0], 0.02);
      assertEquals(y.at(score), each.get(k - 1)[1], 0.02);
    }
    assertEquals(y.at(r.getStatus().getTune().getObjectiveValue()), running.get(3)[1], 0.02);
    assertTrue(
        caption(doc).startsWith("The points won by the side of each game pair further along θ's"));
    assertEquals(
        "forward score 64.29 % over the last 10 % of 5 iterations",
        SvgRead.only(doc, "text", "subtitle").getTextContent());
    // The running value pools the window's points over its games: NaN before any game.
    double[] window =
        TuneCharts.running(
            r.getTune().getSummary(),
            List.of(
                r.getTune().getIterations(0),
                r.getTune().getIterations(1),
                r.getTune().getIterations(2)));
    assertTrue(Double.isNaN(window[0]));
    assertEquals(10 / 16.0, window[1], 1e-12);
    assertEquals(7 / 12.0, window[2], 1e-12);
    JobResults eval = TuneSample.results(5, null, null, false);
    Document e = SvgRead.parse(TuneCharts.objective(eval));
    assertTrue(caption(e).startsWith("The mean squared error of θ+ and θ− against the reference"));
    assertEquals(5, SvgRead.points(SvgRead.only(e, "polyline", "running")).size());
  }

  @Test
  void aTuningWithoutIterationsStillDrawsItsAxes() throws Exception {
    JobResults r = TuneSample.results(0, null, null);
    for (String svg : List.of(TuneCharts.theta(r, 0), TuneCharts.objective(r))) {
      Document doc = SvgRead.parse(svg);
      assertEquals(
          "no iterations counted yet", SvgRead.only(doc, "text", "empty").getTextContent());
      SvgRead.axis(doc, "y-tick", "y");
    }
  }

  @Test
  void theResultsFolderHoldsTheTunedPolicyThetaChartsAndTheConfirmation() throws Exception {
    JobResults r = TuneSample.results(5, MatchSample.points("4224243420", 400), SPRT);
    List<String> names = new ArrayList<>();
    for (Path p : ResultsFiles.write(r, dir)) {
      names.add(dir.relativize(p).toString().replace('\\', '/'));
    }
    assertEquals(
        List.of(
            "results.json",
            "theta.csv",
            "results.txt",
            "tuned-policy.txt",
            "tuned-policy.json",
            "confirm.csv",
            "svg/theta-01-rules-1-rate.svg",
            "svg/theta-02-rules-0-params-ladder.svg",
            "svg/objective.svg",
            "svg/llr.svg",
            "svg/elo.svg"),
        names);
    JobResults.Builder back = JobResults.newBuilder();
    JsonFormat.parser().merge(Files.readString(dir.resolve("results.json")), back);
    assertEquals(r, back.build());
    assertEquals(ResultsReport.table(r), Files.readString(dir.resolve("results.txt")));
    assertEquals(6, Files.readAllLines(dir.resolve("theta.csv")).size());
    assertEquals(
        1 + r.getTune().getConfirm().getPairsCount(),
        Files.readAllLines(dir.resolve("confirm.csv")).size());

    // The tuned policy as a spec's `policy`: parsed back, accepted, with the tuned rules.
    PolicySpec.Builder json = PolicySpec.newBuilder();
    JsonFormat.parser().merge(Files.readString(dir.resolve("tuned-policy.json")), json);
    assertEquals(r.getTune().getTunedPolicy(), json.build());
    Violations v = new Violations();
    gofarm.playout.PolicySpec fromJson = Codec.policy(json.build(), "policy", v);
    v.throwIfAny();
    gofarm.playout.PolicySpec tuned = TuneSample.policy(TuneSample.THETA[4]);
    assertEquals(tuned.rules(), fromJson.rules());
    // The rule text, as `gofarm bench --policy` reads it.
    String text = Files.readString(dir.resolve("tuned-policy.txt"));
    assertEquals("extend(counter=1,ladder=2)@0.9 capture@0.9 random\n", text);
    assertEquals(tuned.rules(), gofarm.playout.PolicySpec.parse(text).rules());

    for (String chart :
        List.of("llr.svg", "elo.svg", "objective.svg", "theta-01-rules-1-rate.svg")) {
      Document doc = SvgRead.parse(Files.readString(dir.resolve("svg").resolve(chart)));
      assertTrue(caption(doc).length() > 40, chart);
    }
    Document llr = SvgRead.parse(Files.readString(dir.resolve("svg/llr.svg")));
    assertEquals(
        r.getTune().getConfirm().getPairsCount(),
        SvgRead.points(SvgRead.only(llr, "polyline", "llr")).size());
    assertTrue(SvgRead.only(llr, "text", "title").getTextContent().equals("tuned vs start"));

    // Without a confirmation: no confirmation files, no match charts.
    Path plain = dir.resolve("plain");
    List<String> files = new ArrayList<>();
    for (Path p : ResultsFiles.write(TuneSample.results(5, null, null), plain)) {
      files.add(plain.relativize(p).toString().replace('\\', '/'));
    }
    assertEquals(
        List.of(
            "results.json",
            "theta.csv",
            "results.txt",
            "tuned-policy.txt",
            "tuned-policy.json",
            "svg/theta-01-rules-1-rate.svg",
            "svg/theta-02-rules-0-params-ladder.svg",
            "svg/objective.svg"),
        files);
  }
}
