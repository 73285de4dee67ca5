package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import org.junit.jupiter.api.Test;

/** {@code gofarm sprt}: the report, the JSON and every refusal. */
class SprtCommandTest {

  private static CliRun run(String... args) {
    return CliRun.of("sprt", args);
  }

  @Test
  void reportsAFishtestRunAsFishtestDid() {
    // Fishtest printed "LLR: -2.24 (-2.94,2.94) <0.50,2.50>" for these counts.
    CliRun run =
        run(
            "--ptnml",
            "61,12006,31864,12078,47",
            "--elo0",
            "0.5",
            "--elo1",
            "2.5",
            "--model",
            "normalized");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(
        """
        pairs      56056 (112112 games), ptnml(0-2) 61, 12006, 31864, 12078, 47
        score      50.02 %
        Elo        +0.14 ± 0.95 (95 %: -0.81 .. +1.09)
        LOS        61.07 %
        nElo       +0.29 ± 2.03 (95 %)
        SPRT       normalized Elo [0.5, 2.5], alpha 0.05, beta 0.05
        LLR        -2.24 (-2.94, 2.94)
        decision   continue
        """,
        run.out());
  }

  @Test
  void decidesAndPrintsJson() {
    CliRun accept = run("--ptnml", "40,0,120,0,240", "--elo0", "0", "--elo1", "5");
    assertTrue(accept.out().contains("\ndecision   H1 accepted\n"), accept.out());
    // A decided test also gets the estimate corrected for a stop there, named as such.
    assertTrue(
        accept
            .out()
            .endsWith(
                "\nstop-aware +189.72 (95 %: +147.70 .. +237.51), LOS 100.00 %: the Elo if the test"
                    + " stopped here, median-unbiased given the SPRT's stopping rule (Van den"
                    + " Bergh's method, as Fishtest's SPRT Elo)\n"),
        accept.out());
    CliRun reject = run("--ptnml", "4000,0,8000,0,4000");
    assertTrue(reject.out().contains("\ndecision   H0 accepted\nstop-aware "), reject.out());
    // Fishtest's sprt.py gives -7.66 (95 %: -16.27 .. +1.01) for MatchJobsTest's self-match.
    CliRun self = run("--ptnml", "801,0,1622,0,724", "--json");
    assertTrue(
        self.out()
            .contains(
                ", \"decision\": \"accept_h0\", \"stopAware\": {\"elo\": -7.6631, \"eloLower\":"
                    + " -16.2698, \"eloUpper\": 1.0114, \"los\": 0.041561, \"method\":"
                    + " \"median-unbiased given the SPRT's stopping rule (Van den Bergh's method,"
                    + " as Fishtest's SPRT Elo)\"}}\n"),
        self.out());

    CliRun json = run("--wdl", "60,0,40", "--elo1", "50", "--json");
    assertEquals(0, json.exitCode());
    assertEquals(
        "{\"model\": \"logistic\", \"elo0\": 0, \"elo1\": 50, \"alpha\": 0.05, \"beta\": 0.05,"
            + " \"wins\": 60, \"draws\": 0, \"losses\": 40, \"games\": 100, \"score\": 0.599999,"
            + " \"elo\": 70.4358, \"eloLower\": 2.7668, \"eloUpper\": 143.9076, \"los\": 0.979387,"
            + " \"normalizedElo\": 70.9196, \"normalizedHalfWidth\": 68.0961, \"llr\": 1.846268,"
            + " \"lowerBound\": -2.944439, \"upperBound\": 2.944439, \"decision\": \"continue\"}\n",
        json.out());
    CliRun pairs = run("--ptnml", "1,2,3,2,1", "--json", "--alpha", "0.1", "--beta", "0.2");
    assertTrue(
        pairs.out().contains("\"ptnml\": [1, 2, 3, 2, 1], \"pairs\": 9, \"games\": 18"),
        pairs.out());
    assertTrue(pairs.out().contains("\"alpha\": 0.1, \"beta\": 0.2"), pairs.out());
    assertTrue(pairs.out().contains("\"lowerBound\": -1.504077"), pairs.out()); // ln(0.2/0.9)
  }

  @Test
  void refusesBadInputWithTheReason() {
    assertError("give the result as --ptnml N0,N1,N2,N3,N4 or as --wdl W,D,L (one of them)");
    assertError(
        "give the result as --ptnml N0,N1,N2,N3,N4 or as --wdl W,D,L (one of them)",
        "--ptnml",
        "1,2,3,4,5",
        "--wdl",
        "1,2,3");
    assertError("--ptnml needs 5 counts, lowest score first (got 2)", "--ptnml", "1,2");
    assertError("--ptnml: count 1 must not be negative (got -2)", "--ptnml", "1,-2,3,4,5");
    assertError("--wdl needs 3 counts: wins, draws, losses (got 4)", "--wdl", "1,2,3,4");
    assertError(
        "--wdl: wins, draws and losses must not be negative (got 1, -1, 0)", "--wdl", "1,-1,0");
    assertError(
        "--model: model must be logistic or normalized (got 'bayes')",
        "--wdl",
        "1,1,1",
        "--model",
        "bayes");
    assertError(
        "elo0 must be less than elo1 (got [5.0, 0.0])",
        "--wdl",
        "1,1,1",
        "--elo0",
        "5",
        "--elo1",
        "0");
    assertError("alpha must be in (0, 0.5) (got 0.7)", "--wdl", "1,1,1", "--alpha", "0.7");
  }

  private static void assertError(String message, String... args) {
    CliRun run = run(args);
    assertEquals(2, run.exitCode(), run.out());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith(message + "\n"), run.err());
  }
}
