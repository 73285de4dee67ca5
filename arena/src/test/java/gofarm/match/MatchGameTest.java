package gofarm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.gtp.GnuGo;
import gofarm.gtp.GtpException;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.playout.PolicySpec;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import gofarm.search.TimeSettings;
import gofarm.stats.Pentanomial;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Match games: reproducible pairs of search players with swapped colours, a game against GNU Go,
 * the ways a game ends, and SGF records that replay.
 */
class MatchGameTest {
  private static final Rules RULES = Rules.DEFAULT;
  private static final PlayerSpec UNIFORM =
      PlayerSpec.search("uniform-100", PolicySpec.parse("uniform"), Budget.playouts(100));
  private static final PlayerSpec HEAVY =
      PlayerSpec.search("heavy-100", PolicySpec.parse("heavy"), Budget.playouts(100));

  @Test
  void aPairSwapsColoursAndIsReproducible() {
    Opening opening = Opening.random(7, RULES, 2, 5);
    PairResult pair = MatchGame.playPair(opening, RULES, HEAVY, UNIFORM, 17);
    PairResult again = MatchGame.playPair(opening, RULES, HEAVY, UNIFORM, 17);
    assertEquals(pair.first().sgf(), again.first().sgf());
    assertEquals(pair.second().sgf(), again.second().sgf());
    assertEquals("heavy-100", pair.first().black());
    assertEquals("uniform-100", pair.first().white());
    assertEquals("uniform-100", pair.second().black());
    assertEquals("heavy-100", pair.second().white());
    double points = pair.first().scoreOf("heavy-100") + pair.second().scoreOf("heavy-100");
    assertEquals(points, pair.points());
    assertEquals((int) (2 * points), pair.pentanomialClass());
    assertEquals(
        1, Pentanomial.EMPTY.plus(pair.pentanomialClass()).pairs(), "a class stats accepts");
    for (GameRecord g : List.of(pair.first(), pair.second())) {
      assertReplays(g, opening);
    }
    PairResult other = MatchGame.playPair(opening, RULES, HEAVY, UNIFORM, 18);
    assertNotEquals(pair.first().sgf(), other.first().sgf(), "another seed, another game");
  }

  /** The SGF holds the opening and every move, the players and the result. */
  private static void assertReplays(GameRecord g, Opening opening) {
    SgfGame record = Sgf.parse(g.sgf()).get(0);
    assertEquals(opening.moves(), record.moves().subList(0, opening.moves().size()));
    assertEquals(opening.moves().size() + g.moves(), record.moves().size(), g.sgf());
    assertEquals(g.black(), record.root().value("PB").orElseThrow());
    assertEquals(g.white(), record.root().value("PW").orElseThrow());
    assertEquals(g.result(), record.result().orElseThrow());
    Game replayed = record.replay();
    if (g.end() == GameRecord.End.PASSES) {
      assertTrue(replayed.isOver());
      String rescored =
          switch (g.scoring().by()) {
            case AGREED -> g.scoring().blackClaim();
            case CLEANUP -> replayed.score().toString(); // the board as it stands
            case ESTIMATE -> MatchGame.estimate(replayed).toString();
            case REFEREE -> g.result();
          };
      assertEquals(g.result(), rescored);
    }
    switch (g.end()) {
      case RESIGNATION -> assertTrue(g.result().endsWith("+R"), g.result());
      case FORFEIT -> assertTrue(g.result().endsWith("+F"), g.result());
      case TIME -> assertTrue(g.result().endsWith("+T"), g.result());
      default -> assertTrue(g.result().matches("[BW]\\+\\d+(\\.5)?|0"), g.result());
    }
    assertEquals(g.winner() == null ? "0" : g.winner().letter(), g.result().substring(0, 1));
  }

  @Test
  void aGameAgainstGnuGo() {
    Opening opening = Opening.empty(9);
    MatchPlayer search =
        new SearchMatchPlayer(
            "uniform-300",
            new SearchPlayer(
                SearchConfig.of(PolicySpec.parse("uniform")), Budget.playouts(300), 1));
    try (MatchPlayer gnugo =
        new GtpMatchPlayer("gnugo-1", GnuGo.start("--level", "1"), Duration.ofMinutes(1))) {
      GameRecord g = MatchGame.play(opening, RULES, search, gnugo);
      System.out.println(
          "vs GNU Go: "
              + g.result()
              + " ("
              + g.end()
              + ") in "
              + g.moves()
              + " moves, "
              + g.duration().toMillis()
              + " ms");
      assertEquals("uniform-300", g.black());
      assertEquals("gnugo-1", g.white());
      assertTrue(g.moves() > 10, g.sgf());
      assertReplays(g, opening);
    }
  }

  /** A scripted player: plays the given moves in turn, or resigns when they run out. */
  private static MatchPlayer scripted(String name, int... moves) {
    return new MatchPlayer() {
      private int next;

      @Override
      public String name() {
        return name;
      }

      @Override
      public void newGame(Game game) {
        next = 0;
      }

      @Override
      public void play(Game game, Move move) {}

      @Override
      public int genmove(Game game, Player player) {
        return next < moves.length ? moves[next++] : RESIGN;
      }

      @Override
      public void close() {}
    };
  }

  @Test
  void resignationForfeitPassesAndTheMoveLimitEndAGame() {
    Opening opening = Opening.empty(5);
    int c3 = gofarm.board.Geometry.of(5).parse("C3");
    GameRecord resigned = MatchGame.play(opening, RULES, scripted("a", c3), scripted("b"));
    assertEquals(GameRecord.End.RESIGNATION, resigned.end());
    assertEquals("B+R", resigned.result());
    assertEquals(Player.BLACK, resigned.winner());
    assertEquals(1, resigned.moves());
    assertTrue(resigned.sgf().contains("C[b (white) resigned]"), resigned.sgf());

    GameRecord forfeit = MatchGame.play(opening, RULES, scripted("a", c3), scripted("b", c3));
    assertEquals(GameRecord.End.FORFEIT, forfeit.end());
    assertEquals("B+F", forfeit.result());
    assertTrue(
        forfeit.sgf().contains("C[b (white) played an illegal move: C3 is occupied]"),
        forfeit.sgf());

    // Black's one stone takes the board (Tromp-Taylor, nothing dead): B+25 - 7.5. The scripted
    // players cannot say a score, so the game goes on in a cleanup phase of two more passes.
    GameRecord passed =
        MatchGame.play(
            opening,
            RULES,
            scripted("a", c3, Point.PASS, Point.PASS),
            scripted("b", Point.PASS, Point.PASS));
    assertEquals(GameRecord.End.PASSES, passed.end());
    assertEquals("B+17.5", passed.result());
    assertEquals(5, passed.moves());
    assertEquals(
        new Scoring(Adjudication.CLEANUP, Scoring.By.CLEANUP, null, null, 2), passed.scoring());
    assertReplays(passed, opening);
    GameRecord estimated =
        MatchGame.play(
            opening,
            RULES,
            scripted("a", c3, Point.PASS),
            scripted("b", Point.PASS, Point.PASS),
            MatchGame.maxMoves(5),
            Adjudication.ESTIMATE,
            null);
    assertEquals("B+17.5", estimated.result());
    assertEquals(Scoring.By.ESTIMATE, estimated.scoring().by());
    assertReplays(estimated, opening);

    GameRecord limited = MatchGame.play(opening, RULES, UNIFORM.start(1), UNIFORM.start(2), 3);
    assertEquals(GameRecord.End.MOVE_LIMIT, limited.end());
    assertEquals(3, limited.moves());
    assertReplays(limited, opening);
  }

  /**
   * Two players who disagree about the score: black is gofarm's search, white plays one stone in
   * black's area, passes, and claims a win it does not have. The cleanup phase decides: black
   * captures the dead stone on the board, and the board as it stands is counted.
   */
  @Test
  void whenThePlayersDisagreeTheCleanupPhaseDecides() {
    Opening opening = Opening.empty(7);
    int d4 = gofarm.board.Geometry.of(7).parse("D4");
    MatchPlayer liar =
        new MatchPlayer() {
          private boolean played;

          @Override
          public String name() {
            return "liar";
          }

          @Override
          public void newGame(Game game) {
            played = false;
          }

          @Override
          public void play(Game game, Move move) {}

          @Override
          public int genmove(Game game, Player player) {
            boolean first = !played;
            played = true;
            return first && game.isLegal(player, d4) ? d4 : Point.PASS;
          }

          @Override
          public String finalScore(Game game) {
            return "W+100";
          }

          @Override
          public void close() {}
        };
    MatchPlayer search =
        new SearchMatchPlayer(
            "gofarm",
            new SearchPlayer(SearchConfig.of(PolicySpec.parse("heavy")), Budget.playouts(300), 1));
    GameRecord g = MatchGame.play(opening, RULES, search, liar);
    assertEquals(GameRecord.End.PASSES, g.end(), g.sgf());
    assertEquals(Scoring.By.CLEANUP, g.scoring().by(), g.sgf());
    assertEquals("W+100", g.scoring().whiteClaim());
    assertTrue(g.scoring().disagreed(), g.scoring().toString());
    assertTrue(g.scoring().cleanupMoves() > 2, g.sgf());
    Game end = Sgf.parse(g.sgf()).get(0).replay();
    assertEquals(0, end.board().stoneCount(gofarm.board.Color.WHITE), "captured in the cleanup");
    assertEquals("B+41.5", g.result(), g.sgf()); // 49 points, komi 7.5
    assertReplays(g, opening);
  }

  // ---------------------------------------------------------------- clocks

  private static Duration seconds(double s) {
    return Duration.ofNanos(Math.round(s * 1e9));
  }

  private static PlayerSpec clocked(String name, String policy, TimeSettings clock) {
    return new PlayerSpec.Search(name, SearchConfig.of(PolicySpec.parse(policy)), null, clock);
  }

  /** Every move's time left, as the SGF records it: BL or WL, then OB or OW in byo-yomi. */
  private static List<String> timesLeft(GameRecord g, String color) {
    List<String> left = new java.util.ArrayList<>();
    for (gofarm.io.SgfNode node : Sgf.parse(g.sgf()).get(0).mainLine()) {
      node.value(color + "L").ifPresent(left::add);
    }
    return left;
  }

  /**
   * The must-hold property: search players on a clock, each move budgeted by the allocator, never
   * run out. A pair at 4 s sudden death on 9x9 (whole games), and a pair in Canadian byo-yomi (1 s
   * of main time, then 10 stones in 5 s) cut at 40 moves, so that most of it is byo-yomi.
   */
  @Test
  void aClockedMatchNeverLosesOnTime() {
    TimeSettings sudden = TimeSettings.absolute(seconds(4));
    PairResult a =
        MatchGame.playPair(
            Opening.empty(9),
            RULES,
            clocked("uniform 4 s", "uniform", sudden),
            clocked("heavy 4 s", "heavy", sudden),
            3);
    TimeSettings canadian = TimeSettings.canadian(seconds(1), seconds(5), 10);
    PairResult b =
        MatchGame.playPair(
            Opening.random(9, RULES, 4, 7),
            RULES,
            clocked("uniform byo-yomi", "uniform", canadian),
            clocked("heavy byo-yomi", "heavy", canadian),
            5,
            40);
    for (GameRecord g : List.of(a.first(), a.second(), b.first(), b.second())) {
      System.out.println(
          "clocked: "
              + g.result()
              + " ("
              + g.end()
              + ") in "
              + g.moves()
              + " moves, "
              + g.duration().toMillis()
              + " ms");
      assertTrue(g.end() != GameRecord.End.TIME, g.sgf());
      assertTrue(g.moves() >= 10, g.sgf());
      assertReplays(g, g.opening());
      assertEquals((g.moves() + 1) / 2, timesLeft(g, "B").size(), "black's time after every move");
      assertTrue(g.sgf().contains("clocks: black "), g.sgf());
    }
    for (GameRecord g : List.of(a.first(), a.second())) {
      assertTrue(g.sgf().contains("TM[4]"), g.sgf());
      for (String color : List.of("B", "W")) {
        List<String> left = timesLeft(g, color);
        double last = Double.parseDouble(left.get(left.size() - 1));
        assertTrue(last > 0 && last < 4, color + " used some of its 4 s: " + left);
      }
    }
    GameRecord cut = b.first();
    assertTrue(cut.sgf().contains("OT[10/5 Canadian]"), cut.sgf());
    assertTrue(cut.sgf().contains("OB["), "black reached byo-yomi: " + cut.sgf());
  }

  /** A player whose move outlasts its clock loses on time; the record says so. */
  @Test
  void aMoveThatOutlastsTheClockLosesOnTime() {
    long[] now = {0};
    Opening opening = Opening.empty(5);
    Geometry g = Geometry.of(5);
    TimeSettings sudden = TimeSettings.absolute(seconds(2));
    // Black thinks 1.5 s a move: its second move runs out; white is quick.
    MatchPlayer slow = timed("slow", sudden, now, 1.5, g.parse("C3"), g.parse("C4"));
    MatchPlayer quick = timed("quick", sudden, now, 0.1, g.parse("D4"), g.parse("B2"));
    GameRecord lost =
        MatchGame.play(opening, RULES, slow, quick, 75, Adjudication.CLEANUP, null, () -> now[0]);
    assertEquals(GameRecord.End.TIME, lost.end());
    assertEquals("W+T", lost.result());
    assertEquals(Player.WHITE, lost.winner());
    assertEquals(2, lost.moves(), "the move that ran out is not played");
    assertTrue(
        lost.sgf()
            .contains(
                "C[slow (black) ran out of time: its move took 1.50 s, its clock had"
                    + " 0.50 s; clocks: black 2 s sudden death, white 2 s sudden death]"),
        lost.sgf());
    assertEquals(List.of("0.5"), timesLeft(lost, "B"));
    assertEquals(List.of("1.9"), timesLeft(lost, "W"));
    assertReplays(lost, opening);

    // Japanese byo-yomi: a move that outlasts a period loses it, not the game, until the last.
    now[0] = 0;
    TimeSettings byoyomi = TimeSettings.byoyomi(Duration.ZERO, seconds(1), 2);
    MatchPlayer overrun = timed("overrun", byoyomi, now, 1.5, g.parse("C3"), g.parse("C4"));
    MatchPlayer fine = timed("fine", byoyomi, now, 0.5, g.parse("D4"), g.parse("B2"));
    GameRecord periods =
        MatchGame.play(opening, RULES, overrun, fine, 75, Adjudication.CLEANUP, null, () -> now[0]);
    assertEquals("W+T", periods.result());
    assertTrue(periods.sgf().contains("OT[2x1 byo-yomi]"), periods.sgf());
    assertTrue(periods.sgf().contains("BL[1.0]OB[1]"), "one period lost: " + periods.sgf());
    assertTrue(periods.sgf().contains("WL[1.0]OW[2]"), periods.sgf());
  }

  /** A scripted player on a clock whose every move takes {@code seconds} of the fake clock. */
  private static MatchPlayer timed(
      String name, TimeSettings clock, long[] now, double seconds, int... moves) {
    MatchPlayer script = scripted(name, moves);
    return new MatchPlayer() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public TimeSettings clock() {
        return clock;
      }

      @Override
      public void newGame(Game game) {
        script.newGame(game);
      }

      @Override
      public void play(Game game, Move move) {}

      @Override
      public int genmove(Game game, Player player) {
        now[0] += Math.round(seconds * 1e9);
        return script.genmove(game, player);
      }

      @Override
      public void close() {}
    };
  }

  /**
   * GNU Go on a clock is told it (time_settings, which it knows, then time_left before every move)
   * and answers every command: a few moves against gofarm's search on a clock.
   */
  @Test
  void anEngineOnAClockIsToldItsTime() {
    TimeSettings clock = TimeSettings.byoyomi(seconds(2), seconds(1), 3);
    MatchPlayer search = clocked("uniform 2 s", "uniform", clock).start(3);
    try (MatchPlayer gnugo =
        new GtpMatchPlayer("gnugo-1", GnuGo.start("--level", "1"), Duration.ofMinutes(1), clock)) {
      GameRecord g =
          MatchGame.play(Opening.empty(9), RULES, gnugo, search, 12, Adjudication.ESTIMATE, null);
      assertEquals("gnugo-1", g.black());
      assertTrue(g.end() != GameRecord.End.TIME, g.sgf());
      assertTrue(g.moves() >= 2, g.sgf());
      assertEquals((g.moves() + 1) / 2, timesLeft(g, "B").size(), g.sgf());
      assertTrue(g.sgf().contains("TM[2]OT[3x1 byo-yomi]"), g.sgf());
    }
  }

  @Test
  void openings() {
    Opening a = Opening.random(9, RULES, 6, 3);
    assertEquals(a, Opening.random(9, RULES, 6, 3));
    assertEquals(6, a.moves().size());
    assertEquals("random-6-seed-3", a.name());
    Game game = a.start(RULES);
    assertEquals(Player.BLACK, game.toPlay());
    for (Move m : a.moves()) {
      int x = game.geometry().x(m.point());
      int y = game.geometry().y(m.point());
      assertTrue(x >= 2 && y >= 2 && x <= 6 && y <= 6, "off the first two lines: " + m);
    }
    SgfGame record = Sgf.parse("(;SZ[9];B[ee];W[cc];B[gg])").get(0);
    assertEquals(2, Opening.of(record, 2).moves().size());
    assertEquals(
        "the record has 3 moves, not 4",
        assertThrows(IllegalArgumentException.class, () -> Opening.of(record, 4)).getMessage());
    SgfGame setup = Sgf.parse("(;SZ[9]AB[ee];W[cc])").get(0);
    assertEquals(
        "an opening must be moves from the empty board, but the record has setup stones",
        assertThrows(IllegalArgumentException.class, () -> Opening.of(setup, 1)).getMessage());
    assertEquals(
        "the two players need different names (both are 'uniform-100')",
        assertThrows(
                IllegalArgumentException.class,
                () -> MatchGame.playPair(Opening.empty(5), RULES, UNIFORM, UNIFORM, 1))
            .getMessage());
  }

  @Test
  void aMissingEngineFailsToStart() {
    PlayerSpec missing = PlayerSpec.gtp("nothing", List.of("/nonexistent/engine", "--mode", "gtp"));
    GtpException e = assertThrows(GtpException.class, () -> missing.start(1));
    assertTrue(
        e.getMessage().startsWith("cannot start engine /nonexistent/engine --mode gtp: "),
        e.getMessage());
  }
}
