package gofarm.learn;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The feature groups of a move policy and the dense ids of their values: group {@code g} owns the
 * ids {@code [start(g), end(g))}, the groups in order, so ids run from 0 to {@code size() - 1}.
 * Values of one group are mutually exclusive: a candidate move has at most one per group.
 *
 * <pre>{@code
 * FeatureLayout layout = new FeatureLayout(List.of("pattern3", "capture"), new int[] {1000, 3});
 * layout.start(1);     // 1000: "capture" owns 1000, 1001 and 1002
 * layout.groupOf(1001); // 1
 * }</pre>
 *
 * Immutable; equal layouts have the same names and sizes in the same order.
 */
public final class FeatureLayout {
  private final String[] names;
  private final int[] starts;

  /**
   * A layout of {@code groupNames.size()} groups, group {@code g} with {@code groupSizes[g]}
   * values.
   *
   * @throws IllegalArgumentException if there is no group, the counts differ, a name is blank or
   *     repeated, a size is below 1, or the ids would not fit in an int
   */
  public FeatureLayout(List<String> groupNames, int[] groupSizes) {
    if (groupNames.isEmpty()) {
      throw new IllegalArgumentException("a feature layout needs at least one group");
    }
    if (groupNames.size() != groupSizes.length) {
      throw new IllegalArgumentException(
          groupNames.size() + " group names but " + groupSizes.length + " group sizes");
    }
    int n = groupSizes.length;
    names = new String[n];
    starts = new int[n + 1];
    Set<String> seen = new HashSet<>();
    long next = 0;
    for (int g = 0; g < n; g++) {
      String name = groupNames.get(g);
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("group " + g + ": the name is blank");
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException("group " + g + ": the name '" + name + "' is repeated");
      }
      if (groupSizes[g] < 1) {
        throw new IllegalArgumentException(
            "group " + g + " ('" + name + "'): size must be >= 1 (got " + groupSizes[g] + ")");
      }
      names[g] = name;
      starts[g] = (int) next;
      next += groupSizes[g];
      if (next > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("more than " + Integer.MAX_VALUE + " feature values");
      }
    }
    starts[n] = (int) next;
  }

  public int groupCount() {
    return names.length;
  }

  /** The number of feature values over all groups: ids are {@code 0..size()-1}. */
  public int size() {
    return starts[names.length];
  }

  /** The first id of group {@code g}. */
  public int start(int g) {
    checkGroup(g);
    return starts[g];
  }

  /** One past the last id of group {@code g}. */
  public int end(int g) {
    checkGroup(g);
    return starts[g + 1];
  }

  public int groupSize(int g) {
    checkGroup(g);
    return starts[g + 1] - starts[g];
  }

  public String groupName(int g) {
    checkGroup(g);
    return names[g];
  }

  /** The group that owns {@code featureId} (a binary search over the group starts). */
  public int groupOf(int featureId) {
    if (featureId < 0 || featureId >= size()) {
      throw new IllegalArgumentException(
          "feature id " + featureId + " outside [0, " + size() + ")");
    }
    int i = Arrays.binarySearch(starts, 0, names.length, featureId);
    // Starts are strictly increasing; between two starts the insertion point is one past the group.
    return i >= 0 ? i : -i - 2;
  }

  private void checkGroup(int g) {
    if (g < 0 || g >= names.length) {
      throw new IllegalArgumentException("group " + g + " outside [0, " + names.length + ")");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FeatureLayout other
        && Arrays.equals(names, other.names)
        && Arrays.equals(starts, other.starts);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(names) + Arrays.hashCode(starts);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("FeatureLayout[");
    for (int g = 0; g < names.length; g++) {
      s.append(g == 0 ? "" : ", ").append(names[g]).append(' ').append(groupSize(g));
    }
    return s.append(']').toString();
  }
}
