package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.io.Diagram;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@link BoardSvg}: its output parses as XML and holds exactly the drawn things. */
class BoardSvgTest {

  private static Document parse(String svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  /** The child elements of the {@code <g class="name">} group. */
  private static List<Element> group(Document doc, String name) {
    NodeList groups = doc.getElementsByTagName("g");
    for (int i = 0; i < groups.getLength(); i++) {
      Element g = (Element) groups.item(i);
      if (g.getAttribute("class").equals(name)) {
        List<Element> children = new ArrayList<>();
        NodeList nodes = g.getChildNodes();
        for (int k = 0; k < nodes.getLength(); k++) {
          if (nodes.item(k) instanceof Element e) {
            children.add(e);
          }
        }
        return children;
      }
    }
    throw new AssertionError("no group " + name);
  }

  @Test
  void aBoardWithEveryOverlayIsWellFormedSvg() throws Exception {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . X O . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . X . . . .
                . . . . . . . . .
                . . . . . . O . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    Geometry g = board.geometry();
    String svg =
        new BoardSvg(board)
            .heat(p -> g.x(p) < 4 ? 0.5 : g.x(p) > 4 ? -1 : Double.NaN)
            .mark(g.parse("C8"), BoardSvg.Mark.TRIANGLE)
            .mark(g.parse("D8"), BoardSvg.Mark.SQUARE)
            .mark(g.parse("A1"), BoardSvg.Mark.CIRCLE)
            .mark(g.parse("J9"), BoardSvg.Mark.CROSS)
            .label(g.parse("E5"), "1")
            .label(g.parse("B2"), "A")
            .label(g.parse("H2"), "<&>")
            .title("move 3 & \"more\"")
            .toSvg();
    Document doc = parse(svg);
    Element root = doc.getDocumentElement();
    assertEquals("svg", root.getLocalName());
    assertEquals("http://www.w3.org/2000/svg", root.getNamespaceURI());
    assertEquals("240", root.getAttribute("width"));
    assertEquals("move 3 & \"more\"", doc.getElementsByTagName("title").item(0).getTextContent());
    assertEquals(18, group(doc, "grid").size(), "9 + 9 lines");
    assertEquals(5, group(doc, "stars").size(), "9x9 has five star points");
    assertEquals(18, group(doc, "coordinates").size());
    assertEquals(4, group(doc, "stones").size());
    assertEquals(9 * 8, group(doc, "heat").size(), "eight columns shaded, E unshaded");
    List<String> marks = new ArrayList<>();
    group(doc, "marks").forEach(e -> marks.add(e.getTagName()));
    // In point order (row-major from the top): J9 cross, C8 triangle, D8 square, A1 circle.
    assertEquals(List.of("path", "polygon", "rect", "circle"), marks);
    List<String> texts = new ArrayList<>();
    for (Element e : group(doc, "labels")) {
      if (e.getTagName().equals("text")) {
        texts.add(e.getTextContent());
      }
    }
    assertEquals(List.of("1", "A", "<&>"), texts);
    // The label on the black stone E5 is white; the others sit on discs that hide the grid.
    assertEquals(
        2, group(doc, "labels").stream().filter(e -> e.getTagName().equals("circle")).count());
  }

  @Test
  void anEmptyBoardHasOnlyTheGrid() throws Exception {
    Document doc = parse(new BoardSvg(new Board(2)).toSvg());
    assertEquals(4, group(doc, "grid").size());
    assertEquals(0, group(doc, "stars").size());
    assertEquals(0, group(doc, "stones").size());
    assertEquals(0, group(doc, "heat").size());
    assertEquals(0, doc.getElementsByTagName("title").getLength());
  }

  @Test
  void laterMovesOnTheBoardAreNotDrawn() throws Exception {
    Board board = new Board(5);
    BoardSvg picture = new BoardSvg(board);
    board.play(board.geometry().parse("C3"), gofarm.board.Color.BLACK);
    assertEquals(0, group(parse(picture.toSvg()), "stones").size());
  }

  @Test
  void errorsNameThePointAndTheBound() {
    Board board = new Board(5);
    Geometry g = board.geometry();
    BoardSvg svg = new BoardSvg(board);
    assertEquals(
        "heat at C3 must be -1..1 (got 1.5)",
        assertThrows(IllegalArgumentException.class, () -> svg.heat(g.parse("C3"), 1.5))
            .getMessage());
    assertEquals(
        "label at A1 must be 1 to 3 characters (got 'long')",
        assertThrows(IllegalArgumentException.class, () -> svg.label(g.parse("A1"), "long"))
            .getMessage());
    assertEquals(
        "not a point of a 5x5 board: 0",
        assertThrows(IllegalArgumentException.class, () -> svg.mark(0, BoardSvg.Mark.CROSS))
            .getMessage());
  }
}
