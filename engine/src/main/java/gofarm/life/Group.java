package gofarm.life;

import gofarm.board.PointSet;
import java.util.List;

/**
 * A group as {@link EyeEstimator} sees it: the chains of one colour that share small eye spaces,
 * with those spaces and the estimated minimum and maximum number of eyes (capped at 2). {@code
 * minEyes == 2} means surely alive, {@code maxEyes < 2} surely dead; anything between needs
 * reading, and {@code vitalPoints} says where.
 *
 * @param color BLACK or WHITE
 * @param stones the stones of all its chains
 * @param eyeSpaces its small enclosed regions, in point order
 * @param open whether it also borders a region too big to analyse where it can still grow (a
 *     liberty, or an enemy stone that is not pass-alive): counted as 0 to 2 eyes
 * @param minEyes eyes it is sure of, 0..2
 * @param maxEyes eyes it may get at best, 0..2
 * @param vitalPoints the vital points of its assailable eye spaces when {@code minEyes < maxEyes}
 * @param passAlive whether every chain of it is unconditionally alive ({@link Benson})
 */
public record Group(
    byte color,
    PointSet stones,
    List<EyeSpace> eyeSpaces,
    boolean open,
    int minEyes,
    int maxEyes,
    PointSet vitalPoints,
    boolean passAlive) {

  public Group {
    eyeSpaces = List.copyOf(eyeSpaces);
  }

  /** Whether the estimate settles nothing: the group may live or die depending on play. */
  public boolean isUnsettled() {
    return minEyes < 2 && maxEyes >= 2;
  }
}
