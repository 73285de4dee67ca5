package gofarm.gtp;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * A scripted GTP engine for {@link GtpClientTest}: each command makes it answer in one particular
 * way, well-formed or broken. Run as a separate JVM by {@link #commandLine}.
 *
 * <pre>
 * echo TEXT      = TEXT                 fail         ? something went wrong
 * multi          = a multi-line answer  sleep MS     answers after MS milliseconds
 * die            exits with status 3    noid         answers without the id
 * wrongid        answers with id 999    garbage      answers without = or ?
 * crlf           ends lines with \r\n   blankfirst   a blank line before the answer
 * stderr KB      writes KB kilobytes to stderr first, then answers
 * quit           answers and exits; with --ignore-quit it answers and runs on, even at end of input
 * </pre>
 */
public final class FakeEngine {
  private FakeEngine() {}

  /** The command line that runs this engine in a new JVM. */
  public static List<String> commandLine(String... options) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classes =
        Path.of(FakeEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString();
    List<String> line =
        new java.util.ArrayList<>(
            List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classes));
    line.add(FakeEngine.class.getName());
    line.addAll(List.of(options));
    return line;
  }

  public static void main(String[] args) throws Exception {
    boolean ignoreQuit = List.of(args).contains("--ignore-quit");
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      String[] words = line.trim().split("\\s+", 3);
      String id = words[0];
      String command = words.length > 1 ? words[1] : "";
      String argument = words.length > 2 ? words[2] : "";
      switch (command) {
        case "echo" -> out.print("=" + id + " " + argument + "\n\n");
        case "fail" -> out.print("?" + id + " something went wrong\n\n");
        case "multi" -> out.print("=" + id + " first line\n  second line\nthird\n\n");
        case "sleep" -> {
          Thread.sleep(Long.parseLong(argument));
          out.print("=" + id + " slept\n\n");
        }
        case "die" -> System.exit(3);
        case "noid" -> out.print("= no id\n\n");
        case "wrongid" -> out.print("=999 wrong\n\n");
        case "garbage" -> out.print("hello\n\n");
        case "crlf" -> out.print("=" + id + " windows\r\n\r\n");
        case "blankfirst" -> out.print("\n=" + id + " after a blank line\n\n");
        case "stderr" -> {
          byte[] kilobyte = new byte[1024];
          java.util.Arrays.fill(kilobyte, (byte) 'e');
          for (int i = 0; i < Integer.parseInt(argument); i++) {
            System.err.write(kilobyte);
          }
          System.err.flush();
          out.print("=" + id + " wrote stderr\n\n");
        }
        case "quit" -> {
          out.print("=" + id + "\n\n");
          out.flush();
          if (!ignoreQuit) {
            return;
          }
        }
        default -> out.print("?" + id + " unknown command\n\n");
      }
      out.flush();
    }
    if (ignoreQuit) {
      Thread.sleep(Long.MAX_VALUE); // a hung engine: only destroy() ends it
    }
  }
}
