package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import gofarm.playout.FeatureGroup;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.PatternKeys;
import gofarm.proto.v1.FitFeature;
import gofarm.proto.v1.FitIteration;
import gofarm.proto.v1.FitStop;
import gofarm.proto.v1.JobResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A fit's pictures: the learning curves put every table's training and held-out figure where the
 * axes say, the pattern sheet shows the strongest and weakest patterns with enough candidates drawn
 * cell by cell, and the results folder holds the table, the γ file and the pictures.
 */
class FitChartsTest {
  @TempDir Path dir;

  @Test
  void theLearningCurvesPutEveryTableWhereTheAxesSay() throws Exception {
    JobResults r = FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS);
    List<FitIteration> its = r.getFit().getIterationsList();
    Document ll = SvgRead.parse(FitCharts.logLikelihood(r));
    Document top1 = SvgRead.parse(FitCharts.top1(r));
    for (Document doc : List.of(ll, top1)) {
      SvgRead.Axis x = SvgRead.axis(doc, "x-tick", "x");
      SvgRead.Axis y = SvgRead.axis(doc, "y-tick", "y");
      boolean isLl = doc == ll;
      for (String sample : List.of("train", "test")) {
        List<double[]> points = SvgRead.points(SvgRead.only(doc, "polyline", sample));
        assertEquals(13, points.size(), "iteration 0 to 12");
        for (int i = 0; i < points.size(); i++) {
          FitIteration f = its.get(i);
          double v =
              isLl
                  ? sample.equals("train") ? f.getTrainLogLikelihood() : f.getTestLogLikelihood()
                  : sample.equals("train") ? f.getTrainTop1() : f.getTestTop1();
          assertEquals(x.at(i), points.get(i)[0], 0.02, "iteration " + i);
          assertEquals(y.at(v), points.get(i)[1], 0.02, sample + " at " + i);
        }
      }
      String caption = doc.getElementsByTagName("desc").item(0).getTextContent();
      assertTrue(caption.contains("training games (blue) and the held-out games (green)"), caption);
    }
    assertEquals(
        "log-likelihood per decision · after 12 iterations: training -2.4100 (start -3.2500),"
            + " held out -2.4800 (start -3.2000)",
        ll.getElementsByTagName("title").item(0).getTextContent());
  }

  @Test
  void withoutHeldOutGamesOrTablesTheChartsSaySo() throws Exception {
    Document none =
        SvgRead.parse(FitCharts.logLikelihood(FitSample.results(0, FitStop.FIT_STOP_UNSPECIFIED)));
    assertEquals("no table measured yet", SvgRead.only(none, "text", "empty").getTextContent());
    Document train =
        SvgRead.parse(FitCharts.top1(FitSample.results(3, FitStop.FIT_STOP_CANCELLED, false)));
    assertEquals(0, SvgRead.byClass(train, "polyline", "test").size());
    assertEquals(4, SvgRead.points(SvgRead.only(train, "polyline", "train")).size());
  }

  @Test
  void thePatternSheetShowsTheStrongestAndWeakestPatternsWithEnoughCandidates() throws Exception {
    JobResults r = FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS);
    PatternSheet.Picked p = PatternSheet.pick(r);
    // Patterns 1..59 have 101..159 candidates (pattern 0 only 99); γ rises with the number.
    assertEquals(59, p.eligible());
    assertEquals(24, p.strongest().size());
    assertEquals(24, p.weakest().size());
    assertEquals(FeatureSpace.id(FeatureGroup.PATTERN, 59), p.strongest().get(0).getId());
    assertEquals(FeatureSpace.id(FeatureGroup.PATTERN, 1), p.weakest().get(23).getId());
    Document doc = SvgRead.parse(PatternSheet.svg(r));
    List<Element> tiles = SvgRead.byClass(doc, "g", "pattern");
    assertEquals(48, tiles.size());
    assertTrue(
        doc.getElementsByTagName("desc")
            .item(0)
            .getTextContent()
            .contains("own = player to move, drawn black"));
    // Each tile draws its pattern: own and enemy stones, atari rings and off-board cells as the
    // pattern's name has them, the move in the centre, and γ and the counts under it.
    for (int i = 0; i < tiles.size(); i++) {
      FitFeature f = i < 24 ? p.strongest().get(i) : p.weakest().get(i - 24);
      Element tile = tiles.get(i);
      String name = FeatureSpace.name(f.getId()).substring("pat3 ".length());
      assertEquals(
          FeatureSpace.name(f.getId()),
          tile.getElementsByTagName("title").item(0).getTextContent());
      String cells = name.replace("/", "");
      assertEquals(count(cells, "Xx"), classes(tile, "circle", "own"), name);
      assertEquals(count(cells, "Oo"), classes(tile, "circle", "enemy"), name);
      assertEquals(count(cells, "xo"), classes(tile, "circle", "atari"), name);
      assertEquals(count(cells, "#"), classes(tile, "rect", "off-board"), name);
      assertEquals(1, classes(tile, "circle", "move"));
      assertEquals("γ " + PatternSheet.gamma(f.getGamma()), text(tile, "gamma"));
      assertEquals(f.getWins() + " / " + f.getCandidates(), text(tile, "counts"));
    }
    assertEquals("12", PatternSheet.gamma(12.04));
    assertEquals("0.0412", PatternSheet.gamma(0.04123));
    assertEquals("1.05e+03", PatternSheet.gamma(1049));
    assertTrue(PatternKeys.count() > 0);
  }

  private static int count(String cells, String chars) {
    int n = 0;
    for (char c : cells.toCharArray()) {
      n += chars.indexOf(c) >= 0 ? 1 : 0;
    }
    return n;
  }

  private static int classes(Element tile, String tag, String cls) {
    int n = 0;
    var all = tile.getElementsByTagName(tag);
    for (int i = 0; i < all.getLength(); i++) {
      n += ((Element) all.item(i)).getAttribute("class").equals(cls) ? 1 : 0;
    }
    return n;
  }

  private static String text(Element tile, String cls) {
    var all = tile.getElementsByTagName("text");
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      if (e.getAttribute("class").equals(cls)) {
        return e.getTextContent();
      }
    }
    throw new AssertionError("no text of class " + cls);
  }

  @Test
  void theResultsFolderHoldsTheTableTheGammaFileAndThePictures() throws Exception {
    JobResults r = FitSample.results(12, FitStop.FIT_STOP_MAX_ITERATIONS);
    List<String> names = new ArrayList<>();
    for (Path p : ResultsFiles.write(r, dir)) {
      names.add(dir.relativize(p).toString().replace('\\', '/'));
    }
    assertEquals(
        List.of(
            "results.json",
            "fit.csv",
            "results.txt",
            "policy.gamma",
            "svg/fit-loglik.svg",
            "svg/fit-top1.svg",
            "svg/patterns.svg"),
        names);
    JobResults.Builder back = JobResults.newBuilder();
    JsonFormat.parser().merge(Files.readString(dir.resolve("results.json")), back);
    assertEquals(r, back.build());
    assertEquals(ResultsReport.table(r), Files.readString(dir.resolve("results.txt")));
    assertEquals(ResultsReport.csv(r), Files.readString(dir.resolve("fit.csv")));
    assertEquals(FitReport.gammaText(r), Files.readString(dir.resolve("policy.gamma")));
    GammaTable.parse(Files.readString(dir.resolve("policy.gamma")));
  }
}
