package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.stats.EloEstimate;
import gofarm.stats.EloModel;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The match charts read as a person reads them: through their axis ticks. Each test maps values to
 * pixels with the ticks' labels and positions, then checks the bounds, every point of the
 * trajectory and the interval against figures computed with {@code gofarm.stats}.
 */
class MatchChartsTest {
  private static final Sprt SPRT = Sprt.of(0, 50, EloModel.LOGISTIC);

  @TempDir Path dir;

  @Test
  void theLlrChartHasTheBoundsAndOnePointPerPair() throws Exception {
    JobResults r = MatchSample.results(MatchSample.points("4224243420", 400), SPRT, 400);
    int n = r.getMatch().getPairsCount();
    String svg = MatchCharts.llr(r, SPRT);
    Document doc = SvgRead.parse(svg);
    SvgRead.Axis y = SvgRead.axis(doc, "y-tick", "y");
    SvgRead.Axis x = SvgRead.axis(doc, "x-tick", "x");

    Element upper = SvgRead.only(doc, "line", "bound upper");
    Element lower = SvgRead.only(doc, "line", "bound lower");
    assertEquals(y.at(Math.log(0.95 / 0.05)), SvgRead.num(upper, "y1"), 0.02);
    assertEquals(SvgRead.num(upper, "y1"), SvgRead.num(upper, "y2"));
    assertEquals(y.at(Math.log(0.05 / 0.95)), SvgRead.num(lower, "y1"), 0.02);
    assertEquals(SvgRead.num(lower, "y1"), SvgRead.num(lower, "y2"));

    List<double[]> llr = SvgRead.points(SvgRead.only(doc, "polyline", "llr"));
    assertEquals(n, llr.size());
    Pentanomial counts = Pentanomial.EMPTY;
    double[][] points = MatchSample.points("4224243420", n);
    for (int k = 0; k < n; k++) {
      counts = counts.plus(Pentanomial.classify(points[k][0], points[k][1]));
      assertEquals(x.at(k + 1), llr.get(k)[0], 0.02, "pair " + (k + 1));
      assertEquals(y.at(SPRT.llr(counts)), llr.get(k)[1], 0.02, "pair " + (k + 1));
    }
    // The last point has crossed the upper bound (smaller y is higher).
    assertTrue(llr.get(n - 1)[1] <= SvgRead.num(upper, "y1"));
    String title = doc.getElementsByTagName("title").item(0).getTextContent();
    assertTrue(
        title.startsWith("heavy 200 po vs uniform 200 po · SPRT logistic Elo [0, 50]"), title);
    assertTrue(title.endsWith("H1 accepted after " + n + " pairs"), title);
    assertNotNull(SvgRead.only(doc, "text", "x-label"));
    assertNotNull(SvgRead.only(doc, "text", "y-label"));
    String caption = SvgRead.only(doc, "text", "caption").getTextContent();
    assertTrue(caption.startsWith("The SPRT's log-likelihood ratio after each game pair"), caption);
    assertEquals(caption, doc.getElementsByTagName("desc").item(0).getTextContent());
  }

  @Test
  void theEloChartShowsTheEstimateAndItsIntervalAfterEachPair() throws Exception {
    double[][] points = MatchSample.points("2421023412", 60);
    JobResults r = MatchSample.results(points, null, 60);
    Document doc = SvgRead.parse(MatchCharts.elo(r, null));
    SvgRead.Axis y = SvgRead.axis(doc, "y-tick", "y");
    SvgRead.Axis x = SvgRead.axis(doc, "x-tick", "x");
    List<double[]> elo = SvgRead.points(SvgRead.only(doc, "polyline", "elo"));
    List<double[]> band = SvgRead.points(SvgRead.only(doc, "polygon", "interval"));
    assertEquals(60, elo.size());
    assertEquals(120, band.size(), "the upper ends forward, the lower ends back");
    Pentanomial counts = Pentanomial.EMPTY;
    for (int k = 0; k < 60; k++) {
      counts = counts.plus(Pentanomial.classify(points[k][0], points[k][1]));
      EloEstimate e = EloEstimate.of(counts);
      assertEquals(x.at(k + 1), elo.get(k)[0], 0.02);
      if (k >= 6) { // past the first tenth, the chart's range holds every figure
        assertEquals(y.at(e.elo()), elo.get(k)[1], 0.02, "pair " + (k + 1));
        assertEquals(y.at(e.eloUpper()), band.get(k)[1], 0.02, "pair " + (k + 1));
        assertEquals(y.at(e.eloLower()), band.get(119 - k)[1], 0.02, "pair " + (k + 1));
      }
    }
  }

  @Test
  void afterAnSprtStopTheEloChartStatesAndMarksTheStopAwareElo() throws Exception {
    JobResults r = MatchSample.results(MatchSample.points("4224243420", 400), SPRT, 400);
    gofarm.proto.v1.StopAwareElo s = r.getMatch().getSummary().getStopAware();
    Document doc = SvgRead.parse(MatchCharts.elo(r, SPRT));
    SvgRead.Axis y = SvgRead.axis(doc, "y-tick", "y");
    assertEquals(
        y.at(s.getElo()), SvgRead.num(SvgRead.only(doc, "line", "stop-aware"), "y1"), 0.02);
    String subtitle = SvgRead.only(doc, "text", "subtitle").getTextContent();
    assertTrue(
        subtitle.startsWith("stop-aware Elo " + MatchReport.stopAwareElo(s, 1) + " after "),
        subtitle);
    String caption = SvgRead.only(doc, "text", "caption").getTextContent();
    assertTrue(caption.startsWith("The candidate's fixed-sample logistic Elo"), caption);
    assertTrue(caption.contains("dashed: the stop-aware Elo once the SPRT ended"), caption);
    // Without an SPRT there is no stop to correct for, and no such line.
    Document plain =
        SvgRead.parse(
            MatchCharts.elo(MatchSample.results(MatchSample.points("2421", 40), null, 40), null));
    var lines = plain.getElementsByTagName("line");
    for (int i = 0; i < lines.getLength(); i++) {
      assertFalse(((org.w3c.dom.Element) lines.item(i)).getAttribute("class").equals("stop-aware"));
    }
    String plainSubtitle = SvgRead.only(plain, "text", "subtitle").getTextContent();
    assertTrue(plainSubtitle.startsWith("Elo "), plainSubtitle);
  }

  @Test
  void theChartsAreTheSameBytesForTheSameResults() throws Exception {
    JobResults r = MatchSample.results(MatchSample.points("4224243420", 400), SPRT, 400);
    JobResults.Builder again = JobResults.newBuilder();
    JsonFormat.parser().merge(ResultsReport.json(r), again);
    assertEquals(MatchCharts.llr(r, SPRT), MatchCharts.llr(again.build(), SPRT));
    assertEquals(MatchCharts.elo(r, SPRT), MatchCharts.elo(again.build(), SPRT));
  }

  @Test
  void aMatchWithoutPairsStillDrawsItsAxes() throws Exception {
    JobResults r = MatchSample.results(new double[0][], SPRT, 400);
    for (String svg : List.of(MatchCharts.llr(r, SPRT), MatchCharts.elo(r, SPRT))) {
      Document doc = SvgRead.parse(svg);
      assertEquals(
          "no game pairs counted yet", SvgRead.only(doc, "text", "empty").getTextContent());
      SvgRead.axis(doc, "y-tick", "y");
    }
  }

  @Test
  void resultsFilesOfAMatchAreItsTableCsvJsonAndCharts() throws Exception {
    JobResults r = MatchSample.results(MatchSample.points("4224243420", 400), SPRT, 400);
    List<Path> written = ResultsFiles.write(r, dir);
    List<String> names = new ArrayList<>();
    for (Path p : written) {
      names.add(dir.relativize(p).toString().replace('\\', '/'));
    }
    assertEquals(
        List.of("results.json", "results.csv", "results.txt", "svg/llr.svg", "svg/elo.svg"), names);
    JobResults.Builder back = JobResults.newBuilder();
    JsonFormat.parser().merge(Files.readString(dir.resolve("results.json")), back);
    assertEquals(r, back.build());
    assertEquals(
        1 + r.getMatch().getPairsCount(), Files.readAllLines(dir.resolve("results.csv")).size());
    assertEquals(ResultsReport.table(r), Files.readString(dir.resolve("results.txt")));
    try (Stream<Path> svgs = Files.list(dir.resolve("svg"))) {
      for (Path p : svgs.toList()) {
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(p.toFile());
      }
    }
    // Without an SPRT there is no LLR to draw.
    Path plain = dir.resolve("plain");
    ResultsFiles.write(MatchSample.results(MatchSample.points("24", 10), null, 10), plain);
    try (Stream<Path> svgs = Files.list(plain.resolve("svg"))) {
      assertEquals(List.of("elo.svg"), svgs.map(p -> p.getFileName().toString()).toList());
    }
  }
}
