package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * External programs for the deploy tests, found on the PATH. A missing one fails the calling test
 * when the environment variable {@code CI} is set (CI installs it: {@code .ci/run}) and skips it
 * with a loud message otherwise, as {@code GnuGo} does for GNU Go.
 */
final class Tools {
  private Tools() {}

  /** The output and exit status of a finished program. */
  record Result(int exit, String output) {}

  /** The path of {@code program}, or a failed (CI) or skipped test when it is not installed. */
  static Path require(String program, String install) {
    Path found = find(program);
    if (found == null) {
      String message = program + " not found on the PATH: install it with '" + install + "'";
      if (System.getenv("CI") != null) {
        fail(message + " (CI is set, so this is a failure)");
      }
      System.err.println("*".repeat(78));
      System.err.println("*** SKIPPING a deploy test. " + message);
      System.err.println("*".repeat(78));
      Assumptions.abort(message);
    }
    return found;
  }

  static Path find(String program) {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(File.pathSeparator)) {
        Path candidate = Path.of(dir, program);
        if (!dir.isEmpty() && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }

  /** Runs a command in {@code dir} and returns its combined output; fails if it takes too long. */
  static Result run(Path dir, Duration timeout, List<String> command)
      throws IOException, InterruptedException {
    return run(dir, timeout, command, Map.of());
  }

  /** A file's text; bytes that are not UTF-8 become U+FFFD rather than an exception. */
  private static String text(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }

  static Result run(Path dir, Duration timeout, List<String> command, Map<String, String> env)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("gofarm-deploy-", ".out");
    try {
      ProcessBuilder pb =
          new ProcessBuilder(new ArrayList<>(command))
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        fail(
            String.join(" ", command)
                + " did not finish in "
                + timeout.toSeconds()
                + " s; output:\n"
                + text(out));
      }
      return new Result(p.exitValue(), text(out));
    } finally {
      Files.deleteIfExists(out);
    }
  }
}
