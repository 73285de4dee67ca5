package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * {@link Reading} on diagrams (a ladder, a ladder breaker, a net, a shut-in chain), kos under
 * simple ko and positional superko, a ko retake inside a line, a backfilling defence, its budget,
 * and against the playouts' own ladder reader ({@code gofarm.playout.Ladder}, written and tested
 * apart) on the two-liberty chains of random positions: whatever that reader proves caught in a
 * ladder, the tactical search must capture too.
 */
class ReadingTest {
  /** Black's C7 in atari from white's C6; extending at D7 runs into a ladder to the top edge. */
  private static final String LADDER =
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

  private static String read(Board board, String vertex, boolean attack) {
    Geometry g = board.geometry();
    Reading reading = new Reading(board);
    Reading.Result r = attack ? reading.attack(g.parse(vertex)) : reading.defend(g.parse(vertex));
    assertTrue(r.exact(), "within the budget: " + r);
    return Reading.name(r.code())
        + (r.move() == Point.NONE ? "" : r.move() == Point.PASS ? " pass" : " " + g.name(r.move()));
  }

  @Test
  void aLadderIsReadOutAndABreakerSavesIt() {
    Board board = Diagram.parse(LADDER).board();
    assertEquals("WIN D7", read(board, "C7", true), "in atari: white takes its last liberty");
    // Black to move can extend, but the extension runs into the ladder.
    assertEquals("0", read(board, "C7", false));
    Board broken = Diagram.parse(LADDER.replaceFirst("\\. \\. \\. \\.", ". . . X")).board();
    assertEquals("WIN D7", read(broken, "C7", false), "the breaker at D9 lets it escape");
  }

  @Test
  void aStoneWithTwoLibertiesInTheOpenEscapes() {
    // White E5 after black's D5 and E4: every atari lets it out towards the open board.
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . X O . . . .
                . . . . X . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("0", read(board, "E5", true));
  }

  @Test
  void aChainShutInTheCornerIsCaptured() {
    // White's three stones B9 C9 C8 have two liberties, A9 and B8, and no way out.
    Board board =
        Diagram.parse(
                """
                . O O X . . . . .
                X . O X . . . . .
                . X X X . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    String answer = read(board, "C9", true);
    assertTrue(answer.startsWith("WIN"), answer);
  }

  /**
   * Black's last move captured a white stone in a ko and both players passed. Under simple ko the
   * passes end the ban: white retakes, a ko capture (black could take back after a threat of its
   * own), so GNU Go's {@code KO_A}: the capture succeeds unless black wins the ko. Under positional
   * superko the retake would repeat the position before black's capture: white could capture it
   * only through a ko threat first, {@code KO_B}, and at the end of the game the stone stays.
   */
  @Test
  void aKoRetakeAfterThePassesIsConditionalUnderSuperko() {
    String diagram =
        """
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . X . X O . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        """;
    for (KoRule ko : KoRule.values()) {
      Board start = Diagram.parse(diagram).board();
      Game game = new Game(start.geometry(), new Rules(7.5, ko, false));
      game.setup(start.colors());
      Geometry g = game.geometry();
      game.play(Player.WHITE, g.parse("C4")); // white takes the ko
      game.play(Player.BLACK, g.parse("A1")); // a threat
      game.play(Player.WHITE, g.parse("A2")); // answered
      game.play(Player.BLACK, g.parse("D4")); // black retakes
      game.play(Player.WHITE, Point.PASS);
      game.play(Player.BLACK, Point.PASS);
      Reading.Result r = Reading.of(game).attack(g.parse("D4"));
      assertEquals(ko == KoRule.SIMPLE ? "KO_A" : "KO_B", Reading.name(r.code()), ko + ": " + r);
    }
  }

  /**
   * GNU Go's reading.tst 56 (reading03.sgf): white's J8 puts black's J4-J7 chain in atari, and
   * black's only rescue, J9, takes J8 in a ko. White retakes after a threat, which brings back the
   * board of the first move: reading refused that repetition and found no attack; the retake is a
   * conditional ko capture, so white captures only if it finds the first threat, {@code KO_B}, as
   * GNU Go answers. Black extending at H7 instead joins chains that have one liberty left, G9.
   */
  @Test
  void aKoRetakeMayBringBackAPositionOfTheLine() {
    Board board =
        Diagram.parse(
                """
                X X X X O X . O .
                X X O O O X X X .
                . X O O O O X . X
                . X O . O . O X X
                . X X O . O . O X
                . X O O . O . O X
                X X X O . . O . O
                . X O O . . . . .
                X O O . . . . . .
                """)
            .board();
    assertEquals("KO_B J8", read(board, "J7", true));
  }

  /**
   * GNU Go's reading.tst 115 (reading15.sgf, "well-known tesuji"): white's A4 A5 B5 has two
   * liberties, A3 and B4. Black's A3 would join A2 with two liberties, A1 and B2, so white
   * backfills at B2 first (GNU Go's answer): black's A3 is then a self-atari.
   */
  @Test
  void aDefenderBackfillsWhereTheAttackerWouldHaveFewLiberties() {
    Board board =
        Diagram.parse(
                """
                X O O . X . O O .
                X O . O . O . O X
                X X O O X O O X X
                X X X O X O X X X
                O O X X X X X O O
                O . O X . X O . O
                . O O X . X O O .
                X . . X . X . . X
                . O X X . X X O O
                """)
            .board();
    assertTrue(read(board, "A5", true).startsWith("WIN"), "black captures if white tenukis");
    assertEquals("WIN B2", read(board, "A5", false));
  }

  /**
   * GNU Go's reading.tst 88 (reading11.sgf, "necessary to start by reinforcing surrounding chain"):
   * white's G3-G6 has three liberties, F6, H4 and H5, and F6 is suicide for black, held by white's
   * E6 and F7. Black first takes E4, where white would atari black's E5 and F3-F4 at once (GNU Go's
   * answer); after white's E7, which joins E6 and F7, black's D7 shortens that chain.
   */
  @Test
  void theAttackerGuardsADoubleAtariAndShortensTheChainsHoldingALiberty() {
    Board board =
        Diagram.parse(
                """
                . O . X X X . . .
                O O . . . X X . .
                O . . . . O X X .
                O O . X O . O X X
                . O . . X O O . X
                . O O . . X O . X
                . . O O O X O X X
                . . . O X . X X .
                . . . O X X X . .
                """)
            .board();
    assertEquals("WIN E4", read(board, "G6", true));
    Board after =
        Diagram.parse(
                """
                . O . X X X . . .
                O O . . . X X . .
                O . . . O O X X .
                O O . X O . O X X
                . O . . X O O . X
                . O O . X X O . X
                . . O O O X O X X
                . . . O X . X X .
                . . . O X X X . .
                """)
            .board();
    assertEquals("WIN D7", read(after, "G6", true), "after black's E4 and white's E7");
  }

  /**
   * GNU Go's reading.tst 122 (reading18.sgf): black's H7-J9 has three liberties, H8, H9 and J6, and
   * shares two of them with white's G7-G9, which has four. Black saves it by shortening white's
   * chain from outside, at F9 or F7 (the test's answers; GNU Go's own is F7): white then loses the
   * race.
   */
  @Test
  void theDefenderShortensARacingChainFromOutside() {
    Board board =
        Diagram.parse(
                """
                . . . . X . O . X
                . . . . X X O . X
                . . X X X . O X X
                . . . O X X X O .
                . . O . O X . O O
                . O . O X X . O .
                . O X X X . . O O
                O O O O . . . O .
                . O . O . . . O .
                """)
            .board();
    assertTrue(read(board, "J9", true).startsWith("WIN"), "white captures if black tenukis");
    assertEquals("WIN F9", read(board, "J9", false));
  }

  /**
   * White's F1 is in atari, and black's capture at G1 would join a chain left with one liberty
   * besides F1, D2. White takes D2 first (GNU Go's answer): the capture is then a snapback, which
   * white takes back at F1, so it is no attack. Black to move captures at once.
   */
  @Test
  void theDefenderSetsUpASnapback() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . O O . . .
                . . . O X X O . .
                . . . O X X X O .
                . . . . X X X O .
                . . . O X O . X O
                """)
            .board();
    assertEquals("WIN G1", read(board, "F1", true));
    assertEquals("WIN D2", read(board, "F1", false));
  }

  /**
   * GNU Go's reading.tst 74 (reading08.sgf) in full: white's E6 against black's E8 is a move
   * black's defences do not answer, but E8 is not captured even if white then moves again, so it is
   * no attack (GNU Go's check); white captures only through the ko at E9, where white must find the
   * first threat: KO_B, GNU Go's {@code 3 E9}. Black saves E8 outright at E9 or E6 (GNU Go's {@code
   * defend E8} answers {@code 1 E6} on this diagram), and E6 captures or saves G9 (GNU Go's answers
   * to 72 and 73).
   */
  @Test
  void anAttackThatLeavesTheTargetSafeAfterASecondMoveIsNone() {
    Board board =
        Diagram.parse(
                """
                . X O . . . O X .
                . X O . X O O X .
                . X O O X O X X .
                . X O X . O X . .
                . X X O O O X . .
                . . X X X X X . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("KO_B E9", read(board, "E8", true));
    assertEquals("WIN E6", read(board, "E8", false));
    assertEquals("WIN E6", read(board, "G9", true));
    assertEquals("WIN E6", read(board, "G9", false));
  }

  /**
   * GNU Go's reading.tst 121 (reading18.sgf): white's E5 is in atari, but black's capture at D5 is
   * a ko (KO_A). Black first takes C4, a liberty white would have after extending to D5
   * (backfilling), and white's stones then die outright: GNU Go answers {@code 1 C4}; white saves
   * E5 at D5.
   */
  @Test
  void theAttackerBackfillsRatherThanCaptureInAKo() {
    Board board =
        Diagram.parse(
                """
                . . . . X . O . X
                . . . . X X O . X
                . . X X X . O X X
                . . . O X X X O .
                . . O . O X . O O
                . O . O X X . O .
                . O X X X . . O O
                O O O O . . . O .
                . O . O . . . O .
                """)
            .board();
    assertEquals("WIN C4", read(board, "E5", true));
    assertEquals("WIN D5", read(board, "E5", false));
  }

  /**
   * GNU Go's reading.tst 145 (ko5.sgf): white's H12 leaves black's J13-N13 chain with two
   * liberties, L13 and N12, both self-ataris, and no white chain around it short of liberties.
   * White's N12 would then be only a ko, but black has no move that helps: a move next to the white
   * wall on the M column, which has many liberties, is no rescue, so the attack wins outright: GNU
   * Go answers {@code 1 H12}.
   */
  @Test
  void noRaceRescueNextToAnAttackingChainWithManyLiberties() {
    Board board =
        Diagram.parse(
                """
                . . . X . X X O X X . X X
                . . X . X X O . O X X X .
                . . X X X . O O O O O O X
                . . . . . . . . . . . O O
                . . . . . . . . . . . O .
                . . . . . . . . . . . O O
                . . . . . X X X . . . O .
                . . . . X X . X X . . O .
                . . . . X . X . X X X O O
                . . . . . X X . X . X O X
                . . . . . . O X O O O X .
                . . O O O O O X O . O X X
                . . O . O . O . X O X X .
                """)
            .board();
    assertEquals("WIN H12", read(board, "J13", true));
  }

  /**
   * GNU Go's reading.tst 45 (incident225.sgf at move 252), the top of columns F to O alone: black's
   * C8 has three liberties; C9 gives it a fourth, but white's C7 still captures it, and only C7
   * saves it, through a ko black takes first. Reading the attacker's answer to the defender's first
   * move when the target has four liberties finds that: GNU Go answers {@code 2 C7} on this diagram
   * (and {@code 1 C9} to the attack), where C9 counted as an escape before.
   */
  @Test
  void aFourthLibertyIsReadInTheAttackersFirstAnswer() {
    Board board =
        Diagram.parse(
                """
                O . . . O X X X X
                O . X O O X X O O
                O O . O X X O . O
                O X . O X O O X .
                X O O O X X O O O
                X X X X X O X X X
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("KO_A C7", read(board, "C8", false));
    assertEquals("WIN C9", read(board, "C8", true));
  }

  /**
   * GNU Go's reading.tst 201 (arend/gnugo-gnugo7.sgf at move 24 after white's E17): black's G17
   * captures white's E17 F17 (three liberties) in a net, the test's answer. With every point next
   * to two liberties tried inside the line as well, the reading ran out of its budget on the open
   * board; with GNU Go's nets alone it is read out. GNU Go itself answers {@code 0} on this diagram
   * (the test is one it fails).
   */
  @Test
  void insideALineOnlyGnuGosNetsAreTriedAgainstTwoLiberties() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . . . . . . . . . . . .
                . . O O X X . . . . . . . . . . . . .
                . . O X O O . X . . . . . . . . . . .
                . . O X . . . . . . . . . . . X . . .
                . . . X . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . X . . . . . X . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . X . . . . . . . . . . . . . . .
                . . X . . . . . . . . . . . . . . . .
                . . X O . O . . . . . . . . . . . . .
                . O O . . . . . . O . . . . . . O . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                """)
            .board();
    assertEquals("WIN G17", read(board, "E17", true));
  }

  /**
   * GNU Go's reading.tst 184 (reading41.sgf at move 130), the top-left 12 by 12: white's C12 chain
   * has two liberties, A11 and B12, both self-ataris for it. Black's E4 looks like the attack, but
   * white then shortens black's four-liberty chain around C12 from inside its eye space (B5 or B6,
   * GNU Go's break_chain4, which its defend2 tries when the target cannot lengthen) and lives by a
   * ko it takes first; black must start at A9, for a ko of its own. GNU Go answers {@code 2 A9} on
   * this diagram, as gofarm now does.
   */
  @Test
  void aTargetThatCannotLengthenShortensFourLibertyChainsAroundIt() {
    Board board =
        Diagram.parse(
                """
                O . O X X . . . . . . .
                . O O O X X . . . . . .
                X O O X O . . . . X . .
                . X O X X X X . . X . .
                X X O X . O X . . . . .
                X X X O O O X . . . . .
                X . X X X O X X . X . .
                X . X X O O . O X . . .
                O X X O . O . O X . . .
                O O X X O O X X . X . .
                . . O X O O O . X . . .
                O O O O X X . . . . . .
                """)
            .board();
    assertEquals("KO_A A9", read(board, "C12", true));
  }

  /**
   * GNU Go's reading.tst 81 (reading09.sgf): white's F1 takes black's G1 as a ko and leaves the E5
   * chain in atari, so white captures it through a ko it takes first (KO_A, GNU Go's {@code 2 F1}).
   * Black's defence shortens white's three-liberty chain around E5, at C2, and needs the first
   * threat in that ko: GNU Go answers {@code 3 C2}, not a pass.
   */
  @Test
  void theDefenderShortensAThreeLibertyChainAroundTheTarget() {
    Board board =
        Diagram.parse(
                """
                . X . . O . . . .
                . X . . O . . . .
                . X . . O . . . .
                . X X X O O . . .
                X X O O X O O O .
                X O . O X X X O .
                X O O O X . X O .
                X X . O X X O O .
                . X . O X . X O .
                """)
            .board();
    assertEquals("KO_A F1", read(board, "E5", true));
    assertEquals("KO_B C2", read(board, "E5", false));
  }

  /**
   * GNU Go's reading.tst 26 (incident144.sgf after white's F17), the top edge alone: black's J19
   * chain saves itself by capturing H18 H19 at G19. Reading finds that only if black, with two
   * liberties inside the line, may shorten white's three-liberty chains around it (GNU Go's
   * break_chain3 in defend2); without those moves it found no defence. GNU Go answers {@code 1 G19}
   * here as in the game.
   */
  @Test
  void aTwoLibertyDefenderShortensThreeLibertyChainsInsideALine() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . O X . . . . X X . . . .
                . . X O O . X O X O O O O X O X . . .
                . X X X O O O X X O X X O O O X . . .
                . . X O O . . O O X . X O O X . X . .
                . . . X . . . . . . X . X X . . . X .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                """)
            .board();
    assertEquals("WIN G19", read(board, "J19", false));
  }

  /**
   * GNU Go's reading.tst 92 (incident42.sgf at move 89): white's P16 chain (liberties Q15 and R14)
   * is saved only at T15, next to T14, a liberty of its superstring (S14 joins it through R14,
   * where black's stone would be in atari) on which black's stone would have two liberties at most,
   * so that black cannot block there. GNU Go answers {@code 1 T15}.
   */
  @Test
  void theDefenderPlaysNextToALibertyOfItsSuperstring() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . . . . . . . . O . . .
                . . . O X . . . . . . . . X O . . O O
                . X X O X . . . . . . . . X X O O X O
                . O O X X . . . . X . O . X O X X X .
                . O X O O O O O . . . . . X O . . X .
                . O X X X X X . . . . . . X O O . O .
                . O X O X . . . . . . . . X X O O X .
                . . O O . . . . . . . . . . . X X X .
                . . X . . . . . . . . . . . . . . . .
                . . . X . . . . . X . . . . . X . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . O . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . X . X . . .
                . . . . . . . X . . . . . . . . . . .
                . . X X X X X O . X . . O . . X . . .
                . X X O X O X O . . . . . . . . . . .
                . O O O X O O . . . . . . . . . . . .
                . . O . O . O . . . . . . . . . . . .
                """)
            .board();
    assertEquals("WIN T15", read(board, "P16", false));
  }

  /**
   * GNU Go's reading.tst 203 (reading46.sgf): black's H9 chain has three liberties; white cannot
   * play G9 (suicide), and black's stone there would join F9 and run out at E9 only. White's E9 is
   * in atari, but black's stone on its last liberty D9 would have fewer liberties than on E9
   * itself, so E9 squeezes black's liberties (GNU Go's squeeze move). GNU Go answers {@code 1 E9}.
   */
  @Test
  void aSqueezeCapturesThroughAShortageOfLiberties() {
    Board board =
        Diagram.parse(
                """
                O . O . . X . X X
                . O O X X O X X .
                O O X X O O O . O
                X X . X O . O O O
                X . X O O . . . .
                . X X O . . . . .
                X X O O . . . . .
                O O O . . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("WIN E9", read(board, "H9", true));
  }

  /**
   * GNU Go's reading.tst 163 (trevor b75.sgf at move 62): E12 cannot be captured. Deep in a line
   * the defender no longer puts in atari a two-liberty attacking chain that has a chain of the
   * defender in atari next to it (GNU Go's break_chain2 limit), so the reading ends well within its
   * budget instead of running out. GNU Go answers {@code 0}.
   */
  @Test
  void deepCounterAtarisAgainstAChainThatCapturesFirstAreNotRead() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . . . . . .
                . . . . X X O . . . . . .
                . . . . . O . O . . . . .
                . . . X O O X O . O O O .
                . . . X O X . X . . X O O
                . . . . . X . . O O X X O
                . . . X X . O . O X . . X
                . . X O O . . . . X . X .
                X . X . . . . O . . . . .
                . X O O . O . . X . X . .
                X O O . . O X X . . . . .
                . X . O O X . X . . . . .
                . . . O X . X . . . . . .
                """)
            .board();
    assertEquals("0", read(board, "E12", true));
  }

  /**
   * A single stone in a ladder that sets up a snapback inside the line: after Black's F1, White's
   * E1 takes the last liberty Black's F1-F2 would keep besides G2, so Black's capture at G2 is
   * taken back at G1. GNU Go 3.8 on this diagram: {@code attack G1} is {@code 0}, and after F1
   * {@code defend G1} is {@code 1 E1} (the same set-up wins reading.tst 175 two moves into its
   * line).
   */
  @Test
  void aSnapbackSetUpInsideALineSavesTheStone() {
    Board board =
        Diagram.parse(
                """
                . . . O . . X
                . O O O X X .
                O O O . X . X
                . O . O O X X
                O O O X . O O
                O O . O O X .
                O . O . . . O
                """)
            .board();
    assertEquals("0", read(board, "G1", true));
  }

  /**
   * GNU Go's reading.tst 187 (reading41.sgf at move 130): the stone at A19 is saved from afar, at
   * E11, which saves the white stone D11 in atari next to Black's three-liberty chain around A19's
   * superstring (GNU Go's superstring_break_chain with defend_secondary_chain1). GNU Go 3.8 on this
   * diagram: {@code defend A19} is {@code 1 E11}.
   */
  @Test
  void aChainAroundTheSuperstringIsBrokenFromAfar() {
    Board board =
        Diagram.parse(
                """
                O . O X X . . . . . . . . . . . . . .
                . O O O X X . . . . . . . . . . . . .
                X O O X O . . . . X . . . . . X . . .
                . X O X X X X . . X . . . . . X . . .
                X X O X . O X . . . . . . . . . . . .
                X X X O O O X . . . . . . . . . . . .
                X . X X X O X X . X . . . . . . . . .
                X . X X O O . O X . . . . . . . . . .
                O X X O . O . O X . . . . . . . . . .
                O O X X O O X X . X . . X . . X X . .
                . . O X O O O . X . . . X . . . . . .
                O O O O X X . . . . . . . . X . . . .
                . X . O . . O . . X . . . . X . . . .
                . X . . O . . X . . X O . X O . O O .
                . . . . . X X . . . . . . X O . . X .
                . . X X . . . . . X . . . . O X . . .
                . . . . . . . . . X . . . . . X . . .
                . . . . . . . . . . . . . . . . . . .
                . . . . . . . . . . . . . . . . . . .
                """)
            .board();
    assertEquals("WIN E11", read(board, "A19", false));
  }

  /**
   * GNU Go's reading.tst 124 (reading20.sgf): Black's G3 chain has two liberties, F1 and J1, and J1
   * joins it to Black's J2 chain. White takes K3, a liberty of that chain of the superstring and
   * none of the target's, and the joined chain is short of liberties (GNU Go's superstring_moves
   * for the attacker). GNU Go 3.8 on this diagram: {@code attack G3} is {@code 1 K3}.
   */
  @Test
  void theAttackerTakesALibertyOfTheSuperstring() {
    Board board =
        Diagram.parse(
                """
                . . . . X . . . . . . . . . . . . . .
                . . O O O X . . . . . . . . . . . . .
                . . . O X X X . X . X X X . . . X X .
                . . O X X . X O . X . O O X . X X O .
                . O O O O X O . O X . X X . X . . X .
                . X . . . O O O X O O O O X . . O O .
                . X O O X X O X X X O X X O . . . . .
                . . X X X O O O O X O O . O . O . . .
                . . . . . X . . . X . X . . . . . O .
                . . . X . . . . . X X X O O . X X X O
                . . . . . . . . O . . O X X . X O O .
                . . . . . . . . O X X O . . . . . . .
                . . . X . . . . O X X . O . . . . . .
                . . . . . X . . O X O O . O O . O . .
                . . X . X O O O O X X . . . X O . . .
                . . . X X X O O O X . X . X X X O . .
                . . . . . O X O X . . . . O O X O . .
                . . . . . O X O X . . . . . . X . . .
                . . . . . . X X . . . . . . . . . . .
                """)
            .board();
    assertEquals("WIN K3", read(board, "G3", true));
  }

  /**
   * GNU Go's special_attack2 diagram, as in reading.tst 41 (incident185.sgf at move 204): white's
   * C8-D9 chain has two liberties, C9 and C7, both suicide for black. White's stone on C9 would
   * have two liberties, C7 and A9, so black takes A9 first (GNU Go's answer on this diagram): C9
   * then captures B9 and the chain is caught.
   */
  @Test
  void theAttackerTakesTheLibertyADefenderWouldGainOnASuicideLiberty() {
    Board board =
        Diagram.parse(
                """
                . O . O X . . . .
                X X O O X . . . .
                X O . O X . . . .
                X O O O X . . . .
                X X X X X . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("WIN A9", read(board, "C8", true));
    assertEquals("0", read(board, "C8", false));
  }

  /**
   * GNU Go's edge_clamp diagram: white's A2-C3 has three liberties; black's D2-D3 next to it has
   * three too, D1 on the edge, E2 and E3. White's E2 clamps it against the edge (GNU Go's answer on
   * this diagram; white's D1 also saves it). The same move saves the chains next to a liberty that
   * is suicide for the attacker (reading.tst 161 and 162 after black's special_attack2 move).
   */
  @Test
  void theDefenderClampsAnAttackingChainAgainstTheEdge() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . X X O O . . . .
                X X O X . . . . .
                O O O X . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("WIN C1", read(board, "A2", true));
    assertEquals("WIN E2", read(board, "A2", false));
  }

  /**
   * reading.tst 108 cut down (GNU Go's draw_back test): white's D3-D2 has three liberties after
   * black's C2; white's E2 leaves black's E3 with two, and black draws back to F3, which also
   * closes white's way out along the edge; white's four liberties there (C1, D1, E1, F2) are on the
   * first two lines and are read on. GNU Go answers C2 for both on this diagram.
   */
  @Test
  void theAttackerDrawsBackAlongTheEdge() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . . . . . .
                . O . . . . . . .
                . . . . . . O . X
                . X . . O . . O .
                . . X X . . . . .
                . O X O X . . X .
                . . . O . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("WIN C2", read(board, "D3", true));
    assertEquals("WIN C2", read(board, "D3", false));
  }

  /**
   * reading.tst 152 cut down: black's E8 has four liberties on the first two lines; after white's
   * E7 and black's answer it still has four there, and is read on to its capture. GNU Go answers D8
   * for both on this diagram, and confirms white's E7 and black's E9.
   */
  @Test
  void fourLibertiesAlongTheEdgeAreReadOn() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . X . . . .
                O O . O . O O O .
                . . O X O O X X O
                O O X X X X X . X
                O X X . . O . . X
                O O X . O . O X .
                . O X X . O . X .
                . O X X O . O . .
                """)
            .board();
    assertEquals("WIN E7", read(board, "E8", true));
    assertEquals("WIN E9", read(board, "E8", false));
  }

  /**
   * reading.tst 189 cut down: black's C9 chain has four liberties (D9, D7, D4, D2) and white takes
   * them faster than black can; black defends by shortening white's B-file chain (three liberties:
   * A9, A7, A6) at A7, which a four-liberty defence gets only at the start (GNU Go's break_chain3
   * in defend4), not at A6, a self-atari. GNU Go answers A7 and, for the attack, D2; it confirms
   * white's D4 as well.
   */
  @Test
  void fourLibertiesAreDefendedByShorteningANeighbour() {
    Board board =
        Diagram.parse(
                """
                . O X . X X O . .
                X O X O X O O . .
                . O X . X O . X .
                . O X X O O O . .
                O O X O O X . X X
                X O X . . X X . O
                X X X O O . . . O
                X O X . . X . X X
                O O O O O X . X .
                """)
            .board();
    assertEquals("WIN A7", read(board, "C9", false));
    assertEquals("WIN D4", read(board, "C9", true));
  }

  /**
   * reading.tst 63 cut down: black's A7 chain crawls down the edge on A6, but white's B5 (GNU Go's
   * propose_edge_moves: the point above the edge liberty next to white's B6) keeps it on the first
   * line; black's crawls that white's B6 chain, with five liberties, stops without a black stone
   * ahead are not read. GNU Go answers, on this diagram, no defence, the attack D7, and after
   * black's A6 the attack B5.
   */
  @Test
  void theAttackerClimbsUpBesideACrawlAlongTheEdge() {
    Board board =
        Diagram.parse(
                """
                . O O O O . . . .
                . O X X O . . . .
                X X X . O . . . .
                . O O . . . . . .
                . . . . . . . . .
                . . X . . . . . .
                . . . . . . . . .
                . . . X . . . . .
                . . X . . . . . .
                """)
            .board();
    assertEquals("0", read(board, "A7", false));
    assertEquals("WIN D7", read(board, "A7", true));
    board.play(board.geometry().parse("A6"), Color.BLACK);
    assertEquals("WIN B5", read(board, "A7", true));
  }

  /**
   * reading.tst 198 cut down: white's E5 chain has two liberties side by side, E6 and F6. Black's
   * E7 stands beside E6 with two liberties (E8, E6): after black's E6 the chain would be short of
   * F6 too. White ataris E7 from its other liberty, E8, first (GNU Go's special_rescue4). GNU Go
   * answers, on this diagram, no attack, and after black's E7 the defence E8.
   */
  @Test
  void theDefenderAtarisAStoneBesideItsTwoLiberties() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . . . . . .
                O . . . . . O . O O X O X
                . O . . . . . O O X X O O
                O X O O O O O O X O O . O
                O X O X X X X X X O . O .
                X X X O . . . X O O X . .
                . . X O . O . X X X O . .
                X X X . . . O X O O O . .
                . . . X O O X X X X O . .
                . . . X O X X X X X O O .
                X . . X X O O X O X X O .
                X . . . X O O O O O O . .
                X . . . X X O . . . . . .
                """)
            .board();
    assertEquals("0", read(board, "E5", true));
    board.play(board.geometry().parse("E7"), Color.BLACK);
    assertEquals("WIN E8", read(board, "E5", false));
  }

  /**
   * reading.tst 84 (GNU Go's reading09.sgf after move 3, without its ko ban): black's E5 chain is
   * in atari at F3, and white's F1 beside it is in atari at G1. Saving F1 at G1 also leaves the
   * chain caught, but the capture comes first, as GNU Go answers on this diagram: F3, and G1 (a ko)
   * for the defence.
   */
  @Test
  void aChainInAtariIsCapturedBeforeAnythingElse() {
    Board board =
        Diagram.parse(
                """
                . X . . O . . . .
                . X . . O . . . .
                . X . . O . . . .
                . X X X O O . . .
                X X O O X O O O .
                X O . O X X X O .
                X O O O X . X O .
                X X X O X X O O .
                . X . O X O . O .
                """)
            .board();
    assertEquals("WIN F3", read(board, "E5", true));
    assertEquals("KO_A G1", read(board, "E5", false));
  }

  /**
   * reading.tst 172 (GNU Go's reading38.sgf, the whole board): black's N14 chain has two liberties,
   * S13 and S9, and neither saves it. Black's atari at Q15 works, but white's chain there could run
   * from it; GNU Go tries that only after the backfill Q10 (a liberty the chain would have after
   * S9, where white's stone would be in atari), and answers Q10 on this diagram.
   */
  @Test
  void anAtariTheChainCanRunFromComesAfterTheBackfills() {
    Board board =
        Diagram.parse(
                """
                . O X X . . . . X O O . . . . . . . .
                . . O X . X . . X X O O O O . . . O .
                . O O X X O . . O . X O X X O O O X .
                . . . O O X X X X X X X X O . . . O O
                . . . O O O X X X O X O O O O . O O O
                . . . O O X X X O O O O X X O O X X X
                . . . O X X O O X X O X X X X X X . X
                . . . . O X X O O X X X O O O X O O X
                . . . . . O O O X X X O O X . O O O X
                . . . O . . O X X X O X O . O . O X X
                . . . . . O . O X O O X O . O X X . O
                . . . . . . . O X O X X O X O O X X O
                . . . . . . . . O O O X X . X X O X .
                . . . . . . O . . O X X X X . . O X X
                . . . O O O O O . O X O X X . X O O X
                . . . O X X O X O O O O O X X . O O O
                O O O O O X X X X X O O X X . X X X .
                X O X X X X X . X X O . O X X . . . .
                X X X X . O . . X O O O O O X . . . .
                """)
            .board();
    assertEquals("WIN Q10", read(board, "N14", false));
    assertEquals("WIN S13", read(board, "N14", true));
  }

  /**
   * reading.tst 196 (GNU Go's evand-gnugo-3.5.2gf1-200312130817.sgf after move 28): white's E8 pair
   * has two liberties, E9 and F8. Black's E9 takes one, white extends to F8 with three, all on the
   * first two lines, and black's draw-back H7 catches the chain crawling along the top edge, more
   * than 8 moves into the line. GNU Go answers E9 on this diagram (and F8 or E9 to defend).
   */
  @Test
  void aChainCrawlingAlongTheEdgeWithThreeLibertiesIsReadOn() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . X X O . O . .
                . X X O O O X . .
                . O X O O X . . .
                O O O X O X . . .
                . O X X X . . . .
                . . X . . . O . .
                . . . . . . . . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("WIN E9", read(board, "E8", true));
    assertEquals("WIN E9", read(board, "E8", false));
  }

  /**
   * reading.tst 208 (GNU Go's evand-gnugo-3.5.2gf1-200312161910.sgf after move 52): black's A6
   * chain has two liberties, B4 and C4, and black defends by taking the ko at A2. Reading the chain
   * along the edge deeper found white's retake at A3 winning the ko, unless black, after it,
   * backfills at C2: white's stone on B4 would be in atari, and C2 is a liberty black's would have
   * there. GNU Go answers A2 on this diagram, and no attack.
   */
  @Test
  void theDefenderBackfillsWhereTheAttackersStoneWouldBeInAtari() {
    Board board =
        Diagram.parse(
                """
                . . . O X . X . .
                . O . O X X . . .
                O . . O X O X X .
                X O O X X O O X X
                X X X O O O . O O
                X . . X X O O X .
                O X X X O . O O X
                . O . X O O . . .
                O . . X X O . . .
                """)
            .board();
    assertEquals("WIN A2", read(board, "A6", false));
    assertEquals("0", read(board, "A6", true));
  }

  /**
   * reading.tst 52 to 54 (GNU Go's reading02.sgf): black's E2 pair and white's C3 chain race.
   * Black's C1 fails to save E2: white takes it at B1, and in the race that follows each side
   * shortens the other's racing chain from outside (GNU Go's special_attack4: black's H2, white's
   * J2 or H1), so white gets a ko. Black's H2 at once saves E2. GNU Go answers so on this diagram:
   * H2; after C1, B1 with the first ko threat needed, for white's defence of C3 as for its attack
   * on E2.
   */
  @Test
  void bothSidesShortenTheRacingChainFromOutsideInsideALine() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . O O
                X X . . . . . O .
                . X . . . . . O O
                X X X X X X . O .
                . X O O O X X O O
                X X O . X O O . .
                . . . O X . . . .
                """)
            .board();
    assertEquals("WIN H2", read(board, "E2", false));
    board.play(board.geometry().parse("C1"), Color.BLACK);
    assertEquals("KO_B B1", read(board, "C3", false));
    assertEquals("KO_B B1", read(board, "E2", true));
  }

  /**
   * reading.tst 143, 144 (GNU Go's reading28.sgf): black's F9 group has four liberties, E9, G8, J9
   * and J7. White's eye point G8 only makes a ko; D9 beside the edge liberty E9, under white's D8,
   * closes the edge first (GNU Go's edge_closing_backfill) and kills outright. GNU Go answers D9 on
   * this diagram, and no defence.
   */
  @Test
  void theAttackerClosesTheEdgeBesideALibertyFirst() {
    Board board =
        Diagram.parse(
                """
                . . . . . X X X .
                . . . O X X . X X
                . . . O O O O X .
                . . . O . . O O .
                . . . O . . . O O
                . . . O . . . . .
                . . . O . . . . .
                . . . O . . . . .
                . . . O . . . . .
                """)
            .board();
    assertEquals("WIN D9", read(board, "F9", true));
    assertEquals("0", read(board, "F9", false));
  }

  /**
   * reading.tst 137 (GNU Go's reading23.sgf): black's C2 pair has three liberties, B2, C1 and D1,
   * and races white's E2 pair, which has two. White's H2 ataris black's G2 stone beside that pair
   * (an attack by defending); after black's extension G1, white's H1 ataris the two stones again,
   * and black is caught. GNU Go answers H2 on this diagram, and B2 to defend.
   */
  @Test
  void theAttackerDefendsItsRacingChainDeeperInALine() {
    Board board =
        Diagram.parse(
                """
                . . . X . . . . .
                X O O . O X O O .
                X X . O O X X O O
                . X X X X . X O .
                O O O . X X X O O
                . O . O X . X O .
                O O O O X X O O O
                . . X X O O X . .
                . . . . . . . . .
                """)
            .board();
    assertEquals("WIN H2", read(board, "C2", true));
    assertEquals("WIN B2", read(board, "C2", false));
  }

  /**
   * reading.tst 195 (GNU Go's test4lose.sgf, the whole board): black's H6 chain has four liberties,
   * J5, H4, J3 and J1, around an eye space whose middle is J4. White attacks there (GNU Go's
   * find_cap: the empty corner of the square of the diagonal liberties J5 and H4), and black
   * defends there (GNU Go's special_rescue next to four liberties). GNU Go answers J4 for both.
   */
  @Test
  void fourLibertiesAroundAnEyeSpaceAreTakenAndDefendedInItsMiddle() {
    Board board =
        Diagram.parse(
                """
                . . . . . . . . .
                . . . . . . . . .
                . . O O O O O O O
                . . X X X X O X X
                . . . X . O X X .
                . . . X . O X . .
                . . . X . O X X .
                . . . . . O O X X
                . . . X . O O O .
                """)
            .board();
    assertEquals("WIN J4", read(board, "H6", true));
    assertEquals("WIN J4", read(board, "H6", false));
  }

  @Test
  void aQueryThatRunsOutOfNodesSaysSo() {
    Board board = Diagram.parse(LADDER).board();
    Reading.Result r = new Reading(board).setBudget(1).defend(board.geometry().parse("C7"));
    assertFalse(r.exact());
    assertEquals(
        "reading needs a stone, but A1 holds none",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Reading(board).attack(board.geometry().parse("A1")))
            .getMessage());
    assertEquals(
        "a reading budget is at least 1 node (got 0)",
        assertThrows(IllegalArgumentException.class, () -> new Reading(board).setBudget(0))
            .getMessage());
  }

  @Test
  void resultCodesReverseBetweenThePlayers() {
    assertEquals(Reading.LOSS, Reading.reverse(Reading.WIN));
    assertEquals(Reading.KO_A, Reading.reverse(Reading.KO_B));
    assertEquals("KO_A", Reading.name(Reading.KO_A));
  }
}
