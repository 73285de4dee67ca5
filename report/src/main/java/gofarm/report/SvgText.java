package gofarm.report;

/**
 * Text for SVG (XML 1.0) content and attribute values, the one escape of every picture: shown as
 * the terminal shows it ({@link TerminalText#escape}: control, C1 and bidirectional characters as
 * visible escapes, so that a name can neither break the XML nor hide or reverse what follows it),
 * then {@code & < > "} as entities. U+FFFE and U+FFFF, which XML forbids and no text needs, become
 * U+FFFD; no other character XML forbids is left after the terminal's escape.
 */
public final class SvgText {
  private SvgText() {}

  static String escape(String text) {
    return TerminalText.escape(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;")
        .replace('\uFFFE', '\uFFFD')
        .replace('\uFFFF', '\uFFFD');
  }
}
