package gofarm.report;

/**
 * User text (job names, labels, policy and player names, messages from workers, error descriptions
 * that echo a spec) made safe to print on a terminal: control characters, C1 controls, the
 * bidirectional overrides, isolates and marks, the line and paragraph separators and unpaired
 * surrogates (no character at all) are shown as escapes ({@code \n}, {@code \x1b}, {@code \u202e})
 * instead of moving the cursor, recolouring the screen, breaking a table's rows or reversing what
 * follows. A backslash is doubled, so that an escape in the output always means one in the text.
 * Everything else, accented letters, CJK and emoji included, is printed as it is. The CSV and SVG
 * files show such text this way too ({@code Tables.csvText}, {@code SvgText}).
 */
public final class TerminalText {
  private TerminalText() {}

  /** {@code text} with every character that could control the terminal escaped. */
  public static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      String escaped = escaped(text, i);
      if (escaped == null) {
        if (out != null) {
          out.append(text.charAt(i));
        }
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      out.append(escaped);
    }
    return out == null ? text : out.toString();
  }

  /**
   * JSON text as a JSON printer writes it (control characters in its strings already escaped) with
   * every other character that {@link #escape} would escape written as a JSON escape (a backslash,
   * u and four hex digits): the same text to a JSON reader, and nothing that controls the terminal
   * it is printed on.
   */
  public static String escapeJson(String json) {
    StringBuilder out = null;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      // ASCII is the printer's own: its layout, quotes and escapes.
      if (c < 0x7f || escaped(json, i) == null) {
        if (out != null) {
          out.append(c);
        }
        continue;
      }
      if (out == null) {
        out = new StringBuilder(json.length() + 16).append(json, 0, i);
      }
      out.append(String.format("\\u%04x", (int) c));
    }
    return out == null ? json : out.toString();
  }

  /** The escape of the character at {@code i}, or null when it prints as itself. */
  private static String escaped(String text, int i) {
    char c = text.charAt(i);
    switch (c) {
      case '\\':
        return "\\\\";
      case '\n':
        return "\\n";
      case '\r':
        return "\\r";
      case '\t':
        return "\\t";
      default:
        break;
    }
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
      return String.format("\\x%02x", (int) c);
    }
    if ((c >= 0x202a && c <= 0x202e)
        || (c >= 0x2066 && c <= 0x2069)
        || c == 0x200e
        || c == 0x200f
        || c == 0x061c
        || c == 0x2028
        || c == 0x2029
        || (Character.isSurrogate(c) && !paired(text, i))) {
      return String.format("\\u%04x", (int) c);
    }
    return null;
  }

  /** Whether the surrogate at {@code i} is half of a pair: a character beyond the BMP. */
  private static boolean paired(String text, int i) {
    return Character.isHighSurrogate(text.charAt(i))
        ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
        : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
  }
}
