package gofarm.playout;

/**
 * One tunable number of a playout rule: its name, documented range and default.
 *
 * @param name the key in {@link RuleSpec#params()}, e.g. {@code scope}
 * @param min smallest allowed value
 * @param max largest allowed value
 * @param defaultValue the value when a spec leaves it out
 * @param integral whether the value must be a whole number (switches, counts)
 * @param doc what the number means, for help texts and errors
 */
public record RuleParam(
    String name, double min, double max, double defaultValue, boolean integral, String doc) {

  /** A whole-number parameter. */
  static RuleParam integer(String name, int min, int max, int defaultValue, String doc) {
    return new RuleParam(name, min, max, defaultValue, true, doc);
  }

  /** A real-valued parameter. */
  static RuleParam real(String name, double min, double max, double defaultValue, String doc) {
    return new RuleParam(name, min, max, defaultValue, false, doc);
  }

  /**
   * Why {@code value} is not allowed, or null if it is.
   *
   * @return a message such as {@code must be 0..2 (got 3)}
   */
  String problem(double value) {
    if (Double.isNaN(value) || value < min || value > max) {
      return "must be " + format(min) + ".." + format(max) + " (got " + format(value) + ")";
    }
    if (integral && value != Math.rint(value)) {
      return "must be a whole number (got " + format(value) + ")";
    }
    return null;
  }

  static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
