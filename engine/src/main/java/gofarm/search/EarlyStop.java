package gofarm.search;

/**
 * When a search may end before its budget is spent: as soon as the most visited root move cannot be
 * overtaken in the playouts left (Pachi and Fuego stop the same way), so that an easy move costs
 * less than a hard one and a game clock keeps the time for the hard ones.
 *
 * <ul>
 *   <li>{@link #TIMED} (the default): only when the budget has a time limit, as a clock's budget
 *       always has; a playout budget is then spent in full, as before early stopping existed, and
 *       every result pinned on playouts stays what it was.
 *   <li>{@link #ALWAYS}: for playout budgets too. On one thread the search is still reproducible
 *       for a seed (the stop is a function of the tree after a fixed number of playouts), but it
 *       plays other games than the full budget does, since the trees it hands on differ.
 *   <li>{@link #NEVER}: the whole budget, always (benchmarks).
 * </ul>
 */
public enum EarlyStop {
  NEVER("never"),
  TIMED("timed"),
  ALWAYS("always");

  private final String text;

  EarlyStop(String text) {
    this.text = text;
  }

  /** The name in specs and on the command line: {@code never}, {@code timed} or {@code always}. */
  public String text() {
    return text;
  }

  /** Whether a search under {@code budget} may stop early. */
  public boolean appliesTo(Budget budget) {
    return this == ALWAYS || (this == TIMED && budget.time() != null);
  }

  /**
   * The setting named {@code text}.
   *
   * @throws IllegalArgumentException naming the choices
   */
  public static EarlyStop parse(String text) {
    for (EarlyStop e : values()) {
      if (e.text.equals(text)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "early stop must be never, timed or always (got '" + text + "')");
  }
}
