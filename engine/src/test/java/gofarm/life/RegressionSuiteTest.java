package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.io.Diagram;
import gofarm.playout.PlayoutOwnership;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the regression suites {@code src/test/resources/regress/*.tst}, written in the style of GNU
 * Go's {@code .tst} files: comments ({@code #}) that say why a case exists, a {@code board} ({@code
 * board white} when white is to move: black has just passed) followed by its rows ({@code X O .},
 * the first row is the top), optional setup lines, then numbered commands each followed by {@code
 * #? [regex]}, the expected answer (the whole answer must match; a trailing {@code *} marks a known
 * failure, which must still fail).
 *
 * <p>Setup lines, applied in order to a game that starts from the board: {@code rules positional}
 * (positional superko; simple ko otherwise) and {@code play b|w V} (a move, so that the game has
 * the history superko needs).
 *
 * <p>Commands:
 *
 * <ul>
 *   <li>{@code eyes V}: the minimum and maximum eyes of the group of the stone at V, then its vital
 *       points in point order, e.g. {@code 1 2 B2}, or {@code 2 2} when it has none;
 *   <li>{@code eye_value V}: the value, defect and shape of the eye space that holds point V, e.g.
 *       {@code 1122 NONE straight three};
 *   <li>{@code final_status V}: the final status of the stone at V and the layer of {@link
 *       FinalStatus} that decided it, e.g. {@code dead READING};
 *   <li>{@code attack V} and {@code defend V}: {@link Reading}'s tactical result for the chain at V
 *       and the move, e.g. {@code WIN C3}, {@code KO_B C3} or {@code 0};
 *   <li>{@code attack_in V} and {@code defend_in V}: the same, read locally in the region of the
 *       other colour around V (as {@link FinalStatus} reads it);
 *   <li>{@code semeai A B}: {@link Semeai}'s pair for the groups of A and B with A's colour to
 *       move: the defence of A, the attack on B, e.g. {@code WIN 0};
 *   <li>{@code final_score}: GTP's {@code final_score}.
 * </ul>
 *
 * <p>Every {@code final_status} case is also put to GNU Go 3.8 by arena's {@code
 * RegressionSuiteGnuGoTest}, which reads the suites with {@link #suiteFiles()} and {@link #parse}.
 */
class RegressionSuiteTest {
  private static final Pattern COMMAND = Pattern.compile("(\\d+)\\s+(\\w+)((?:\\s+\\S+)*)");
  private static final Pattern EXPECTED = Pattern.compile("#\\?\\s*\\[(.*)\\](\\*?)\\s*");

  /** One numbered command of a suite, with the position it runs on and why it exists. */
  record Case(
      String file,
      int line,
      int id,
      String why,
      Position position,
      String command,
      List<String> arguments,
      String expected,
      boolean knownFailure) {}

  /** A board, who is to move, the ko rule and the moves played after the board. */
  record Position(String board, boolean whiteToMove, boolean positional, List<String> moves) {
    Game game() {
      Board b = Diagram.parse(board).board();
      Rules rules = new Rules(7.5, positional ? KoRule.POSITIONAL : KoRule.SIMPLE, false);
      Game game = new Game(b.geometry(), rules);
      game.setup(b.colors());
      if (whiteToMove) {
        game.play(Player.BLACK, Point.PASS); // so that the record, and GNU Go, say white is next
      }
      for (String move : moves) {
        String[] w = move.split("\\s+");
        game.play(Player.parse(w[0]), game.geometry().parse(w[1]));
      }
      return game;
    }
  }

  @TestFactory
  Stream<DynamicTest> suites() throws IOException, URISyntaxException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path file : suiteFiles()) {
      for (Case c : parse(file)) {
        String name = c.file() + ":" + c.id() + " " + c.why();
        tests.add(DynamicTest.dynamicTest(name, () -> run(c)));
      }
    }
    return tests.stream();
  }

  @Test
  void everyCaseHasAReasonAndTheSuitesHoldEnoughPositions() throws Exception {
    int eyePositions = 0;
    int lifePositions = 0;
    for (Path file : suiteFiles()) {
      List<Case> cases = parse(file);
      long positions = cases.stream().map(Case::position).distinct().count();
      if (file.getFileName().toString().equals("eyes.tst")) {
        eyePositions += (int) positions;
      } else {
        lifePositions += (int) positions;
      }
      for (Case c : cases) {
        assertFalse(c.why().isBlank(), c.file() + ":" + c.line() + " has no comment");
      }
    }
    assertTrue(eyePositions >= 40, "only " + eyePositions + " eye positions");
    assertTrue(lifePositions >= 80, "only " + lifePositions + " life-and-death positions");
  }

  private static void run(Case c) {
    Game game = c.position().game();
    Board board = game.board();
    Geometry g = board.geometry();
    List<String> args = c.arguments();
    int p = args.isEmpty() ? Point.NONE : g.parse(args.get(0));
    String actual =
        switch (c.command()) {
          case "eyes" -> eyes(board, p);
          case "eye_value" -> eyeValue(board, p);
          case "final_status" -> finalStatus(game, p);
          case "attack" -> result(g, Reading.of(game).attack(p));
          case "defend" -> result(g, Reading.of(game).defend(p));
          case "attack_in" -> result(g, Reading.of(game).attackIn(p, region(board, p)));
          case "defend_in" -> result(g, Reading.of(game).defendIn(p, region(board, p)));
          case "semeai" -> semeai(game, p, g.parse(args.get(1)));
          case "final_score" -> new FinalStatus(new PlayoutOwnership()).score(game).toString();
          default ->
              throw new IllegalArgumentException(
                  c.file() + ":" + c.line() + ": unknown command " + c.command());
        };
    boolean matches = actual.matches(c.expected());
    String message =
        c.file()
            + ":"
            + c.line()
            + " "
            + c.command()
            + " "
            + String.join(" ", args)
            + " answered '"
            + actual
            + "', expected ["
            + c.expected()
            + "]\n"
            + board;
    if (c.knownFailure()) {
      assertFalse(matches, "a known failure passes now (remove its *): " + message);
    } else {
      assertTrue(matches, message);
    }
  }

  static String eyes(Board board, int p) {
    if (!Color.isPlayer(board.color(p))) {
      throw new IllegalArgumentException("eyes needs a stone at " + board.geometry().name(p));
    }
    Group group = EyeEstimator.groupAt(new EyeEstimator(board.geometry()).estimate(board), p);
    StringBuilder sb =
        new StringBuilder().append(group.minEyes()).append(' ').append(group.maxEyes());
    PointSet vital = group.vitalPoints();
    for (int q = vital.next(0); q >= 0; q = vital.next(q + 1)) {
      sb.append(' ').append(board.geometry().name(q));
    }
    return sb.toString();
  }

  static String eyeValue(Board board, int p) {
    for (Group group : new EyeEstimator(board.geometry()).estimate(board)) {
      for (EyeSpace space : group.eyeSpaces()) {
        if (space.centre().contains(p)) {
          return space.value() + " " + space.defect() + " " + space.shape();
        }
      }
    }
    return "none";
  }

  static String finalStatus(Game game, int p) {
    FinalStatus.Statuses statuses = new FinalStatus(new PlayoutOwnership()).statuses(game);
    String status =
        statuses.dead().contains(p) ? "dead" : statuses.seki().contains(p) ? "seki" : "alive";
    for (FinalStatus.Layer layer : FinalStatus.Layer.values()) {
      if (statuses.decidedBy(layer).contains(p)) {
        return status + " " + layer;
      }
    }
    throw new IllegalStateException("no layer decided " + game.geometry().name(p));
  }

  static String result(Geometry g, Reading.Result r) {
    String move =
        r.move() == Point.NONE ? "" : r.move() == Point.PASS ? " pass" : " " + g.name(r.move());
    return Reading.name(r.code()) + move + (r.exact() ? "" : " inexact");
  }

  static String semeai(Game game, int a, int b) {
    Semeai.Result r = new Semeai(game).read(a, b);
    return Reading.name(r.defenceOfA())
        + " "
        + Reading.name(r.attackOnB())
        + (r.exact() ? "" : " inexact");
  }

  /** The region of the other colour around the stone at p (as FinalStatus reads it). */
  static PointSet region(Board board, int p) {
    byte enemy = Color.opponent(board.color(p));
    Geometry g = board.geometry();
    PointSet region = PointSet.component(p, g.allPoints().andNot(board.points(enemy)));
    return FinalStatus.localArea(board, new Benson(g).compute(board), region);
  }

  /** The suites, from this module's test classes or, for the modules above, its test jar. */
  static List<Path> suiteFiles() throws IOException, URISyntaxException {
    URI uri = RegressionSuiteTest.class.getResource("/regress").toURI();
    if (uri.getScheme().equals("jar")) {
      try {
        FileSystems.newFileSystem(uri, Map.of());
      } catch (FileSystemAlreadyExistsException e) {
        // opened by an earlier call: Path.of finds it
      }
    }
    Path dir = Path.of(uri);
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> list = files.filter(f -> f.toString().endsWith(".tst")).sorted().toList();
      assertFalse(list.isEmpty(), "no .tst files in " + dir);
      return list;
    }
  }

  /** The cases of one suite; throws naming the line on anything it does not understand. */
  static List<Case> parse(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    String name = file.getFileName().toString();
    List<Case> cases = new ArrayList<>();
    StringBuilder why = new StringBuilder();
    String board = null;
    boolean whiteToMove = false;
    boolean positional = false;
    List<String> moves = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i).strip();
      int lineNumber = i + 1;
      i++;
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#?")) {
        throw new IllegalArgumentException(name + ":" + lineNumber + ": #? without a command");
      }
      if (line.startsWith("#")) {
        why.append(why.length() == 0 ? "" : " ").append(line.substring(1).strip());
        continue;
      }
      if (line.equals("board") || line.equals("board white")) {
        StringBuilder rows = new StringBuilder();
        while (i < lines.size() && lines.get(i).strip().matches("[XO.+ ]+")) {
          rows.append(lines.get(i).strip()).append('\n');
          i++;
        }
        board = rows.toString();
        whiteToMove = line.endsWith("white");
        positional = false;
        moves = new ArrayList<>();
        continue;
      }
      if (line.equals("rules positional")) {
        positional = true;
        continue;
      }
      if (line.matches("play [bw] ([A-Za-z]\\d+|pass)")) {
        moves.add(line.substring(5));
        continue;
      }
      Matcher command = COMMAND.matcher(line);
      if (!command.matches() || board == null || i >= lines.size()) {
        throw new IllegalArgumentException(
            name + ":" + lineNumber + ": cannot read '" + line + "'");
      }
      Matcher expected = EXPECTED.matcher(lines.get(i).strip());
      if (!expected.matches()) {
        throw new IllegalArgumentException(name + ":" + (i + 1) + ": expected '#? [answer]'");
      }
      i++;
      String argText = command.group(3).strip();
      cases.add(
          new Case(
              name,
              lineNumber,
              Integer.parseInt(command.group(1)),
              why.toString(),
              new Position(board, whiteToMove, positional, List.copyOf(moves)),
              command.group(2),
              argText.isEmpty() ? List.of() : List.of(argText.split("\\s+")),
              expected.group(1),
              !expected.group(2).isEmpty()));
      why.setLength(0);
    }
    return cases;
  }

  @Test
  void answersAreWordedAsDocumented() {
    Board board =
        Diagram.parse(
                """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        . . . X O . .
        X X X X O . .
        """)
            .board();
    Geometry g = board.geometry();
    assertEquals("1 2 B2", eyes(board, g.parse("A3")));
    assertEquals("1122 NONE straight three", eyeValue(board, g.parse("A2")));
    assertEquals("none", eyeValue(board, g.parse("G7")));
  }
}
