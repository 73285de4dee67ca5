package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The caption of a chart: wrapped onto lines after spaces, read back as the whole text. */
class LineChartTest {
  @Test
  void aLongCaptionWrapsAfterASpaceAndReadsBackWhole() throws Exception {
    assertEquals(
        List.of("one two ", "three four ", "five"), LineChart.wrap("one two three four five", 10));
    assertEquals(List.of("short"), LineChart.wrap("short", 10));
    assertEquals(List.of("unbreakable-word ", "x"), LineChart.wrap("unbreakable-word x", 10));

    String caption = "word ".repeat(40).strip();
    LineChart c = new LineChart(3, 0, 1);
    StringBuilder sb = c.open("title", "figures", "x", "y", caption);
    c.polyline(sb, "line", new double[] {0.2, 0.5, 0.9}, LineChart.BLUE);
    Document doc = SvgRead.parse(c.close(sb, 3, "empty"));
    Element text = SvgRead.only(doc, "text", "caption");
    assertEquals(2, text.getElementsByTagName("tspan").getLength());
    assertEquals(caption, text.getTextContent());
    assertEquals(caption, doc.getElementsByTagName("desc").item(0).getTextContent());
    assertEquals(3, SvgRead.points(SvgRead.only(doc, "polyline", "line")).size());
  }
}
