package gofarm.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.playout.FlatMonteCarlo;
import gofarm.playout.PolicySpec;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.GameClock;
import gofarm.search.TimeSettings;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transcript tests of {@link GtpEngine}: a text block of commands and the exact text the engine
 * answers, for every command and every error.
 */
class GtpEngineTest {

  /**
   * Plays the first legal point in row-major order that does not fill one of the player's own
   * simple eyes, else passes: a trivial but legal choice, so that transcripts are predictable.
   */
  private static final MoveGenerator FIRST_LEGAL =
      (game, player) -> {
        Geometry g = game.geometry();
        for (int i = 0; i < g.pointCount(); i++) {
          int p = g.point(i);
          if (game.isLegal(player, p) && !game.board().isSimpleEye(p, player.color())) {
            return p;
          }
        }
        return Point.PASS;
      };

  private static GtpEngine engine() {
    return new GtpEngine(Rules.DEFAULT, 19, FIRST_LEGAL);
  }

  /** Feeds {@code input} to the engine and compares everything it writes with {@code expected}. */
  private static void assertTranscript(GtpEngine engine, String input, String expected) {
    StringWriter out = new StringWriter();
    engine.run(new StringReader(input), out);
    assertEquals(expected, out.toString());
  }

  private static void assertTranscript(String input, String expected) {
    assertTranscript(engine(), input, expected);
  }

  // ---------------------------------------------------------------- a whole game

  /**
   * A game as a new user plays it against the real move generator. The engine's moves are pinned:
   * {@link FlatMonteCarlo} is deterministic for a seed, so if the playout engine changes on
   * purpose, update them (and check that they are still legal).
   */
  @Test
  void aNewUsersFullGameAgainstFlatMonteCarlo() {
    FlatMonteCarlo search = new FlatMonteCarlo(PolicySpec.parse("uniform"), 500, 1);
    assertTranscript(
        new GtpEngine(Rules.DEFAULT, 19, search::chooseMove),
        """
        boardsize 9
        clear_board
        komi 7
        play b e5
        genmove w
        undo
        play w c3
        genmove b
        genmove w
        play b g3
        genmove w
        showboard
        play b pass
        genmove w
        final_score
        printsgf
        quit
        """,
        """
        =

        =

        =

        =

        = F5

        =

        =

        = H9

        = D6

        =

        = G5

        =
           A B C D E F G H J
         9 . . . . . . . X . 9
         8 . . . . . . . . . 8
         7 . . + . . . + . . 7
         6 . . . O . . . . . 6
         5 . . . . X . O . . 5
         4 . . . . . . . . . 4
         3 . . O . . . X . . 3
         2 . . . . . . . . . 2
         1 . . . . . . . . . 1
           A B C D E F G H J
        black (X) has captured 0 stones
        white (O) has captured 0 stones
        komi 7, black to play

        =

        = pass

        = W+7

        = (;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[9]KM[7]RU[Chinese]RE[W+7]
        ;B[ee];W[cg];B[ha];W[dd];B[gg];W[ge];B[];W[])

        =

        """);
  }

  // ---------------------------------------------------------------- protocol

  @Test
  void idsAreEchoedAndEveryResponseEndsWithAnEmptyLine() {
    assertTranscript(
        """
        1 protocol_version
        name
        2147483647 version
        """,
        """
        =1 2

        = gofarm

        =2147483647 dev

        """);
  }

  @Test
  void preprocessingDropsCommentsControlCharactersAndEmptyLines() {
    assertTranscript(
        "\n   \n# a comment line\n3\tname   # trailing comment\n4 na\u0001me\r\n\u0007\n",
        """
        =3 gofarm

        =4 gofarm

        """);
  }

  @Test
  void overlongLinesAreRejectedWithoutBeingKept() {
    String longLine = "play b " + "x".repeat(GtpEngine.MAX_LINE);
    assertTranscript(
        "1 name\n" + longLine + "\n2 name\n",
        """
        =1 gofarm

        ? syntax error: command line longer than 100000 characters (MAX_LINE)

        =2 gofarm

        """);
  }

  @Test
  void onlyLineFeedEndsALine() {
    // CR is a control character: removed, so it neither ends a line nor separates words.
    assertTranscript("na\rme\rname\n", "? unknown command\n\n");
  }

  @Test
  void aNumberTooLargeForAnIdIsTakenAsTheCommandName() {
    assertTranscript(
        """
        2147483648 name
        -1 name
        """,
        """
        ? unknown command

        ? unknown command

        """);
  }

  @Test
  void anIdAloneIsASyntaxError() {
    assertTranscript("5\n", "?5 syntax error: no command after the id\n\n");
  }

  @Test
  void unknownAndMiscasedCommandsAreUnknown() {
    assertTranscript(
        """
        7 foo
        PLAY b e5
        """,
        """
        ?7 unknown command

        ? unknown command

        """);
  }

  @Test
  void argumentCountsAreChecked() {
    assertTranscript(
        """
        name extra
        known_command
        play b
        loadsgf
        printsgf a b
        is_legal b
        """,
        """
        ? syntax error: name takes no arguments, got 1

        ? syntax error: known_command takes 1 argument (command_name), got 0

        ? syntax error: play takes 2 arguments (color vertex), got 1

        ? syntax error: loadsgf takes 1 or 2 arguments (filename [move_number]), got 0

        ? syntax error: printsgf takes 0 or 1 arguments ([filename]), got 2

        ? is_legal takes 2 arguments (color vertex), got 1

        """);
  }

  @Test
  void quitAnswersAndStopsReading() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        9 quit
        name
        """,
        "=9\n\n");
    assertTrue(engine.quitRequested());
  }

  @Test
  void endOfInputEndsTheSessionWithoutQuit() {
    GtpEngine engine = engine();
    assertTranscript(engine, "name\n", "= gofarm\n\n");
    assertFalse(engine.quitRequested());
  }

  @Test
  void executeAnswersOneLineAndNothingForAnEmptyOne() {
    GtpEngine engine = engine();
    assertEquals(Optional.of("=1 2\n\n"), engine.execute("1 protocol_version"));
    assertEquals(Optional.empty(), engine.execute("  # nothing"));
  }

  @Test
  void anExceptionInsideACommandBecomesAnErrorAndTheEngineGoesOn() {
    MoveGenerator broken =
        (game, player) -> {
          throw new IllegalStateException("search exploded");
        };
    assertTranscript(
        new GtpEngine(Rules.DEFAULT, 9, broken),
        """
        genmove b
        play b e5
        """,
        """
        ? internal error: search exploded

        =

        """);
  }

  @Test
  void anIllegalMoveFromTheGeneratorIsNotPlayed() {
    GtpEngine engine =
        new GtpEngine(Rules.DEFAULT, 9, (game, player) -> game.geometry().parse("E5"));
    assertTranscript(
        engine,
        """
        play b e5
        genmove w
        """,
        """
        =

        ? internal error: the move generator chose E5, which is occupied

        """);
    assertEquals(1, engine.game().moves().size());
  }

  // ---------------------------------------------------------------- administrative commands

  @Test
  void knownCommandAndListCommands() {
    assertTranscript(
        """
        known_command play
        known_command countlib
        known_command foo
        list_commands
        """,
        """
        = true

        = true

        = false

        = all_legal
        boardsize
        captures
        clear_board
        color
        countlib
        cputime
        final_score
        final_status_list
        findlib
        fixed_handicap
        genmove
        is_legal
        kgs-genmove_cleanup
        kgs-time_settings
        known_command
        komi
        list_commands
        list_stones
        loadsgf
        name
        play
        popgo
        printsgf
        protocol_version
        quit
        reg_genmove
        set_free_handicap
        showboard
        time_left
        time_settings
        trymove
        unconditional_status
        undo
        version

        """);
  }

  // ---------------------------------------------------------------- setup commands

  @Test
  void boardsizeAcceptsTwoToTwentyFiveAndClearsTheBoard() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        play b d4
        boardsize 5
        list_stones b
        boardsize 2
        boardsize 25
        boardsize 1
        2 boardsize 26
        boardsize 31
        boardsize x
        boardsize
        """,
        """
        =

        =

        =

        =

        =

        ? unacceptable size

        ?2 unacceptable size

        ? unacceptable size

        ? syntax error: size must be an integer (got 'x')

        ? syntax error: boardsize takes 1 argument (size), got 0

        """);
    assertEquals(25, engine.game().geometry().size());
  }

  @Test
  void clearBoardKeepsSizeAndKomi() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 7
        komi 0.5
        play b d4
        play w c3
        clear_board
        list_stones black
        captures w
        """,
        """
        =

        =

        =

        =

        =

        =

        = 0

        """);
    assertEquals(7, engine.game().geometry().size());
    assertEquals(0.5, engine.game().rules().komi());
    assertEquals(Player.BLACK, engine.game().toPlay());
  }

  @Test
  void komiTakesHalfPointsAndKeepsThemAcrossBoardsize() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        komi 6.5
        komi -2
        komi 1e1
        boardsize 9
        komi 6.4
        komi x
        komi NaN
        komi 1001
        komi
        """,
        """
        =

        =

        =

        =

        ? syntax error: komi must be a multiple of 0.5 in -1000..1000 (got 6.4)

        ? syntax error: komi must be a number (got 'x')

        ? syntax error: komi must be a number (got 'NaN')

        ? syntax error: komi must be a multiple of 0.5 in -1000..1000 (got 1001.0)

        ? syntax error: komi takes 1 argument (komi), got 0

        """);
    assertEquals(10.0, engine.game().rules().komi());
    assertEquals(10.0, engine.rules().komi());
  }

  @Test
  void fixedHandicapPlacesTheSpecificationsPointsWithWhiteToMove() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 19
        fixed_handicap 9
        undo
        fixed_handicap 2
        """,
        """
        =

        = D4 Q16 D16 Q4 D10 Q10 K16 K4 K10

        ? cannot undo

        ? board not empty

        """);
    assertEquals(Player.WHITE, engine.game().toPlay());
  }

  @Test
  void fixedHandicapErrorsAreWordedAsGnuGoWordsThem() {
    assertTranscript(
        """
        boardsize 9
        fixed_handicap x
        fixed_handicap 1
        fixed_handicap 10
        play b a1
        fixed_handicap 10
        fixed_handicap 2
        boardsize 7
        fixed_handicap 5
        fixed_handicap 4
        boardsize 5
        fixed_handicap 2
        fixed_handicap
        """,
        """
        =

        ? handicap not an integer

        ? invalid handicap

        ? invalid handicap

        =

        ? board not empty

        ? board not empty

        =

        ? invalid handicap

        = C3 E5 C5 E3

        =

        ? invalid handicap

        ? syntax error: fixed_handicap takes 1 argument (number_of_stones), got 0

        """);
  }

  @Test
  void setFreeHandicapPlacesBlackStonesWithWhiteToMove() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 9
        set_free_handicap c3 G7 e5
        list_stones black
        undo
        set_free_handicap a1 b1
        """,
        """
        =

        =

        = G7 E5 C3

        ? cannot undo

        ? board not empty

        """);
    assertEquals(Player.WHITE, engine.game().toPlay());
  }

  @Test
  void setFreeHandicapErrorsAreWordedAsGnuGoWordsThem() {
    assertTranscript(
        """
        boardsize 2
        set_free_handicap a1
        set_free_handicap
        set_free_handicap a1 a2 b1 b2
        set_free_handicap a1 A1
        set_free_handicap a1 pass
        set_free_handicap a1 z1
        set_free_handicap a1 b2 a2
        list_stones b
        """,
        """
        =

        ? invalid handicap

        ? invalid handicap

        ? invalid handicap

        ? repeated vertex

        ? invalid coordinate

        ? invalid coordinate

        =

        = A2 B2 A1

        """);
  }

  // ---------------------------------------------------------------- playing

  @Test
  void playAcceptsAnyCaseAndPass() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 9
        play B e5
        play white D4
        play black PASS
        play W c3
        list_stones black
        list_stones w
        """,
        """
        =

        =

        =

        =

        =

        = E5

        = D4 C3

        """);
    assertEquals(Player.BLACK, engine.game().toPlay());
  }

  @Test
  void playRejectsIllegalMovesWithTheReason() {
    assertTranscript(
        """
        boardsize 5
        play b e5
        play w e5
        play b a2
        play b b1
        play w a1
        """,
        """
        =

        =

        ? illegal move: E5 is occupied

        =

        =

        ? illegal move: A1 would be suicide

        """);
  }

  @Test
  void playRejectsKoAndSuperko() {
    // Black takes the ko at C4; white may not take back at once, only after a pass each (simple
    // ko), and under positional superko never.
    String ko =
        """
        play b b5
        play w c5
        play b a4
        play w b4
        play b b3
        play w d4
        play b pass
        play w c3
        play b c4
        play w b4
        play w pass
        play b pass
        play w b4
        """;
    String answers = "=\n\n".repeat(9) + "? illegal move: B4 retakes a ko\n\n" + "=\n\n".repeat(2);
    assertTranscript(
        new GtpEngine(new Rules(0, KoRule.SIMPLE, false), 5, FIRST_LEGAL), ko, answers + "=\n\n");
    assertTranscript(
        new GtpEngine(Rules.DEFAULT, 5, FIRST_LEGAL),
        ko,
        answers + "? illegal move: B4 repeats an earlier position (superko)\n\n");
    assertTranscript(
        new GtpEngine(Rules.DEFAULT, 2, FIRST_LEGAL),
        """
        play b b2
        play w b1
        play b a2
        play w a1
        play b b2
        play w a2
        play b b2
        """,
        """
        =

        =

        =

        =

        =

        =

        ? illegal move: B2 repeats an earlier position (superko)

        """);
  }

  @Test
  void playArgumentErrorsAreSyntaxErrors() {
    assertTranscript(
        """
        boardsize 9
        play x e5
        play b z9
        play b e10
        play b i3
        play b e
        """,
        """
        =

        ? syntax error: invalid color 'x': expected black, white, b or w

        ? syntax error: vertex Z9 is off the 9x9 board

        ? syntax error: vertex E10 is off the 9x9 board

        ? syntax error: invalid vertex 'i3': column must be a letter A-Z without I

        ? syntax error: invalid vertex 'e': expected e.g. C3

        """);
  }

  @Test
  void genmovePlaysTheGeneratorsMove() {
    assertTranscript(
        new GtpEngine(Rules.DEFAULT, 2, FIRST_LEGAL),
        """
        genmove b
        genmove w
        genmove x
        genmove
        list_stones b
        list_stones w
        """,
        """
        = A2

        = B2

        ? syntax error: invalid color 'x': expected black, white, b or w

        ? syntax error: genmove takes 1 argument (color), got 0

        = A2

        = B2

        """);
  }

  @Test
  void genmoveAnswersPassWhenTheGeneratorPasses() {
    // Black's only legal point fills its own last eye; white's captures three stones.
    assertTranscript(
        new GtpEngine(Rules.DEFAULT, 2, FIRST_LEGAL),
        """
        play b a2
        play b b2
        play b a1
        genmove b
        genmove w
        list_stones w
        captures w
        """,
        """
        =

        =

        =

        = pass

        = B1

        = B1

        = 3

        """);
  }

  @Test
  void undoTakesBackMovesUntilTheStart() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 9
        play b e5
        play w pass
        undo
        undo
        undo
        undo x
        """,
        """
        =

        =

        =

        =

        =

        ? cannot undo

        ? syntax error: undo takes no arguments, got 1

        """);
    assertEquals(0, engine.game().moves().size());
  }

  // ---------------------------------------------------------------- scoring and showing

  @Test
  void finalScoreIsTheAreaScoreWithKomi() {
    assertTranscript(
        """
        boardsize 5
        komi 0
        final_score
        play b c3
        final_score
        play w c4
        komi 24.5
        final_score
        komi 0.5
        final_score
        final_score now
        """,
        """
        =

        =

        = 0

        =

        = B+25

        =

        =

        = W+24.5

        =

        = W+0.5

        ? syntax error: final_score takes no arguments, got 1

        """);
  }

  @Test
  void unconditionalStatusIsBensonsPassAlive() {
    // Black is pass-alive at the top (eyes A5, C5 with white's dead B5, E5), white at the bottom
    // (eyes A1 and C1 with black's dead B1, E1); row 3 is nobody's.
    assertTranscript(
        """
        boardsize 5
        play b a4
        play b b4
        play b c4
        play b d4
        play b e4
        play b d5
        play b b1
        play w b5
        play w a2
        play w b2
        play w c2
        play w d2
        play w e2
        play w d1
        unconditional_status d5
        unconditional_status B5
        unconditional_status a5
        unconditional_status c1
        unconditional_status b1
        unconditional_status c3
        unconditional_status pass
        unconditional_status z9
        unconditional_status
        """,
        """
        =

        =

        =

        =

        =

        =

        =

        =

        =

        =

        =

        =

        =

        =

        =

        = alive

        = dead

        = black_territory

        = white_territory

        = dead

        = undecided

        ? unconditional_status needs a point, not pass

        ? vertex Z9 is off the 5x5 board

        ? unconditional_status takes 1 argument (vertex), got 0

        """);
  }

  /**
   * A finished 7x7 game: black owns the left, white the right, each with a dead enemy stone inside
   * that Benson cannot prove dead (the areas are too big) but the seeded playouts do.
   */
  private static final String FINISHED_GAME =
      """
      boardsize 7
      komi 0.5
      play b c7
      play b c6
      play b c5
      play b c4
      play b c3
      play b c2
      play b c1
      play b a4
      play b b4
      play w d7
      play w d6
      play w d5
      play w d4
      play w d3
      play w d2
      play w d1
      play w e4
      play w f4
      play w g4
      play w b6
      play b f6
      """;

  @Test
  void finalStatusListUsesBensonThenSeededPlayouts() {
    assertTranscript(
        FINISHED_GAME
            + """
            final_status_list dead
            final_status_list alive
            final_status_list seki
            final_status_list Dead
            final_status_list foo
            final_status_list
            """,
        "=\n\n".repeat(23)
            + """
            = B6
            F6

            = C7 C6 C5 A4 B4 C4 C3 C2 C1
            D7 D6 D5 D4 E4 F4 G4 D3 D2 D1

            =

            = B6
            F6

            ? invalid status

            ? syntax error: final_status_list takes 1 argument (status), got 0

            """);
  }

  @Test
  void finalScoreTakesTheDeadStonesOff() {
    // Black: 9 stones and the 12 points of its side (B6 taken off); white: 10 stones and 18
    // points (F6 taken off). As the board stands (Tromp-Taylor) it would be W+4.5: the dead
    // stones would count and the regions that hold them would be dame.
    assertTranscript(FINISHED_GAME + "final_score\n", "=\n\n".repeat(23) + "= W+7.5\n\n");
    assertEquals("W+4.5", gameOf(FINISHED_GAME).score().toString());
  }

  private static Game gameOf(String commands) {
    GtpEngine engine = engine();
    engine.run(new StringReader(commands), new StringWriter());
    return engine.game();
  }

  @Test
  void showboardDrawsStonesStarPointsCapturesAndTurn() {
    assertTranscript(
        """
        boardsize 9
        komi 6.5
        play b c3
        play w d3
        play b d4
        play w e3
        play b e2
        play w pass
        play b d2
        showboard
        showboard x
        """,
        """
        =

        =

        =

        =

        =

        =

        =

        =

        =

        =
           A B C D E F G H J
         9 . . . . . . . . . 9
         8 . . . . . . . . . 8
         7 . . + . . . + . . 7
         6 . . . . . . . . . 6
         5 . . . . + . . . . 5
         4 . . . X . . . . . 4
         3 . . X O O . + . . 3
         2 . . . X X . . . . 2
         1 . . . . . . . . . 1
           A B C D E F G H J
        black (X) has captured 0 stones
        white (O) has captured 0 stones
        komi 6.5, white to play

        ? syntax error: showboard takes no arguments, got 1

        """);
  }

  // ---------------------------------------------------------------- GNU Go extensions

  @Test
  void listStonesInRowMajorOrderFromTheTop() {
    assertTranscript(
        """
        boardsize 5
        play b a5
        play w e1
        play b c3
        play w b2
        list_stones black
        list_stones white
        clear_board
        list_stones b
        list_stones x
        list_stones
        """,
        """
        =

        =

        =

        =

        =

        = A5 C3

        = B2 E1

        =

        =

        ? invalid color 'x': expected black, white, b or w

        ? list_stones takes 1 argument (color), got 0

        """);
  }

  @Test
  void isLegalAndAllLegalFollowTheRules() {
    assertTranscript(
        """
        boardsize 3
        play b b3
        play b a2
        play b b1
        play b c2
        is_legal w b2
        is_legal b b2
        is_legal w a3
        is_legal w b3
        is_legal w pass
        all_legal w
        all_legal b
        is_legal x b2
        is_legal w b9
        all_legal
        """,
        """
        =

        =

        =

        =

        =

        = 0

        = 1

        = 0

        = 0

        = 1

        =

        = A3 C3 B2 A1 C1

        ? invalid color 'x': expected black, white, b or w

        ? vertex B9 is off the 3x3 board

        ? all_legal takes 1 argument (color), got 0

        """);
  }

  @Test
  void capturesCountsTheStonesTakenByThatColour() {
    assertTranscript(
        """
        boardsize 5
        play w a5
        play w b5
        play b a4
        play b b4
        play b c5
        captures black
        captures w
        captures
        captures red
        """,
        """
        =

        =

        =

        =

        =

        =

        = 2

        = 0

        ? captures takes 1 argument (color), got 0

        ? invalid color 'red': expected black, white, b or w

        """);
  }

  @Test
  void countlibAndFindlibDescribeTheChainAtAVertex() {
    assertTranscript(
        """
        boardsize 9
        play b a1
        play b b1
        play w b2
        countlib a1
        findlib A1
        countlib e5
        findlib pass
        findlib j10
        countlib
        """,
        """
        =

        =

        =

        =

        = 2

        = A2 C1

        ? countlib needs a stone, but E5 is empty

        ? findlib needs a stone, not pass

        ? vertex J10 is off the 9x9 board

        ? countlib takes 1 argument (vertex), got 0

        """);
  }

  // ---------------------------------------------------------------- time

  /** A generator that plays the first legal point and notes the clock each genmove was given. */
  private static final class ClockWatcher implements MoveGenerator {
    final List<GameClock> clocks = new ArrayList<>();

    @Override
    public int generate(Game game, Player player) {
      clocks.add(null);
      return FIRST_LEGAL.generate(game, player);
    }

    @Override
    public int generate(Game game, Player player, GameClock clock) {
      clocks.add(clock);
      return FIRST_LEGAL.generate(game, player);
    }
  }

  private static Duration seconds(long s) {
    return Duration.ofSeconds(s);
  }

  @Test
  void timeSettingsGiveBothColoursACanadianClockAndGenmoveIt() {
    ClockWatcher watcher = new ClockWatcher();
    GtpEngine engine = new GtpEngine(Rules.DEFAULT, 9, watcher);
    assertTranscript(
        engine,
        """
        genmove b
        time_settings 600 300 25
        genmove w
        """,
        """
        = A9

        =

        = B9

        """);
    assertEquals(TimeSettings.canadian(seconds(600), seconds(300), 25), engine.timeSettings());
    assertEquals(null, watcher.clocks.get(0), "no clock before time_settings");
    Duration given = watcher.clocks.get(1).mainLeft();
    assertTrue(given.compareTo(seconds(599)) > 0 && given.compareTo(seconds(600)) <= 0, "" + given);
    // The engine keeps count: white's genmove took a little of its time, black's clock is whole.
    assertTrue(engine.clock(Player.WHITE).mainLeft().compareTo(seconds(600)) < 0);
    assertEquals(seconds(600), engine.clock(Player.BLACK).mainLeft());
  }

  @Test
  void theSpecificationsSpecialCasesOfTimeSettings() {
    GtpEngine engine = engine();
    assertTranscript(engine, "time_settings 0 1 0\n", "=\n\n");
    assertEquals(TimeSettings.NONE, engine.timeSettings(), "byo-yomi time, no stones: no limit");
    assertTranscript(engine, "time_settings 60 0 0\n", "=\n\n");
    assertEquals(TimeSettings.absolute(seconds(60)), engine.timeSettings(), "absolute");
    assertTranscript(engine, "time_settings 0 0 0\n", "=\n\n");
    assertEquals(TimeSettings.NONE, engine.timeSettings(), "nothing at all: no limit");
  }

  @Test
  void timeLeftSetsAColoursClockAndClearBoardStartsThemAfresh() {
    ClockWatcher watcher = new ClockWatcher();
    GtpEngine engine = new GtpEngine(Rules.DEFAULT, 9, watcher);
    assertTranscript(
        engine,
        """
        time_settings 600 300 25
        time_left b 100 0
        time_left W 42 7
        genmove b
        """,
        """
        =

        =

        =

        = A9

        """);
    assertTrue(watcher.clocks.get(0).mainLeft().compareTo(seconds(99)) > 0);
    GameClock white = engine.clock(Player.WHITE);
    assertTrue(white.inOvertime());
    assertEquals(seconds(42), white.periodLeft());
    assertEquals(7, white.stonesLeft());
    assertTranscript(engine, "clear_board\n", "=\n\n");
    assertEquals(seconds(600), engine.clock(Player.WHITE).mainLeft());
    assertFalse(engine.clock(Player.WHITE).inOvertime());
  }

  @Test
  void timeLeftWithoutTimeSettingsChangesNothing() {
    GtpEngine engine = engine();
    assertTranscript(engine, "time_left b 30 0\n", "=\n\n");
    assertFalse(engine.clock(Player.BLACK).limited());
  }

  @Test
  void kgsTimeSettingsGiveEveryTimeSystem() {
    ClockWatcher watcher = new ClockWatcher();
    GtpEngine engine = new GtpEngine(Rules.DEFAULT, 9, watcher);
    assertTranscript(
        engine,
        """
        kgs-time_settings byoyomi 300 30 5
        time_left w 25 2
        genmove w
        """,
        """
        =

        =

        = A9

        """);
    assertEquals(TimeSettings.byoyomi(seconds(300), seconds(30), 5), engine.timeSettings());
    GameClock given = watcher.clocks.get(0);
    assertTrue(given.inOvertime());
    assertEquals(2, given.periodsLeft(), "KGS's stones are the periods left");
    assertTrue(
        given.periodLeft().compareTo(seconds(24)) > 0, "25 s as time_left said, or a bit less");
    String[][] cases = {
      {"kgs-time_settings none", TimeSettings.NONE.toString()},
      {"kgs-time_settings absolute 60", TimeSettings.absolute(seconds(60)).toString()},
      {
        "kgs-time_settings canadian 600 300 25",
        TimeSettings.canadian(seconds(600), seconds(300), 25).toString()
      },
      {"kgs-time_settings byoyomi 60 0 5", TimeSettings.absolute(seconds(60)).toString()},
      {"kgs-time_settings canadian 0 300 0", TimeSettings.NONE.toString()},
      {"kgs-time_settings absolute 0", TimeSettings.NONE.toString()}
    };
    for (String[] c : cases) {
      assertEquals(Optional.of("=\n\n"), engine.execute(c[0]), c[0]);
      assertEquals(c[1], engine.timeSettings().toString(), c[0]);
    }
  }

  @Test
  void badTimeArgumentsAreRefusedAndChangeNothing() {
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        time_settings 60 0
        time_settings 60 x 0
        time_settings -1 0 0
        time_settings 1.5 0 0
        time_left b 30
        time_left x 30 0
        time_left b -3 0
        time_left b 30 -1
        kgs-time_settings
        kgs-time_settings fischer 60 10
        kgs-time_settings none 5
        kgs-time_settings absolute
        kgs-time_settings byoyomi 60 30
        kgs-time_settings canadian 60 30 -2
        kgs-time_settings byoyomi 60 ten 5
        """,
        """
        ? syntax error: time_settings takes 3 arguments \
        (main_time byo_yomi_time byo_yomi_stones), got 2

        ? syntax error: byo_yomi_time must be an integer (got 'x')

        ? syntax error: main_time must not be negative (got -1)

        ? syntax error: main_time must be an integer (got '1.5')

        ? syntax error: time_left takes 3 arguments (color time stones), got 2

        ? syntax error: invalid color 'x': expected black, white, b or w

        ? syntax error: time must not be negative (got -3)

        ? syntax error: stones must not be negative (got -1)

        ? kgs-time_settings takes a time system: none, absolute, canadian or byoyomi

        ? time system must be none, absolute, canadian or byoyomi (got 'fischer')

        ? kgs-time_settings takes 1 argument (none), got 2

        ? kgs-time_settings takes 2 arguments (absolute main_time), got 1

        ? kgs-time_settings takes 4 arguments (byoyomi main_time byo_yomi_time periods), got 3

        ? byo_yomi_stones must not be negative (got -2)

        ? byo_yomi_time must be an integer (got 'ten')

        """);
    assertEquals(TimeSettings.NONE, engine.timeSettings());
  }

  // ---------------------------------------------------------------- files

  @Test
  void printsgfWritesTheGameAndLoadsgfReadsItBack(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("game.sgf");
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 9
        komi 5.5
        play b e5
        play w c3
        play b pass
        printsgf
        printsgf %s
        """
            .formatted(file),
        """
        =

        =

        =

        =

        =

        = (;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[9]KM[5.5]RU[Chinese]
        ;B[ee];W[cg];B[])

        =

        """);
    assertEquals(
        "(;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[9]KM[5.5]RU[Chinese]\n;B[ee];W[cg];B[])\n",
        Files.readString(file));
    GtpEngine other = new GtpEngine(new Rules(0, KoRule.SITUATIONAL, true), 19, FIRST_LEGAL);
    assertTranscript(
        other,
        """
        loadsgf %s
        list_stones b
        loadsgf %s 2
        list_stones white
        loadsgf %s 1
        list_stones b
        loadsgf %s 99
        """
            .formatted(file, file, file, file),
        """
        = white

        = E5

        = white

        =

        = black

        =

        = white

        """);
    // The file's komi, the engine's ko rule and suicide.
    assertEquals(new Rules(5.5, KoRule.SITUATIONAL, true), other.game().rules());
    assertEquals(3, other.game().moves().size());
  }

  @Test
  void loadsgfFailuresLeaveTheGameAsItWas(@TempDir Path dir) throws IOException {
    Path broken = dir.resolve("broken.sgf");
    Files.writeString(broken, "(;SZ[9]\n;B[ee]\n;W[ee)");
    Path illegal = dir.resolve("illegal.sgf");
    Files.writeString(illegal, "(;SZ[9];B[ee];W[ee])");
    Path missing = dir.resolve("missing.sgf");
    GtpEngine engine = engine();
    assertTranscript(
        engine,
        """
        boardsize 5
        play b c3
        loadsgf %s
        loadsgf %s
        loadsgf %s
        loadsgf %s 0
        loadsgf %s x
        list_stones b
        loadsgf %s 2
        list_stones b
        """
            .formatted(broken, illegal, missing, illegal, illegal, illegal),
        """
        =

        =

        ? cannot load file: %s: line 3, column 7: expected ']' to close the value of \
        property W started at line 3, column 3

        ? cannot load file: %s: move 2 (W E5): E5 is occupied

        ? cannot load file: %s: no such file

        ? syntax error: move_number must be at least 1 (got 0)

        ? syntax error: move_number must be an integer (got 'x')

        = C3

        = white

        = E5

        """
            .formatted(broken, illegal, missing));
  }

  @Test
  void printsgfToAnUnwritablePlaceFails(@TempDir Path dir) {
    Path file = dir.resolve("no/such/dir/game.sgf");
    assertTranscript(
        "printsgf %s\n".formatted(file),
        "? cannot write file: %s: no such file\n\n".formatted(file));
  }

  @Test
  void printsgfOfAHandicapGameReadsBackWithWhiteToMove(@TempDir Path dir) {
    GtpEngine engine = engine();
    engine.execute("boardsize 9");
    engine.execute("fixed_handicap 2");
    String response = engine.execute("printsgf").orElseThrow();
    assertEquals(
        "= (;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[9]KM[7.5]RU[Chinese]HA[2]AB[gc][cg]PL[W])\n\n",
        response);
    Game back = Sgf.parse(response.substring(2)).get(0).replay();
    assertEquals(Player.WHITE, back.toPlay());
    assertEquals(2, back.board().stoneCount(gofarm.board.Color.BLACK));
  }

  @Test
  void loadsgfReadsLatin1Files(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("latin.sgf");
    Files.write(file, "(;SZ[5]PB[Jos\u00e9];B[cc])".getBytes(StandardCharsets.ISO_8859_1));
    assertTranscript("loadsgf %s\n".formatted(file), "= white\n\n");
  }
}
