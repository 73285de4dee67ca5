package gofarm.cli.console;

/**
 * User text (job names, messages from workers, error descriptions that echo a spec) made safe to
 * print on a terminal: control characters, C1 controls, the bidirectional overrides and isolates
 * and the line and paragraph separators are shown as escapes ({@code \n}, {@code \x1b}, {@code
 * \u202e}) instead of moving the cursor, recolouring the screen, breaking a table's rows or
 * reversing what follows. A backslash is doubled, so that an escape in the output always means one
 * in the text. Everything else, accented letters and CJK included, is printed as it is.
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
      char c = text.charAt(i);
      String escaped = escaped(c);
      if (escaped == null) {
        if (out != null) {
          out.append(c);
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

  /** The escape of {@code c}, or null when it prints as itself. */
  private static String escaped(char c) {
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
        || c == 0x2029) {
      return String.format("\\u%04x", (int) c);
    }
    return null;
  }
}
