package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import gofarm.cli.Main;
import gofarm.proto.v1.JobResults;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code gofarm local} as a user runs it: a spec file with an SGF game next to it, a progress bar
 * on standard error, the results table on standard output, and the files in the output folder —
 * JSON that parses back, CSV with a row per pair, and SVG pictures that are well-formed XML.
 */
class LocalCommandTest {
  @TempDir Path dir;

  @Test
  void runsAJobAndWritesItsResults() throws Exception {
    Files.copy(Path.of("..", "examples", "games", "9x9-gnugo-a.sgf"), dir.resolve("game.sgf"));
    Files.writeString(
        dir.resolve("spec.json"),
        """
        {
          "name": "local test",
          "seed": "3",
          "rules": {"komi": 7},
          "evaluate": {
            "positions": [
              {"empty": 9},
              {"label": "move 30", "sgf": {"file": "game.sgf", "move": 30}}
            ],
            "policies": [{"name": "uniform"}, {"name": "atari-local"}],
            "playouts": 2000,
            "chunkPlayouts": 500
          }
        }
        """);
    Run run = local("spec.json");

    String table = run.out();
    assertTrue(table.contains("SUCCEEDED"), table);
    assertTrue(table.contains("empty 9x9"), table);
    assertTrue(table.contains("move 30"), table);
    assertTrue(run.err().contains("100% 8,000/8,000 playouts"), run.err());

    Path folder = jobFolder();
    JobResults results = parse(Files.readString(folder.resolve("results.json")));
    assertEquals(4, results.getPairsCount());
    assertEquals(2000, results.getPairs(3).getPlayouts());
    List<String> csv = Files.readAllLines(folder.resolve("results.csv"));
    assertEquals(5, csv.size(), "a header and one row per pair");
    assertEquals(1 + 4 * 81, Files.readAllLines(folder.resolve("ownership.csv")).size());
    try (Stream<Path> svgs = Files.list(folder.resolve("svg"))) {
      List<Path> pictures = svgs.sorted().toList();
      assertEquals(
          List.of(
              "00-empty-9x9-atari-local.svg",
              "00-empty-9x9-uniform.svg",
              "01-move-30-atari-local.svg",
              "01-move-30-uniform.svg"),
          pictures.stream().map(p -> p.getFileName().toString()).toList());
      for (Path p : pictures) {
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(p.toFile());
      }
    }
  }

  @Test
  void runsAMatchAndWritesItsGamesAndCharts() throws Exception {
    Files.writeString(
        dir.resolve("match.json"),
        """
        {
          "name": "local match",
          "seed": "8",
          "match": {
            "candidate": {"search": {"policy": {"name": "heavy"}, "playouts": "16"}},
            "baseline": {"search": {"policy": {"name": "uniform"}, "playouts": "16"}},
            "size": 5,
            "pairs": 3,
            "sprt": {"elo0": 0, "elo1": 200}
          }
        }
        """);
    Run run = local("match.json");
    // The table's first column is as wide as its longest name ("fixed-sample nElo" once the SPRT
    // has ended: here every pair was played without a decision).
    assertTrue(run.out().contains("\ncandidate          heavy 16 po\n"), run.out());
    assertTrue(run.out().contains("\nbaseline           uniform 16 po\n"), run.out());
    assertTrue(run.out().contains("\nfixed-sample Elo   "), run.out());
    assertTrue(run.err().contains("3/3 pairs"), run.err());

    Path folder = jobFolder();
    JobResults results = parse(Files.readString(folder.resolve("results.json")));
    assertEquals(3, results.getMatch().getPairsCount());
    assertEquals(3, results.getMatch().getLlrCount());
    List<gofarm.io.SgfGame> games =
        gofarm.io.Sgf.parse(Files.readString(folder.resolve("games.sgf")));
    assertEquals(6, games.size());
    assertEquals(4, Files.readAllLines(folder.resolve("results.csv")).size(), "header + 3 pairs");
    for (String chart : List.of("elo.svg", "llr.svg")) {
      DocumentBuilderFactory.newInstance()
          .newDocumentBuilder()
          .parse(folder.resolve("svg").resolve(chart).toFile());
    }
  }

  @Test
  void aBadSpecIsRefusedWithTheFieldAndNothingRuns() throws Exception {
    Files.writeString(
        dir.resolve("bad.json"),
        "{\"evaluate\": {\"positions\": [{\"empty\": 1}], \"policies\": [{\"name\": \"uniform\"}]}}");
    StringWriter err = new StringWriter();
    int code =
        Main.commandLine()
            .setErr(new PrintWriter(err, true))
            .execute("local", dir.resolve("bad.json").toString(), "--metrics-port", "-1");
    assertEquals(1, code);
    assertTrue(
        err.toString().contains("spec.evaluate.positions[0].empty: must be 2..25 (got 1)"),
        err.toString());
  }

  @Test
  void badOptionsAMissingSpecAndAnUnwritableOutAreNamedAndNothingRuns() throws Exception {
    Path spec = Path.of("..", "examples", "evaluate-9x9.json");
    CliRun threads = CliRun.of("local", spec.toString(), "--threads", "-1");
    assertEquals(2, threads.exitCode());
    assertEquals(
        "--threads must be 1..1024, or 0 for all cores (got -1)",
        threads.err().lines().findFirst().get());
    CliRun port = CliRun.of("local", spec.toString(), "--metrics-port", "99999");
    assertEquals(2, port.exitCode());
    assertEquals(
        "--metrics-port must be 0..65535 (0 for any free port, -1 for none; got 99999)",
        port.err().lines().findFirst().get());
    Path file = Files.writeString(dir.resolve("a-file"), "");
    CliRun out = CliRun.of("local", spec.toString(), "--out", file.toString());
    assertEquals(2, out.exitCode());
    assertEquals(
        "--out: cannot write results into " + file + ": a file is in the way (" + file + ")",
        out.err().lines().findFirst().get());
    Path missing = dir.resolve("missing.json");
    CliRun noSpec = CliRun.of("local", missing.toString(), "--metrics-port", "-1");
    assertEquals(1, noSpec.exitCode());
    assertEquals("error: cannot read " + missing + ": no such file\n", noSpec.err());
    assertEquals("", noSpec.out());
  }

  /** What {@code gofarm local} printed. */
  private record Run(String out, String err) {}

  /** Runs {@code gofarm local} on a spec in the test folder, results into out/; it must succeed. */
  private Run local(String spec) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli =
        Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
    int code =
        cli.execute(
            "local",
            dir.resolve(spec).toString(),
            "--out",
            dir.resolve("out").toString(),
            "--metrics-port",
            "-1",
            "--threads",
            "2");
    assertEquals(0, code, err.toString());
    return new Run(out.toString(), err.toString());
  }

  /** The one job folder under out/. */
  private Path jobFolder() throws Exception {
    try (Stream<Path> jobs = Files.list(dir.resolve("out"))) {
      return jobs.findFirst().orElseThrow();
    }
  }

  private static JobResults parse(String json) throws Exception {
    JobResults.Builder b = JobResults.newBuilder();
    com.google.protobuf.util.JsonFormat.parser().merge(json, b);
    return b.build();
  }
}
