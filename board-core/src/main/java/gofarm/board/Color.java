package gofarm.board;

/**
 * The content of a point, as a {@code byte}: {@link #EMPTY}, {@link #BLACK}, {@link #WHITE} or
 * {@link #WALL} (off the board).
 *
 * <p>Colours are plain bytes so that boards hold no objects; the {@code Player} enum of the rules
 * layer exists only at the edges. {@code BLACK ^ 3 == WHITE}, which makes {@link #opponent} one
 * instruction.
 */
public final class Color {
  public static final byte EMPTY = 0;
  public static final byte BLACK = 1;
  public static final byte WHITE = 2;
  public static final byte WALL = 3;

  private Color() {}

  /** The other player: BLACK for WHITE and WHITE for BLACK. Undefined for EMPTY and WALL. */
  public static byte opponent(byte player) {
    return (byte) (player ^ 3);
  }

  /** True for BLACK and WHITE. */
  public static boolean isPlayer(byte color) {
    return color == BLACK || color == WHITE;
  }

  /** The diagram character: {@code X} black, {@code O} white, {@code .} empty, {@code #} wall. */
  public static char symbol(byte color) {
    return switch (color) {
      case EMPTY -> '.';
      case BLACK -> 'X';
      case WHITE -> 'O';
      case WALL -> '#';
      default -> throw new IllegalArgumentException("not a colour: " + color);
    };
  }

  /** "black", "white", "empty" or "wall". */
  public static String name(byte color) {
    return switch (color) {
      case EMPTY -> "empty";
      case BLACK -> "black";
      case WHITE -> "white";
      case WALL -> "wall";
      default -> throw new IllegalArgumentException("not a colour: " + color);
    };
  }
}
