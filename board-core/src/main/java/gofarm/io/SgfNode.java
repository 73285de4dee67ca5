package gofarm.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node of an SGF game: its properties in input order, each an identifier ({@code B}, {@code
 * AB}, {@code C}) with one or more text values, unescaped.
 *
 * <pre>{@code
 * Map<String, List<String>> properties = new LinkedHashMap<>();
 * properties.put("B", List.of("dd"));
 * properties.put("C", List.of("a comment"));
 * SgfNode node = SgfNode.of(properties);
 * node.value("B");   // Optional[dd]
 * node.values("AB"); // []
 * }</pre>
 *
 * <p>A node read by {@link Sgf} remembers where each value started in the input, so that the errors
 * found when the values are interpreted name the line and column. Arrays rather than maps, because
 * a long main line holds many nodes with one or two properties each. Immutable.
 */
public final class SgfNode {
  private final String[] ids;
  private final String[][] values;
  // Per property: line and column of each value, two ints per value; null for built nodes.
  private final int[][] positions;

  SgfNode(String[] ids, String[][] values, int[][] positions) {
    this.ids = ids;
    this.values = values;
    this.positions = positions;
  }

  /**
   * A node with these properties, in the map's iteration order.
   *
   * @throws IllegalArgumentException if an identifier is not one or more uppercase letters or a
   *     property has no value
   */
  public static SgfNode of(Map<String, List<String>> properties) {
    String[] ids = new String[properties.size()];
    String[][] values = new String[properties.size()][];
    int i = 0;
    for (Map.Entry<String, List<String>> e : properties.entrySet()) {
      String id = e.getKey();
      if (id.isEmpty() || !id.chars().allMatch(c -> c >= 'A' && c <= 'Z')) {
        throw new IllegalArgumentException(
            "SGF property identifier must be uppercase letters (got '" + id + "')");
      }
      if (e.getValue().isEmpty()) {
        throw new IllegalArgumentException("SGF property " + id + " has no value");
      }
      ids[i] = id;
      values[i] = e.getValue().toArray(new String[0]);
      i++;
    }
    return new SgfNode(ids, values, null);
  }

  /** The property identifiers in input order. */
  public List<String> ids() {
    return List.of(ids);
  }

  public boolean has(String id) {
    return indexOf(id) >= 0;
  }

  /** The values of property {@code id}, or an empty list when the node does not have it. */
  public List<String> values(String id) {
    int i = indexOf(id);
    return i < 0 ? List.of() : Collections.unmodifiableList(Arrays.asList(values[i]));
  }

  /** The first value of property {@code id}. */
  public Optional<String> value(String id) {
    int i = indexOf(id);
    return i < 0 ? Optional.empty() : Optional.of(values[i][0]);
  }

  /** The properties, identifier to values, in input order (a new unmodifiable map). */
  public Map<String, List<String>> properties() {
    Map<String, List<String>> map = new LinkedHashMap<>();
    for (int i = 0; i < ids.length; i++) {
      map.put(ids[i], List.of(values[i]));
    }
    return Collections.unmodifiableMap(map);
  }

  /**
   * A parse exception about value {@code index} of property {@code id}, at its position in the
   * input (no position for nodes built with {@link #of}).
   */
  SgfParseException error(String id, int index, String problem) {
    int i = indexOf(id);
    if (positions == null || i < 0 || 2 * index + 1 >= positions[i].length) {
      return new SgfParseException(0, 0, problem);
    }
    return new SgfParseException(positions[i][2 * index], positions[i][2 * index + 1], problem);
  }

  private int indexOf(String id) {
    for (int i = 0; i < ids.length; i++) {
      if (ids[i].equals(id)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < ids.length; i++) {
      parts.add(ids[i] + Arrays.toString(values[i]));
    }
    return String.join(" ", parts);
  }
}
