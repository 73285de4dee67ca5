package gofarm.playout;

/**
 * The numbering of every feature value of the softmax policy: the values of {@link FeatureGroup}
 * {@code g} are the ids {@code offset(g)} to {@code offset(g) + g.size() - 1}, groups in
 * declaration order. Arrays of γ, counts and sums are indexed by these ids, in every JVM alike.
 *
 * <p>A value's name is its group's id and the value's name, e.g. {@code capture size=2-3,saves} or
 * {@code pat3 X.O/o*./###}.
 */
public final class FeatureSpace {
  private static final FeatureGroup[] GROUPS = FeatureGroup.values();
  private static final int[] OFFSET = new int[GROUPS.length + 1];

  static {
    for (int g = 0; g < GROUPS.length; g++) {
      OFFSET[g + 1] = OFFSET[g] + GROUPS[g].size();
    }
  }

  private FeatureSpace() {}

  /** The number of feature values of all groups. */
  public static int size() {
    return OFFSET[GROUPS.length];
  }

  /** The first id of {@code group}. */
  public static int offset(FeatureGroup group) {
    return OFFSET[group.ordinal()];
  }

  /** The id of value {@code v} of {@code group}. */
  public static int id(FeatureGroup group, int v) {
    return OFFSET[group.ordinal()] + v;
  }

  /** The group of feature {@code id}. */
  public static FeatureGroup groupOf(int id) {
    if (id < 0 || id >= size()) {
      throw new IllegalArgumentException(
          "feature id must be 0.." + (size() - 1) + " (got " + id + ")");
    }
    int g = 0;
    while (OFFSET[g + 1] <= id) {
      g++;
    }
    return GROUPS[g];
  }

  /** The name of feature {@code id}: its group's id, a space and the value's name. */
  public static String name(int id) {
    FeatureGroup g = groupOf(id);
    return g.id() + " " + g.valueName(id - OFFSET[g.ordinal()]);
  }

  /**
   * The id of a feature named as {@link #name} gives it (a 3x3 pattern in any orientation).
   *
   * @throws IllegalArgumentException naming the unknown group or value
   */
  public static int parse(String group, String value) {
    FeatureGroup g = FeatureGroup.byId(group);
    if (g == null) {
      throw new IllegalArgumentException(
          "unknown feature group '" + group + "' (known: " + FeatureGroup.knownIds() + ")");
    }
    return id(g, g.parseValue(value));
  }
}
