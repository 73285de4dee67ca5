package gofarm.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cells and columns shared by the text and CSV reports (and {@code gofarm jobs}, {@code bench
 * --csv}): aligned text columns, CSV text cells and the CSV number format. Cells may hold what
 * clients and workers sent (names, labels), so both kinds escape their text as the terminal shows
 * it ({@link TerminalText}).
 */
public final class Tables {
  private Tables() {}

  /**
   * Pads every column to its widest cell; right-aligned where {@code right} says so. Every cell is
   * shown escaped ({@link TerminalText#escape}), so callers pass the text as it came.
   */
  public static String align(List<String[]> rows, boolean[] right) {
    int[] width = new int[rows.get(0).length];
    List<String[]> shown = new ArrayList<>(rows.size());
    for (String[] row : rows) {
      String[] cells = new String[row.length];
      for (int c = 0; c < row.length; c++) {
        cells[c] = TerminalText.escape(row[c]);
        width[c] = Math.max(width[c], cells[c].length());
      }
      shown.add(cells);
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : shown) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < row.length; c++) {
        String cell = row[c];
        String pad = " ".repeat(width[c] - cell.length());
        line.append(right[c] ? pad + cell : cell + (c + 1 < row.length ? pad : ""));
        if (c + 1 < row.length) {
          line.append("  ");
        }
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  /**
   * A text cell of a CSV file: escaped as on the terminal ({@link TerminalText#escape}, so no line
   * break, control or bidirectional character), with a {@code '} before a leading {@code =}, {@code
   * +}, {@code -} or {@code @} so that a spreadsheet shows the text rather than running it as a
   * formula ("CSV injection"), and quoted (quotes doubled, RFC 4180) when it holds a comma or a
   * quote. Figures never pass here: {@link #number} writes them.
   */
  public static String csvText(String text) {
    String s = TerminalText.escape(text);
    if (!s.isEmpty() && "=+-@".indexOf(s.charAt(0)) >= 0) {
      s = "'" + s;
    }
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  /** A figure in the results' CSV: six significant digits. */
  static String number(double x) {
    return String.format(Locale.ROOT, "%.6g", x);
  }
}
