package gofarm.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Point;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * Transcripts of GNU Go's analysis commands as {@link AnalysisGtp} answers them, refusals included.
 * Every answer here was put to GNU Go 3.8 with the same commands; where it answers otherwise, the
 * comment before the command says what it answers and why both are right or which is.
 */
class AnalysisGtpTest {

  /** An engine under simple ko (GNU Go's reading knows no other) that passes when asked to move. */
  private static GtpEngine engine() {
    GtpEngine engine =
        new GtpEngine(new Rules(7.5, KoRule.SIMPLE, false), 9, (game, player) -> Point.PASS);
    new AnalysisGtp().registerOn(engine);
    return engine;
  }

  private static void assertTranscript(String input, String expected) {
    StringWriter out = new StringWriter();
    engine().run(new StringReader(input), out);
    assertEquals(expected, out.toString());
  }

  /**
   * A black group on the first two lines shut in by a white wall, its eye space the straight three
   * A1 B1 C1: whoever plays B1 first decides it.
   */
  private static final String STRAIGHT_THREE =
      """
      boardsize 9
      play b a2
      play b b2
      play b c2
      play b d2
      play b d1
      play w a3
      play w b3
      play w c3
      play w d3
      play w e3
      play w e2
      play w e1
      """;

  /**
   * Ends with the race of the dead group against the white stone inside it, both ways round: black
   * can capture B1 and still dies, which GNU Go 3.8 (and so gofarm) answers as "black dies, B1
   * lives" ({@code 0 0}), and white to move as "white lives, black dies" ({@code 1 1}; GNU Go's
   * move is A1, the other end of the same nakade).
   */
  @Test
  void eyesAndTheLifeOfAnEnclosedGroup() {
    assertTranscript(
        STRAIGHT_THREE
            + """
            1 eval_eye A1
            2 eval_eye B1
            3 eval_eye E9
            4 dragon_status A2
            5 owl_attack A2
            6 owl_defend A2
            7 attack A2
            8 play w b1
            9 dragon_status A2
            10 owl_defend A2
            11 analyze_semeai A2 B1
            12 analyze_semeai B1 A2
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

        =1 1 2 B1 B1

        =2 1 2 B1 B1

        =3 -1

        =4 critical B1 B1

        =5 1 B1

        =6 1 B1

        =7 1 B1

        =8

        =9 dead

        =10 0

        =11 0 0 PASS

        =12 1 1 C1

        """);
  }

  /**
   * G1 is a one-point space of black's two stones around it, both in atari, and the middle of
   * white's corner space G1 F1 G2: it is white's eye space, whose capture at G1 leaves two eyes.
   * GNU Go 3.8 answers {@code eval_eye G1} with {@code 2 2} too (and so does GNU Go's {@code
   * optics.tst} 308, the same corner on 19x19).
   */
  @Test
  void aPointInSpacesOfBothColoursIsTheEyeOfTheLivingSide() {
    assertTranscript(
        """
        boardsize 7
        play w a4
        play w b4
        play w c4
        play w d4
        play w e4
        play w e3
        play w f3
        play w g3
        play w e2
        play w f2
        play b g2
        play w e1
        play b f1
        1 eval_eye G1
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

        =1 2 2

        """);
  }

  /**
   * A white stone at J5 in a ko: white takes it at H5 with a ko capture (GNU Go's code 2, KO_A),
   * and black saves it by capturing a neighbour in atari. GNU Go answers {@code defend J5} with J3
   * (capturing J4), gofarm with J7 (capturing J6): both save it.
   */
  @Test
  void tacticsWithAKoAndTheReadingStack() {
    assertTranscript(
        """
        boardsize 9
        play b g5
        play w h5
        play b h6
        play w j6
        play b h4
        play w j4
        play b j5
        play w f6
        play w f4
        play w g6
        1 attack J5
        2 defend J5
        3 trymove b h5
        4 attack J6
        5 popgo
        6 popgo
        7 increase_depths
        8 attack J5
        9 decrease_depths
        10 reg_genmove w
        11 color J5
        12 color H5
        13 color pass
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

        =1 2 H5

        =2 1 J7

        =3

        =4 1 J7

        =5

        ?6 Stack empty.

        =7

        =8 2 H5

        =9

        =10 pass

        =11 black

        =12 empty

        ?13 color needs a point, not pass

        """);
  }

  /**
   * The race of the straight three against the open white group: its full reading runs out of the
   * 250,000 nodes, the selective one answers as GNU Go 3.8 does: black to move lives at B1 and
   * cannot kill the open group ({@code 1 0 B1}), white to move kills at B1 ({@code 1 1 B1}). With a
   * sixteenth of the budget the selective reading runs out too, and the race is refused.
   */
  @Test
  void anOpenRaceIsReadSelectivelyWhenTheFullReadingRunsOut() {
    assertTranscript(
        STRAIGHT_THREE
            + """
            1 analyze_semeai A2 E3
            2 analyze_semeai E3 A2
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

        =1 1 0 B1

        =2 1 1 B1

        """);
  }

  /** Every command names what is wrong with its arguments, and an open group is not guessed. */
  @Test
  void refusals() {
    assertTranscript(
        STRAIGHT_THREE
            + """
            1 attack E5
            2 attack Z9
            3 attack A2 B2
            4 defend
            5 eval_eye pass
            6 dragon_status E3
            7 owl_attack E3
            8 owl_defend E3
            9 analyze_semeai A2 B2
            10 analyze_semeai A2
            11 increase_depths 2
            12 trymove b a2
            13 popgo 1
            14 decrease_depths
            15 decrease_depths
            16 decrease_depths
            17 decrease_depths
            18 analyze_semeai A2 E3
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

        ?1 vertex must not be empty: E5 is empty

        ?2 invalid coordinate: vertex Z9 is off the 9x9 board

        ?3 attack takes 1 vertex, got 2 arguments

        ?4 defend takes 1 vertex, got 0 arguments

        ?5 invalid coordinate: eval_eye needs a point, not pass

        ?6 not read: the region around E3 has 73 points, 66 empty; local reading takes at most \
        20 and 12, and tactical reading does not capture E3 (gofarm has no owl reading of open \
        groups)

        ?7 not read: the region around E3 has 73 points, 66 empty; local reading takes at most \
        20 and 12, and tactical reading does not capture E3 (gofarm has no owl reading of open \
        groups)

        ?8 not read: the region around E3 has 73 points, 66 empty; local reading takes at most \
        20 and 12, and tactical reading does not capture E3 (gofarm has no owl reading of open \
        groups)

        ?9 analyze_semeai needs stones of both colours, but A2 and B2 are both black

        ?10 analyze_semeai takes 2 vertices, got 1 argument

        ?11 increase_depths takes no arguments, got 1

        ?12 illegal move: A2 is occupied

        ?13 popgo takes no arguments, got 1

        =14

        =15

        =16

        =17

        ?18 reading ran out of its budget of 15625 nodes; increase_depths reads deeper

        """);
  }

  @Test
  void goGuiCanClickAChainOrAPoint() {
    StringWriter out = new StringWriter();
    engine().run(new StringReader("gogui-analyze_commands\n"), out);
    assertEquals(
        """
        = pstring/Tactics: attack/attack %p
        pstring/Tactics: defend/defend %p
        pstring/Eyes: eval_eye/eval_eye %p
        pstring/Life: owl_attack/owl_attack %p
        pstring/Life: owl_defend/owl_defend %p
        pstring/Life: dragon_status/dragon_status %p
        pstring/Semeai: analyze_semeai/analyze_semeai %P

        """,
        out.toString());
  }
}
