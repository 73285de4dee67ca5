package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gofarm coordinator}'s options are checked before anything listens (a running coordinator
 * is tested in {@code FarmProcessesTest}).
 */
class CoordinatorCommandTest {
  @Test
  void badOptionsAreUsageErrorsThatNameTheOption() {
    assertRefused("--port must be 0..65535 (0 for any free port; got 70000)", "--port", "70000");
    assertRefused("--port must be 0..65535 (0 for any free port; got -1)", "--port", "-1");
    assertRefused(
        "--metrics-port must be 0..65535 (0 for any free port, -1 for none; got -2)",
        "--metrics-port",
        "-2");
    assertRefused("--lease-seconds must be at least 5 (got 1)", "--lease-seconds", "1");
  }

  @Test
  void aDataDirectoryThatCannotBeMadeIsOneLineWithTheReason(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    CliRun r =
        CliRun.of(
            "coordinator",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--metrics-port",
            "-1",
            "--data-dir",
            file.toString());
    assertEquals(1, r.exitCode(), r.err());
    Path jobs = file.resolve("jobs");
    assertEquals(
        "error: cannot create the data directory " + jobs + ": Not a directory (" + jobs + ")\n",
        r.err());
  }

  private static void assertRefused(String message, String... args) {
    CliRun r = CliRun.of("coordinator", args);
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(message, r.err().lines().findFirst().orElseThrow());
    assertTrue(r.err().contains("Usage: gofarm coordinator"), r.err());
  }
}
