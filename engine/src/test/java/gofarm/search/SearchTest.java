package gofarm.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.PolicySpec;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The search player: reproducibility, known best moves, the superko-aware root, the pass and
 * resignation rules, tree reuse, threads, and the invariants of the tree's statistics.
 */
class SearchTest {
  private static final SearchConfig UNIFORM = SearchConfig.of(PolicySpec.parse("uniform"));

  private static Game game(String diagram, double komi) {
    return game(diagram, new Rules(komi, KoRule.POSITIONAL, false));
  }

  private static Game game(String diagram, Rules rules) {
    Diagram d = Diagram.parse(diagram);
    Game game = new Game(d.geometry(), rules);
    game.setup(d.colors());
    return game;
  }

  private static SearchResult search(Game game, Player player, long playouts, long seed) {
    return new SearchPlayer(UNIFORM, Budget.playouts(playouts), seed).decide(game, player);
  }

  @Test
  void oneThreadAndAPlayoutBudgetAreReproducible() {
    Game game = new Game(9, Rules.DEFAULT);
    game.play(game.geometry().parse("E5"));
    SearchResult a = search(game, Player.WHITE, 800, 11);
    SearchResult b = search(game, Player.WHITE, 800, 11);
    SearchResult c = search(game, Player.WHITE, 800, 12);
    assertEquals(a.move(), b.move());
    assertEquals(a.moves(), b.moves());
    assertEquals(a.principalVariation(), b.principalVariation());
    assertNotEquals(a.moves(), c.moves(), "another seed, other playouts");
    assertEquals(800, a.playouts());
    assertEquals(game.geometry().pointCount() - 1 + 1, a.moves().size(), "80 points and pass");
  }

  @Test
  void playsTheCentreOf3x3() {
    // 3x3 is solved: black's centre opening takes the whole board; with komi 8.5 no other first
    // move wins.
    SearchResult r = search(game(". . .\n. . .\n. . .", 8.5), Player.BLACK, 3000, 1);
    assertEquals("B2", r.moveName(Geometry.of(3)), r.moves().toString());
    assertTrue(r.winRate() > 0.8, "win rate " + r.winRate());
  }

  @Test
  void capturesTheGroupInAtari() {
    String diagram =
        """
        . X X X . . .
        X O O O X . .
        X O O O X . .
        X O O O X . .
        . X X * . . .
        . . . . . . .
        . . . . . . .
        """;
    Game game = game(diagram, 0.5);
    SearchResult r = search(game, Player.BLACK, 1000, 3);
    assertEquals(Diagram.parse(diagram).point('*'), r.move(), r.toString());
    assertEquals(SearchResult.BEST, r.reason());
    assertTrue(r.winRate() > 0.95, "win rate " + r.winRate());
  }

  /**
   * The prior: the root's moves get the softmax policy's probabilities, which sum to 1 over the
   * points (the pass gets none); with a table that prizes captures the capture has the largest, and
   * eight playouts already choose it.
   */
  @Test
  void thePriorGivesTheRootMovesThePolicysProbabilities() {
    String diagram =
        """
        . X X X . . .
        X O O O X . .
        X O O O X . .
        X O O O X . .
        . X X * . . .
        . . . . . . .
        . . . . . . .
        """;
    Game game = game(diagram, 0.5);
    double[] gamma = GammaTable.uniform().toArray();
    gamma[FeatureSpace.parse("capture", "size=7+")] = 1000;
    PolicySpec softmax = PolicySpec.softmax(GammaTable.of(gamma));
    Search search = new Search(SearchConfig.of(softmax).withPrior(1), game, Player.BLACK);
    double sum = 0;
    Node best = null;
    for (Node child : search.rootNode().children()) {
      sum += child.prior;
      best = best == null || child.prior > best.prior ? child : best;
    }
    assertEquals(1.0, sum, 1e-5);
    assertEquals(Diagram.parse(diagram).point('*'), best.move);
    assertEquals(0f, search.rootNode().child(Point.PASS).prior);
    assertTrue(best.prior > 0.9, "prior " + best.prior);
    SearchResult withPrior =
        new SearchPlayer(SearchConfig.of(softmax).withPrior(1), Budget.playouts(8), 1)
            .decide(game, Player.BLACK);
    assertEquals(Diagram.parse(diagram).point('*'), withPrior.move(), withPrior.toString());
  }

  @Test
  void rootMovesObeySuperko() {
    // Black takes the ko, both pass (which ends the simple-ko ban), and white's retake at B3
    // would repeat the start: legal under simple ko, not under positional superko.
    String diagram =
        """
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        """;
    for (KoRule ko : KoRule.values()) {
      Game game = game(diagram, new Rules(0.5, ko, false));
      Geometry g = game.geometry();
      game.play(Player.BLACK, g.parse("C3"));
      game.play(Player.WHITE, Point.PASS);
      game.play(Player.BLACK, Point.PASS);
      Search search = new Search(UNIFORM, game, Player.WHITE);
      boolean retake = search.moveStats().stream().anyMatch(m -> m.move() == g.parse("B3"));
      assertEquals(ko == KoRule.SIMPLE, retake, ko.toString());
    }
  }

  @Test
  void passesWhenTheOpponentPassedAndTheBoardWins() {
    // Tromp-Taylor: every empty point reaches only black's stone.
    Game game = game(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .", 0.5);
    game.play(Player.WHITE, Point.PASS);
    SearchResult black = search(game, Player.BLACK, 300, 1);
    assertEquals(Point.PASS, black.move());
    assertEquals("pass: the opponent passed and B+24.5 wins", black.reason());
    assertFalse(black.resign());

    // White, behind on the board after black's pass, plays on.
    Game other = game(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .", 0.5);
    other.play(Player.BLACK, Point.PASS);
    SearchResult white = search(other, Player.WHITE, 300, 1);
    assertNotEquals(Point.PASS, white.move());
  }

  @Test
  void passesWhenEveryPointIsSettledAndResignsWhenLost() {
    // Black's wall around an empty 3x3 hole: Benson does not settle the hole (its inner points are
    // no liberties), but no white invasion lives in any playout, and nothing is in atari.
    String diagram =
        """
        . X X X .
        X . . . X
        X . . . X
        X . . . X
        . X X X .
        """;
    SearchResult black = search(game(diagram, 0.5), Player.BLACK, 1000, 1);
    assertEquals(Point.PASS, black.move());
    assertEquals("pass: every point is settled and B+24.5 does not lose", black.reason());
    SearchResult white = search(game(diagram, 0.5), Player.WHITE, 1000, 1);
    assertTrue(white.resign(), white.toString());
    assertTrue(white.reason().startsWith("resign: the best move wins "), white.reason());
    SearchPlayer stubborn =
        new SearchPlayer(UNIFORM.withResignThreshold(0), Budget.playouts(1000), 1);
    SearchResult never = stubborn.decide(game(diagram, 0.5), Player.WHITE);
    assertFalse(never.resign());
    assertEquals(SearchResult.BEST, never.reason());
  }

  @Test
  void passesWhenNoMoveIsLeft() {
    // Both sides pass-alive (Benson) with three one-point eyes each: nothing to play.
    String diagram =
        """
        . O X . X
        O O X X X
        . O X . X
        O O X X X
        . O X . X
        """;
    SearchResult r = search(game(diagram, 0.5), Player.WHITE, 50, 1);
    assertEquals(Point.PASS, r.move());
    assertEquals("pass: no move left", r.reason());
    assertEquals(1, r.moves().size(), "only the pass child");
  }

  @Test
  void theTreeIsKeptForTheMovesPlayedSinceTheLastSearch() {
    Game game = new Game(9, Rules.DEFAULT);
    SearchPlayer player = new SearchPlayer(UNIFORM, Budget.playouts(2000), 5);
    SearchResult first = player.decide(game, Player.BLACK);
    game.play(Player.BLACK, first.move());
    // White answers with black's most likely reply in the tree, which has visits.
    int reply = first.principalVariation().get(1);
    game.play(Player.WHITE, reply);
    SearchResult second = player.decide(game, Player.BLACK);
    int visits = second.moves().stream().mapToInt(SearchResult.MoveStats::visits).sum();
    assertEquals(2000, second.playouts());
    assertTrue(visits > 2000, "reused visits: " + visits);

    SearchPlayer fresh = new SearchPlayer(UNIFORM.withTreeReuse(false), Budget.playouts(2000), 5);
    SearchResult alone = fresh.decide(game, Player.BLACK);
    assertEquals(2000, alone.moves().stream().mapToInt(SearchResult.MoveStats::visits).sum());

    // A setup that is not a continuation starts afresh.
    player.decide(new Game(9, Rules.DEFAULT), Player.BLACK);
    Game other = new Game(9, Rules.DEFAULT);
    other.play(Player.BLACK, other.geometry().parse("A1"));
    SearchResult unrelated = player.decide(other, Player.WHITE);
    assertEquals(2000, unrelated.moves().stream().mapToInt(SearchResult.MoveStats::visits).sum());
  }

  @Test
  void threadsRunExactlyTheBudgetAndLeaveNoVirtualLoss() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      Game game = new Game(9, Rules.DEFAULT);
      SearchConfig config = UNIFORM.withTreeReuse(false);
      for (int threads : new int[] {1, 4}) {
        SearchPlayer player = new SearchPlayer(config, Budget.playouts(3000), 9, threads, pool);
        SearchResult r = player.decide(game, Player.BLACK);
        assertEquals(3000, r.playouts(), threads + " threads");
        assertEquals(
            3000, r.moves().stream().mapToInt(SearchResult.MoveStats::visits).sum(), "root");
      }
      // Four contexts on one search, looped by the caller's threads.
      Search search = new Search(config.withExpandAfter(1), game, Player.BLACK);
      SearchContext[] contexts = new SearchContext[4];
      for (int t = 0; t < 4; t++) {
        contexts[t] = search.newContext(t);
      }
      java.util.List<java.util.concurrent.Future<?>> futures = new java.util.ArrayList<>();
      for (int t = 1; t < 4; t++) {
        SearchContext c = contexts[t];
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 1000; i++) {
                    search.runPlayout(c);
                  }
                }));
      }
      for (int i = 0; i < 1000; i++) {
        search.runPlayout(contexts[0]);
      }
      for (var f : futures) {
        f.get();
      }
      assertEquals(4000, search.playouts());
      assertEquals(4000, search.rootNode().visits());
      assertTreeIsConsistent(search.rootNode(), Integer.MAX_VALUE);

      // One thread: a node is a leaf for exactly one simulation before it is expanded.
      Search alone = new Search(config.withExpandAfter(1), game, Player.BLACK);
      SearchContext context = alone.newContext(1);
      for (int i = 0; i < 2000; i++) {
        alone.runPlayout(context);
      }
      assertTrue(assertTreeIsConsistent(alone.rootNode(), 1) > 2000);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Checks that every node's visits are its children's plus the simulations that ended there (at
   * most {@code leafVisits}), with no virtual loss left; returns the number of nodes.
   */
  private static int assertTreeIsConsistent(Node root, int leafVisits) {
    Deque<Node> todo = new ArrayDeque<>();
    todo.push(root);
    int nodes = 0;
    while (!todo.isEmpty()) {
      Node node = todo.pop();
      nodes++;
      Node[] children = node.children();
      if (children == null || children.length == 0) {
        continue;
      }
      int sum = 0;
      for (Node c : children) {
        assertTrue(c.visits() >= 0 && c.halfWins() <= 2 * c.visits(), "node stats");
        sum += c.visits();
        todo.push(c);
      }
      int stopped = node.visits() - sum;
      assertTrue(stopped >= 0 && stopped <= leafVisits, "ended at the node: " + stopped);
    }
    return nodes;
  }

  @Test
  void everyRootVisitIsAlsoAnAmafSample() {
    // The move that leads to a root child is played first, by the root player, in every
    // simulation through it: AMAF counts it (and more: every later first play by that player).
    Game game = new Game(9, Rules.DEFAULT);
    Search search = new Search(UNIFORM, game, Player.BLACK);
    SearchContext context = search.newContext(3);
    for (int i = 0; i < 2000; i++) {
      search.runPlayout(context);
    }
    int amafSum = 0;
    for (SearchResult.MoveStats m : search.moveStats()) {
      if (m.move() != Point.PASS) {
        assertTrue(m.amafVisits() >= m.visits(), m.toString());
        amafSum += m.amafVisits();
      } else {
        assertEquals(0, m.amafVisits());
      }
    }
    // Black plays first at about half the points in a playout of 111 moves on 81 points.
    assertTrue(amafSum > 2000 * 20, "amaf samples " + amafSum);
  }

  @Test
  void aSimulationAllocatesOnlyTheNodesItAdds() {
    // Never expanding past the root: a simulation then adds no node, and must allocate nothing.
    Game game = new Game(9, Rules.DEFAULT);
    Search search = new Search(UNIFORM.withExpandAfter(1_000_000), game, Player.BLACK);
    SearchContext context = search.newContext(1);
    Runnable batch =
        () -> {
          for (int i = 0; i < 2000; i++) {
            search.runPlayout(context);
          }
        };
    batch.run();
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(id);
    batch.run();
    long allocated = bean.getThreadAllocatedBytes(id) - before;
    assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes in 2000 simulations");
  }

  @Test
  void aTimeBudgetStopsAndRunsAtLeastOnePlayout() {
    Game game = new Game(9, Rules.DEFAULT);
    long start = System.nanoTime();
    // The whole time: early stopping (on by default for time budgets) is EarlyStopTest's.
    SearchResult r =
        new SearchPlayer(
                UNIFORM.withEarlyStop(EarlyStop.NEVER), Budget.time(Duration.ofMillis(100)), 1)
            .decide(game, Player.BLACK);
    double seconds = (System.nanoTime() - start) / 1e9;
    assertTrue(r.playouts() >= 1);
    assertTrue(seconds < 5, "took " + seconds + " s");
    assertTrue(r.elapsed().toMillis() >= 100, "elapsed " + r.elapsed());
    SearchResult tiny =
        new SearchPlayer(UNIFORM, Budget.time(Duration.ofNanos(1)), 1).decide(game, Player.BLACK);
    assertEquals(1, tiny.playouts());
  }

  @Test
  void settingsAreValidated() {
    assertEquals(
        "exploration: must be 0..10 (got -1); expandAfter: must be 1..1000000 (got 0)",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    new SearchConfig(
                        UNIFORM.policy(),
                        -1,
                        1000,
                        1,
                        0,
                        3,
                        0.1,
                        true,
                        PassRule.FINAL_STATUS,
                        0,
                        EarlyStop.TIMED))
            .getMessage());
    assertEquals(
        "resignThreshold: must be 0..1 (got 1.5)",
        assertThrows(IllegalArgumentException.class, () -> UNIFORM.withResignThreshold(1.5))
            .getMessage());
    assertEquals(
        "playouts must be at least 1 (got 0)",
        assertThrows(IllegalArgumentException.class, () -> Budget.playouts(0)).getMessage());
    assertEquals(
        "time must be positive (got PT0S)",
        assertThrows(IllegalArgumentException.class, () -> Budget.time(Duration.ZERO))
            .getMessage());
    assertEquals(
        "an executor is needed for 2 threads (board-core starts none)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new SearchPlayer(UNIFORM, Budget.playouts(1), 1, 2, null))
            .getMessage());
    assertEquals(
        "no playout was run: a search needs at least one",
        assertThrows(
                IllegalStateException.class,
                () -> new Search(UNIFORM, new Game(9, Rules.DEFAULT), Player.BLACK).decide())
            .getMessage());
  }
}
