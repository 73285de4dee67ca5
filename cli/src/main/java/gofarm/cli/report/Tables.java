package gofarm.cli.report;

import java.util.List;
import java.util.Locale;

/**
 * Cells and columns shared by the text and CSV reports (and {@code gofarm jobs}, {@code bench
 * --csv}): aligned text columns, RFC 4180 quoting and the CSV number format.
 */
public final class Tables {
  private Tables() {}

  /** Pads every column to its widest cell; right-aligned where {@code right} says so. */
  public static String align(List<String[]> rows, boolean[] right) {
    int[] width = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int c = 0; c < row.length; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : rows) {
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

  /** A CSV cell: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
  public static String quote(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n")
        ? "\"" + s.replace("\"", "\"\"") + "\""
        : s;
  }

  /** A figure in the results' CSV: six significant digits. */
  static String number(double x) {
    return String.format(Locale.ROOT, "%.6g", x);
  }
}
