package gofarm.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.stats.EloEstimate;
import gofarm.stats.EloModel;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
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
import org.w3c.dom.NodeList;

/**
 * The match charts read as a person reads them: through their axis ticks. Each test maps values to
 * pixels with the ticks' labels and positions, then checks the bounds, every point of the
 * trajectory and the interval against figures computed with {@code gofarm.stats}.
 */
class MatchChartsTest {
  private static final Sprt SPRT = Sprt.of(0, 50, EloModel.LOGISTIC);

  @TempDir Path dir;

  /** A linear axis read from its ticks: value → pixel. */
  private record Axis(double v0, double p0, double v1, double p1) {
    double at(double v) {
      return p0 + (v - v0) * (p1 - p0) / (v1 - v0);
    }
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<Element> byClass(Document doc, String tag, String cls) {
    List<Element> found = new ArrayList<>();
    NodeList all = doc.getElementsByTagName(tag);
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      if (e.getAttribute("class").equals(cls)) {
        found.add(e);
      }
    }
    return found;
  }

  private static double num(Element e, String attribute) {
    return Double.parseDouble(e.getAttribute(attribute));
  }

  /** The axis of the ticks of class {@code cls}; every tick must lie on it. */
  private static Axis axis(Document doc, String cls, String coordinate) {
    List<Element> ticks = byClass(doc, "g", cls);
    assertTrue(ticks.size() >= 3, "at least three " + cls + "s (got " + ticks.size() + ")");
    double[] value = new double[ticks.size()];
    double[] pixel = new double[ticks.size()];
    for (int i = 0; i < ticks.size(); i++) {
      Element line = (Element) ticks.get(i).getElementsByTagName("line").item(0);
      Element text = (Element) ticks.get(i).getElementsByTagName("text").item(0);
      value[i] = Double.parseDouble(text.getTextContent());
      pixel[i] = num(line, coordinate + "1");
      assertEquals(pixel[i], num(line, coordinate + "2"), 1e-9, "a grid line is straight");
    }
    Axis a = new Axis(value[0], pixel[0], value[ticks.size() - 1], pixel[ticks.size() - 1]);
    for (int i = 0; i < ticks.size(); i++) {
      assertEquals(a.at(value[i]), pixel[i], 0.02, cls + " " + value[i] + " lies on the axis");
    }
    return a;
  }

  private static List<double[]> points(Element polyline) {
    List<double[]> points = new ArrayList<>();
    String text = polyline.getAttribute("points").strip();
    if (!text.isEmpty()) {
      for (String p : text.split(" ")) {
        String[] xy = p.split(",");
        points.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
      }
    }
    return points;
  }

  private static Element only(Document doc, String tag, String cls) {
    List<Element> found = byClass(doc, tag, cls);
    assertEquals(1, found.size(), "one " + tag + " of class " + cls);
    return found.get(0);
  }

  @Test
  void theLlrChartHasTheBoundsAndOnePointPerPair() throws Exception {
    JobResults r = MatchSample.results(MatchSample.points("4224243420", 400), SPRT, 400);
    int n = r.getMatch().getPairsCount();
    String svg = MatchCharts.llr(r, SPRT);
    Document doc = parse(svg);
    Axis y = axis(doc, "y-tick", "y");
    Axis x = axis(doc, "x-tick", "x");

    Element upper = only(doc, "line", "bound upper");
    Element lower = only(doc, "line", "bound lower");
    assertEquals(y.at(Math.log(0.95 / 0.05)), num(upper, "y1"), 0.02);
    assertEquals(num(upper, "y1"), num(upper, "y2"));
    assertEquals(y.at(Math.log(0.05 / 0.95)), num(lower, "y1"), 0.02);
    assertEquals(num(lower, "y1"), num(lower, "y2"));

    List<double[]> llr = points(only(doc, "polyline", "llr"));
    assertEquals(n, llr.size());
    Pentanomial counts = Pentanomial.EMPTY;
    double[][] points = MatchSample.points("4224243420", n);
    for (int k = 0; k < n; k++) {
      counts = counts.plus(Pentanomial.classify(points[k][0], points[k][1]));
      assertEquals(x.at(k + 1), llr.get(k)[0], 0.02, "pair " + (k + 1));
      assertEquals(y.at(SPRT.llr(counts)), llr.get(k)[1], 0.02, "pair " + (k + 1));
    }
    // The last point has crossed the upper bound (smaller y is higher).
    assertTrue(llr.get(n - 1)[1] <= num(upper, "y1"));
    String title = doc.getElementsByTagName("title").item(0).getTextContent();
    assertTrue(
        title.startsWith("heavy 200 po vs uniform 200 po · SPRT logistic Elo [0, 50]"), title);
    assertTrue(title.endsWith("H1 accepted after " + n + " pairs"), title);
    assertNotNull(only(doc, "text", "x-label"));
    assertNotNull(only(doc, "text", "y-label"));
  }

  @Test
  void theEloChartShowsTheEstimateAndItsIntervalAfterEachPair() throws Exception {
    double[][] points = MatchSample.points("2421023412", 60);
    JobResults r = MatchSample.results(points, null, 60);
    Document doc = parse(MatchCharts.elo(r, null));
    Axis y = axis(doc, "y-tick", "y");
    Axis x = axis(doc, "x-tick", "x");
    List<double[]> elo = points(only(doc, "polyline", "elo"));
    List<double[]> band = points(only(doc, "polygon", "interval"));
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
      Document doc = parse(svg);
      assertEquals("no game pairs counted yet", only(doc, "text", "empty").getTextContent());
      axis(doc, "y-tick", "y");
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
