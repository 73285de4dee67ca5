package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.learn.GameDecisions;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Fit specs: defaults, the split by game fixed by the seed, shards of consecutive games, and every
 * refusal with its field path (an illegal game named by its source, file, index and move).
 */
class FitSpecsTest {

  /** {@code n} games of random legal moves on 9x9 (no suicide, about one pass in 20). */
  static String games(int n, int moves, long seed) {
    Random random = new Random(seed);
    Geometry g = Geometry.of(9);
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < n; k++) {
      Game game = new Game(g, Rules.DEFAULT);
      for (int m = 0; m < moves && !game.isOver(); m++) {
        int p = Point.PASS;
        for (int attempt = 0; attempt < 30 && random.nextInt(20) != 0; attempt++) {
          int q = g.point(random.nextInt(g.pointCount()));
          if (game.isLegal(game.toPlay(), q)) {
            p = q;
            break;
          }
        }
        game.play(p);
      }
      sb.append(Sgf.write(game));
    }
    return sb.toString();
  }

  private static FitSpec.Builder fit(String... texts) {
    FitSpec.Builder f = FitSpec.newBuilder();
    for (String t : texts) {
      f.addGames(SgfSource.newBuilder().setText(t));
    }
    return f;
  }

  private static ResolvedFit resolve(FitSpec.Builder fit) {
    Violations v = new Violations();
    ResolvedJob job =
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(7).setFit(fit).build(), "spec", v);
    assertEquals("", v.description());
    return (ResolvedFit) job;
  }

  private static String problems(FitSpec.Builder fit) {
    return problems(fit, 7);
  }

  private static String problems(FitSpec.Builder fit, long seed) {
    Violations v = new Violations();
    ResolvedJob job =
        JobSpecs.resolve(JobSpec.newBuilder().setSeed(seed).setFit(fit).build(), "spec", v);
    assertNull(job, "refused");
    return v.description();
  }

  @Test
  void defaultsHoldOutATenthAndCutShardsOfAboutASecondAndAHalf() {
    String text = games(40, 30, 1);
    ResolvedFit f = resolve(fit(text));
    assertEquals(40, f.games());
    assertEquals(0.1, f.testShare());
    assertEquals(0, f.skipMoves());
    assertEquals(GammaTable.uniform(), f.start());
    assertEquals(100, f.maxIterations());
    assertEquals(1e-4, f.minGain());
    assertEquals(1.0, f.prior());
    // 40 games of at most 30 moves at 7.2 + 0.046 * 81 µs a move: a pass of 0.013 s, one shard.
    assertEquals(List.of(40), f.shards().stream().map(ResolvedFit.Shard::games).toList());
    long moves = Sgf.parse(text).stream().mapToLong(g -> g.moves().size()).sum();
    assertEquals(moves, f.moves());
    assertEquals(moves, f.shards().get(0).moves());
    assertEquals(
        Chunking.defaultGamesPerChunk(40, moves * Chunking.fitSecondsPerMove(Geometry.of(9))),
        f.gamesPerChunk());
    assertEquals(101, f.chunks(), "a pass per iteration and one to measure the last table");
    // The shard's text holds the games as written, in order.
    List<SgfGame> shard = Sgf.parse(f.shards().get(0).sgf());
    assertEquals(Sgf.parse(text).size(), shard.size());
    assertEquals(Sgf.parse(text).get(3).moves(), shard.get(3).moves());
  }

  @Test
  void theSplitIsByGameAndFixedBySeedAndShare() {
    String text = games(200, 4, 2);
    FitSpec.Builder spec = fit(text).setTestShare(0.25).setGamesPerChunk(30);
    ResolvedFit f = resolve(spec);
    int held = 0;
    for (ResolvedFit.Shard s : f.shards()) {
      boolean[] h = s.heldOut();
      for (int i = 0; i < h.length; i++) {
        assertEquals(ResolvedFit.heldOut(7, s.first() + i, 0.25), h[i]);
        held += h[i] ? 1 : 0;
      }
    }
    assertEquals(f.testGames(), held);
    assertTrue(held > 30 && held < 70, "about a quarter of 200: " + held);
    assertEquals(
        List.of(0, 30, 60, 90, 120, 150, 180), f.shards().stream().map(s -> s.first()).toList());
    assertEquals(20, f.shards().get(6).games(), "the last shard holds the rest");
    // The same seed, the same split; another seed, another split.
    assertArrayEquals(f.shards().get(2).heldOut(), resolve(spec).shards().get(2).heldOut());
    boolean same = true;
    for (int i = 0; i < 200; i++) {
      same &= ResolvedFit.heldOut(7, i, 0.25) == ResolvedFit.heldOut(8, i, 0.25);
    }
    assertTrue(!same, "the seed chooses the held-out games");
    assertEquals(0, resolve(fit(text).setTestShare(0)).testGames(), "0: nothing held out");
  }

  @Test
  void gamesOfSeveralSourcesAndSizesAreUsedInOrder() {
    String nine = games(3, 10, 3);
    String five = "(;GM[1]FF[4]SZ[5];B[cc];W[bb];B[])";
    ResolvedFit f = resolve(fit(nine, five).setTestShare(0).setGamesPerChunk(2));
    assertEquals(4, f.games());
    assertEquals(2, f.shards().size());
    List<SgfGame> second = Sgf.parse(f.shards().get(1).sgf());
    assertEquals(9, second.get(0).size());
    assertEquals(5, second.get(1).size());
  }

  @Test
  void theStartTableAndTheNumbersAreRead() {
    FitSpec.Builder spec =
        fit(games(5, 10, 4))
            .setStart(GammaSource.newBuilder().setText("capture size=1 4.5\n"))
            .setSkipMoves(2)
            .setMaxIterations(7)
            .setMinGain(0)
            .setPrior(0.5);
    ResolvedFit f = resolve(spec);
    int capture = gofarm.playout.FeatureSpace.parse("capture", "size=1");
    assertEquals(4.5, f.start().gamma(capture));
    assertEquals(2, f.skipMoves());
    assertEquals(7, f.maxIterations());
    assertEquals(0.0, f.minGain());
    assertEquals(0.5, f.prior());
    assertEquals(GameDecisions.LAYOUT.size(), f.start().toArray().length);
  }

  @Test
  void anIllegalGameIsRefusedWithItsSourceFileIndexAndMove() {
    String good = games(3, 8, 5);
    String bad = "(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[cc])";
    FitSpec.Builder spec = fit(good);
    spec.addGames(SgfSource.newBuilder().setText(good + bad).setFile("games.sgf"));
    assertEquals(
        "spec.fit.games[1]: games.sgf, game 3: move 3 (B C7): C7 is occupied", problems(spec));
    assertEquals(
        "spec.fit.games[0]: sgf, game 0: setup stones after the first move: only a setup before the"
            + " first move can be learnt from",
        problems(fit("(;GM[1]FF[4]SZ[9];B[cc];AB[dd];W[ee])")));
    assertEquals(
        "spec.fit.games[0]: sgf, game 0: move 5 (B A9): suicide, which the softmax policy never"
            + " plays",
        problems(fit("(;GM[1]FF[4]SZ[9]RU[NZ];B[ee];W[ba];B[ff];W[ab];B[aa])")));
  }

  @Test
  void badSpecsAreRefusedWithTheirFieldPaths() {
    String text = games(4, 10, 6);
    assertEquals(
        "spec.fit.testShare: must be 0..0.5, the share of games held out for testing (got 0.6)",
        problems(fit(text).setTestShare(0.6)));
    assertEquals(
        "spec.fit.testShare: must be 0..0.5, the share of games held out for testing (got -0.1)",
        problems(fit(text).setTestShare(-0.1)));
    long seed = 0;
    while (!ResolvedFit.heldOut(seed, 0, 0.5)) {
      seed++;
    }
    assertEquals(
        "spec.fit.testShare: holds out every one of the 1 game with seed "
            + seed
            + ": lower testShare, give more games or another seed (got 0.5)",
        problems(fit(games(1, 10, 6)).setTestShare(0.5), seed));
    assertEquals(
        "spec.fit.skipMoves: must be 0..1000 (got 1001)", problems(fit(text).setSkipMoves(1001)));
    assertEquals(
        "spec.fit.skipMoves: leaves no move to learn from: the longest training game has 10 moves"
            + " (got 10)",
        problems(fit(text).setSkipMoves(10).setTestShare(0)));
    assertEquals(
        "spec.fit.maxIterations: must be 1..10000 (got 0)",
        problems(fit(text).setMaxIterations(0)));
    assertEquals(
        "spec.fit.minGain: must be a number >= 0, the least rise of the training log-likelihood per"
            + " decision over a cycle of groups (got -1)",
        problems(fit(text).setMinGain(-1)));
    assertEquals(
        "spec.fit.minGain: must be a number >= 0, the least rise of the training log-likelihood per"
            + " decision over a cycle of groups (got NaN)",
        problems(fit(text).setMinGain(Double.NaN)));
    assertEquals(
        "spec.fit.prior: must be 0..100, the virtual wins and losses of every value (got 101)",
        problems(fit(text).setPrior(101)));
    assertEquals(
        "spec.fit.gamesPerChunk: must be 1..100000 (got -3)",
        problems(fit(text).setGamesPerChunk(-3)));
    assertEquals(
        "spec.fit.start.text: line 2: unknown feature group 'kapture' (known: pat3, capture,"
            + " extend, self-atari, atari, edge, nakade, dist-last, dist-second, local);"
            + " spec.fit.start.text: line 3: gamma must be 1.0E-9..1.0E9 (got 0.0)",
        problems(
            fit(text)
                .setStart(
                    GammaSource.newBuilder()
                        .setText("# a table\nkapture size=1 2\nedge line=1 0"))));
    assertEquals(
        "spec.fit.start.text: required: the coordinator never reads client files; gofarm submit and"
            + " gofarm local fill it in from file 'policy.gamma'",
        problems(fit(text).setStart(GammaSource.newBuilder().setFile("policy.gamma"))));
  }

  @Test
  void badSourcesAreRefusedWithTheirFieldPaths() {
    String text = games(2, 5, 7);
    assertEquals(
        "spec.fit.games: must list 1..64 SGF sources, each one game or a collection (got 0)",
        problems(FitSpec.newBuilder()));
    FitSpec.Builder many = FitSpec.newBuilder();
    for (int i = 0; i < 65; i++) {
      many.addGames(SgfSource.newBuilder().setText(text));
    }
    assertEquals(
        "spec.fit.games: must list 1..64 SGF sources, each one game or a collection (got 65)",
        problems(many));
    assertEquals(
        "spec.fit.games[0].move: must be unset: a fit learns from every move of every game (got"
            + " 3); spec.fit.games[0].everyMove: must be unset: a fit learns from every move of"
            + " every game; spec.fit.games[0].game: must be unset: a fit uses every game of the"
            + " text (got 1)",
        problems(
            FitSpec.newBuilder()
                .addGames(
                    SgfSource.newBuilder()
                        .setText(text)
                        .setMove(3)
                        .setEveryMove(true)
                        .setGame(1))));
    assertEquals(
        "spec.fit.games[0].file: was not read: the coordinator never reads client files; submit"
            + " the spec with gofarm submit or gofarm local, which send the file's contents as text"
            + " (got 'games.sgf')",
        problems(FitSpec.newBuilder().addGames(SgfSource.newBuilder().setFile("games.sgf"))));
    assertEquals(
        "spec.fit.games[0].text: required: the SGF games (or a file for the gofarm client to read)",
        problems(FitSpec.newBuilder().addGames(SgfSource.newBuilder())));
    assertTrue(
        problems(fit("(;GM[1]SZ[9];B[cc")).startsWith("spec.fit.games[0].text: line 1, column "));
  }

  @Test
  void theGamesAndMovesInAllAreLimited() {
    List<SgfSource> sources = new ArrayList<>();
    sources.add(SgfSource.newBuilder().setText(games(3, 10, 8)).build());
    sources.add(SgfSource.newBuilder().setText(games(2, 10, 9)).build());
    Violations v = new Violations();
    FitSpecs.games(sources, "spec.fit.games", 4, 30, v);
    assertEquals(
        "spec.fit.games: must hold at most 4 games in all (got 5): fit a sample, or fit in turns"
            + " with the last table as the next start; spec.fit.games: must hold at most 30 moves"
            + " in all (got 50): fit a sample, or fit in turns with the last table as the next"
            + " start",
        v.description());
    assertEquals(100_000, FitSpecs.MAX_GAMES);
    assertEquals(10_000_000, FitSpecs.MAX_MOVES);
  }
}
