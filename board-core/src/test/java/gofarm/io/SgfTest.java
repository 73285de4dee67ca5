package gofarm.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading, writing and replaying SGF: values, rules, main lines, limits and every error text. */
class SgfTest {

  private static SgfGame one(String text) {
    List<SgfGame> games = Sgf.parse(text);
    assertEquals(1, games.size());
    return games.get(0);
  }

  private static String diagram(Game game) {
    return Diagram.of(game.board());
  }

  // ---------------------------------------------------------------- reading

  @Test
  void readsRootPropertiesSetupAndMoves() {
    SgfGame record =
        one(
            """
            (;GM[1]FF[4]SZ[9]KM[0.5]HA[2]RU[Japanese]RE[W+2.5]PB[Black]
            AB[cc][gg]
            ;W[ee];B[dd];W[];B[ef])
            """);
    assertEquals(9, record.size());
    assertEquals(new Rules(0.5, KoRule.SIMPLE, false), record.rules());
    assertEquals(0.5, record.komi().getAsDouble());
    assertEquals(2, record.handicap());
    assertEquals("W+2.5", record.result().orElseThrow());
    Geometry g = record.geometry();
    assertEquals(
        List.of(
            new Move(Player.WHITE, g.parse("E5")),
            new Move(Player.BLACK, g.parse("D6")),
            Move.pass(Player.WHITE),
            new Move(Player.BLACK, g.parse("E4"))),
        record.moves());
    byte[] setup = record.setup();
    assertEquals(Color.BLACK, setup[g.parse("C7")]);
    assertEquals(Color.BLACK, setup[g.parse("G3")]);
    assertEquals("Black", record.root().value("PB").orElseThrow());
    assertEquals(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . . X . . . . .
        . . . . O . . . .
        . . . . X . . . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        diagram(record.replay()));
  }

  @Test
  void missingPropertiesGiveTheDefaults() {
    SgfGame record = one("(;B[pd])");
    assertEquals(19, record.size());
    assertEquals(Rules.DEFAULT, record.rules());
    assertTrue(record.komi().isEmpty());
    assertEquals(0, record.handicap());
    assertTrue(record.result().isEmpty());
    // Blank values count as absent.
    assertEquals(Rules.DEFAULT, one("(;SZ[]KM[ ]HA[]RU[])").rules());
    assertEquals(19, one("(;SZ[]KM[ ]HA[]RU[])").size());
  }

  @Test
  void squareSizeMayBeWrittenWithAColon() {
    assertEquals(13, one("(;SZ[13:13])").size());
  }

  @Test
  void komiMayUseADecimalComma() {
    assertEquals(6.5, one("(;KM[6,5])").rules().komi());
    assertEquals(-3.0, one("(;KM[-3])").rules().komi());
  }

  @Test
  void compressedPointListsAreRectangles() {
    SgfGame record = one("(;SZ[5]AB[aa:bc][ee]AW[ed:dc])");
    assertEquals(
        """
        X X . . .
        X X . . .
        X X . O O
        . . . O O
        . . . . X
        """,
        diagram(record.replay()));
  }

  @Test
  void setupOrderIsEmptyThenBlackThenWhite() {
    SgfGame record = one("(;SZ[3]AW[aa]AB[aa:ba]AE[ba];AE[aa:cc]AB[bb]PL[W])");
    assertEquals(
        """
        . . .
        . X .
        . . .
        """,
        diagram(record.replay()));
    assertEquals(Player.WHITE, record.replay().toPlay());
  }

  @Test
  void passIsEmptyOrTtUpTo19x19() {
    assertEquals(Move.pass(Player.BLACK), one("(;SZ[19];B[tt])").moves().get(0));
    assertEquals(Move.pass(Player.BLACK), one("(;SZ[9];B[tt])").moves().get(0));
    assertEquals(Move.pass(Player.WHITE), one("(;SZ[9];W[])").moves().get(0));
    SgfGame big = one("(;SZ[21];B[tt])");
    assertEquals(big.geometry().point(19, 19), big.moves().get(0).point());
  }

  @Test
  void textValuesAreUnescaped() {
    SgfNode root =
        one("(;C[a \\] b \\\\ c\\:d soft\\\nbreak\ttab\r\nline\rline]GN[x\\\r\ny])").root();
    assertEquals("a ] b \\ c:d softbreak tab\nline\nline", root.value("C").orElseThrow());
    assertEquals("xy", root.value("GN").orElseThrow());
  }

  @Test
  void writingEscapesAndReadingGivesBackTheText() {
    Map<String, List<String>> props = new LinkedHashMap<>();
    props.put("SZ", List.of("9"));
    props.put("C", List.of("brackets ] and \\ backslashes\nand lines"));
    SgfGame record = SgfGame.of(List.of(SgfNode.of(props)));
    String text = Sgf.write(record);
    assertEquals("(;SZ[9]C[brackets \\] and \\\\ backslashes\nand lines])\n", text);
    assertEquals(props, one(text).root().properties());
  }

  @Test
  void unknownPropertiesAreKeptAndWrittenBack() {
    String text = "(;FF[4]SZ[9]XY[1][2]MULTIGOGM[x]\n;B[ee]TR[aa][bb]C[nice])\n";
    SgfGame record = one(text);
    assertEquals(List.of("1", "2"), record.root().values("XY"));
    assertEquals(List.of("aa", "bb"), record.mainLine().get(1).values("TR"));
    assertEquals(text, Sgf.write(record));
  }

  @Test
  void fileFormat3LowercaseLettersInIdentifiersAreSkipped() {
    SgfGame record = one("(;SiZe[5]AddBlack[aa];Black[bb])");
    assertEquals(5, record.size());
    assertEquals(Color.BLACK, record.setup()[record.geometry().parse("A5")]);
    assertEquals(record.geometry().parse("B4"), record.moves().get(0).point());
  }

  @Test
  void repeatedPropertiesInANodeAreMerged() {
    SgfGame record = one("(;SZ[5]AB[aa]AW[bb]AB[cc])");
    assertEquals(List.of("aa", "cc"), record.root().values("AB"));
    assertEquals(List.of("AB", "SZ", "AW"), List.of("AB", "SZ", "AW"));
    assertEquals(List.of("SZ", "AB", "AW"), record.root().ids());
  }

  @Test
  void mainLineFollowsTheFirstVariationAtEveryBranch() {
    SgfGame record =
        one(
            """
            (;SZ[5];B[aa]
              (;W[bb](;B[cc];W[dd])(;B[ee]))
              (;W[ee];B[dd](;W[cc]))
            )
            """);
    Geometry g = record.geometry();
    List<Integer> points = new ArrayList<>();
    for (Move m : record.moves()) {
      points.add(m.point());
    }
    assertEquals(List.of(g.parse("A5"), g.parse("B4"), g.parse("C3"), g.parse("D2")), points);
    assertEquals(5, record.mainLine().size());
  }

  @Test
  void collectionsHoldSeveralGames() {
    List<SgfGame> games = Sgf.parse("\uFEFF (;SZ[9];B[ee])\n(;SZ[13];B[gg];W[dd]) (;SZ[5])\n");
    assertEquals(3, games.size());
    assertEquals(9, games.get(0).size());
    assertEquals(2, games.get(1).moves().size());
    assertEquals(0, games.get(2).moves().size());
  }

  @ParameterizedTest(name = "RU[{0}]")
  @CsvSource({
    "Chinese, POSITIONAL, false",
    "cn, POSITIONAL, false",
    "Japanese, SIMPLE, false",
    "JP, SIMPLE, false",
    "korean, SIMPLE, false",
    "TT, POSITIONAL, true",
    "Tromp-Taylor, POSITIONAL, true",
    "AGA, SITUATIONAL, false",
    "NZ, SITUATIONAL, true",
    "New Zealand, SITUATIONAL, true",
    "GOE, SITUATIONAL, true",
    "Ing, SITUATIONAL, true",
    "koSIMPLEscoreAREAsui1, SIMPLE, true",
    "koSITUATIONALscoreAREAtaxNONEsui0komi7.5, SITUATIONAL, false",
    "koPOSITIONAL, POSITIONAL, false",
    "some house rules, POSITIONAL, false",
  })
  void ruleSetNamesMapToKoAndSuicide(String ru, KoRule ko, boolean suicide) {
    assertEquals(new Rules(6.5, ko, suicide), one("(;KM[6.5]RU[" + ru + "])").rules());
  }

  @Test
  void everyRuleCombinationIsWrittenUnderANameThatReadsBack() {
    for (KoRule ko : KoRule.values()) {
      for (boolean suicide : new boolean[] {false, true}) {
        Rules rules = new Rules(-2.5, ko, suicide);
        assertEquals(rules, Sgf.rules(Sgf.ruleSetName(rules), -2.5));
      }
    }
    assertEquals("Chinese", Sgf.ruleSetName(Rules.DEFAULT));
  }

  @Test
  void positionsCountLinesInAnyNewlineConvention() {
    for (String nl : new String[] {"\n", "\r\n", "\r"}) {
      SgfParseException e =
          assertThrows(
              SgfParseException.class,
              () -> Sgf.parse("(;SZ[9]" + nl + nl + "  ;B[zz])"),
              nl::toString);
      assertEquals("line 3, column 5: B value 'zz' is off the 9x9 board", e.getMessage());
      assertEquals(3, e.line());
      assertEquals(5, e.column());
    }
  }

  // ---------------------------------------------------------------- replaying

  @Test
  void replayStopsBeforeTheNextMoveWithThatPlayerToMove() {
    SgfGame record = one("(;SZ[5]AB[aa];B[bb];B[cc]AW[ee];W[dd];PL[B])");
    Game start = record.replay(0);
    assertEquals(Player.BLACK, start.toPlay());
    assertEquals(1, start.board().stoneCount(Color.BLACK));
    Game afterOne = record.replay(1);
    // The setup of the node holding move 2 belongs to the position before move 2.
    assertEquals(Color.WHITE, afterOne.board().color(record.geometry().parse("E1")));
    assertEquals(Player.BLACK, afterOne.toPlay());
    Game two = record.replay(2);
    assertEquals(Player.WHITE, two.toPlay());
    assertEquals(Player.BLACK, record.replay().toPlay()); // PL after the last move
    assertEquals(2, record.replay().moves().size()); // the setup cleared the first move
  }

  @Test
  void handicapSetupWithoutMovesHasWhiteToMove() {
    assertEquals(Player.WHITE, one("(;SZ[9]HA[2]AB[cc][gg])").replay().toPlay());
    assertEquals(Player.BLACK, one("(;SZ[9]AB[cc][gg])").replay().toPlay());
    assertEquals(Player.BLACK, one("(;SZ[9]HA[2]AB[cc][gg]PL[B])").replay().toPlay());
  }

  @Test
  void numericPlayerOfTheFirstFormats() {
    // Cgoban 1 (FF[3]) writes PL[1] for black and PL[2] for white, as GNU Go's semeai8.sgf.
    assertEquals(Player.WHITE, one("(;SZ[9]AB[cc];PL[2])").replay().toPlay());
    assertEquals(Player.BLACK, one("(;SZ[9]AW[cc];PL[1])").replay().toPlay());
  }

  @Test
  void replayUnderOtherRules() {
    // White's A2 takes its own two stones off: legal under Tromp-Taylor only.
    SgfGame record = one("(;SZ[3]RU[TT]AB[ba][bb][ac]AW[aa];W[ab])");
    Game game = record.replay();
    assertEquals(Color.EMPTY, game.board().color(record.geometry().parse("A3")));
    assertEquals(2, game.board().captures(Color.BLACK));
    SgfReplayException e =
        assertThrows(SgfReplayException.class, () -> record.replay(1, Rules.DEFAULT));
    assertEquals("move 1 (W A2): A2 would be suicide", e.getMessage());
    assertEquals(1, e.moveNumber());
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "(;SZ[9];B[ee];W[ee]) | move 2 (W E5): E5 is occupied",
        "(;SZ[5]RU[Japanese];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[cb];W[bb];B[cb])"
            + " | move 9 (B C4): C4 retakes a ko",
        "(;SZ[2]RU[Chinese];B[ba];W[bb];B[aa];W[ab];B[ba];W[aa];B[ba])"
            + " | move 7 (B B2): B2 repeats an earlier position (superko)",
        "(;SZ[9]AB[aa][ba]AW[ab][bb][ca]) | line 1, column 10: setup: illegal position: the"
            + " black chain at A9 has no liberties",
      })
  void replayNamesTheIllegalMoveOrSetup(String text, String message) {
    SgfReplayException e = assertThrows(SgfReplayException.class, () -> one(text).replay());
    assertEquals(message, e.getMessage());
  }

  @Test
  void replayIsPossibleUpToAnIllegalMove() {
    SgfGame record = one("(;SZ[9];B[ee];W[ee])");
    assertEquals(1, record.replay(1).board().stoneCount(Color.BLACK));
  }

  @Test
  void replayRejectsMoveNumbersOutOfRange() {
    SgfGame record = one("(;SZ[9];B[ee])");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> record.replay(2));
    assertEquals("move number must be 0..1 (got 2)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> record.replay(-1));
  }

  // ---------------------------------------------------------------- writing

  @Test
  void writesSetupMovesRulesAndResult() {
    Game game = new Game(9, new Rules(6.5, KoRule.SITUATIONAL, false));
    game.placeFixedHandicap(2);
    Geometry g = game.geometry();
    game.play(Player.WHITE, g.parse("E5"));
    game.play(Player.BLACK, Point.PASS);
    game.play(Player.WHITE, Point.PASS);
    assertEquals(
        "(;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[9]KM[6.5]RU[AGA]HA[2]RE[W+5.5]AB[gc][cg]\n"
            + ";W[ee];B[];W[])\n",
        Sgf.write(game));
  }

  @Test
  void writesThePlayerToMoveWhenThereIsNoMoveOrTheTurnChanged() {
    Game game = new Game(5, Rules.DEFAULT);
    assertEquals("(;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[5]KM[7.5]RU[Chinese]PL[B])\n", Sgf.write(game));
    game.play(game.geometry().parse("C3"));
    game.setToPlay(Player.BLACK);
    assertEquals(
        "(;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[5]KM[7.5]RU[Chinese]\n;B[cc];PL[B])\n", Sgf.write(game));
    assertEquals(Player.BLACK, game.toPlay()); // writing left the game as it was
    assertEquals(1, game.moves().size());
  }

  @Test
  void writesTenMovesALine() {
    Game game = new Game(9, Rules.DEFAULT);
    for (int i = 0; i < 12; i++) {
      game.play(Point.PASS);
    }
    String text = Sgf.write(game);
    assertEquals(
        "(;FF[4]GM[1]CA[UTF-8]AP[gofarm]SZ[9]KM[7.5]RU[Chinese]RE[W+7.5]\n"
            + ";B[];W[];B[];W[];B[];W[];B[];W[];B[];W[]\n"
            + ";B[];W[])\n",
        text);
  }

  @Test
  void writingALaterRulesChangeKeepsTheGame() {
    // A superko move is legal under simple ko; writing must replay it even after the rules
    // changed to forbid it.
    Game game = new Game(2, new Rules(0, KoRule.SIMPLE, false));
    Geometry g = game.geometry();
    for (String v : new String[] {"B2", "B1", "A2", "A1", "B2", "A2", "B2"}) {
      game.play(g.parse(v));
    }
    game.setRules(Rules.DEFAULT);
    String before = diagram(game);
    String text = Sgf.write(game);
    assertEquals(before, diagram(game));
    assertEquals(7, game.moves().size());
    assertEquals(Rules.DEFAULT, game.rules());
    assertTrue(text.contains(";B[ba];W[bb];B[aa];W[ab];B[ba];W[aa];B[ba]"), text);
  }

  /** Random games with random rules, setup and handicap: write, read, replay, compare. */
  @Test
  void roundTripsRandomGames() {
    int[] sizes = {2, 3, 4, 5, 7, 9, 13, 19, 25};
    for (int i = 0; i < 300; i++) {
      long seed = 77_000L + i;
      SplittableRandom random = new SplittableRandom(seed);
      try {
        Game game = randomGame(sizes[random.nextInt(sizes.length)], random);
        String text = Sgf.write(game);
        Game back = one(text).replay();
        assertSameGame(game, back);
        assertEquals(text, Sgf.write(back));
      } catch (AssertionError | RuntimeException e) {
        fail("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  private static Game randomGame(int size, SplittableRandom random) {
    KoRule ko = KoRule.values()[random.nextInt(3)];
    Rules rules = new Rules(random.nextInt(-20, 21) / 2.0, ko, random.nextBoolean());
    Game game = new Game(size, rules);
    Geometry g = game.geometry();
    int kind = random.nextInt(3);
    if (kind == 1 && size >= 7) {
      game.placeFixedHandicap(random.nextInt(2, size == 7 || size % 2 == 0 ? 5 : 10));
    } else if (kind == 2) {
      // A setup taken from a random position of another game.
      Game other = new Game(size, rules);
      playRandomMoves(other, random, random.nextInt(size * size));
      byte[] colors = new byte[g.arraySize()];
      for (int i = 0; i < g.pointCount(); i++) {
        colors[g.point(i)] = other.board().color(g.point(i));
      }
      game.setup(colors);
      if (random.nextBoolean()) {
        game.setToPlay(Player.WHITE);
      }
    }
    playRandomMoves(game, random, random.nextInt(3 * size * size));
    if (random.nextInt(4) == 0) {
      game.setToPlay(game.toPlay().opponent());
    }
    return game;
  }

  /** Plays random legal moves (a few tries at random empty points) and some passes. */
  private static void playRandomMoves(Game game, SplittableRandom random, int moves) {
    for (int m = 0; m < moves; m++) {
      int move = Point.PASS;
      int empty = game.board().emptyCount();
      for (int tries = 0; tries < 8 && empty > 0 && random.nextInt(12) != 0; tries++) {
        int p = game.board().emptyPoint(random.nextInt(empty));
        if (game.isLegal(game.toPlay(), p)) {
          move = p;
          break;
        }
      }
      game.play(move);
    }
  }

  private static void assertSameGame(Game expected, Game actual) {
    assertEquals(expected.geometry(), actual.geometry());
    assertEquals(diagram(expected), diagram(actual));
    assertEquals(expected.board().hash(), actual.board().hash());
    assertEquals(expected.moves(), actual.moves());
    assertEquals(expected.rules(), actual.rules());
    assertEquals(expected.toPlay(), actual.toPlay());
    assertEquals(expected.isOver(), actual.isOver());
    for (byte c : new byte[] {Color.BLACK, Color.WHITE}) {
      assertEquals(expected.board().captures(c), actual.board().captures(c));
    }
    // The same superko history: the same moves are legal next.
    Geometry g = expected.geometry();
    for (Player player : Player.values()) {
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        assertEquals(expected.illegalReason(player, p), actual.illegalReason(player, p), g.name(p));
      }
    }
  }

  // ---------------------------------------------------------------- errors and limits

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "\"\" | line 1, column 1: expected '(' to start a game tree, found the end of the input",
        "x | line 1, column 1: expected '(' to start a game tree, found 'x'",
        "(;B[aa])x | line 1, column 9: expected '(' to start another game tree or the end of"
            + " the input, found 'x'",
        "(;B[aa | line 1, column 7: expected ']' to close the value of property B started at"
            + " line 1, column 4",
        "(;C[a\\] | line 1, column 8: expected ']' to close the value of property C started at"
            + " line 1, column 4",
        "(;B[aa] | line 1, column 8: expected ')' to close the game tree started at line 1,"
            + " column 1, found the end of the input",
        "(;B[aa](;W[bb]);B[cc]) | line 1, column 16: expected '(' or ')' after a variation,"
            + " found ';'",
        "(() | line 1, column 2: expected ';' to start a node, found '('",
        "() | line 1, column 2: expected ';' to start a node, found ')'",
        "(;B[aa]5) | line 1, column 8: expected ';', '(' or ')', found '5'",
        "(;b[aa]) | line 1, column 3: property identifier 'b' has no uppercase letter"
            + " (expected e.g. B or AB)",
        "(;B) | line 1, column 4: expected '[' after the property identifier B, found ')'",
        "(;B | line 1, column 4: expected '[' after the property identifier B, found the end of"
            + " the input",
        "(;GM[2]) | line 1, column 5: GM must be 1 (Go) (got '2')",
        "(;SZ[19:13]) | line 1, column 5: SZ must be square (got 19:13)",
        "(;SZ[9:9:9]) | line 1, column 5: SZ must be square (got 9:9:9)",
        "(;SZ[x]) | line 1, column 5: SZ must be a number (got 'x')",
        "(;SZ[-9]) | line 1, column 5: SZ must be a number (got '-9')",
        "(;SZ[1]) | line 1, column 5: SZ must be 2..25 (got 1)",
        "(;SZ[26]) | line 1, column 5: SZ must be 2..25 (got 26)",
        "(;KM[six]) | line 1, column 5: KM must be a number (got 'six')",
        "(;KM[1e3]) | line 1, column 5: KM must be a number (got '1e3')",
        "(;KM[5.75]) | line 1, column 5: KM: komi must be a multiple of 0.5 in -1000..1000"
            + " (got 5.75)",
        "(;HA[two]) | line 1, column 5: HA must be a number (got 'two')",
        "(;SZ[3]HA[9]) | line 1, column 10: HA must be 0..8 (got 9)",
        "(;PL[X]) | line 1, column 5: PL must be B or W (or 1 or 2, in FF[3] files) (got 'X')",
        "(;B[aa]W[bb]) | line 1, column 9: a node may hold only one move (found B and W)",
        "(;B[aa][bb]) | line 1, column 8: B takes one value (got 2)",
        "(;SZ[9];B[zz]) | line 1, column 10: B value 'zz' is off the 9x9 board",
        "(;SZ[9];W[a]) | line 1, column 10: W value 'a' is not a point (expected two letters,"
            + " e.g. 'dd')",
        "(;SZ[9];W[a1]) | line 1, column 10: W value 'a1' is not a point (expected two"
            + " letters, e.g. 'dd')",
        "(;SZ[9]AB[aa:jj]) | line 1, column 10: AB value 'jj' is off the 9x9 board",
        "(;SZ[9]AW[aa][bb:]) | line 1, column 14: AW value '' is not a point (expected two"
            + " letters, e.g. 'dd')",
        "(;SZ[9]AE[tt]) | line 1, column 10: AE value 'tt' is off the 9x9 board",
      })
  void malformedInputIsReportedWithItsPosition(String text, String message) {
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse(text));
    assertEquals(message, e.getMessage());
  }

  @Test
  void controlCharactersAreNamedByCodePoint() {
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse("(;B[aa]\u0001)"));
    assertEquals(
        "line 1, column 8: expected ';', '(' or ')', found character U+0001", e.getMessage());
  }

  @Test
  void identifiersLongerThan100LettersAreRejected() {
    SgfParseException e =
        assertThrows(SgfParseException.class, () -> Sgf.parse("(;" + "A".repeat(101) + "[x])"));
    assertEquals("line 1, column 3: property identifier longer than 100 letters", e.getMessage());
  }

  @Test
  void inputLongerThanTheLimitIsRejected() {
    String text = "(;C[" + "x".repeat(Sgf.MAX_INPUT_CHARS) + "])";
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse(text));
    assertEquals(
        "input has 10000006 characters, more than the limit of 10000000 (MAX_INPUT_CHARS)",
        e.getMessage());
  }

  @Test
  void fileLongerThanTheLimitIsRejectedWhileReading(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("big.sgf");
    Files.write(file, new byte[Sgf.MAX_INPUT_CHARS + 1]);
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.read(file));
    assertEquals("input has more than 10000000 bytes, the limit (MAX_INPUT_CHARS)", e.getMessage());
  }

  /** A device reports no size and never ends: refused at once, never read into memory. */
  @Test
  void devicesAreRefusedBeforeReading() {
    Path zero = Path.of("/dev/zero");
    Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero here");
    SgfParseException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () -> assertThrows(SgfParseException.class, () -> Sgf.read(zero)));
    assertEquals(
        "/dev/zero is not a regular file (a device, FIFO or socket): give the path of a file",
        e.getMessage());
    assertThrows(SgfParseException.class, () -> Sgf.read(Path.of("/dev/urandom")));
  }

  /** A FIFO would block the reader until someone writes to it: refused without opening it. */
  @Test
  void fifosAreRefusedWithoutBlocking(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("games.sgf");
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException noMkfifo) {
      Assumptions.abort("no mkfifo here");
      return;
    }
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo failed");
    SgfParseException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () -> assertThrows(SgfParseException.class, () -> Sgf.read(fifo)));
    assertEquals(
        fifo + " is not a regular file (a device, FIFO or socket): give the path of a file",
        e.getMessage());
    SgfParseException directory = assertThrows(SgfParseException.class, () -> Sgf.read(dir));
    assertEquals(
        dir + " is not a regular file (a directory): give the path of a file",
        directory.getMessage());
  }

  @Test
  void missingFileIsAnUncheckedIoException(@TempDir Path dir) {
    assertThrows(UncheckedIOException.class, () -> Sgf.read(dir.resolve("missing.sgf")));
  }

  @Test
  void nestingDeeperThanTheLimitIsRejectedWithoutRecursion() {
    String ok = "(;".repeat(Sgf.MAX_DEPTH) + ")".repeat(Sgf.MAX_DEPTH);
    assertEquals(Sgf.MAX_DEPTH, one(ok).mainLine().size());
    String deep = "(;".repeat(Sgf.MAX_DEPTH + 1) + ")".repeat(Sgf.MAX_DEPTH + 1);
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse(deep));
    assertEquals(
        "line 1, column 20001: game trees are nested more than 10000 deep, the limit"
            + " (MAX_DEPTH)",
        e.getMessage());
  }

  @Test
  void aMainLineLongerThanTheLimitIsRejected() {
    assertEquals(
        Sgf.MAX_MAIN_LINE, one("(" + ";".repeat(Sgf.MAX_MAIN_LINE) + ")").mainLine().size());
    String text = "(" + ";".repeat(Sgf.MAX_MAIN_LINE + 1) + ")";
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse(text));
    assertEquals(
        "line 1, column 10002: the main line of a game has more than 10000 nodes, the limit"
            + " (MAX_MAIN_LINE)",
        e.getMessage());
  }

  @Test
  void aGameAsLongAsTheMainLineLimitReplaysQuicklyUnderSuperko() {
    // Random stones, mostly legal, and passes: 9,999 moves, each checked against every earlier
    // position (positional superko). This is the worst a record within the limits can ask.
    Game game = new Game(9, Rules.DEFAULT);
    SplittableRandom random = new SplittableRandom(11);
    Geometry g = game.geometry();
    while (game.moves().size() < Sgf.MAX_MAIN_LINE - 1) {
      int p = g.point(random.nextInt(g.pointCount()));
      game.play(game.isLegal(game.toPlay(), p) ? p : Point.PASS);
    }
    long start = System.nanoTime();
    Game back = one(Sgf.write(game)).replay();
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(diagram(game), diagram(back));
    assertTrue(millis < 5_000, "replay took " + millis + " ms");
  }

  @Test
  void moreNodesThanTheLimitAreRejected() {
    // Variations, so that the nodes are counted but not kept.
    String text = "(;" + "(;)".repeat(Sgf.MAX_NODES) + ")";
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse(text));
    assertEquals(
        "line 1, column 3000001: more than 1000000 nodes, the limit (MAX_NODES)", e.getMessage());
  }

  @Test
  void morePropertiesInANodeThanTheLimitAreRejected() {
    StringBuilder sb = new StringBuilder("(;");
    for (int i = 0; i <= Sgf.MAX_PROPERTIES; i++) {
      sb.append((char) ('A' + i / 676)).append((char) ('A' + i / 26 % 26));
      sb.append((char) ('A' + i % 26)).append("[]");
    }
    SgfParseException e =
        assertThrows(SgfParseException.class, () -> Sgf.parse(sb.append(")").toString()));
    assertEquals(
        "line 1, column 5003: more than 1000 properties in one node, the limit (MAX_PROPERTIES)",
        e.getMessage());
  }

  @Test
  void moreValuesThanTheLimitAreRejected() {
    String text = "(;AB" + "[aa]".repeat(Sgf.MAX_VALUES + 1) + ")";
    SgfParseException e = assertThrows(SgfParseException.class, () -> Sgf.parse(text));
    assertEquals(
        "line 1, column 40005: more than 10000 values of property AB, the limit (MAX_VALUES)",
        e.getMessage());
  }

  @Test
  void nodesBuiltInCodeHaveNoPosition() {
    Map<String, List<String>> props = new LinkedHashMap<>();
    props.put("SZ", List.of("30"));
    SgfParseException e =
        assertThrows(SgfParseException.class, () -> SgfGame.of(List.of(SgfNode.of(props))));
    assertEquals("SZ must be 2..25 (got 30)", e.getMessage());
    assertEquals(0, e.line());
  }

  @Test
  void nodesBuiltInCodeNeedUppercaseIdentifiersAndValues() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SgfNode.of(Map.of("b", List.of(""))));
    assertEquals("SGF property identifier must be uppercase letters (got 'b')", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SgfNode.of(Map.of("B", List.of())));
    assertEquals("SGF property B has no value", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SgfGame.of(List.of()));
    assertEquals("an SGF game needs at least one node", e.getMessage());
  }

  // ---------------------------------------------------------------- charsets

  @Test
  void filesAreReadInTheirCharset(@TempDir Path dir) throws IOException {
    Path latin = dir.resolve("latin.sgf");
    Files.write(latin, "(;CA[ISO-8859-1]PB[Jos\u00e9])".getBytes(StandardCharsets.ISO_8859_1));
    assertEquals("Jos\u00e9", Sgf.read(latin).get(0).root().value("PB").orElseThrow());

    Path utf8 = dir.resolve("utf8.sgf");
    Files.write(utf8, "(;PB[\u9ad8\u5c3e])".getBytes(StandardCharsets.UTF_8));
    assertEquals("\u9ad8\u5c3e", Sgf.read(utf8).get(0).root().value("PB").orElseThrow());

    // Not UTF-8 and no CA: the FF[4] default, Latin-1.
    Path plain = dir.resolve("plain.sgf");
    Files.write(plain, "(;PB[Jos\u00e9])".getBytes(StandardCharsets.ISO_8859_1));
    assertEquals("Jos\u00e9", Sgf.read(plain).get(0).root().value("PB").orElseThrow());

    // A CA naming an unknown charset falls back too.
    Path unknown = dir.resolve("unknown.sgf");
    Files.write(unknown, "(;CA[no-such-charset]PB[\u00e9])".getBytes(StandardCharsets.UTF_8));
    assertEquals("\u00e9", Sgf.read(unknown).get(0).root().value("PB").orElseThrow());
  }

  // ---------------------------------------------------------------- fuzzing

  /**
   * Thousands of mutated records (bit flips, random bytes, SGF punctuation, deletions,
   * duplications, truncations): reading and replaying them may fail only with {@link
   * SgfParseException} or {@link SgfReplayException}.
   */
  @Test
  void mutatedRecordsFailOnlyWithTheDocumentedExceptions() {
    List<String> seeds = new ArrayList<>();
    seeds.add(
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]HA[2]RU[AGA]RE[B+R]AB[cc][gg]PL[W]C[a \\] b\\\\]"
            + ";W[ee]C[x];B[dd](;W[];B[tt];W[ef])(;W[aa:bb]AE[cc]))(;SZ[5];B[aa])");
    seeds.add("(;SZ[4]AB[aa:bb]AW[cc:dd];B[ca];W[ac];B[];W[])");
    seeds.add("(;SZ[19]RU[koSITUATIONALscoreAREAsui1];B[pd];W[dp];B[pp];W[dd];B[tt])");
    SplittableRandom seedGames = new SplittableRandom(5);
    for (int i = 0; i < 6; i++) {
      seeds.add(Sgf.write(randomGame(new int[] {2, 3, 5, 9}[i % 4], seedGames)));
    }
    String punctuation = "()[];\\:ABWSZKMHAPLtt \n";
    int cases = 0;
    for (int i = 0; i < 20_000; i++) {
      long seed = 900_000L + i;
      SplittableRandom random = new SplittableRandom(seed);
      StringBuilder sb = new StringBuilder(seeds.get(random.nextInt(seeds.size())));
      int mutations = 1 + random.nextInt(4);
      for (int m = 0; m < mutations && sb.length() > 0; m++) {
        int at = random.nextInt(sb.length());
        switch (random.nextInt(6)) {
          case 0 -> sb.setCharAt(at, (char) (sb.charAt(at) ^ (1 << random.nextInt(7))));
          case 1 -> sb.insert(at, (char) random.nextInt(256));
          case 2 -> sb.insert(at, punctuation.charAt(random.nextInt(punctuation.length())));
          case 3 -> sb.delete(at, Math.min(sb.length(), at + 1 + random.nextInt(8)));
          case 4 -> {
            int end = Math.min(sb.length(), at + 1 + random.nextInt(20));
            sb.insert(at, sb.substring(at, end));
          }
          default -> sb.setLength(at);
        }
      }
      String text = sb.toString();
      try {
        for (SgfGame game : Sgf.parse(text)) {
          game.replay(random.nextInt(game.moves().size() + 1));
          Sgf.write(game.replay());
          cases++;
        }
      } catch (SgfParseException | SgfReplayException e) {
        assertFalse(e.getMessage().isEmpty());
      } catch (RuntimeException | StackOverflowError e) {
        fail("seed " + seed + " on " + text + ": " + e, e);
      }
    }
    // Most mutations still read: the loop exercises replay and write, not only the syntax errors.
    assertTrue(cases > 2000, "only " + cases + " mutated records were read");
  }

  @Test
  void setupGivesTheColoursOfTheInitialPosition() {
    SgfGame record = one("(;SZ[3]AB[aa];AW[cc];B[bb];AB[ca])");
    byte[] expected = new byte[record.geometry().arraySize()];
    expected[record.geometry().parse("A3")] = Color.BLACK;
    expected[record.geometry().parse("C1")] = Color.WHITE;
    assertArrayEquals(expected, record.setup());
  }
}
