package gofarm.playout;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The feature groups of the softmax policy (Coulom 2007, GO-DIGEST §D.3a): within a group the
 * values are mutually exclusive, so a move has at most one value per group, and its strength is the
 * product of the γ of its values. A move with no value in a group takes γ = 1 there: every group
 * but the 3x3 pattern has such a reference, which pins the scale of its γ.
 *
 * <p><em>Positional</em> groups depend only on the position and the player to move, so the policy
 * keeps them per point and updates only the points a move changes; the others depend on the last
 * two moves and are applied at each move to the few points near them.
 */
public enum FeatureGroup {
  /** The 3x3 pattern with atari bits, seen from the player to move ({@link PatternKeys}). */
  PATTERN("pat3", true, "the 3x3 pattern around the move (X own, O enemy, x o in atari)", null),
  /** Captures, by the stones taken and whether the capture saves an own chain in atari. */
  CAPTURE(
      "capture",
      true,
      "captures enemy stones: how many, and whether that saves an own chain in atari",
      List.of(
          "size=1",
          "size=1,saves",
          "size=2-3",
          "size=2-3,saves",
          "size=4-6",
          "size=4-6,saves",
          "size=7+",
          "size=7+,saves")),
  /** Extensions of own chains in atari on their last liberty, with a ladder check. */
  EXTEND(
      "extend",
      true,
      "extends an own chain in atari: liberties after it (2 read as a ladder) and the chain's size",
      List.of(
          "libs=3+,size=1-2",
          "libs=3+,size=3+",
          "libs=2,escapes,size=1-2",
          "libs=2,escapes,size=3+",
          "libs=2,ladder,size=1-2",
          "libs=2,ladder,size=3+")),
  /** Moves that leave their own chain with one liberty, by the chain's size. */
  SELF_ATARI(
      "self-atari",
      true,
      "leaves its own chain in atari: the chain's size",
      List.of("size=1", "size=2", "size=3", "size=4-5", "size=6+")),
  /** Moves that put an enemy chain in atari, by the largest one's size. */
  ATARI(
      "atari",
      true,
      "puts an enemy chain in atari: the size of the largest",
      List.of("size=1", "size=2-3", "size=4+")),
  /** Distance to the edge: lines 1 to 4 (farther: none). */
  EDGE(
      "edge",
      true,
      "the line of the move (1: the edge)",
      List.of("line=1", "line=2", "line=3", "line=4")),
  /** The vital point of a killable eye space of 3 to 6 points. */
  NAKADE(
      "nakade",
      true,
      "the vital point of a killable eye space of 3-6 points enclosed by enemy (kill) or own (live) stones",
      List.of("kill", "live")),
  /**
   * Coulom's distance d = |dx| + |dy| + max(|dx|, |dy|) to the last move, 2 to 6 (farther: none).
   */
  LAST_DISTANCE(
      "dist-last",
      false,
      "distance to the last move, d = |dx|+|dy|+max(|dx|,|dy|)",
      List.of("d=2", "d=3", "d=4", "d=5", "d=6")),
  /** The same distance to the move before the last. */
  SECOND_DISTANCE(
      "dist-second",
      false,
      "distance to the move before the last, d = |dx|+|dy|+max(|dx|,|dy|)",
      List.of("d=2", "d=3", "d=4", "d=5", "d=6")),
  /**
   * Answers to the last move (heavy's local rules as features): capturing its chain in atari,
   * saving an own chain it put in atari, putting its two-liberty chain in atari, giving an own
   * two-liberty chain next to it a third liberty; a move takes the first that applies.
   */
  LOCAL(
      "local",
      false,
      "answers the last move: captures its chain in atari, extends an own chain it put in atari,"
          + " ataris its two-liberty chain, or gives an own two-liberty chain next to it a third"
          + " liberty",
      List.of("captures-last", "saves-from-last", "ataris-last", "defends-from-last"));

  /** The groups kept per point: the first {@code POSITIONAL} in declaration order. */
  public static final int POSITIONAL = 7;

  private final String id;
  private final boolean positional;
  private final String description;
  private final List<String> values;

  FeatureGroup(String id, boolean positional, String description, List<String> values) {
    this.id = id;
    this.positional = positional;
    this.description = description;
    this.values = values;
  }

  /** The name in γ tables, e.g. {@code self-atari}. */
  public String id() {
    return id;
  }

  public boolean isPositional() {
    return positional;
  }

  public String description() {
    return description;
  }

  /** The number of values. */
  public int size() {
    return values == null ? PatternKeys.count() : values.size();
  }

  /** The name of value {@code v} (0-based within the group), e.g. {@code size=2-3,saves}. */
  public String valueName(int v) {
    return values == null ? PatternKeys.name(v) : values.get(v);
  }

  /**
   * The value named {@code name}, 0-based within the group.
   *
   * @throws IllegalArgumentException naming the known values
   */
  public int parseValue(String name) {
    if (values == null) {
      return PatternKeys.parse(name);
    }
    int v = values.indexOf(name);
    if (v < 0) {
      throw new IllegalArgumentException(
          "unknown value '" + name + "' of " + id + " (known: " + String.join(", ", values) + ")");
    }
    return v;
  }

  /** The group named {@code id}, or null. */
  public static FeatureGroup byId(String id) {
    String key = id.toLowerCase(Locale.ROOT);
    for (FeatureGroup g : values()) {
      if (g.id.equals(key)) {
        return g;
      }
    }
    return null;
  }

  /** Every group's id, comma-separated. */
  static String knownIds() {
    List<String> ids = new ArrayList<>();
    for (FeatureGroup g : values()) {
      ids.add(g.id);
    }
    return String.join(", ", ids);
  }
}
