package gofarm.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.rules.Game;
import gofarm.rules.Rules;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Game clocks: the time systems' rules, GTP's and KGS's forms of them, and the allocation of a
 * move's time, down to the property that matters: a player that spends what it is given, and some
 * overhead on top, never runs out.
 */
class GameClockTest {
  private static Duration s(double seconds) {
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }

  @Test
  void gtpTimeSettingsFollowTheSpecification() {
    assertEquals(TimeSettings.NONE, TimeSettings.ofGtp(600, 1, 0), "byo-yomi time, no stones");
    assertEquals(TimeSettings.NONE, TimeSettings.ofGtp(0, 0, 0));
    assertEquals(TimeSettings.absolute(s(600)), TimeSettings.ofGtp(600, 0, 0));
    assertEquals(TimeSettings.absolute(s(600)), TimeSettings.ofGtp(600, 0, 5), "0 s for 5 stones");
    assertEquals(TimeSettings.canadian(s(600), s(300), 25), TimeSettings.ofGtp(600, 300, 25));
    assertEquals(TimeSettings.canadian(s(0), s(30), 1), TimeSettings.ofGtp(0, 30, 1));
    assertThrows(IllegalArgumentException.class, () -> TimeSettings.ofGtp(-1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> TimeSettings.absolute(Duration.ZERO));
    assertThrows(
        IllegalArgumentException.class, () -> TimeSettings.byoyomi(s(10), Duration.ZERO, 3));
  }

  @Test
  void settingsHaveTheirGtpKgsAndSgfForms() {
    TimeSettings byoyomi = TimeSettings.byoyomi(s(600), s(30), 5);
    assertEquals("byoyomi 600 30 5", byoyomi.kgsArguments());
    assertEquals("600 30 1", byoyomi.gtpArguments(), "the last period, as Canadian");
    assertEquals("5x30 byo-yomi", byoyomi.sgfOvertime());
    assertEquals("600 s + 5 x 30 s byo-yomi", byoyomi.toString());
    TimeSettings canadian = TimeSettings.canadian(s(600), s(300), 25);
    assertEquals("canadian 600 300 25", canadian.kgsArguments());
    assertEquals("600 300 25", canadian.gtpArguments());
    assertEquals("25/300 Canadian", canadian.sgfOvertime());
    assertEquals("600 s + 25 stones in 300 s (Canadian)", canadian.toString());
    TimeSettings sudden = TimeSettings.absolute(s(60));
    assertEquals("absolute 60", sudden.kgsArguments());
    assertEquals("60 0 0", sudden.gtpArguments());
    assertEquals("60 s sudden death", sudden.toString());
    assertEquals("none", TimeSettings.NONE.kgsArguments());
    assertEquals("0 1 0", TimeSettings.NONE.gtpArguments());
    assertTrue(sudden.wholeSeconds());
    assertFalse(TimeSettings.absolute(s(1.5)).wholeSeconds());
  }

  @Test
  void absoluteTimeExpiresWhenTheMainTimeRunsOut() {
    GameClock clock = new GameClock(TimeSettings.absolute(s(10)));
    clock.spend(s(4));
    assertEquals(s(6), clock.mainLeft());
    assertEquals(s(6), clock.untilExpiry());
    assertEquals("6 0", clock.gtpTimeLeft(false));
    assertEquals("6.0 s", clock.toString());
    clock.spend(s(6));
    assertFalse(clock.expired(), "the whole main time, not more");
    clock.spend(s(0.001));
    assertTrue(clock.expired());
  }

  @Test
  void canadianPeriodsStartAfreshOnceTheirStonesArePlayed() {
    GameClock clock = new GameClock(TimeSettings.canadian(s(10), s(30), 3));
    clock.spend(s(12)); // 10 s of main time, then 2 s of the period: its first stone
    assertTrue(clock.inOvertime());
    assertEquals(s(28), clock.periodLeft());
    assertEquals(2, clock.stonesLeft());
    assertEquals("28 2", clock.gtpTimeLeft(false));
    assertEquals("byo-yomi: 28.0 s for 2 stones", clock.toString());
    clock.spend(s(20));
    clock.spend(s(7.5)); // the third stone, 0.5 s to spare: a new period
    assertEquals(s(30), clock.periodLeft());
    assertEquals(3, clock.stonesLeft());
    clock.spend(s(29));
    assertEquals(s(1), clock.untilExpiry());
    clock.spend(s(1.5));
    assertTrue(clock.expired());
  }

  @Test
  void japanesePeriodsAreLostOneByOne() {
    GameClock clock = new GameClock(TimeSettings.byoyomi(s(5), s(10), 3));
    assertEquals(s(35), clock.untilExpiry());
    clock.spend(s(5));
    assertTrue(clock.inOvertime(), "the main time used up exactly: byo-yomi next");
    clock.spend(s(9));
    assertEquals(3, clock.periodsLeft(), "in time: the period is kept");
    assertEquals("10 3", clock.gtpTimeLeft(true));
    assertEquals("10 1", clock.gtpTimeLeft(false));
    assertEquals("byo-yomi: 10.0 s, 3 periods", clock.toString());
    clock.spend(s(25)); // outlasts two periods, made in the third
    assertEquals(1, clock.periodsLeft());
    assertFalse(clock.expired());
    assertEquals(s(10), clock.untilExpiry());
    clock.spend(s(10.5));
    assertTrue(clock.expired());
  }

  /** Time that passes before a move is made counts no stone and keeps no period afresh. */
  @Test
  void elapsedTimeIsTakenOffWithoutMakingAMove() {
    GameClock canadian = new GameClock(TimeSettings.canadian(s(1), s(30), 3));
    canadian.elapse(s(3));
    assertEquals(s(28), canadian.periodLeft());
    assertEquals(3, canadian.stonesLeft(), "no stone played yet");
    canadian.spend(s(1));
    assertEquals(s(27), canadian.periodLeft());
    assertEquals(2, canadian.stonesLeft());

    GameClock japanese = new GameClock(TimeSettings.byoyomi(s(0), s(10), 2));
    japanese.elapse(s(4));
    assertEquals(s(6), japanese.periodLeft(), "the period runs on");
    japanese.elapse(s(7));
    assertEquals(1, japanese.periodsLeft(), "outlasted: lost");
    assertEquals(s(9), japanese.periodLeft());
    japanese.spend(s(1));
    assertEquals(s(10), japanese.periodLeft(), "made in time: a whole period for the next");
    GameClock sudden = new GameClock(TimeSettings.absolute(s(2)));
    sudden.elapse(s(2.5));
    assertTrue(sudden.expired());
  }

  @Test
  void timeLeftSetsTheClockAsGtpAndKgsSayIt() {
    GameClock canadian = new GameClock(TimeSettings.canadian(s(600), s(300), 25));
    canadian.set(s(100), 0);
    assertEquals(s(100), canadian.mainLeft());
    assertFalse(canadian.inOvertime());
    canadian.set(s(42), 7);
    assertTrue(canadian.inOvertime());
    assertEquals(s(42), canadian.periodLeft());
    assertEquals(7, canadian.stonesLeft());

    GameClock japanese = new GameClock(TimeSettings.byoyomi(s(600), s(30), 5));
    japanese.set(s(25), 2); // KGS: 25 s of the period, 2 periods left
    assertEquals(2, japanese.periodsLeft());
    assertEquals(s(25), japanese.periodLeft());
    japanese.set(s(0), 0);
    assertTrue(japanese.inOvertime(), "no main time left: byo-yomi");
    assertEquals(5, japanese.periodsLeft());

    GameClock none = new GameClock(TimeSettings.NONE);
    none.set(s(5), 1);
    none.spend(s(1000));
    assertFalse(none.expired());
    assertEquals("no time limit", none.toString());

    GameClock copy = japanese.copy();
    copy.spend(s(200)); // five periods of 30 s
    assertTrue(copy.expired());
    assertFalse(japanese.expired(), "a copy changes alone");
  }

  private static Game gameWithMoves(int moves) {
    Game game = new Game(9, Rules.DEFAULT);
    return moves == 0 ? game : EarlyStopTest.randomGame(3, moves);
  }

  @Test
  void theMainTimeIsSharedOverTheMovesLikelyLeft() {
    Game empty = gameWithMoves(0);
    assertEquals(32, TimeAllocator.movesLeft(empty), "(81 - 16) / 2");
    assertEquals(10, TimeAllocator.movesLeft(gameWithMoves(60)), "never fewer than 10");
    assertEquals(144, TimeAllocator.movesLeft(new Game(19, Rules.DEFAULT)), "(361 - 72) / 2");
    Game full19 = new Game(19, Rules.DEFAULT);
    for (int i = 0; full19.board().emptyCount() > 80; i++) {
      full19.play(gofarm.rules.Player.BLACK, full19.geometry().point(i)); // Black's rows
    }
    assertEquals(30, TimeAllocator.movesLeft(full19), "a twelfth of 361 points");
    TimeAllocator allocator = new TimeAllocator(s(0.2));
    GameClock sudden = new GameClock(TimeSettings.absolute(s(60)));
    // (60 - 6 reserve - 0.2 margin) / 32
    assertEquals(s(53.8 / 32).toMillis(), allocator.forMove(sudden, empty).toMillis());
    sudden.spend(s(59));
    assertEquals(TimeAllocator.MIN_MOVE, allocator.forMove(sudden, empty), "inside the reserve");
    assertNull(allocator.forMove(new GameClock(TimeSettings.NONE), empty));
    assertNull(allocator.budget(new GameClock(TimeSettings.NONE), empty));
    assertEquals(
        Budget.time(TimeAllocator.MIN_MOVE), allocator.budget(sudden, empty), "a time budget");
  }

  /** After the opponent's pass a pass may end the game, once life and death is read: time kept. */
  @Test
  void afterAPassTheReadingOfAClaimIsKeptBack() {
    Game game = gameWithMoves(0);
    TimeAllocator allocator = new TimeAllocator(s(0.2));
    GameClock japanese = new GameClock(TimeSettings.byoyomi(s(0), s(10), 3));
    game.play(game.toPlay(), gofarm.board.Point.PASS);
    assertEquals(s(8.5 - 0.2 - 0.008 * 81), allocator.forMove(japanese, game));
  }

  @Test
  void byoyomiMovesUseMostOfTheirShareOfAPeriod() {
    Game game = gameWithMoves(0);
    TimeAllocator allocator = new TimeAllocator(s(0.2));
    GameClock japanese = new GameClock(TimeSettings.byoyomi(s(0), s(10), 3));
    assertEquals(s(8.3), allocator.forMove(japanese, game), "0.85 x 10 s - 0.2 s");
    GameClock canadian = new GameClock(TimeSettings.canadian(s(0), s(50), 5));
    assertEquals(s(8.3), allocator.forMove(canadian, game), "0.85 x 50 s / 5 - 0.2 s");
    canadian.spend(s(38)); // 12 s left for 4 stones
    assertEquals(s(0.85 * 3 - 0.2), allocator.forMove(canadian, game));
    // In main time no faster than in byo-yomi, and no further past the main time than one move.
    GameClock main = new GameClock(TimeSettings.byoyomi(s(30), s(10), 3));
    assertEquals(s(8.3), allocator.forMove(main, game));
    main.spend(s(28));
    assertEquals(s(8.3), allocator.forMove(main, game), "2 s of main time, then a period");
    GameClock canadianMain = new GameClock(TimeSettings.canadian(s(1), s(50), 5));
    assertEquals(s(8.3), allocator.forMove(canadianMain, game));
  }

  /**
   * The property that matters: a player that takes what it is given and 50 ms more on every move
   * (the decision, the protocol, a pause of the JVM) does not run out in 150 moves, the most one
   * side plays in a long 9x9 game with a cleanup phase, under any of the time systems.
   */
  @Test
  void aPlayerThatSpendsItsAllocationAndSomeOverheadNeverRunsOut() {
    Duration overhead = s(0.05);
    TimeSettings[] clocks = {
      TimeSettings.absolute(s(60)),
      TimeSettings.byoyomi(s(3), s(1), 1),
      TimeSettings.byoyomi(s(0), s(1), 3),
      TimeSettings.canadian(s(3), s(5), 5),
      TimeSettings.canadian(s(60), s(1), 1)
    };
    for (TimeSettings settings : clocks) {
      GameClock clock = new GameClock(settings);
      for (int move = 0; move < 150; move++) {
        Game game = gameWithMoves(Math.min(move * 2, 70));
        Duration t = TimeAllocator.DEFAULT.forMove(clock, game);
        assertTrue(t.compareTo(clock.untilExpiry()) < 0, settings + ", move " + move);
        clock.spend(t.plus(overhead));
        assertFalse(clock.expired(), settings + ": ran out at move " + move + ", " + clock);
      }
    }
  }

  @Test
  void negativeMarginsAreRefused() {
    assertEquals(
        "margin must not be negative (got PT-1S)",
        assertThrows(IllegalArgumentException.class, () -> new TimeAllocator(s(-1))).getMessage());
  }
}
