package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The JIT directives that the {@code gofarm} launcher and the container image give the JVM (see the
 * launcher for why): the same in both, naming methods that exist (a renamed method would lose its
 * directive without a word), and quiet (HotSpot echoes each one on standard output, which may be a
 * GTP stream).
 */
class JitDirectivesTest {
  private static final Pattern DIRECTIVE =
      Pattern.compile("-XX:CompileCommand=([a-z]+)(?:,([\\w.$]+)::(\\w+))?");

  @Test
  void theLauncherAndTheImageGiveTheSameDirectivesForMethodsThatExist() throws Exception {
    List<String> launcher = directives(DeployFiles.ROOT.resolve("gofarm"));
    List<String> image = directives(DeployFiles.DEPLOY.resolve("docker/Dockerfile"));
    assertEquals(launcher, image);
    assertTrue(launcher.size() > 1, launcher.toString());
    assertEquals("-XX:CompileCommand=quiet", launcher.get(0), "quiet comes first");
    for (String directive : launcher.subList(1, launcher.size())) {
      Matcher m = DIRECTIVE.matcher(directive);
      assertTrue(m.matches() && m.group(2) != null, directive);
      Method[] methods = Class.forName(m.group(2)).getDeclaredMethods();
      assertTrue(
          Arrays.stream(methods).anyMatch(method -> method.getName().equals(m.group(3))),
          directive + ": no such method");
    }
  }

  /**
   * Both exit on {@code OutOfMemoryError}, so that an orchestrator or supervisor restarts a process
   * whose threads died of it instead of leaving one with open ports and dead actors.
   */
  @Test
  void theLauncherAndTheImageExitOnOutOfMemoryError() throws Exception {
    for (Path file :
        List.of(
            DeployFiles.ROOT.resolve("gofarm"), DeployFiles.DEPLOY.resolve("docker/Dockerfile"))) {
      assertTrue(
          Files.readString(file).contains("-XX:+ExitOnOutOfMemoryError"),
          file + " must pass -XX:+ExitOnOutOfMemoryError");
    }
  }

  @Test
  void theJvmTakesThemWithoutAWordOnStandardOutput() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(directives(DeployFiles.ROOT.resolve("gofarm")));
    command.add("-version");
    Process java =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, java.waitFor(), command.toString());
    assertEquals("", out);
  }

  private static List<String> directives(Path file) throws Exception {
    List<String> found = new ArrayList<>();
    Matcher m = DIRECTIVE.matcher(Files.readString(file));
    while (m.find()) {
      found.add(m.group());
    }
    return found;
  }
}
