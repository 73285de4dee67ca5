package gofarm.rules;

import gofarm.board.Color;
import java.util.Locale;

/** Black or white, for the edges of the system (SGF, GTP, the wire); the board uses bytes. */
public enum Player {
  BLACK(Color.BLACK),
  WHITE(Color.WHITE);

  private final byte color;

  Player(byte color) {
    this.color = color;
  }

  /** The board colour of this player's stones. */
  public byte color() {
    return color;
  }

  public Player opponent() {
    return this == BLACK ? WHITE : BLACK;
  }

  /** The player whose stones have this colour. */
  public static Player of(byte color) {
    return switch (color) {
      case Color.BLACK -> BLACK;
      case Color.WHITE -> WHITE;
      default -> throw new IllegalArgumentException("not a player colour: " + color);
    };
  }

  /**
   * Parses a GTP colour ({@code b}, {@code black}, {@code w}, {@code white}, any case).
   *
   * @throws IllegalArgumentException naming the text otherwise
   */
  public static Player parse(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "b", "black" -> BLACK;
      case "w", "white" -> WHITE;
      default ->
          throw new IllegalArgumentException(
              "invalid color '" + text + "': expected black, white, b or w");
    };
  }

  /** "B" or "W", as in SGF. */
  public String letter() {
    return this == BLACK ? "B" : "W";
  }

  @Override
  public String toString() {
    return this == BLACK ? "black" : "white";
  }
}
