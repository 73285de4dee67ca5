package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.FeatureSpace;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.TuneConfirm;
import gofarm.search.SearchConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Balance specs: defaults, positions from games split by game with the seed, shards of one board
 * size, the seeds of a position's playouts, and every refusal with its field path.
 */
class BalanceSpecsTest {
  /** 30 games of random legal moves on 9x9, 60 moves each at most. */
  private static final String GAMES = FitSpecsTest.games(30, 60, 3);

  private static PolicySpec start() {
    return PolicySpec.newBuilder()
        .setName("start")
        .setGamma(GammaSource.newBuilder().setText("capture size=1 4.5\n"))
        .build();
  }

  private static BalanceSpec.Builder fromGames() {
    return BalanceSpec.newBuilder()
        .setPolicy(start())
        .setGames(SgfSource.newBuilder().setText(GAMES).setFile("games.sgf"));
  }

  private static ResolvedBalance resolve(BalanceSpec.Builder b) {
    Violations v = new Violations();
    ResolvedJob job =
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(7).setBalance(b).build(), "spec", v);
    assertEquals("", v.description());
    return (ResolvedBalance) job;
  }

  private static String problems(BalanceSpec.Builder b) {
    Violations v = new Violations();
    ResolvedJob job =
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(7).setBalance(b).build(), "spec", v);
    assertNull(job, "refused");
    return v.description();
  }

  @Test
  void defaultsAndPositionsFromGames() {
    ResolvedBalance b = resolve(fromGames());
    assertEquals(50, b.iterations());
    assertEquals(200, b.valuePlayouts());
    assertEquals(200, b.gradientPlayouts());
    assertEquals(10_000, b.referencePlayouts());
    assertEquals(100, b.step().alpha());
    assertEquals(0, b.step().decay());
    assertEquals(0.2, b.heldOutShare());
    assertEquals(
        4.5, b.start().gammaTable().gamma(FeatureSpace.parse("capture", "size=1")), "the start");
    // Moves 10, 20, ... of each game while a move follows, in game order.
    assertEquals("games.sgf game 0 move 10", b.positions().get(0).label());
    assertEquals("games.sgf game 0 move 20", b.positions().get(1).label());
    assertEquals(b.positions().size(), b.unvalued().size(), "every value from the reference step");
    assertEquals(b.positions().size(), b.trainPositions() + b.testPositions());
    assertTrue(b.testPositions() > 0 && b.trainPositions() > 0);
    // Held out by game: all positions of one game on one side.
    Map<String, Boolean> side = new HashMap<>();
    for (int i = 0; i < b.positions().size(); i++) {
      String game = b.positions().get(i).label().replaceAll(" move .*", "");
      Boolean before = side.putIfAbsent(game, b.heldOut().get(i));
      assertTrue(before == null || before.equals(b.heldOut().get(i)), game);
    }
    // Shards cover the positions in order.
    int next = 0;
    for (ResolvedBalance.Shard s : b.shards()) {
      assertEquals(next, s.first());
      next += s.count();
    }
    assertEquals(b.positions().size(), next);
  }

  @Test
  void seedsDependOnThePassAndThePositionOnly() {
    ResolvedBalance a = resolve(fromGames().setPositionsPerChunk(3));
    ResolvedBalance b = resolve(fromGames().setPositionsPerChunk(7));
    assertEquals(a.sampleSeed(4, 11), b.sampleSeed(4, 11));
    assertTrue(a.sampleSeed(4, 11) != a.sampleSeed(5, 11));
    assertTrue(a.sampleSeed(4, 11) != a.sampleSeed(4, 12));
    assertEquals(3, a.shards().get(0).count());
    assertEquals(7, b.shards().get(0).count());
  }

  @Test
  void fromEveryAndMaxPositions() {
    ResolvedBalance b = resolve(fromGames().setFrom(5).setEvery(20).setMaxPositions(7));
    assertEquals(7, b.positions().size());
    assertEquals("games.sgf game 0 move 5", b.positions().get(0).label());
    assertEquals("games.sgf game 0 move 25", b.positions().get(1).label());
  }

  @Test
  void perGameSpreadsThePositionsOverMoreGames() {
    ResolvedBalance b = resolve(fromGames().setFrom(10).setEvery(15).setPerGame(2));
    assertEquals("games.sgf game 0 move 10", b.positions().get(0).label());
    assertEquals("games.sgf game 0 move 25", b.positions().get(1).label());
    assertEquals("games.sgf game 1 move 10", b.positions().get(2).label());
    for (int g = 0; g < 30; g++) {
      String game = "games.sgf game " + g + " ";
      long fromGame = b.positions().stream().filter(p -> p.label().startsWith(game)).count();
      assertTrue(fromGame <= 2, game + fromGame);
    }
  }

  @Test
  void theReferenceSearchIsTheStartingPolicysUnlessAPlayerIsGiven() {
    ResolvedBalance own = resolve(fromGames().setReference(3000));
    assertEquals(SearchConfig.of(own.start()), own.reference());
    assertEquals(3000, own.referencePlayouts());

    ResolvedBalance judged =
        resolve(
            fromGames()
                .setReferencePlayer(
                    SearchPlayerSpec.newBuilder()
                        .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                        .setPrior(3)
                        .setRaveEquivalence(500)));
    assertEquals("heavy", judged.reference().policy().name());
    assertEquals(3, judged.reference().prior());
    assertEquals(500, judged.reference().raveEquivalence());
    assertEquals(10_000, judged.referencePlayouts(), "the default budget");
    assertEquals("start", judged.start().name(), "the start is still the balanced policy");

    String refused =
        problems(
            fromGames()
                .setReference(5000)
                .setReferencePlayer(
                    SearchPlayerSpec.newBuilder()
                        .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                        .setSeconds(1)
                        .setEarlyStop("always")
                        .setPrior(200)));
    for (String expected :
        new String[] {
          "spec.balance.reference: must be unset with referencePlayer, whose playouts say the"
              + " search's budget (got 5000)",
          "spec.balance.referencePlayer.seconds: must be unset: a reference value must not depend"
              + " on a worker's speed; give playouts (got 1)",
          "spec.balance.referencePlayer.earlyStop: must be unset: it decides how a player moves,"
              + " not a position's value"
        }) {
      assertTrue(refused.contains(expected), expected + " in " + refused);
    }
    assertTrue(
        problems(
                fromGames()
                    .setReferencePlayer(
                        SearchPlayerSpec.newBuilder()
                            .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                            .setPrior(200)))
            .contains("spec.balance.referencePlayer.prior: must be 0..100"),
        "the match player's ranges");
  }

  @Test
  void listedPositionsKeepTheirValues() {
    BalanceSpec.Builder spec = BalanceSpec.newBuilder().setPolicy(start()).setHeldOut(0);
    spec.addPositions(
        ReferencePosition.newBuilder()
            .setPosition(PositionSource.newBuilder().setEmpty(9))
            .setBlackValue(0.4));
    spec.addPositions(
        ReferencePosition.newBuilder()
            .setPosition(
                PositionSource.newBuilder()
                    .setSgf(SgfSource.newBuilder().setText(GAMES).setMove(12))));
    ResolvedBalance b = resolve(spec);
    assertEquals(0.4, b.values().get(0));
    assertTrue(Double.isNaN(b.values().get(1)));
    assertEquals(List.of(1), b.unvalued());
    assertEquals(List.of(false, false), b.heldOut());
  }

  @Test
  void badSpecsAreRefusedWithTheirPaths() {
    assertEquals(
        "spec.balance.policy: required: the softmax policy to start from, e.g. {\"name\": \"mm\","
            + " \"gamma\": {\"file\": \"policy.gamma\"}} or the preset {\"name\": \"softmax\"}",
        problems(fromGames().clearPolicy()));
    assertEquals(
        "spec.balance.policy: must be a softmax policy: simulation balancing moves the γ of its"
            + " features (got "
            + gofarm.playout.PolicySpec.PRESETS.get("heavy").rulesText()
            + ")",
        problems(fromGames().setPolicy(PolicySpec.newBuilder().setName("heavy"))));
    assertEquals(
        "spec.balance.policy: must have temperature 1: balancing moves the γ themselves (got"
            + " softmax(temperature=0.5)); fold a temperature into the table first, or leave it"
            + " out",
        problems(
            fromGames().setPolicy(PolicySpec.newBuilder().setText("softmax(temperature=0.5)"))));
    assertEquals(
        "spec.balance.positions: required: the training positions (positions with optional"
            + " blackValue, or games, an SGF source of many games)",
        problems(BalanceSpec.newBuilder().setPolicy(start())));
    String ranges =
        problems(
            fromGames()
                .setHeldOut(0.7)
                .setIterations(0)
                .setValuePlayouts(-1)
                .setGradientPlayouts(2_000_000)
                .setAlpha(0)
                .setDecay(-1)
                .setReference(20_000_000)
                .setPositionsPerChunk(20_000)
                .setEvery(0)
                .setFrom(2000)
                .setMaxPositions(0)
                .setPerGame(0));
    for (String expected :
        new String[] {
          "spec.balance.heldOut: must be 0..0.5, the share of games held out (got 0.7)",
          "spec.balance.iterations: must be 1..10000 (got 0)",
          "spec.balance.valuePlayouts: must be 1..1000000 (got -1)",
          "spec.balance.gradientPlayouts: must be 1..1000000 (got 2000000)",
          "spec.balance.alpha: must be above 0 and at most 1000",
          "spec.balance.decay: must be 0 (a constant step) or up to 1e6 iterations (got -1)",
          "spec.balance.reference: must be 1..10000000 (got 20000000)",
          "spec.balance.positionsPerChunk: must be 1..10000 (got 20000)",
          "spec.balance.every: must be 1..1000 (got 0)",
          "spec.balance.from: must be 0..1000 (got 2000)",
          "spec.balance.maxPositions: must be 1..10000 (got 0)",
          "spec.balance.perGame: must be 1..1000 (got 0)"
        }) {
      assertTrue(ranges.contains(expected), expected + " in " + ranges);
    }
    assertEquals(
        "spec.balance.games: give either positions or games, not both (got 1 positions and games)",
        problems(
            fromGames()
                .addPositions(
                    ReferencePosition.newBuilder()
                        .setPosition(PositionSource.newBuilder().setEmpty(9)))));
    assertEquals(
        "spec.balance.positions[0].blackValue: must be 0..1, black's probability of winning (got"
            + " 1.5)",
        problems(
            BalanceSpec.newBuilder()
                .setPolicy(start())
                .addPositions(
                    ReferencePosition.newBuilder()
                        .setPosition(PositionSource.newBuilder().setEmpty(9))
                        .setBlackValue(1.5))));
    assertEquals(
        "spec.balance.games.move: must be unset: from and every say which moves are taken (got 3)",
        problems(fromGames().setGames(SgfSource.newBuilder().setText(GAMES).setMove(3))));
    assertEquals(
        "spec.balance.from: leaves no position: no game of the 30 has a move after move 900 (got"
            + " 900)",
        problems(fromGames().setFrom(900)));
    assertEquals(
        "spec.balance.heldOut: holds out every one of the 1 position with seed 7: lower heldOut,"
            + " give more games or another seed (got 0.5)",
        problems(
            BalanceSpec.newBuilder()
                .setPolicy(start())
                .setHeldOut(0.5)
                .addPositions(
                    ReferencePosition.newBuilder()
                        .setPosition(PositionSource.newBuilder().setEmpty(9))
                        .setBlackValue(0.5))));
    assertEquals(
        "spec.balance.confirm.match: required: the games of the confirmation, e.g. {\"size\": 9,"
            + " \"playouts\": 400}",
        problems(fromGames().setConfirm(TuneConfirm.newBuilder().setPairs(10))));
  }
}
