package gofarm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class TerminalTextTest {
  @Test
  void plainTextIsPrintedAsItIs() {
    String name = "ladder study: 碁 · Gō 9×9 (v2)";
    assertSame(name, TerminalText.escape(name));
    assertEquals("", TerminalText.escape(null));
  }

  @Test
  void controlCharactersBecomeVisibleEscapes() {
    assertEquals("a\\nb\\r\\tc", TerminalText.escape("a\nb\r\tc"));
    assertEquals("\\x00\\x07\\x7f", TerminalText.escape("\0\u0007\u007f"));
    assertEquals(
        "\\x1b[2J\\x1b]0;owned\\x07", TerminalText.escape("\u001b[2J\u001b]0;owned\u0007"));
    assertEquals("\\x9b31m\\x85", TerminalText.escape("\u009b31m\u0085"), "C1 controls");
  }

  @Test
  void bidirectionalOverridesAndSeparatorsBecomeEscapes() {
    assertEquals("job \\u202egpj.exe", TerminalText.escape("job \u202egpj.exe"));
    assertEquals(
        "\\u202a\\u202b\\u202c\\u202d\\u2066\\u2067\\u2068\\u2069",
        TerminalText.escape("\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069"));
    assertEquals("\\u2028\\u2029", TerminalText.escape("\u2028\u2029"));
  }

  @Test
  void aBackslashIsDoubledSoThatEscapesAreUnambiguous() {
    assertEquals("C:\\\\jobs\\\\x1b", TerminalText.escape("C:\\jobs\\x1b"));
    assertEquals("\\\\n\\n", TerminalText.escape("\\n\n"));
  }

  @Test
  void anUnpairedSurrogateBecomesAnEscapeAndAPairStays() {
    assertEquals("a\\ud800b\\udc00", TerminalText.escape("a\ud800b\udc00"));
    String emoji = "go \ud83d\ude00";
    assertSame(emoji, TerminalText.escape(emoji));
  }

  @Test
  void jsonKeepsItsOwnTextAndEscapesTheRest() {
    String json = "{\n  \"name\": \"a\\u001b\\\"\u202eb\u0085 \u00e9\"\n}";
    assertEquals(
        "{\n  \"name\": \"a\\u001b\\\"\\u202eb\\u0085 \u00e9\"\n}", TerminalText.escapeJson(json));
    String plain = "{\n  \"name\": \"碁 \\\\ x\"\n}";
    assertSame(plain, TerminalText.escapeJson(plain));
  }
}
