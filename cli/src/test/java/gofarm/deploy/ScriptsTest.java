package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shell scripts of {@code deploy/} and {@code tools/} and the {@code gofarm} launcher parse
 * ({@code bash -n}), are shellcheck-clean, are executable, and refuse bad input with a clear
 * message.
 */
class ScriptsTest {
  @Test
  void scriptsParseAndAreShellcheckClean() throws Exception {
    List<Path> scripts = new ArrayList<>(DeployFiles.shellScripts());
    assertTrue(scripts.size() >= 2, scripts.toString());
    scripts.add(DeployFiles.ROOT.resolve("gofarm")); // the launcher
    for (Path s : scripts) {
      assertTrue(Files.isExecutable(s), s + " is not executable");
      assertTrue(Files.readString(s).startsWith("#!/usr/bin/env bash\n"), s + ": shebang");
      assertTrue(Files.readString(s).contains("set -euo pipefail"), s + ": set -euo pipefail");
      Tools.Result r =
          Tools.run(DeployFiles.ROOT, Duration.ofSeconds(30), List.of("bash", "-n", s.toString()));
      assertEquals(0, r.exit(), r.output());
    }
    Path shellcheck = Tools.require("shellcheck", "apt-get install shellcheck");
    List<String> command = new ArrayList<>(List.of(shellcheck.toString()));
    scripts.forEach(s -> command.add(s.toString()));
    Tools.Result r = Tools.run(DeployFiles.ROOT, Duration.ofSeconds(60), command);
    assertEquals(0, r.exit(), r.output());
  }

  @Test
  void theLauncherRefusesBadArgumentsClearly() throws Exception {
    assertRefused("unknown command 'start'", "start");
    assertRefused("--workers must be a whole number 0..64 (got 'two')", "up", "--workers", "two");
    assertRefused("--port needs a value", "up", "--port");
    assertRefused("--follow is not an option of 'up'", "up", "--follow");
    assertRefused(
        "--scrape-interval must be a duration like 1s, 500ms or 1m (got '1 s')",
        "up",
        "--scrape-interval",
        "1 s");
    assertRefused(
        "port 17070 is given twice: for coordinator gRPC (--port) and for coordinator metrics"
            + " (--metrics-port)",
        "up",
        "--state-dir",
        "target/deploy-scripts",
        "--port",
        "17070",
        "--metrics-port",
        "17070");
  }

  /**
   * The twogtp match's summary counts gofarm's games by colour: it is White when twogtp's ALT is 0,
   * Black when 1; "0" is a jigo, a result the referee could not give is left out.
   */
  @Test
  void theTwogtpSummaryCountsGofarmsColour(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path table = dir.resolve("m.dat");
    Files.writeString(
        table,
        String.join(
            "\n",
            "# Black: Pachi",
            "#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN",
            "0\tB+R\tB+R\tB+R\t0\t-\t43", // gofarm White, lost
            "1\tB+R\tB+R\tB+R\t1\t-\t30", // gofarm Black, won
            "2\tW+3.0\tW+3\tW+3.0\t0\t-\t60", // gofarm White, won
            "3\t0\t0\t0\t1\t-\t54", // jigo
            "4\t?\t?\t?\t1\t-\t12", // no result
            ""));
    Tools.Result r =
        Tools.run(
            DeployFiles.ROOT,
            Duration.ofSeconds(30),
            List.of("bash", "tools/twogtp-match.sh", "--summary", table.toString()));
    assertEquals(0, r.exit(), r.output());
    assertTrue(
        r.output()
            .contains(
                "gofarm won 2, drew 1, lost 1 of 4 games (1 of its wins as Black): 62.5% ± 47.4%"
                    + " (95%); left out for want of a result: 1"),
        r.output());
  }

  /** The regression script names what it needs before it starts anything. */
  @Test
  void theRegressScriptRefusesWhatIsNotAGnuGoTree(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Tools.Result usage =
        Tools.run(
            DeployFiles.ROOT, Duration.ofSeconds(30), List.of("bash", "tools/gnugo-regress.sh"));
    assertEquals(2, usage.exit(), usage.output());
    assertTrue(usage.output().contains("GNUGO_SOURCE GOGUI_CLASSES OUT"), usage.output());
    Tools.Result notGnuGo =
        Tools.run(
            DeployFiles.ROOT,
            Duration.ofSeconds(30),
            List.of("bash", "tools/gnugo-regress.sh", dir.toString(), "gogui", "out"));
    assertEquals(2, notGnuGo.exit(), notGnuGo.output());
    assertTrue(
        notGnuGo.output().contains("no regression/ directory in " + dir + ": give a GNU Go source"),
        notGnuGo.output());
  }

  private static void assertRefused(String message, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "deploy/local/cluster.sh"));
    command.addAll(List.of(args));
    Tools.Result r = Tools.run(DeployFiles.ROOT, Duration.ofSeconds(30), command);
    assertTrue(r.exit() == 1 || r.exit() == 2, r.exit() + ": " + r.output());
    assertTrue(r.output().contains(message), r.output());
  }
}
