package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** {@code gofarm analyze}: the status board and the group table, the SVG, and the errors. */
class AnalyzeCommandTest {
  @TempDir Path dir;

  private static CliRun run(String... args) {
    return CliRun.of("analyze", args);
  }

  /**
   * 7x7: black is pass-alive at the top (white's B7 is dead in its eye A7-C7; E7-G7 is a straight
   * three); white's group has one eye space, the bent three A2 A1 B1 in the corner, and open space;
   * the moves are black F4 and white E3.
   */
  private static final String GAME =
      "(;GM[1]FF[4]SZ[7]KM[6.5]"
          + "AB[ab][bb][cb][db][eb][fb][gb][da]"
          + "AW[ba][ad][bd][cd][dd][ae][be][ce][de][bf][cf][df][cg][dg]"
          + ";B[fd];W[ee])";

  @Test
  void printsTheStatusBoardAndEveryGroup() throws Exception {
    Path file = dir.resolve("game.sgf");
    Files.writeString(file, GAME, StandardCharsets.UTF_8);
    CliRun run = run(file.toString());
    assertEquals("", run.err());
    assertEquals(0, run.exitCode());
    assertEquals(
        """
        game.sgf after move 2 of 2: 7x7, komi 6.5, black to play

           A B C D E F G
         7 b o b X b b b 7
         6 X X X X X X X 6
         5 . . . . . . . 5
         4 o o o o . x . 4
         3 o o o o o . . 3
         2 . o o o . . . 2
         1 * . o o . . . 1
           A B C D E F G

        X O pass-alive stones   x o other stones   b w safe territory   * vital point

        groups (pass-alive and dead: Benson; eyes min..max: eye estimate)
          1. black D7     8 stones  pass-alive  | A7 B7 C7 straight three 1111 · E7 F7 G7 straight three 1122
          2. black F4     1 stone   eyes 0..2  open
          3. white B7     1 stone   dead (in black's safe territory)
          4. white A4    14 stones  eyes 1..2  vital A1  open  | A2 A1 B1 bent three 1122
        """,
        run.out());
  }

  @Test
  void moveSelectsThePositionAndSvgWritesAPicture() throws Exception {
    Path file = dir.resolve("game.sgf");
    Files.writeString(file, GAME, StandardCharsets.UTF_8);
    Path svg = dir.resolve("out.svg");
    CliRun run = run(file.toString(), "--move", "0", "--svg", svg.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("game.sgf after move 0 of 2: 7x7"), run.out());
    assertTrue(run.out().endsWith("wrote " + svg + "\n"), run.out());
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    assertEquals("svg", doc.getDocumentElement().getTagName());
    assertEquals(
        "game.sgf after move 0", doc.getElementsByTagName("title").item(0).getTextContent());
    assertEquals(1, doc.getElementsByTagName("polygon").getLength(), "the vital point A1");
    assertEquals(1, doc.getElementsByTagName("path").getLength(), "the dead stone B7");
  }

  @Test
  void errorsNameTheFileOrTheOption() throws Exception {
    // A file that cannot be read or replayed is one line and exit 1; a bad option is a usage
    // error (exit 2, with the usage).
    CliRun missing = run(dir.resolve("nope.sgf").toString());
    assertEquals(1, missing.exitCode());
    assertEquals(
        "error: cannot read "
            + dir.resolve("nope.sgf")
            + ": no such file or directory ("
            + dir.resolve("nope.sgf")
            + ")\n",
        missing.err());

    Path file = dir.resolve("game.sgf");
    Files.writeString(file, GAME, StandardCharsets.UTF_8);
    CliRun move = run(file.toString(), "--move", "3");
    assertEquals(2, move.exitCode());
    assertTrue(move.err().startsWith("--move must be 0..2 (got 3)\n"), move.err());

    Path broken = dir.resolve("broken.sgf");
    Files.writeString(broken, "(;SZ[9];B[zz])", StandardCharsets.UTF_8);
    CliRun bad = run(broken.toString());
    assertEquals(1, bad.exitCode());
    assertEquals(
        "error: " + broken + ": line 1, column 10: B value 'zz' is off the 9x9 board\n", bad.err());

    Path occupied = dir.resolve("occupied.sgf");
    Files.writeString(occupied, "(;SZ[9];B[ee];W[ee])", StandardCharsets.UTF_8);
    CliRun replay = run(occupied.toString());
    assertEquals(1, replay.exitCode());
    assertEquals("error: " + occupied + ": move 2 (W E5): E5 is occupied\n", replay.err());

    Path noDir = dir.resolve("no/such/dir.svg");
    CliRun svg = run(file.toString(), "--svg", noDir.toString());
    assertEquals(1, svg.exitCode());
    assertEquals(
        "error: cannot write " + noDir + ": no such file or directory (" + noDir + ")\n",
        svg.err());
  }
}
