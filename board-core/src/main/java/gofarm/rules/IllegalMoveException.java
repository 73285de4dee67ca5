package gofarm.rules;

/**
 * A move the rules forbid, with the reason and the point named in the message ({@code "C3 is
 * occupied"}).
 */
public final class IllegalMoveException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why a move is illegal. */
  public enum Reason {
    OCCUPIED("is occupied"),
    SUICIDE("would be suicide"),
    KO("retakes a ko"),
    SUPERKO("repeats an earlier position (superko)"),
    OFF_BOARD("is off the board");

    private final String text;

    Reason(String text) {
      this.text = text;
    }

    /** The reason as the end of a sentence whose subject is the point. */
    public String text() {
      return text;
    }
  }

  private final Reason reason;
  private final String point;

  public IllegalMoveException(Reason reason, String point) {
    super(point + " " + reason.text());
    this.reason = reason;
    this.point = point;
  }

  public Reason reason() {
    return reason;
  }

  /** The point's GTP name, e.g. {@code C3}. */
  public String point() {
    return point;
  }
}
