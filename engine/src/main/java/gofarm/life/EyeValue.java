package gofarm.life;

/**
 * The value of an eye space as GNU Go writes it: four digits, each the number of eyes (0, 1 or 2;
 * more counts as 2) the owner gets there when the attacker moves first and gets an extra move (the
 * owner plays elsewhere once), when the attacker moves first, when the defender (the owner) moves
 * first, and when the defender moves first and gets an extra move. So {@code 1111} is one sure eye,
 * {@code 0011} a half eye, {@code 1122} one eye and a half (straight three: whoever plays the
 * middle first decides), {@code 2222} two sure eyes.
 *
 * @param attackerFirstTenuki eyes when the attacker plays twice, then both alternate
 * @param attackerFirst eyes when the attacker moves first: the least the owner is sure of
 * @param defenderFirst eyes when the owner moves first: the most the owner can hope for
 * @param defenderFirstTenuki eyes when the owner plays twice, then both alternate
 */
public record EyeValue(
    int attackerFirstTenuki, int attackerFirst, int defenderFirst, int defenderFirstTenuki) {

  /** No eye whoever moves: {@code 0000}. */
  public static final EyeValue NONE = new EyeValue(0, 0, 0, 0);

  /** A half eye: {@code 0011}. */
  public static final EyeValue HALF = new EyeValue(0, 0, 1, 1);

  /** One sure eye: {@code 1111}. */
  public static final EyeValue ONE = new EyeValue(1, 1, 1, 1);

  /**
   * Checks that every digit is 0..2 and that the digits never decrease: an extra move can only help
   * the side that gets it.
   *
   * @throws IllegalArgumentException naming the value
   */
  public EyeValue {
    boolean digits =
        inRange(attackerFirstTenuki)
            && inRange(attackerFirst)
            && inRange(defenderFirst)
            && inRange(defenderFirstTenuki);
    if (!digits
        || attackerFirstTenuki > attackerFirst
        || attackerFirst > defenderFirst
        || defenderFirst > defenderFirstTenuki) {
      throw new IllegalArgumentException(
          "eye value digits must be 0..2 and never decrease (got "
              + attackerFirstTenuki
              + attackerFirst
              + defenderFirst
              + defenderFirstTenuki
              + ")");
    }
  }

  private static boolean inRange(int digit) {
    return digit >= 0 && digit <= 2;
  }

  /**
   * Parses the four-digit form, e.g. {@code 1122}.
   *
   * @throws IllegalArgumentException if it is not four digits 0..2 that never decrease
   */
  public static EyeValue parse(String text) {
    if (!text.matches("[0-2]{4}")) {
      throw new IllegalArgumentException(
          "an eye value is four digits 0..2, e.g. 1122 (got '" + text + "')");
    }
    return new EyeValue(
        text.charAt(0) - '0', text.charAt(1) - '0', text.charAt(2) - '0', text.charAt(3) - '0');
  }

  /** The eyes the owner is sure of: the attacker-first digit. */
  public int min() {
    return attackerFirst;
  }

  /** The most eyes the owner can hope for: the defender-first digit. */
  public int max() {
    return defenderFirst;
  }

  /** Whether an attacking move exists: the attacker moving first takes something away. */
  public boolean isAssailable() {
    return attackerFirst < defenderFirst;
  }

  /** This value with the attacker-first digits lowered by {@code n} (not below 0). */
  EyeValue weakenedBy(int n) {
    return new EyeValue(
        Math.max(0, attackerFirstTenuki - n),
        Math.max(0, attackerFirst - n),
        defenderFirst,
        defenderFirstTenuki);
  }

  /** The four digits, e.g. {@code 1122}. */
  @Override
  public String toString() {
    return "" + attackerFirstTenuki + attackerFirst + defenderFirst + defenderFirstTenuki;
  }
}
