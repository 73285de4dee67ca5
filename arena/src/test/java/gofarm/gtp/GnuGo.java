package gofarm.gtp;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Starts GNU Go 3.8 for tests that compare gofarm with it.
 *
 * <p>GNU Go is found at {@code $GNUGO}, else at {@code /usr/games/gnugo} (Debian's {@code apt-get
 * install gnugo}), else on the PATH. When it is missing the test <b>fails</b> if the environment
 * variable {@code CI} is set (CI installs it, so a missing engine is a broken build) and is skipped
 * with a loud message otherwise, so that developers without GNU Go can run everything else.
 */
public final class GnuGo {
  private GnuGo() {}

  /**
   * Starts {@code gnugo --mode gtp --chinese-rules} with the extra flags, checks that it answers as
   * GNU Go, and returns the client; fails or skips the calling test when GNU Go is missing.
   */
  public static GtpClient start(String... flags) {
    List<String> command = new ArrayList<>(command());
    command.addAll(List.of(flags));
    GtpClient gnugo =
        GtpClient.start(command, Duration.ofSeconds(60), ProcessBuilder.Redirect.DISCARD);
    String name = gnugo.send("name");
    if (!name.equals("GNU Go")) {
      gnugo.close();
      fail(command.get(0) + " answers 'name' with '" + name + "', expected 'GNU Go'");
    }
    return gnugo;
  }

  /**
   * The command line {@code gnugo --mode gtp --chinese-rules}; fails or skips the calling test when
   * GNU Go is missing.
   */
  public static List<String> command() {
    Path program = find();
    if (program == null) {
      String message =
          "GNU Go not found ($GNUGO, /usr/games/gnugo or gnugo on the PATH):"
              + " install it with 'apt-get install -y gnugo'";
      if (System.getenv("CI") != null) {
        fail(message + " (CI is set, so this is a failure)");
      }
      System.err.println("*".repeat(78));
      System.err.println("*** SKIPPING a GNU Go comparison test. " + message);
      System.err.println("*".repeat(78));
      Assumptions.abort(message);
    }
    return List.of(program.toString(), "--mode", "gtp", "--chinese-rules");
  }

  private static Path find() {
    String configured = System.getenv("GNUGO");
    if (configured != null && !configured.isBlank()) {
      return Files.isExecutable(Path.of(configured)) ? Path.of(configured) : null;
    }
    Path debian = Path.of("/usr/games/gnugo");
    if (Files.isExecutable(debian)) {
      return debian;
    }
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        Path candidate = Path.of(dir, "gnugo");
        if (!dir.isEmpty() && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }
}
