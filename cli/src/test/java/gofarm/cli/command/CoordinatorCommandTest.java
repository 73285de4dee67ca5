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
    assertRefused(
        "--max-connections must be 0 (no limit) or more (got -1)", "--max-connections", "-1");
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

  @Test
  void anotherInterfaceThanLoopbackWithoutTokensIsRefusedUnlessInsecure() {
    assertRefused(
        "--host 0.0.0.0 without --auth would let anyone who can reach the port submit, cancel and"
            + " join as a worker: give --auth FILE (docs/security.md says how to make one), or"
            + " --insecure if this network is trusted",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--metrics-port",
        "-1");
  }

  @Test
  void securityOptionsAreCheckedBeforeAnythingListens(@TempDir Path dir) throws Exception {
    assertRefused(
        "--tls-cert and --tls-key go together: give both or neither",
        "--tls-cert",
        dir.resolve("server.pem").toString());
    assertRefused(
        "--tls-client-ca needs --tls-cert and --tls-key",
        "--tls-client-ca",
        dir.resolve("ca.pem").toString());
    assertRefused(
        "--http-tls serves the HTTP port with the gRPC port's certificate: give --tls-cert FILE"
            + " and --tls-key FILE too (docs/security.md says how to make them)",
        "--http-tls");
    assertRefused(
        "--tls-cert and --tls-key go together: give both or neither",
        "--http-tls",
        "--tls-key",
        dir.resolve("server-key.pem").toString());
    assertRefused(
        "--http-tls needs the HTTP port, but --metrics-port is -1 (none)",
        "--http-tls",
        "--metrics-port",
        "-1",
        "--tls-cert",
        dir.resolve("server.pem").toString(),
        "--tls-key",
        dir.resolve("server-key.pem").toString());
    Path tokens = Files.writeString(dir.resolve("tokens"), "# ops\nadmin ops short\n");
    assertRefused(
        "--auth: "
            + tokens
            + ":2: the TOKEN must be 16..256 printable ASCII characters without # (this one has 5);"
            + " make one with openssl rand -base64 24",
        "--auth",
        tokens.toString());
    assertRefused(
        "--max-running-jobs-per-token must be 0 (no limit) or more (got -1)",
        "--max-running-jobs-per-token",
        "-1");
  }

  private static void assertRefused(String message, String... args) {
    CliRun r = CliRun.of("coordinator", args);
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(message, r.err().lines().findFirst().orElseThrow());
    assertTrue(r.err().contains("Usage: gofarm coordinator"), r.err());
  }
}
