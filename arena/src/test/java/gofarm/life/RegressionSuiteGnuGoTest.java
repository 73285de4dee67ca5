package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Point;
import gofarm.gtp.AnalysisGtp;
import gofarm.gtp.GnuGo;
import gofarm.gtp.GtpClient;
import gofarm.gtp.GtpEngine;
import gofarm.io.Sgf;
import gofarm.life.RegressionSuiteTest.Case;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GNU Go 3.8 as the outside referee of engine's regression suites ({@link RegressionSuiteTest}):
 * every {@code final_status} case is put to it ({@code final_status V}, in GTP's words {@code
 * alive}, {@code dead} or {@code seki}) and every {@code eye_value} case to its {@code eval_eye}.
 * Its answer must be the expected one, unless the case's comment holds a line {@code gnugo: ANSWER}
 * (or {@code gnugo eval_eye: A D}), which says what GNU Go answers instead and, on the same
 * comment, why it is wrong.
 *
 * <p>GNU Go 3.8 keeps what it read of a position for the rest of the process, {@code loadsgf},
 * {@code clear_board} and {@code boardsize} notwithstanding, keyed by the stones but not by who is
 * to move: asked the same stones with the other colour to move, it repeats its first answer. A case
 * whose stones an earlier case had with the other colour to move gets a fresh GNU Go.
 *
 * <p>The same cases go through gofarm's own GTP commands too ({@link AnalysisGtp}: {@code
 * eval_eye}, {@code attack}, {@code defend}, {@code analyze_semeai}), which must give the suite's
 * answers in GNU Go's format: what a user of GoGui or {@code gogui-regress} sees.
 */
class RegressionSuiteGnuGoTest {
  private static final Pattern GNUGO = Pattern.compile("gnugo: (\\w+)");
  private static final Pattern GNUGO_EYE = Pattern.compile("gnugo eval_eye: (\\d \\d)");

  @TempDir Path dir;

  /**
   * GNU Go's {@code final_status} of every {@code final_status} case: the expected status, or the
   * answer the case's comment says it gives instead.
   */
  @Test
  void gnuGoAgreesUnlessTheSuiteSaysWhyNot() throws Exception {
    List<String> wrong = new ArrayList<>();
    int asked = 0;
    int differs = 0;
    GtpClient simple = GnuGo.start();
    GtpClient positional = GnuGo.start("--positional-superko");
    Map<String, Byte> toPlayByStones = new HashMap<>();
    try {
      for (Path file : RegressionSuiteTest.suiteFiles()) {
        for (Case c : RegressionSuiteTest.parse(file)) {
          boolean eye = c.command().equals("eye_value") && c.expected().matches("\\d{4} .*");
          if (!(c.command().equals("final_status") || eye) || c.knownFailure()) {
            continue;
          }
          Game game = c.position().game();
          Path sgf = dir.resolve(c.file() + "-" + c.id() + ".sgf");
          Files.writeString(sgf, Sgf.write(game));
          String stones = c.position().positional() + Arrays.toString(game.board().colors());
          Byte before = toPlayByStones.put(stones, game.toPlay().color());
          if (before != null && before != game.toPlay().color()) {
            if (c.position().positional()) {
              positional.close();
              positional = GnuGo.start("--positional-superko");
            } else {
              simple.close();
              simple = GnuGo.start();
            }
          }
          GtpClient gnugo = c.position().positional() ? positional : simple;
          gnugo.send("loadsgf " + sgf);
          String answer;
          Matcher declared;
          String expected;
          if (eye) {
            // eval_eye answers the eyes with the attacker first, then the defender first, then
            // the vital points: the middle digits of the four.
            String[] words = gnugo.send("eval_eye " + c.arguments().get(0)).split(" ");
            answer = words[0] + " " + words[1];
            declared = GNUGO_EYE.matcher(c.why());
            expected =
                declared.find()
                    ? declared.group(1)
                    : c.expected().charAt(1) + " " + c.expected().charAt(2);
          } else {
            answer = gnugo.send("final_status " + c.arguments().get(0));
            declared = GNUGO.matcher(c.why());
            expected = declared.find() ? declared.group(1) : c.expected().replaceAll(" .*", "");
          }
          asked++;
          differs += declared.find(0) ? 1 : 0;
          if (!answer.equals(expected)) {
            wrong.add(
                c.file() + ":" + c.id() + " GNU Go says " + answer + ", suite expects " + expected);
          }
        }
      }
    } finally {
      simple.close();
      positional.close();
    }
    System.out.println(
        "GNU Go 3.8 on "
            + asked
            + " final_status and eye_value cases: agrees on "
            + (asked - differs)
            + ", differs as explained on "
            + differs);
    assertEquals(List.of(), wrong);
  }

  /**
   * Every {@code eye_value}, {@code attack}, {@code defend} and {@code semeai} case of the suites
   * asked through {@code gofarm gtp}'s commands under GNU Go's names, after {@code loadsgf}.
   */
  @Test
  void theSuitesAnswerThroughGnuGosCommands() throws Exception {
    List<String> wrong = new ArrayList<>();
    int asked = 0;
    for (Path file : RegressionSuiteTest.suiteFiles()) {
      for (Case c : RegressionSuiteTest.parse(file)) {
        String command =
            switch (c.command()) {
              case "eye_value" -> c.expected().matches("\\d{4} .*") ? "eval_eye" : null;
              case "attack", "defend" -> c.command();
              case "semeai" -> "analyze_semeai";
              default -> null;
            };
        if (command == null || c.knownFailure()) {
          continue;
        }
        Game game = c.position().game();
        Path sgf = dir.resolve(c.file() + "-" + c.id() + "-gofarm.sgf");
        Files.writeString(sgf, Sgf.write(game));
        KoRule ko = c.position().positional() ? KoRule.POSITIONAL : KoRule.SIMPLE;
        GtpEngine engine = new GtpEngine(new Rules(7.5, ko, false), 19, (g, p) -> Point.PASS);
        new AnalysisGtp().registerOn(engine);
        engine.execute("loadsgf " + sgf);
        if (command.equals("analyze_semeai")) {
          // The races of life.tst are read with Semeai's own budget, eight times the command's.
          for (int i = 0; i < 3; i++) {
            engine.execute("increase_depths");
          }
        }
        String answer =
            engine
                .execute(command + " " + String.join(" ", c.arguments()))
                .orElseThrow()
                .replaceFirst("^= ?", "")
                .strip();
        String expected;
        if (command.equals("eval_eye")) {
          // The least and the most eyes: the middle digits of the four.
          answer = answer.replaceFirst("^(\\S+ \\S+).*", "$1");
          expected = c.expected().charAt(1) + " " + c.expected().charAt(2);
        } else if (command.equals("analyze_semeai")) {
          answer = answer.replaceFirst("^(\\S+ \\S+).*", "$1");
          // The suite's "both die", (0, WIN), is Semeai's default; the command answers it as GNU
          // Go does, a capturer that dies anyway being the one that dies: (0, 0).
          expected = gnuGoCodes(c.expected()).replace("0 1", "0 0");
        } else {
          expected = gnuGoCodes(c.expected());
        }
        asked++;
        if (!answer.matches(expected)) {
          wrong.add(
              c.file()
                  + ":"
                  + c.id()
                  + " "
                  + command
                  + " answers "
                  + answer
                  + ", suite "
                  + expected);
        }
      }
    }
    System.out.println("gofarm's GTP commands on " + asked + " cases of the suites");
    assertEquals(List.of(), wrong);
  }

  /** The suite's answer with {@code Reading.name}'s codes in GNU Go's digits (WIN is 1). */
  private static String gnuGoCodes(String expected) {
    return expected
        .replaceAll("\\bWIN\\b", "1")
        .replaceAll("\\bKO_A\\b", "2")
        .replaceAll("\\bKO_B\\b", "3");
  }
}
