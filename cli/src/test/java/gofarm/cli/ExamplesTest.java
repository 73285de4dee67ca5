package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.GammaTable;
import gofarm.stats.EloModel;
import gofarm.stats.Sprt;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.ResolvedEvaluation;
import gofarm.wire.ResolvedFit;
import gofarm.wire.ResolvedJob;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.ResolvedTune;
import gofarm.wire.SpecFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The job specs in {@code examples/} are read as {@code gofarm submit} reads them and resolved as
 * the coordinator resolves them, so an example that the README points to is never refused.
 */
class ExamplesTest {
  private static final Path EXAMPLES = Path.of("..", "examples");

  private static ResolvedJob resolve(String file) {
    return JobSpecs.resolve(SpecFiles.read(EXAMPLES.resolve(file)));
  }

  @Test
  void everyExampleResolves() throws Exception {
    List<Path> specs;
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      specs = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertEquals(
        List.of(
            "balance-9x9.json",
            "evaluate-19x19.json",
            "evaluate-9x9.json",
            "match-clock-9x9.json",
            "match-heavy-vs-uniform-9x9.json",
            "match-heavy10k-vs-gnugo10-9x9-referee.json",
            "match-heavy10k-vs-gnugo10-9x9.json",
            "match-prior-vs-heavy-9x9.json",
            "match-softmax-vs-heavy-9x9.json",
            "match-vs-gnugo-9x9.json",
            "tune-balance-9x9.json",
            "tune-heavy-rates-9x9.json"),
        specs.stream().map(p -> p.getFileName().toString()).toList());
    for (Path spec : specs) {
      ResolvedJob job = JobSpecs.resolve(SpecFiles.read(spec));
      String name = spec.getFileName().toString();
      Class<? extends ResolvedJob> kind =
          name.startsWith("match")
              ? ResolvedMatch.class
              : name.startsWith("tune")
                  ? ResolvedTune.class
                  : name.startsWith("balance") ? ResolvedBalance.class : ResolvedEvaluation.class;
      assertEquals(kind, job.getClass(), name);
    }
  }

  /**
   * The recipe of the shipped softmax table (examples/fit): its match spec makes GNU Go play itself
   * from two random moves with GNU Go as referee, and its fit spec learns from at least 2,000 of
   * those games, skipping the random moves, holding out a tenth by game.
   */
  @Test
  void theFitRecipeResolves() {
    ResolvedMatch games = (ResolvedMatch) resolve("fit/games-gnugo5-9x9.json");
    assertEquals(200, 2 * games.pairs());
    ResolvedFit fit = (ResolvedFit) resolve("fit/fit-9x9.json");
    assertTrue(fit.games() >= 2000, "games: " + fit.games());
    assertEquals(2, fit.skipMoves());
    assertEquals(0.1, fit.testShare());
    assertTrue(fit.testGames() > 0.05 * fit.games() && fit.testGames() < 0.15 * fit.games());
  }

  @Test
  void theTuningExamplesTuneFourOfHeavysRatesAndConfirm() {
    ResolvedTune rates = (ResolvedTune) resolve("tune-heavy-rates-9x9.json");
    assertEquals("heavy", rates.start().name());
    assertEquals(
        List.of("rules[0].rate", "rules[1].rate", "rules[2].rate", "rules[3].rate"),
        rates.parameters().stream().map(p -> p.path()).toList());
    assertEquals("match", rates.objective());
    assertEquals(9, rates.games().size());
    assertTrue(rates.games().deterministic());
    assertEquals(new Sprt(0, 30, 0.05, 0.05, EloModel.LOGISTIC), rates.confirm().sprt());

    ResolvedTune balance = (ResolvedTune) resolve("tune-balance-9x9.json");
    assertEquals("evaluation", balance.objective());
    assertEquals(25, balance.positions().size(), "every 4th move of the two 9x9 GNU Go games");
    assertEquals("9x9-gnugo-a.sgf move 4", balance.positions().get(0).label());
    assertEquals(7.0, balance.rules().komi(), "the games' komi, as the reference search used");
    for (double v : balance.values()) {
      assertTrue(v >= 0 && v <= 1);
    }
    assertEquals(9, balance.confirm().size());
  }

  /**
   * The balance example: moves 10, 25 and 40 of the first 100 games of the fit recipe, held out by
   * game, valued by heavy's search with the prior, from the shipped table, with a confirmation on
   * 9x9.
   */
  @Test
  void theBalanceExampleTakesPositionsFromTheFitGames() {
    ResolvedBalance b = (ResolvedBalance) resolve("balance-9x9.json");
    assertEquals(300, b.positions().size());
    assertEquals("games-9x9.sgf game 0 move 10", b.positions().get(0).label());
    assertEquals("games-9x9.sgf game 0 move 40", b.positions().get(2).label());
    assertEquals("games-9x9.sgf game 1 move 10", b.positions().get(3).label());
    assertEquals(300, b.unvalued().size(), "every value from the reference search");
    assertEquals(5_000, b.referencePlayouts());
    assertEquals("heavy", b.reference().policy().name(), "a judge stronger than the start");
    assertEquals(3, b.reference().prior());
    assertEquals(52, b.testPositions(), "held out by the seed, as the run in docs/learning.md");
    assertEquals(GammaTable.defaultTable(), b.start().gammaTable(), "the shipped table");
    assertEquals(7.0, b.rules().komi(), "the games' komi");
    assertEquals(9, b.confirm().size());
  }

  @Test
  void heavyAgainstUniformIsAReproducibleSprtAtEqualPlayouts() {
    ResolvedMatch m = (ResolvedMatch) resolve("match-heavy-vs-uniform-9x9.json");
    assertEquals("heavy", m.candidate().search().policy().name());
    assertEquals("uniform", m.baseline().search().policy().name());
    assertEquals(m.candidate().budget(), m.baseline().budget(), "equal playouts per move");
    assertEquals(200, m.candidate().budget().playouts());
    assertEquals(9, m.size());
    assertTrue(m.openings().isEmpty() && m.randomMoves() > 0, "random opening moves");
    assertEquals(new Sprt(0, 50, 0.05, 0.05, EloModel.LOGISTIC), m.sprt());
    assertTrue(m.pairs() <= 1000, "a cap on the pairs");
    assertTrue(m.deterministic());
    assertEquals(Set.of(), m.engines());
  }

  /**
   * The clocked example: both sides on 60 s sudden death, gofarm's search budgeting its moves by
   * the clock (no playouts per move), GNU Go told its clock; not reproducible, so never
   * spot-checked.
   */
  @Test
  void theClockExampleGivesBothSidesSixtySecondsSuddenDeath() {
    ResolvedMatch m = (ResolvedMatch) resolve("match-clock-9x9.json");
    gofarm.search.TimeSettings sudden =
        gofarm.search.TimeSettings.absolute(java.time.Duration.ofSeconds(60));
    assertEquals(sudden, m.candidate().clock());
    assertNull(m.candidate().budget());
    assertEquals(3, m.candidate().search().prior());
    assertEquals(sudden, m.baseline().clock());
    assertEquals(Set.of("gnugo"), m.engines());
    assertEquals(false, m.deterministic(), "a clock reads the wall-clock time");
  }

  @Test
  void gofarmAgainstGnuGoRunsGnuGoAtLevelOne() {
    ResolvedMatch m = (ResolvedMatch) resolve("match-vs-gnugo-9x9.json");
    assertEquals("heavy", m.candidate().search().policy().name());
    assertNull(m.candidate().program());
    assertEquals(
        List.of("gnugo", "--mode", "gtp", "--chinese-rules", "--level", "1"),
        m.baseline().engine(),
        "area counting, so that its final_score can agree with gofarm's");
    assertEquals(gofarm.match.Adjudication.CLEANUP, m.adjudication());
    assertEquals(Set.of("gnugo"), m.engines());
    assertEquals(EloModel.LOGISTIC, m.sprt().model());
  }

  @Test
  void theLevel10MatchIsScoredByCleanupOrByGnuGoAsReferee() {
    ResolvedMatch cleanup = (ResolvedMatch) resolve("match-heavy10k-vs-gnugo10-9x9.json");
    ResolvedMatch referee = (ResolvedMatch) resolve("match-heavy10k-vs-gnugo10-9x9-referee.json");
    assertEquals(gofarm.match.Adjudication.CLEANUP, cleanup.adjudication());
    assertEquals(gofarm.match.Adjudication.REFEREE, referee.adjudication());
    assertEquals(List.of("gnugo", "--mode", "gtp", "--chinese-rules"), referee.referee().engine());
    assertEquals(cleanup.seed(), referee.seed(), "the same games, scored two ways");
    assertEquals(cleanup.candidate(), referee.candidate());
    assertEquals(cleanup.baseline(), referee.baseline());
  }
}
