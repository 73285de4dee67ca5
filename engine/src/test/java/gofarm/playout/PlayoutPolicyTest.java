package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.rules.Player;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the presets, shown on a position where it must fire: the set of moves the policy
 * chooses over many random draws is exactly the expected one.
 */
class PlayoutPolicyTest {
  private static final int TRIALS = 200;

  /** X at C3 was put in atari by white's C2; its one liberty is D3. */
  private static final String LOCAL_ATARI =
      """
      . . . . .
      . . O . .
      . O X . .
      . . O . .
      . . . . .
      """;

  @Test
  void atariLocalExtendsTheChainTheLastMovePutInAtari() {
    Result r = choose(LOCAL_ATARI, "atari-local", Color.BLACK, "C2");
    assertEquals(Set.of("D3"), r.moves);
    assertEquals(TRIALS, r.stats.ruleChosen(1), "extend supplied every move");
  }

  @Test
  void uniformIgnoresTheAtari() {
    Result r = choose(LOCAL_ATARI, "uniform", Color.BLACK, "C2");
    assertTrue(r.moves.size() > 10, "uniform spreads over the board: " + r.moves);
  }

  /** The local atari in the top-left corner, and a white stone in atari at H2, far away. */
  private static final String TWO_ATARIS =
      """
      . . . . . . . . .
      . . O . . . . . .
      . O X . . . . . .
      . . O . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . X .
      . . . . . . X O X
      . . . . . . . . .
      """;

  @Test
  void atariGlobalCapturesAnywhereFirst() {
    assertEquals(Set.of("H1"), choose(TWO_ATARIS, "atari-global", Color.BLACK, "C6").moves);
  }

  @Test
  void atariLocalOnlyAnswersNextToTheLastMove() {
    assertEquals(Set.of("D7"), choose(TWO_ATARIS, "atari-local", Color.BLACK, "C6").moves);
  }

  @Test
  void atariGlobalWaitsForAnAtariFromTheLastMove() {
    // White's last move E4 made no atari (the ataris on the board are older), so the global
    // rules stay silent and the move is random.
    Result r =
        choose(
            """
            . . . . . . . . .
            . . O . . . . . .
            . O X . . . . . .
            . . O . . . . . .
            . . . . . . . . .
            . . . . O . . . .
            . . . . . . . X .
            . . . . . . X O X
            . . . . . . . . .
            """,
            "atari-global",
            Color.BLACK,
            "E4");
    assertEquals(0, r.stats.ruleFired(0) + r.stats.ruleFired(1));
    assertTrue(r.moves.size() > 10);
  }

  @Test
  void mogoPlaysTheEnclosingHane() {
    Result r =
        choose(
            """
            . . . . . . .
            . . . . . . .
            . . X O X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            """,
            "mogo",
            Color.BLACK,
            "D5");
    assertTrue(r.moves.contains("D4"), "the hane under D5: " + r.moves);
    Geometry g = Geometry.of(7);
    for (String m : r.moves) {
      int p = g.parse(m);
      int d = Math.max(Math.abs(g.x(p) - 3), Math.abs(g.y(p) - 2));
      assertEquals(1, d, m + " is not next to the last move");
    }
    assertEquals(TRIALS, r.stats.ruleChosen(1), "pattern3 supplied every move");
  }

  @Test
  void mogoCapturesAnywhereWhenNothingIsLocal() {
    Result r =
        choose(
            """
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . X .
            . . . . . . X O X
            . . . . . . . . .
            """,
            "mogo",
            Color.BLACK,
            "E5");
    assertEquals(Set.of("H1"), r.moves);
    assertEquals(TRIALS, r.stats.ruleChosen(2), "capture(scope=1) supplied every move");
  }

  @Test
  void nakadeKillsAStraightThree() {
    Result r =
        choose(
            """
            . . . . . . .
            O O O O O . .
            O . . . O . .
            O O O O O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            """,
            "nakade random",
            Color.BLACK,
            "C6");
    assertEquals(Set.of("C5"), r.moves);
  }

  @Test
  void twoLibAttackAtarisTheLastMove() {
    Result r =
        choose(
            """
            . . . . .
            . . . . .
            . X O . .
            . . X . .
            . . . . .
            """,
            "two-lib(defend=0) random",
            Color.BLACK,
            "C3");
    assertEquals(Set.of("C4", "D3"), r.moves);
  }

  @Test
  void twoLibDefenceGivesAThirdLiberty() {
    // X at B4-B3 has two liberties, A3 and B2, after white's C3. A3 would leave it two (A2,
    // B2); B2 gives it four (A3, A2, C2, B1).
    Result r =
        choose(
            """
            . O . . .
            O X O . .
            . X O . .
            . . . . .
            . . . . .
            """,
            "two-lib(attack=0) random",
            Color.BLACK,
            "C3");
    assertEquals(Set.of("B2"), r.moves);
  }

  /** X at C7, in atari from white's C6, escapes to D7 into a ladder that white wins (E7...). */
  static final String LADDER =
      """
      . . . . . . . . .
      . . O . . . . . .
      . O X . . . . . .
      . . O O . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      """;

  @Test
  void extendDoesNotRunIntoALadder() {
    Result r = choose(LADDER, "extend(ladder=2) random", Color.BLACK, "C6");
    assertEquals(0, r.stats.ruleFired(0), "the escape D7 is caught in a ladder");
    assertEquals(Set.of("D7"), choose(LADDER, "extend random", Color.BLACK, "C6").moves);
  }

  @Test
  void aLadderBreakerMakesTheEscapeWork() {
    String broken = LADDER.replaceFirst("\\. \\. \\. \\. \\. \\. \\. \\. \\.", ". . . X . . . . .");
    assertEquals(Set.of("D7"), choose(broken, "extend(ladder=2) random", Color.BLACK, "C6").moves);
  }

  @Test
  void strictSelfAtariFilterLetsNoSelfAtariThrough() {
    // Random positions from uniform playouts; with the filter always strict and no throw-ins
    // allowed, no chosen move may leave its chain in atari unless it captures.
    Geometry g = Geometry.of(7);
    PolicySpec spec = PolicySpec.parse("random self-atari(nakade-stones=0,big-stones=2)");
    PlayoutStats stats = new PlayoutStats(g, 2, Playout.maxLength(g));
    int checked = assertNoSelfAtari(new PlayoutPolicy(spec, g), g, stats, 50, 7, -1);
    assertTrue(checked > 1000);
    assertTrue(stats.ruleVetoes(1) > 0, "the filter vetoed something");
  }

  @Test
  void captureExtendAndTwoLibNeverProposeASelfAtari() {
    // The self-atari filter skips these generators' candidates; this is why it may. Every move
    // they supply in random playouts captures or keeps two liberties.
    Geometry g = Geometry.of(9);
    PolicySpec spec =
        PolicySpec.parse(
            "capture@0.5 extend(counter=1,ladder=2)@0.5 two-lib@0.5 capture(scope=1)@0.5"
                + " extend(scope=1,counter=1)@0.5 random");
    int randomRule = spec.rules().size() - 1;
    PlayoutStats stats = new PlayoutStats(g, spec.rules().size(), Playout.maxLength(g));
    int checked = assertNoSelfAtari(new PlayoutPolicy(spec, g), g, stats, 100, 5, randomRule);
    for (int rule = 0; rule < randomRule; rule++) {
      assertTrue(stats.ruleChosen(rule) > 0, "rule " + spec.rules().get(rule) + " never chose");
    }
    assertTrue(checked > 1000, "checked " + checked);
  }

  @Test
  void randomChoiceIsUniformAmongAcceptableMoves() {
    // Black's acceptable moves: C1, E1, E2. A3 (edge), C3 (one enemy diagonal) and A1
    // (corner) are true eyes and never played.
    Diagram d =
        Diagram.parse(
            """
            X X X X X
            X X X X X
            . X . X O
            X X X O .
            . X . O .
            """);
    Geometry g = d.geometry();
    PlayoutPolicy policy = new PlayoutPolicy(PolicySpec.parse("uniform"), g);
    PlayoutStats stats = new PlayoutStats(g, 1, Playout.maxLength(g));
    Rng rng = new Rng(11);
    int[] counts = new int[g.arraySize()];
    int n = 30_000;
    Board board = d.board();
    for (int i = 0; i < n; i++) {
      counts[policy.chooseMove(board, Color.BLACK, Point.NONE, Point.NONE, rng, stats)]++;
    }
    Set<String> chosen = new TreeSet<>();
    for (int p = 0; p < counts.length; p++) {
      if (counts[p] > 0) {
        chosen.add(g.name(p));
      }
    }
    assertEquals(Set.of("C1", "E1", "E2"), chosen);
    double expected = n / 3.0;
    double sigma = Math.sqrt(n * (1 / 3.0) * (2 / 3.0));
    for (String m : chosen) {
      assertEquals(expected, counts[g.parse(m)], 5 * sigma, m);
    }
  }

  @Test
  void neverFillsAnOwnTrueEyeButFillsAFalseOne() {
    Diagram d =
        Diagram.parse(
            """
            . X O . .
            X X O . .
            O O O . .
            . . . . .
            . . . . .
            """);
    Geometry g = d.geometry();
    // A5 is black's eye on the edge with no enemy diagonal; black never plays it.
    Result r = choose(d, "uniform", Color.BLACK, Point.NONE, 2000);
    assertTrue(!r.moves.contains("A5"), "filled its own eye: " + r.moves);
    assertTrue(g.isOnBoard(g.parse("A5")));
  }

  /**
   * Black is pass-alive across the top with safe territory A7-B7 (white's B7 is dead, in atari on
   * A7), D7 and F7-G7; the rest of the board is open.
   */
  private static final String SETTLED_TOP =
      """
      . O X . X . .
      X X X X X X X
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      """;

  @Test
  void captureAnywhereTakesTheDeadStoneWithoutTheSettledFilter() {
    assertEquals(
        Set.of("A7"), choose(SETTLED_TOP, "capture(scope=1) random", Color.BLACK, "A1").moves);
  }

  @Test
  void settledFilterKeepsEveryGeneratorOffSafePoints() {
    Diagram d = Diagram.parse(SETTLED_TOP);
    Geometry g = d.geometry();
    PlayoutRoot root = PlayoutRoot.of(d.board(), Player.BLACK, Point.NONE, Point.NONE, 0);
    PlayoutPolicy policy =
        new PlayoutPolicy(PolicySpec.parse("capture(scope=1) random settled"), g);
    PlayoutStats stats = new PlayoutStats(g, 3, Playout.maxLength(g));
    Board board = new Board(g);
    Set<String> moves = new TreeSet<>();
    for (int seed = 0; seed < TRIALS; seed++) {
      Rng rng = new Rng(seed);
      board.copyFrom(root.board());
      policy.startPlayout(root.settledOwners(), rng, stats);
      for (byte me : new byte[] {Color.BLACK, Color.WHITE}) {
        moves.add(g.name(policy.chooseMove(board, me, Point.NONE, Point.NONE, rng, stats)));
      }
    }
    for (String safe : new String[] {"A7", "D7", "F7", "G7"}) {
      assertTrue(!moves.contains(safe), safe + " was played: " + moves);
    }
    assertTrue(moves.size() > 20, "moves spread over the open board: " + moves);
    assertEquals(TRIALS, stats.ruleTried(2), "every playout used the filter");
    assertTrue(stats.ruleVetoes(2) > 0, "the filter kept random off settled points");
  }

  @Test
  void settledPlayoutsScoreSafePointsForTheirOwnerAndStayOutOfThem() {
    Diagram d = Diagram.parse(SETTLED_TOP);
    Geometry g = d.geometry();
    PlayoutRoot root = PlayoutRoot.of(d.board(), Player.WHITE, Point.NONE, Point.NONE, 0);
    int n = 400;
    Playout settled = new Playout(PolicySpec.parse("random settled"), g);
    PlayoutStats with = settled.newStats();
    settled.run(root, 5, n, with);
    for (String safe : new String[] {"A7", "B7", "C7", "D7", "F7", "G7", "A6", "G6"}) {
      assertEquals(n, with.owned(g.parse(safe), Color.BLACK), safe);
    }
    assertEquals(n, with.ruleTried(1));
    // Without the filter the same points end black's too (black captures B7 and keeps its eyes),
    // but the playouts are longer: they fill and capture inside the safe territory.
    Playout plain = new Playout(PolicySpec.parse("uniform"), g);
    PlayoutStats without = plain.newStats();
    plain.run(root, 5, n, without);
    assertEquals(n, without.owned(g.parse("B7"), Color.BLACK));
    assertTrue(
        with.meanLength() < without.meanLength(),
        with.meanLength() + " vs " + without.meanLength());
  }

  @Test
  void settledFilterAtRateZeroNeverPrunes() {
    Diagram d = Diagram.parse(SETTLED_TOP);
    PlayoutRoot root = PlayoutRoot.of(d.board(), Player.BLACK, Point.NONE, Point.NONE, 0);
    Playout playout = new Playout(PolicySpec.parse("random settled@0"), d.geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(root, 3, 100, stats);
    assertEquals(0, stats.ruleTried(1));
    assertEquals(0, stats.ruleVetoes(1));
  }

  @Test
  void rootComputesBensonOnceAndSharesIt() {
    Diagram d = Diagram.parse(SETTLED_TOP);
    Geometry g = d.geometry();
    PlayoutRoot root = PlayoutRoot.of(d.board(), Player.BLACK, Point.NONE, Point.NONE, 0);
    assertTrue(root.settled() == root.settled());
    byte[] owners = root.settledOwners();
    assertTrue(owners == root.settledOwners());
    assertEquals(Color.BLACK, owners[g.parse("B7")]);
    assertEquals(Color.BLACK, owners[g.parse("E6")]);
    assertEquals(Color.EMPTY, owners[g.parse("A5")]);
  }

  // ------------------------------------------------------------------ helpers

  private record Result(Set<String> moves, PlayoutStats stats) {}

  /**
   * Plays {@code games} games of {@code policy} from the empty board and asserts that each move it
   * chooses captures or keeps two liberties, except the moves the rule {@code unchecked} supplies
   * (-1: none). Returns how many moves were checked.
   */
  private static int assertNoSelfAtari(
      PlayoutPolicy policy, Geometry g, PlayoutStats stats, int games, long seed, int unchecked) {
    Rng rng = new Rng(seed);
    Marker marker = new Marker(g);
    int checked = 0;
    for (int game = 0; game < games; game++) {
      Board b = new Board(g);
      byte me = Color.BLACK;
      int last = Point.NONE;
      int passes = 0;
      for (int move = 0; move < Playout.maxLength(g) && passes < 2; move++) {
        long uncheckedBefore = unchecked < 0 ? 0 : stats.ruleChosen(unchecked);
        int p = policy.chooseMove(b, me, last, Point.NONE, rng, stats);
        if (p == Point.PASS) {
          passes++;
          b.pass(me);
        } else {
          passes = 0;
          if (unchecked < 0 || stats.ruleChosen(unchecked) == uncheckedBefore) {
            assertTrue(
                b.isCapture(p, me) || b.libertiesAfterPlay(p, me, 2, marker) >= 2,
                "self-atari at " + g.name(p) + "\n" + b);
            checked++;
          }
          b.playAssumeLegal(p, me);
        }
        last = p;
        me = Color.opponent(me);
      }
    }
    return checked;
  }

  private static Result choose(String diagram, String policy, byte me, String last) {
    Diagram d = Diagram.parse(diagram);
    return choose(d, policy, me, d.geometry().parse(last), TRIALS);
  }

  private static Result choose(Diagram d, String policy, byte me, int last, int trials) {
    Geometry g = d.geometry();
    PolicySpec spec = PolicySpec.parse(policy);
    PlayoutPolicy compiled = new PlayoutPolicy(spec, g);
    PlayoutStats stats = new PlayoutStats(g, spec.rules().size(), Playout.maxLength(g));
    Set<String> moves = new TreeSet<>();
    Board original = d.board();
    Board board = new Board(g);
    for (int seed = 0; seed < trials; seed++) {
      board.copyFrom(original);
      int p = compiled.chooseMove(board, me, last, Point.NONE, new Rng(seed), stats);
      moves.add(g.name(p));
      board.checkConsistency();
    }
    return new Result(moves, stats);
  }
}
