package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TablesTest {
  @Test
  void plainTextIsACellAsItIs() {
    assertEquals("heavy 200 po", Tables.csvText("heavy 200 po"));
    assertEquals(
        "\"capture(size=1,saves=1) random\"", Tables.csvText("capture(size=1,saves=1) random"));
    assertEquals("\"say \"\"hi\"\"\"", Tables.csvText("say \"hi\""));
    assertEquals("", Tables.csvText(""));
  }

  @Test
  void aCellHoldsNoLineBreakControlOrOverride() {
    assertEquals("\"a\\r\\nb,\\x1b[31m\\u202ec\"", Tables.csvText("a\r\nb,\u001b[31m\u202ec"));
  }

  @Test
  void aSpreadsheetShowsAFormulaAsText() {
    assertEquals("'=1+2", Tables.csvText("=1+2"));
    assertEquals(
        "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
        Tables.csvText("=HYPERLINK(\"http://x\",\"y\")"));
    assertEquals("'+1", Tables.csvText("+1"));
    assertEquals("'-x", Tables.csvText("-x"));
    assertEquals("'@SUM(A1)", Tables.csvText("@SUM(A1)"));
    assertEquals("a=1", Tables.csvText("a=1"));
  }

  @Test
  void tableCellsAreShownEscapedAndAligned() {
    assertEquals(
        "name         n\nx\\nY\\u202eZ  1\n",
        Tables.align(
            List.of(new String[] {"name", "n"}, new String[] {"x\nY\u202eZ", "1"}),
            new boolean[] {false, true}));
  }

  @Test
  void svgTextIsWellFormedXmlThatShowsWhatItHolds() {
    assertEquals(
        "=1+\\x1b[31mX\\n\\u202eY,&quot;&lt;script&gt;&amp;'\uFFFD",
        SvgText.escape("=1+\u001b[31mX\n\u202eY,\"<script>&'\uFFFF"));
    assertEquals("Lee&apos;s game", BoardSvg.escape("Lee's game"));
  }
}
