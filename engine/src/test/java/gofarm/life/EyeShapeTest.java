package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The local eye game against the classical values: every shape of {@link EyeShape#catalogue()},
 * placed in the middle of the board (every point outside it is the owner's wall), gets its
 * catalogued value, and its vital points are exactly the {@code *} of its picture.
 */
class EyeShapeTest {

  /** A picture as a space: points in row-major order, adjacency, wall and vital masks. */
  record Space(int n, int[] adjacency, int wall, int vital, int[] xs, int[] ys) {
    static Space of(String picture) {
      List<int[]> cells = new ArrayList<>();
      String[] rows = picture.split("\n");
      int vital = 0;
      for (int y = 0; y < rows.length; y++) {
        for (int x = 0; x < rows[y].length(); x++) {
          char ch = rows[y].charAt(x);
          if (ch == '#' || ch == '*') {
            if (ch == '*') {
              vital |= 1 << cells.size();
            }
            cells.add(new int[] {x, y});
          }
        }
      }
      int n = cells.size();
      int[] adjacency = new int[n];
      int wall = 0;
      int[] xs = new int[n];
      int[] ys = new int[n];
      for (int i = 0; i < n; i++) {
        xs[i] = cells.get(i)[0];
        ys[i] = cells.get(i)[1];
        int inside = 0;
        for (int j = 0; j < n; j++) {
          int d =
              Math.abs(cells.get(i)[0] - cells.get(j)[0])
                  + Math.abs(cells.get(i)[1] - cells.get(j)[1]);
          if (d == 1) {
            adjacency[i] |= 1 << j;
            inside++;
          }
        }
        if (inside < 4) {
          wall |= 1 << i;
        }
      }
      return new Space(n, adjacency, wall, vital, xs, ys);
    }
  }

  @TestFactory
  Stream<DynamicTest> catalogueShapesHaveTheirClassicalValueAndVitalPoint() {
    return EyeShape.catalogue().stream()
        .map(
            shape ->
                DynamicTest.dynamicTest(
                    shape.name(),
                    () -> {
                      Space s = Space.of(shape.picture());
                      EyeShape.Analysis a = EyeShape.analyze(s.n(), s.adjacency(), s.wall(), 0);
                      assertEquals(shape.value(), a.value(), shape.name());
                      assertEquals(s.vital(), a.vitalPoints(), shape.name() + " vital points");
                      assertEquals(shape.name(), EyeShape.name(s.xs(), s.ys(), s.n()));
                    }));
  }

  @Test
  void sizeOutOfRangeIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EyeShape.analyze(8, new int[8], 0, 0));
    assertEquals("an eye space has 1..7 points (got 8)", e.getMessage());
    // Two neighbouring points both holding attacker stones: the chain has no liberty.
    IllegalArgumentException noLiberty =
        assertThrows(
            IllegalArgumentException.class, () -> EyeShape.analyze(2, new int[] {2, 1}, 3, 3));
    assertEquals("attacker stones without a liberty at point 0", noLiberty.getMessage());
  }

  @Test
  void attackerStonesInsideChangeTheValue() {
    // Straight three with an attacker stone on its middle: the owner captures it and keeps one
    // eye whoever moves; on an end point, the middle is still vital.
    Space three = Space.of("###");
    assertEquals(
        "1111", EyeShape.analyze(3, three.adjacency(), three.wall(), 0b010).value().toString());
    EyeShape.Analysis end = EyeShape.analyze(3, three.adjacency(), three.wall(), 0b001);
    assertEquals("1122", end.value().toString());
    assertEquals(0b010, end.vitalPoints());
  }

  /**
   * Half points (the diagonal test's 3): the attacker spoils one from outside and the owner must
   * fill it, keeping the attacker to move; the owner may secure it first. Values worked out by hand
   * (the reasoning in each comment), and GNU Go's for the two-point case ({@code optics.tst} 204
   * and 205: a two-point eye with a half end is {@code 1 1}).
   */
  @Test
  void halfPointsAreSpoiledOrSecuredInTheLocalGame() {
    // One point: spoiled, it is filled (no eye); secured, it is an eye. GNU Go's half eye.
    Space one = Space.of("#");
    EyeShape.Analysis single =
        EyeShape.analyze(1, one.adjacency(), one.wall(), 0, new EyeShape.Marks(0b1, 0, 0));
    assertEquals("0011", single.value().toString());
    assertEquals(0b1, single.strikes());
    assertEquals(0b1, single.secures());
    // Two points, a half end: spoiled, the other point is still an eye; one eye either way.
    Space two = Space.of("##");
    EyeShape.Analysis pair =
        EyeShape.analyze(2, two.adjacency(), two.wall(), 0, new EyeShape.Marks(0b01, 0, 0));
    assertEquals("1111", pair.value().toString());
    assertEquals(0, pair.strikes() | pair.secures() | pair.attackPoints() | pair.defencePoints());
    // Straight three with a half end: the attacker's spoiling leaves two points (one eye), and the
    // owner's vital point leaves the half end to be spoiled (one eye); only with two moves in a
    // row (secure and the vital point) does the owner get two.
    Space three = Space.of("###");
    EyeShape.Analysis straight =
        EyeShape.analyze(3, three.adjacency(), three.wall(), 0, new EyeShape.Marks(0b001, 0, 0));
    assertEquals("1112", straight.value().toString());
    // A false point nobody can mend: alone, no eye. The end of two points: the attacker throws in
    // there, and the owner's capture leaves a false point, struck at once (no eye); the owner,
    // moving first, fills it himself and keeps the other point (one eye): 0011, vital at the end.
    // An attacker stone already on it (GNU Go's optics.tst 208, whose eval_eye says 0 0): no eye.
    assertEquals(
        "0000",
        EyeShape.analyze(1, one.adjacency(), one.wall(), 0, new EyeShape.Marks(0, 0b1, 0))
            .value()
            .toString());
    EyeShape.Analysis falseEnd =
        EyeShape.analyze(2, two.adjacency(), two.wall(), 0, new EyeShape.Marks(0, 0b01, 0));
    assertEquals("0011", falseEnd.value().toString());
    assertEquals(0b01, falseEnd.vitalPoints());
    assertEquals(
        "0000",
        EyeShape.analyze(2, two.adjacency(), two.wall(), 0b01, new EyeShape.Marks(0, 0b01, 0))
            .value()
            .toString());
    // A margin (a point next to living enemy stones outside the space): straight three with one
    // end on the margin. The attacker's stone there never dies and the owner answers next to it:
    // one eye whoever moves first; two attacker moves in a row leave none, and the margin is never
    // an eye, so two owner moves still make one.
    EyeShape.Analysis margin =
        EyeShape.analyze(3, three.adjacency(), three.wall(), 0, new EyeShape.Marks(0, 0, 0b001));
    assertEquals("0111", margin.value().toString());
    // An attacker stone on the margin, next to the rest: it can never be captured, so no eye.
    assertEquals(
        "0000",
        EyeShape.analyze(2, two.adjacency(), two.wall(), 0b01, new EyeShape.Marks(0, 0, 0b01))
            .value()
            .toString());
    // Straight three filled by an attacker chain whose liberty is outside the space (GNU Go's
    // optics.tst 1007): the owner's capture from outside costs its move, and the attacker then
    // takes the vital point: one eye whoever moves first, two only with two owner moves in a row.
    EyeShape.Analysis filled =
        EyeShape.analyze(
            3, three.adjacency(), three.wall(), 0b111, new EyeShape.Marks(0, 0, 0, 0b111, 0));
    assertEquals("1112", filled.value().toString());
    // The same straight three whose half end is half only if the attacker wins a ko (GNU Go's
    // optics.tst 1811): the attacker, moving first, takes the ko and the vital point (one eye);
    // the owner, moving first, takes the vital point and keeps the end by winning the ko (two):
    // 1122, the middle vital, and a one-point ko half is still a half eye (1808: 0 1).
    EyeShape.Analysis koEnd =
        EyeShape.analyze(
            3, three.adjacency(), three.wall(), 0, new EyeShape.Marks(0b001, 0, 0, 0, 0b001));
    assertEquals("1122", koEnd.value().toString());
    assertEquals(0b010, koEnd.vitalPoints());
    EyeShape.Analysis koSingle =
        EyeShape.analyze(1, one.adjacency(), one.wall(), 0, new EyeShape.Marks(0b1, 0, 0, 0, 0b1));
    assertEquals("0011", koSingle.value().toString());
    assertEquals(0b1, koSingle.strikes() & koSingle.secures());
    // A ko half point must be a half point.
    assertThrows(
        IllegalArgumentException.class,
        () ->
            EyeShape.analyze(
                3, three.adjacency(), three.wall(), 0, new EyeShape.Marks(0, 0, 0, 0, 0b001)));
    // A half point must be an empty point next to the wall.
    assertThrows(
        IllegalArgumentException.class,
        () ->
            EyeShape.analyze(
                3, three.adjacency(), three.wall(), 0b001, new EyeShape.Marks(0b001, 0, 0)));
  }
}
