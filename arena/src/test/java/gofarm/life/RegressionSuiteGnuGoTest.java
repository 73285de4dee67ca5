package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.gtp.GnuGo;
import gofarm.gtp.GtpClient;
import gofarm.io.Sgf;
import gofarm.life.RegressionSuiteTest.Case;
import gofarm.rules.Game;
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
}
