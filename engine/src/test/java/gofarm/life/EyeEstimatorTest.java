package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.io.Diagram;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link EyeEstimator} beyond the regression suite ({@code regress/eyes.tst}): its invariants on
 * random positions, its agreement with Benson, and its error messages.
 */
class EyeEstimatorTest {

  /**
   * On random positions every stone is in exactly one group, 0 <= min <= max <= 2, vital points are
   * empty points and appear only when min < max, pass-alive groups are (2, 2), and a group
   * estimated dead (max < 2) has no stone Benson calls alive.
   */
  @Test
  void invariantsOnRandomPositions() {
    int[] sizes = {2, 3, 4, 5, 7, 9, 13, 19};
    int groupsSeen = 0;
    int unsettled = 0;
    for (int i = 0; i < 640; i++) {
      long seed = 0xE7E5L * 1000 + i;
      SplittableRandom random = new SplittableRandom(seed);
      Geometry g = Geometry.of(sizes[i % sizes.length]);
      Board board = RandomPositions.game(g, random);
      String where = "seed " + seed + "\n" + board;
      Benson.Result settled = new Benson(g).compute(board);
      List<Group> groups = new EyeEstimator(g).estimate(board);
      PointSet covered = new PointSet(g);
      for (Group group : groups) {
        groupsSeen++;
        if (group.stones().intersects(covered)) {
          fail("a stone is in two groups, " + where);
        }
        covered.or(group.stones());
        assertTrue(group.stones().isSubsetOf(board.points(group.color())), where);
        assertTrue(
            0 <= group.minEyes() && group.minEyes() <= group.maxEyes() && group.maxEyes() <= 2,
            where);
        PointSet vital = group.vitalPoints();
        assertTrue(vital.isSubsetOf(board.points(Color.EMPTY)), "vital points on stones, " + where);
        assertTrue(vital.isEmpty() || group.minEyes() < group.maxEyes(), where);
        unsettled += group.isUnsettled() ? 1 : 0;
        if (group.passAlive()) {
          assertEquals(2, group.minEyes(), where);
        }
        if (group.maxEyes() < 2 && group.stones().intersects(settled.alive(group.color()))) {
          fail("a group with pass-alive stones is estimated dead, " + where);
        }
      }
      PointSet stones = board.points(Color.BLACK).or(board.points(Color.WHITE));
      assertEquals(stones, covered, "stones outside every group, " + where);
    }
    // Enough groups to mean something (3,816 since spaces with margins join the chains around
    // them, as GNU Go amalgamates the dragons around an eye space; 4,000 and more before).
    assertTrue(groupsSeen > 3500 && unsettled > 100, groupsSeen + " groups, " + unsettled);
  }

  @Test
  void errorsNameTheProblem() {
    EyeEstimator eyes = new EyeEstimator(Geometry.of(9));
    IllegalArgumentException size =
        assertThrows(IllegalArgumentException.class, () -> eyes.estimate(new Board(19)));
    assertEquals("EyeEstimator for 9x9 cannot read a 19x19 board", size.getMessage());
    Board board = Diagram.parse(". . .\n. X .\n. . .").board();
    List<Group> groups = new EyeEstimator(board.geometry()).estimate(board);
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> EyeEstimator.groupAt(groups, board.geometry().parse("A1")));
    assertEquals("no group has a stone at A1", none.getMessage());
  }

  @Test
  void eyeValueTextAndBounds() {
    assertEquals("1122", EyeValue.parse("1122").toString());
    assertEquals(1, EyeValue.parse("1122").min());
    assertEquals(2, EyeValue.parse("1122").max());
    assertTrue(EyeValue.parse("0011").isAssailable());
    assertTrue(!EyeValue.parse("1112").isAssailable());
    IllegalArgumentException text =
        assertThrows(IllegalArgumentException.class, () -> EyeValue.parse("12"));
    assertEquals("an eye value is four digits 0..2, e.g. 1122 (got '12')", text.getMessage());
    IllegalArgumentException order =
        assertThrows(IllegalArgumentException.class, () -> EyeValue.parse("2211"));
    assertEquals("eye value digits must be 0..2 and never decrease (got 2211)", order.getMessage());
  }
}
