package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.io.Diagram;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the life-and-death regression suites {@code src/test/resources/regress/*.tst}, written in
 * the style of GNU Go's {@code .tst} files: comments ({@code #}) that say why a case exists, a
 * {@code board} followed by its rows ({@code X O .}, the first row is the top), then numbered
 * commands each followed by {@code #? [regex]}, the expected answer (the whole answer must match; a
 * trailing {@code *} marks a known failure, which must still fail). Commands:
 *
 * <ul>
 *   <li>{@code eyes V}: the minimum and maximum eyes of the group of the stone at V, then its vital
 *       points in point order, e.g. {@code 1 2 B2}, or {@code 2 2} when it has none;
 *   <li>{@code eye_value V}: the value, defect and shape of the eye space that holds point V, e.g.
 *       {@code 1122 NONE straight three}.
 * </ul>
 */
class EyeRegressionTest {
  private static final Pattern COMMAND = Pattern.compile("(\\d+)\\s+(\\w+)\\s+(\\S+)");
  private static final Pattern EXPECTED = Pattern.compile("#\\?\\s*\\[(.*)\\](\\*?)\\s*");

  /** One numbered command of a suite, with the board it runs on and why it exists. */
  record Case(
      String file,
      int line,
      int id,
      String why,
      String board,
      String command,
      String argument,
      String expected,
      boolean knownFailure) {}

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
  void thereAreAtLeastFortyPositionsEachWithAReason() throws IOException, URISyntaxException {
    int positions = 0;
    for (Path file : suiteFiles()) {
      List<Case> cases = parse(file);
      positions += (int) cases.stream().map(Case::board).distinct().count();
      for (Case c : cases) {
        assertFalse(c.why().isBlank(), c.file() + ":" + c.line() + " has no comment");
      }
    }
    assertTrue(positions >= 40, "only " + positions + " positions");
  }

  private static void run(Case c) {
    Board board = Diagram.parse(c.board()).board();
    Geometry g = board.geometry();
    int p = g.parse(c.argument());
    String actual =
        switch (c.command()) {
          case "eyes" -> eyes(board, p);
          case "eye_value" -> eyeValue(board, p);
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
            + c.argument()
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

  private static List<Path> suiteFiles() throws IOException, URISyntaxException {
    Path dir = Path.of(EyeRegressionTest.class.getResource("/regress").toURI());
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
      if (line.equals("board")) {
        StringBuilder rows = new StringBuilder();
        while (i < lines.size() && lines.get(i).strip().matches("[XO.+ ]+")) {
          rows.append(lines.get(i).strip()).append('\n');
          i++;
        }
        board = rows.toString();
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
      cases.add(
          new Case(
              name,
              lineNumber,
              Integer.parseInt(command.group(1)),
              why.toString(),
              board,
              command.group(2),
              command.group(3),
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
