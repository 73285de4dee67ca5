package gofarm.life;

import gofarm.board.PointSet;

/**
 * One eye space of a group as {@link EyeEstimator} sees it: a region enclosed by the group (empty
 * points and the enemy stones that cannot leave it), its value, and the points that matter.
 *
 * <p>The <em>centre</em> is the space itself. The <em>border</em> is the points the attacker can
 * fill from outside to spoil it: the diagonal neighbours, outside the space, of its points with at
 * most one neighbour inside it, that count against the eye in the diagonal test (an enemy stone
 * that is not dead, or an empty point the enemy can occupy without being captured at once). Two eye
 * spaces are <em>disjoint</em> when neither's border meets the other's centre: then no single
 * attacker move hits both. A space is <em>unassailable</em> when no attacking move against it
 * exists: the attacker moving first gets no less than the defender moving first ({@link
 * EyeValue#isAssailable}).
 *
 * @param centre the points of the space
 * @param border the attacker's points against it from outside
 * @param shape the classical name of its shape ({@link EyeShape#name}), e.g. {@code bent three}
 * @param defect the worst verdict of the diagonal test on its points
 * @param value the four-digit value, the defect included
 * @param attackPoints the attacker's moves that keep the owner to {@code value.min()}
 * @param defencePoints the owner's moves that reach {@code value.max()}
 */
public record EyeSpace(
    PointSet centre,
    PointSet border,
    String shape,
    Defect defect,
    EyeValue value,
    PointSet attackPoints,
    PointSet defencePoints) {

  /** What the diagonal test says about the worst point of a space. */
  public enum Defect {
    /** A proper eye: the diagonals sum to at most 2 (the first line adds 2). */
    NONE,
    /** A half eye: sum 3; one attacker move makes it false, one owner move makes it proper. */
    HALF,
    /** A false eye: sum 4 or more; the surrounding stones can be cut apart there. */
    FALSE
  }

  /** Whether no attacking move against the space exists. */
  public boolean isUnassailable() {
    return !value.isAssailable();
  }

  /**
   * Whether no single attacker move hits both spaces: neither's border meets the other's centre.
   */
  public boolean isDisjointFrom(EyeSpace other) {
    return !border.intersects(other.centre) && !other.border.intersects(centre);
  }

  /**
   * The points that are both attack and defence points; if there is none, the attack points; if
   * there is none either, the defence points.
   */
  public PointSet vitalPoints() {
    PointSet both = attackPoints.copy().and(defencePoints);
    if (!both.isEmpty()) {
      return both;
    }
    return attackPoints.isEmpty() ? defencePoints.copy() : attackPoints.copy();
  }
}
