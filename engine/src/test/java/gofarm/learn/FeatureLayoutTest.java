package gofarm.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Groups own consecutive id ranges, and malformed layouts are refused by name. */
class FeatureLayoutTest {
  private static final FeatureLayout LAYOUT =
      new FeatureLayout(List.of("pattern3", "capture", "edge"), new int[] {1000, 3, 1});

  @Test
  void groupsOwnConsecutiveRanges() {
    assertEquals(3, LAYOUT.groupCount());
    assertEquals(1004, LAYOUT.size());
    assertEquals(0, LAYOUT.start(0));
    assertEquals(1000, LAYOUT.end(0));
    assertEquals(1000, LAYOUT.start(1));
    assertEquals(1003, LAYOUT.end(1));
    assertEquals(1003, LAYOUT.start(2));
    assertEquals(1004, LAYOUT.end(2));
    assertEquals("capture", LAYOUT.groupName(1));
    assertEquals(3, LAYOUT.groupSize(1));
    for (int g = 0; g < LAYOUT.groupCount(); g++) {
      for (int id = LAYOUT.start(g); id < LAYOUT.end(g); id++) {
        assertEquals(g, LAYOUT.groupOf(id), "id " + id);
      }
    }
    assertEquals("FeatureLayout[pattern3 1000, capture 3, edge 1]", LAYOUT.toString());
  }

  @Test
  void equalLayoutsHaveTheSameNamesAndSizes() {
    assertEquals(
        LAYOUT, new FeatureLayout(List.of("pattern3", "capture", "edge"), new int[] {1000, 3, 1}));
    assertNotEquals(
        LAYOUT, new FeatureLayout(List.of("pattern3", "capture", "edge"), new int[] {1000, 2, 2}));
    assertNotEquals(
        LAYOUT, new FeatureLayout(List.of("pattern3", "capture", "edges"), new int[] {1000, 3, 1}));
  }

  @Test
  void refusesMalformedLayouts() {
    assertRefused("a feature layout needs at least one group", List.of(), new int[0]);
    assertRefused("2 group names but 1 group sizes", List.of("a", "b"), new int[] {1});
    assertRefused("group 1: the name is blank", List.of("a", " "), new int[] {1, 1});
    assertRefused("group 1: the name 'a' is repeated", List.of("a", "a"), new int[] {1, 1});
    assertRefused("group 0 ('a'): size must be >= 1 (got 0)", List.of("a"), new int[] {0});
    assertRefused(
        "more than 2147483647 feature values", List.of("a", "b"), new int[] {Integer.MAX_VALUE, 1});
    assertEquals(
        "feature id 1004 outside [0, 1004)",
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.groupOf(1004)).getMessage());
    assertEquals(
        "group 3 outside [0, 3)",
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.start(3)).getMessage());
  }

  private static void assertRefused(String message, List<String> names, int[] sizes) {
    assertEquals(
        message,
        assertThrows(IllegalArgumentException.class, () -> new FeatureLayout(names, sizes))
            .getMessage());
  }
}
