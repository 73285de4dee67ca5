package gofarm.search;

/**
 * When the search may pass: what the score it claims must hold under.
 *
 * <ul>
 *   <li>{@link #FINAL_STATUS} (the default): the area score after taking off the stones that {@code
 *       gofarm.life.FinalStatus} calls dead, the rule of GTP {@code final_score} and of match
 *       games. The search passes as soon as the game is won by that count, with dead enemy stones
 *       still on the board, as strong players and GNU Go do; so it never claims a result that its
 *       own {@code final_score} contradicts.
 *   <li>{@link #TROMP_TAYLOR}: the same, and also the plain area count of the board as it stands
 *       (Tromp-Taylor: no stone taken off) must give the result. The search then captures dead
 *       stones before it passes, for referees and servers that count the board as it is.
 * </ul>
 */
public enum PassRule {
  FINAL_STATUS("final-status"),
  TROMP_TAYLOR("tromp-taylor");

  private final String text;

  PassRule(String text) {
    this.text = text;
  }

  /** The name in specs and on the command line: {@code final-status} or {@code tromp-taylor}. */
  public String text() {
    return text;
  }

  /**
   * The rule named {@code text}.
   *
   * @throws IllegalArgumentException naming the choices
   */
  public static PassRule parse(String text) {
    for (PassRule r : values()) {
      if (r.text.equals(text)) {
        return r;
      }
    }
    throw new IllegalArgumentException(
        "pass rule must be final-status or tromp-taylor (got '" + text + "')");
  }
}
