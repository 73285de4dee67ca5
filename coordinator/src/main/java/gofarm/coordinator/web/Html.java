package gofarm.coordinator.web;

import gofarm.report.TerminalText;

/**
 * Text from clients and workers made safe for a page: every string of a spec (names, labels,
 * messages) is escaped for the terminal first (control characters and bidirectional overrides shown
 * as escapes, as the command line shows them), then for HTML, where the same escape serves element
 * text and quoted attribute values.
 */
final class Html {
  private Html() {}

  /** {@code text} for an element's content or a double-quoted attribute value. */
  static String text(String text) {
    return shown(TerminalText.escape(text));
  }

  /**
   * Text the report already escaped for the terminal ({@code Headline.of}), escaped for HTML only:
   * escaping it again would double its backslashes.
   */
  static String shown(String shown) {
    StringBuilder out = new StringBuilder(shown.length() + 16);
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * Text of several lines (a table, JSON) for a {@code <pre>}: each line escaped as {@link #text}.
   */
  static String lines(String text) {
    StringBuilder out = new StringBuilder(text.length() + 64);
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      out.append(i == 0 ? "" : "\n").append(text(lines[i]));
    }
    return out.toString();
  }

  /**
   * A whole page: {@code title} (escaped here) and {@code body} (HTML made with {@link #text}),
   * with the navigation and, when signed in through the form, a logout button carrying {@code
   * csrf}.
   */
  static String page(String title, String body, String who, String csrf) {
    StringBuilder out = new StringBuilder(body.length() + 2048);
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(text(title))
        .append(" · gofarm</title>\n<style>")
        .append(STYLE)
        .append(
            "</style>\n</head>\n<body>\n<nav><a href=\"/\">jobs</a> <a href=\"/workers\">workers</a>");
    if (who != null) {
      out.append(" <span class=\"who\">").append(text(who)).append("</span>");
      if (csrf != null) {
        out.append(" <form method=\"post\" action=\"/logout\" class=\"inline\">")
            .append("<input type=\"hidden\" name=\"csrf\" value=\"")
            .append(text(csrf))
            .append("\"><button>log out</button></form>");
      }
    }
    out.append("</nav>\n<main>\n<h1>")
        .append(text(title))
        .append("</h1>\n")
        .append(body)
        .append("</main>\n</body>\n</html>\n");
    return out.toString();
  }

  private static final String STYLE =
      """
      body{font-family:system-ui,sans-serif;margin:0;color:#222}
      nav{background:#2d3b2d;color:#eee;padding:.5em 1em}
      nav a{color:#fff;font-weight:600;text-decoration:none}
      nav .who{margin-left:1em;opacity:.8}
      main{padding:1em 1.5em;max-width:80em}
      table{border-collapse:collapse}
      th,td{padding:.25em .75em;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
      td.num{text-align:right;font-variant-numeric:tabular-nums}
      pre{background:#f6f6f2;padding:.75em;overflow:auto}
      figure{display:inline-block;margin:.5em}
      figure img{max-width:36em;border:1px solid #ddd}
      .error{color:#a00}
      .inline{display:inline}
      """;
}
