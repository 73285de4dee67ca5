package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.board.Geometry;
import gofarm.io.Diagram;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Statistics are exact and mergeable: chunks summed in any order and any grouping equal one
 * accumulation, and a seed gives the same numbers in every run and JVM.
 */
class PlayoutStatsTest {

  /** A middle-game 9x9 position (from a real game) so that every rule of heavy gets to fire. */
  static PlayoutRoot middleGame() {
    Diagram d =
        Diagram.parse(
            """
            . . . . . . . . .
            . . O X . X . . .
            . O . O X . X . .
            . . O O X X O . .
            . . . X O O O . .
            . X X O . . X . .
            . . O X X O X . .
            . . O O X . . . .
            . . . . . . . . .
            """);
    Game game = d.game(Rules.DEFAULT);
    game.setToPlay(Player.WHITE);
    return PlayoutRoot.of(game);
  }

  @Test
  void mergingChunksInAnyOrderEqualsOneAccumulation() {
    PlayoutRoot root = middleGame();
    Playout playout = new Playout(PolicySpec.parse("heavy"), root.board().geometry());
    List<PlayoutStats> chunks = new ArrayList<>();
    PlayoutStats all = playout.newStats();
    for (int i = 0; i < 12; i++) {
      PlayoutStats chunk = playout.newStats();
      playout.run(root, Rng.mix(5, i), 50 + i, chunk);
      chunks.add(chunk);
      playout.run(root, Rng.mix(5, i), 50 + i, all);
    }
    Random shuffle = new Random(3);
    for (int round = 0; round < 20; round++) {
      List<PlayoutStats> order = new ArrayList<>(chunks);
      Collections.shuffle(order, shuffle);
      assertEquals(all, mergeAsTree(order, shuffle), "round " + round);
    }
    assertEquals(12 * 50 + 66, all.playouts());
  }

  /** Merges by repeatedly adding two random partial sums: any bracketing, any order. */
  private static PlayoutStats mergeAsTree(List<PlayoutStats> parts, Random random) {
    List<PlayoutStats> sums = new ArrayList<>();
    for (PlayoutStats p : parts) {
      sums.add(PlayoutStats.like(p).merge(p));
    }
    while (sums.size() > 1) {
      PlayoutStats a = sums.remove(random.nextInt(sums.size()));
      PlayoutStats b = sums.remove(random.nextInt(sums.size()));
      sums.add(random.nextBoolean() ? a.merge(b) : b.merge(a));
    }
    return sums.get(0);
  }

  @Test
  void mergingDifferentShapesIsRefused() {
    PlayoutStats a = new PlayoutStats(Geometry.of(9), 1, 243);
    PlayoutStats b = new PlayoutStats(Geometry.of(9), 2, 243);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.merge(b));
    assertEquals(
        "cannot merge statistics of different shapes: 9x9, 1 rules, lengths up to 243 and"
            + " 9x9, 2 rules, lengths up to 243",
        e.getMessage());
  }

  /**
   * The same seed gives the same statistics, pinned so that another run or JVM (or a change in
   * behaviour) that differs fails. Update the numbers only for an intended change of the playouts,
   * and say so in the commit.
   */
  @Test
  void aSeedGivesPinnedResults() {
    PlayoutRoot root = middleGame();
    StringBuilder actual = new StringBuilder();
    for (String policy : PolicySpec.PRESETS.keySet()) {
      Playout playout = new Playout(PolicySpec.parse(policy), root.board().geometry());
      PlayoutStats once = playout.newStats();
      playout.run(root, 20261121, 500, once);
      PlayoutStats twice = playout.newStats();
      playout.run(root, 20261121, 500, twice);
      assertEquals(once, twice, policy);
      actual.append(
          String.format(
              "%s: white %d, moves %d, B-W %d, captures %d, ko %d%n",
              policy,
              once.whiteWins(),
              once.lengthSum(),
              once.scoreSum(),
              once.captures(),
              once.koCaptures()));
    }
    System.out.print(actual);
    assertEquals(PINNED, actual.toString());
  }

  private static final String PINNED =
      """
      uniform: white 329, moves 42544, B-W -2620, captures 20965, ko 571
      atari-local: white 291, moves 40243, B-W 2054, captures 19982, ko 248
      atari-global: white 325, moves 38174, B-W -804, captures 17923, ko 791
      mogo: white 412, moves 40358, B-W -9294, captures 19324, ko 864
      heavy: white 400, moves 39594, B-W -7149, captures 17351, ko 1017
      softmax: white 460, moves 30402, B-W -7596, captures 10754, ko 675
      softmax-balanced: white 442, moves 31733, B-W -8244, captures 11845, ko 701
      """;

  @Test
  void differentSeedsGiveDifferentResults() {
    PlayoutRoot root = middleGame();
    Playout playout = new Playout(PolicySpec.parse("uniform"), root.board().geometry());
    PlayoutStats a = playout.newStats();
    PlayoutStats b = playout.newStats();
    playout.run(root, 1, 200, a);
    playout.run(root, 2, 200, b);
    assertNotEquals(a, b);
  }
}
