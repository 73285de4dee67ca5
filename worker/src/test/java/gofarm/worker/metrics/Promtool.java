package gofarm.worker.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs {@code promtool check metrics} (Debian package {@code prometheus}) on an exposition. When
 * promtool is missing the check fails if {@code CI} is set (CI installs it) and is skipped loudly
 * otherwise.
 */
final class Promtool {
  private Promtool() {}

  /** Asserts that promtool finds no problem in {@code exposition}. */
  static void checkMetrics(String exposition) throws IOException, InterruptedException {
    Path promtool = find();
    if (promtool == null) {
      String why = "promtool not found on the PATH (apt-get install prometheus)";
      if (System.getenv("CI") != null) {
        fail(why + "; CI must run this check");
      }
      System.err.println("SKIPPED: " + why);
      Assumptions.abort(why);
    }
    Process p =
        new ProcessBuilder(promtool.toString(), "check", "metrics")
            .redirectErrorStream(true)
            .start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(exposition.getBytes(StandardCharsets.UTF_8));
    }
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("promtool check metrics did not finish in 30 s");
    }
    assertEquals(0, p.exitValue(), "promtool check metrics:\n" + output);
    assertEquals("", output.strip(), "promtool check metrics");
  }

  private static Path find() {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        Path candidate = Path.of(dir, "promtool");
        if (Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }
}
