package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads the charts of {@link LineChart} as a person reads them, for tests: parses the SVG (so it
 * must be well-formed XML), finds marks by class, reads an axis from its ticks' labels and
 * positions, and a polyline's points.
 */
public final class SvgRead {
  private SvgRead() {}

  /** A linear axis read from its ticks: value → pixel. */
  record Axis(double v0, double p0, double v1, double p1) {
    double at(double v) {
      return p0 + (v - v0) * (p1 - p0) / (v1 - v0);
    }
  }

  public static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  public static List<Element> byClass(Document doc, String tag, String cls) {
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

  public static double num(Element e, String attribute) {
    return Double.parseDouble(e.getAttribute(attribute));
  }

  /** The axis of the ticks of class {@code cls}; every tick must lie on it. */
  public static Axis axis(Document doc, String cls, String coordinate) {
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

  public static List<double[]> points(Element polyline) {
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

  public static Element only(Document doc, String tag, String cls) {
    List<Element> found = byClass(doc, tag, cls);
    assertEquals(1, found.size(), "one " + tag + " of class " + cls);
    return found.get(0);
  }
}
