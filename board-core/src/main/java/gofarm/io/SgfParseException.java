package gofarm.io;

/**
 * SGF input that cannot be read: malformed syntax, a bad property value or an exceeded limit, with
 * the line and column where it was found ({@code "line 3, column 14: expected ']' to close the
 * value of property B"}).
 *
 * <p>Unchecked, like every exception of board-core.
 */
public final class SgfParseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;

  /**
   * @param line 1-based line, or 0 when the problem has no position (the input as a whole)
   * @param column 1-based column, or 0 with line 0
   * @param problem what is wrong, without the position
   */
  public SgfParseException(int line, int column, String problem) {
    super(line > 0 ? "line " + line + ", column " + column + ": " + problem : problem);
    this.line = line;
    this.column = column;
  }

  /** The 1-based line of the problem, or 0 when it concerns the whole input. */
  public int line() {
    return line;
  }

  /** The 1-based column of the problem, or 0 when it concerns the whole input. */
  public int column() {
    return column;
  }
}
