package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.PolicySpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SprtSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneSpec;
import gofarm.stats.Sprt;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Tune specs: defaults, the games of a pair resolved as a match's, the perturbations and seeds as
 * functions of (seed, iteration, pair), and every refusal with its field path.
 */
class TuneSpecsTest {

  static TuneParameter.Builder param(String path, double min, double max) {
    return TuneParameter.newBuilder()
        .setPath(path)
        .setMin(min)
        .setMax(max)
        .setCEnd(0.1)
        .setREnd(0.002);
  }

  static TuneSpec.Builder heavyRates() {
    return TuneSpec.newBuilder()
        .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
        .addParameters(param("rules[0].rate", 0, 1))
        .addParameters(param("rules[4].rate", 0, 1))
        .setObjective(
            TuneObjective.newBuilder()
                .setMatch(
                    TuneMatch.newBuilder()
                        .setSize(9)
                        .setPlayouts(400)
                        .setOpenings(Openings.newBuilder().setRandomMoves(4))));
  }

  private static ResolvedTune resolve(TuneSpec.Builder tune) {
    Violations v = new Violations();
    ResolvedJob job =
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(7).setTune(tune).build(), "spec", v);
    assertEquals("", v.description());
    return (ResolvedTune) job;
  }

  private static String problems(TuneSpec.Builder tune) {
    Violations v = new Violations();
    ResolvedJob job = JobSpecs.resolve(JobSpec.newBuilder().setTune(tune).build(), "spec", v);
    assertNull(job, "refused");
    return v.description();
  }

  @Test
  void theIssuesExampleResolvesWithDefaults() {
    ResolvedTune t = resolve(heavyRates());
    assertEquals(1000, t.iterations());
    assertEquals(8, t.batchPairs());
    assertEquals(8, t.chunksPerIteration());
    assertEquals("match", t.objective());
    assertArrayEquals(new double[] {0.9, 1.0}, t.startTheta());
    assertEquals(9, t.games().size());
    assertEquals(4, t.games().randomMoves());
    assertEquals(400, t.games().candidate().budget().playouts());
    assertEquals(ResolvedTune.PLUS, t.games().candidate().name());
    assertEquals(ResolvedTune.MINUS, t.games().baseline().name());
    assertNull(t.confirm());
  }

  @Test
  void thePolicyAtThetaSetsEachParameterAndRoundsWholeNumbers() {
    ResolvedTune t =
        resolve(
            heavyRates()
                .clearParameters()
                .addParameters(param("rules[0].rate", 0, 1))
                .addParameters(param("rules[0].params.ladder", 0, 2).setCEnd(0.5)));
    PolicySpec p = t.policy(new double[] {0.75, 0.6});
    assertEquals(
        "extend(counter=1,ladder=1)@0.75 capture@0.9 two-lib@0.9 nakade@0.8 pattern3"
            + " capture(scope=1) random self-atari@0.6",
        p.rulesText());
    assertEquals("custom", p.name());
    assertEquals(PolicySpec.parse("heavy").rules(), t.policy(t.startTheta()).rules());
  }

  @Test
  void perturbationsAndSeedsDependOnSeedIterationAndPairOnly() {
    ResolvedTune a = resolve(heavyRates());
    ResolvedTune b = resolve(heavyRates());
    Set<String> seen = new HashSet<>();
    int plus = 0;
    for (int k = 1; k <= 50; k++) {
      for (int j = 0; j < 8; j++) {
        int[] d = a.delta(k, j);
        assertArrayEquals(d, b.delta(k, j));
        for (int x : d) {
          assertTrue(x == 1 || x == -1);
          plus += x == 1 ? 1 : 0;
        }
        seen.add(d[0] + "," + d[1]);
        assertEquals(a.pairSeed(k, j), b.pairSeed(k, j));
      }
    }
    assertEquals(4, seen.size(), "every sign pattern occurs");
    // 800 signs: a fair coin gives 400 ± 14 (one standard deviation).
    assertTrue(Math.abs(plus - 400) < 60, "signs are balanced: " + plus);
    assertNotEquals(a.pairSeed(1, 0), a.pairSeed(1, 1));
    assertNotEquals(a.pairSeed(1, 0), a.pairSeed(2, 0));
  }

  @Test
  void aConfirmationUsesTheObjectivesGamesWithItsOwnPairsAndSprt() {
    ResolvedTune t =
        resolve(
            heavyRates()
                .setConfirm(
                    TuneConfirm.newBuilder()
                        .setPairs(2000)
                        .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(10))));
    assertEquals(2000, t.confirm().pairs());
    assertEquals(9, t.confirm().size());
    assertEquals(new Sprt(0, 10, 0.05, 0.05, gofarm.stats.EloModel.LOGISTIC), t.confirm().sprt());
  }

  @Test
  void theEvaluationObjectiveResolvesItsReferencePositions() {
    TuneSpec.Builder spec =
        heavyRates()
            .setObjective(
                TuneObjective.newBuilder()
                    .setEvaluation(
                        TuneEvaluation.newBuilder()
                            .setPlayouts(500)
                            .addPositions(
                                ReferencePosition.newBuilder()
                                    .setPosition(PositionSource.newBuilder().setEmpty(9))
                                    .setBlackValue(0.45))
                            .addPositions(
                                ReferencePosition.newBuilder()
                                    .setPosition(PositionSource.newBuilder().setEmpty(7))
                                    .setBlackValue(0.6))))
            .setConfirm(
                TuneConfirm.newBuilder().setPairs(10).setMatch(TuneMatch.newBuilder().setSize(7)));
    ResolvedTune t = resolve(spec);
    assertEquals("evaluation", t.objective());
    assertEquals(16, t.chunksPerIteration());
    assertEquals(2, t.positions().size());
    assertEquals(0.6, t.values().get(1));
    assertEquals(500, t.playouts());
    assertEquals(7, t.confirm().size());
    for (int k = 1; k <= 20; k++) {
      int p = t.positionOf(k, 3);
      assertTrue(p == 0 || p == 1);
      assertEquals(p, resolve(spec).positionOf(k, 3));
    }
  }

  @Test
  void positionsWithoutAValueGoToTheReferenceStep() {
    TuneEvaluation.Builder e = TuneEvaluation.newBuilder();
    e.addPositions(
        ReferencePosition.newBuilder().setPosition(PositionSource.newBuilder().setEmpty(9)));
    e.addPositions(
        ReferencePosition.newBuilder()
            .setPosition(PositionSource.newBuilder().setEmpty(7))
            .setBlackValue(0));
    ResolvedTune t =
        resolve(heavyRates().setObjective(TuneObjective.newBuilder().setEvaluation(e)));
    assertEquals(List.of(0), t.unvalued(), "an explicit 0 is a value");
    assertTrue(Double.isNaN(t.values().get(0)));
    assertEquals(50_000, t.referencePlayouts());
    assertNotEquals(t.referenceSeed(0), t.referenceSeed(1));
    assertEquals(
        "spec.tune.objective.evaluation.referencePlayouts: must be 1..10000000 (got 20000000)",
        problems(
            heavyRates()
                .setObjective(
                    TuneObjective.newBuilder().setEvaluation(e.setReferencePlayouts(20_000_000)))));
  }

  @Test
  void badSpecsAreRefusedWithTheirFieldPaths() {
    assertEquals(
        "spec.tune.parameters[0].path: rule 9 does not exist: the policy has 8 rules"
            + " (extend(counter=1,ladder=2)@0.9 capture@0.9 two-lib@0.9 nakade@0.8 pattern3"
            + " capture(scope=1) random self-atari@0.6)",
        problems(heavyRates().setParameters(0, param("rules[9].rate", 0, 1))));
    assertEquals(
        "spec.tune.parameters[1].path: extend has no parameter depth (it has: scope, trigger,"
            + " counter, ladder)",
        problems(heavyRates().setParameters(1, param("rules[0].params.depth", 0, 1))));
    assertEquals(
        "spec.tune.parameters[1].max: must be within rules[0].params.ladder's documented range 0..2"
            + " (got 3)",
        problems(heavyRates().setParameters(1, param("rules[0].params.ladder", 0, 3))));
    assertEquals(
        "spec.tune.parameters[0].min: must be within rules[0].rate's documented range 0..1 (got"
            + " -0.5)",
        problems(heavyRates().setParameters(0, param("rules[0].rate", -0.5, 1))));
    assertEquals(
        "spec.tune.parameters[1].path: is tuned twice (got rules[0].rate)",
        problems(heavyRates().setParameters(1, param("rules[0].rate", 0, 1))));
    assertEquals(
        "spec.tune.parameters[0].cEnd: must be a positive number (got 0)",
        problems(heavyRates().setParameters(0, param("rules[0].rate", 0, 1).setCEnd(0))));
    assertEquals(
        "spec.tune.parameters[0]: the starting policy's value 0.9 is outside min..max 0..0.5",
        problems(heavyRates().setParameters(0, param("rules[0].rate", 0, 0.5))));
    assertEquals(
        "spec.tune.iterations: must be 1..100000 (got 0)", problems(heavyRates().setIterations(0)));
    assertEquals(
        "spec.tune.batchPairs: must be 1..256 (got 257)",
        problems(heavyRates().setBatchPairs(257)));
    assertEquals(
        "spec.tune: iterations x batchPairs must be at most 1000000 pairs (got 100000 x 256)",
        problems(heavyRates().setIterations(100_000).setBatchPairs(256)));
    assertEquals(
        "spec.tune.parameters: must list 1..16 parameters (got 0)",
        problems(heavyRates().clearParameters()));
    assertEquals(
        "spec.tune.objective: required: give match (game pairs of θ+ against θ−) or evaluation"
            + " (reference positions)",
        problems(heavyRates().clearObjective()));
    assertEquals(
        "spec.tune.objective.match.size: must be 2..25 (got 30)",
        problems(
            heavyRates()
                .setObjective(
                    TuneObjective.newBuilder().setMatch(TuneMatch.newBuilder().setSize(30)))));
    assertEquals(
        "spec.tune.confirm.match: required with the evaluation objective: the games of the"
            + " confirmation, e.g. {\"size\": 9, \"playouts\": 400}",
        problems(
            heavyRates()
                .setObjective(
                    TuneObjective.newBuilder()
                        .setEvaluation(
                            TuneEvaluation.newBuilder()
                                .addPositions(
                                    ReferencePosition.newBuilder()
                                        .setPosition(PositionSource.newBuilder().setEmpty(9))
                                        .setBlackValue(0.5))))
                .setConfirm(TuneConfirm.newBuilder().setPairs(10))));
    assertEquals(
        "spec.tune.objective.evaluation.positions[0].blackValue: must be 0..1, black's"
            + " probability of winning (got 1.5); spec.tune.objective.evaluation.positions[1]"
            + ".position.sgf.everyMove: must be false: each reference position has one value",
        problems(
            heavyRates()
                .setObjective(
                    TuneObjective.newBuilder()
                        .setEvaluation(
                            TuneEvaluation.newBuilder()
                                .addPositions(
                                    ReferencePosition.newBuilder()
                                        .setPosition(PositionSource.newBuilder().setEmpty(9))
                                        .setBlackValue(1.5))
                                .addPositions(
                                    ReferencePosition.newBuilder()
                                        .setPosition(
                                            PositionSource.newBuilder()
                                                .setSgf(
                                                    SgfSource.newBuilder()
                                                        .setText("(;SZ[9];B[ee])")
                                                        .setEveryMove(true)))
                                        .setBlackValue(0.5))))));
    assertEquals(
        "spec.tune.confirm.sprt.elo1: must be greater than elo0 (got elo0 5, elo1 5)",
        problems(
            heavyRates()
                .setConfirm(
                    TuneConfirm.newBuilder()
                        .setSprt(SprtSpec.newBuilder().setElo0(5).setElo1(5)))));
  }
}
