package gofarm.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Diagram;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Early stopping: a search that stops when the most visited move can no longer be overtaken plays
 * the move the full budget plays, on one thread with a seed, and saves playouts doing it.
 *
 * <p>The positions are 9x9 games of random legal moves (no own eye filled) of 0 to 70 moves, so
 * that openings, middle games and endgames all appear. {@code -Dgofarm.earlyStop.playouts=10000}
 * and {@code -Dgofarm.earlyStop.policy=heavy} measure other budgets (the printed line says what was
 * saved).
 */
class EarlyStopTest {
  private static final int POSITIONS = 36;
  private static final long PLAYOUTS = Long.getLong("gofarm.earlyStop.playouts", 2000);
  private static final PolicySpec POLICY =
      PolicySpec.parse(System.getProperty("gofarm.earlyStop.policy", "uniform"));

  /** A 9x9 game of {@code moves} random legal moves that fill no own one-point eye. */
  static Game randomGame(long seed, int moves) {
    Game game = new Game(9, Rules.DEFAULT);
    Geometry g = game.geometry();
    Rng rng = new Rng(seed);
    int[] candidates = new int[g.pointCount()];
    for (int m = 0; m < moves; m++) {
      Player toPlay = game.toPlay();
      int n = 0;
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        if (game.isLegal(toPlay, p) && !game.board().isSimpleEye(p, toPlay.color())) {
          candidates[n++] = p;
        }
      }
      game.play(toPlay, n == 0 ? Point.PASS : candidates[rng.nextInt(n)]);
    }
    return game;
  }

  private static SearchResult search(Game game, EarlyStop rule, long seed) {
    SearchConfig config = SearchConfig.of(POLICY).withEarlyStop(rule);
    return new SearchPlayer(config, Budget.playouts(PLAYOUTS), seed).decide(game, game.toPlay());
  }

  /** The must-hold property: the same move (and resignation) as the full budget, every time. */
  @Test
  void earlyStoppingNeverChangesTheChosenMove() {
    long full = 0;
    long spent = 0;
    int stopped = 0;
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < POSITIONS; i++) {
      Game game = randomGame(1000 + i, 2 * i);
      long seed = 77 + i;
      SearchResult whole = search(game, EarlyStop.NEVER, seed);
      SearchResult early = search(game, EarlyStop.ALWAYS, seed);
      assertEquals(PLAYOUTS, whole.playouts());
      assertTrue(early.playouts() <= PLAYOUTS);
      if (early.move() != whole.move() || early.resign() != whole.resign()) {
        differences.add(
            "position "
                + i
                + " (seed "
                + seed
                + "): "
                + early.moveName(game.geometry())
                + " after "
                + early.playouts()
                + " playouts, "
                + whole.moveName(game.geometry())
                + " after "
                + whole.playouts());
      }
      full += whole.playouts();
      spent += early.playouts();
      stopped += early.playouts() < PLAYOUTS ? 1 : 0;
    }
    String summary =
        String.format(
            Locale.ROOT,
            "early stopping, %s, %d playouts a move: %d of %d searches stopped early, %.1f %% of"
                + " the playouts saved (%.0f a search)",
            POLICY.name(),
            PLAYOUTS,
            stopped,
            POSITIONS,
            100.0 * (full - spent) / full,
            (full - spent) / (double) POSITIONS);
    System.out.println(summary);
    assertEquals(List.of(), differences, summary);
    assertTrue(stopped >= POSITIONS / 3, summary);
  }

  /** On one thread an early stop is a function of the seed: the same stop, the same statistics. */
  @Test
  void anEarlyStopIsReproducible() {
    Game game = randomGame(5, 30);
    SearchResult a = search(game, EarlyStop.ALWAYS, 3);
    SearchResult b = search(game, EarlyStop.ALWAYS, 3);
    assertEquals(a.playouts(), b.playouts());
    assertEquals(a.moves(), b.moves());
    assertEquals(a.principalVariation(), b.principalVariation());
  }

  /**
   * The default, {@link EarlyStop#TIMED}, leaves playout budgets alone (their results are pinned in
   * many tests) and stops time budgets: a capture that wins the game at once is settled long before
   * its 6 seconds are over.
   */
  @Test
  void theDefaultStopsTimeBudgetsOnly() {
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
    Diagram d = Diagram.parse(diagram);
    Game game = new Game(d.geometry(), Rules.DEFAULT.withKomi(0.5));
    game.setup(d.colors());
    SearchConfig config = SearchConfig.of(PolicySpec.parse("uniform"));
    assertEquals(EarlyStop.TIMED, config.earlyStop());
    SearchResult counted =
        new SearchPlayer(config, Budget.playouts(3000), 1).decide(game, Player.BLACK);
    assertEquals(3000, counted.playouts());

    // A lead can only outgrow the playouts left once they are fewer than those run: past half the
    // time. The capture takes nearly every visit, so the search stops soon after 3 s of 6.
    SearchResult timed =
        new SearchPlayer(config, Budget.time(Duration.ofSeconds(6)), 1).decide(game, Player.BLACK);
    assertEquals(d.point('*'), timed.move());
    assertTrue(timed.elapsed().toMillis() < 5000, "took " + timed.elapsed());

    SearchResult always =
        new SearchPlayer(config.withEarlyStop(EarlyStop.ALWAYS), Budget.playouts(100_000), 1)
            .decide(game, Player.BLACK);
    assertEquals(d.point('*'), always.move());
    assertTrue(always.playouts() < 100_000, "playouts " + always.playouts());
    SearchResult never =
        new SearchPlayer(
                config.withEarlyStop(EarlyStop.NEVER), Budget.time(Duration.ofMillis(300)), 1)
            .decide(game, Player.BLACK);
    assertTrue(never.elapsed().toMillis() >= 300, "elapsed " + never.elapsed());
  }

  /** A root with the pass alone has nothing to choose: one playout is enough. */
  @Test
  void aRootWithOnlyThePassStopsAfterOnePlayout() {
    String diagram =
        """
        . O X . X
        O O X X X
        . O X . X
        O O X X X
        . O X . X
        """;
    Diagram d = Diagram.parse(diagram);
    Game game = new Game(d.geometry(), Rules.DEFAULT.withKomi(0.5));
    game.setup(d.colors());
    SearchConfig config =
        SearchConfig.of(PolicySpec.parse("uniform")).withEarlyStop(EarlyStop.ALWAYS);
    SearchResult r = new SearchPlayer(config, Budget.playouts(1000), 1).decide(game, Player.WHITE);
    assertEquals(Point.PASS, r.move());
    assertTrue(r.playouts() <= SearchPlayer.EARLY_STOP_INTERVAL, "playouts " + r.playouts());
  }

  @Test
  void theSettingParsesItsNames() {
    for (EarlyStop e : EarlyStop.values()) {
      assertEquals(e, EarlyStop.parse(e.text()));
    }
    assertFalse(EarlyStop.TIMED.appliesTo(Budget.playouts(5)));
    assertTrue(EarlyStop.TIMED.appliesTo(new Budget(5, Duration.ofSeconds(1))));
    assertFalse(EarlyStop.NEVER.appliesTo(Budget.time(Duration.ofSeconds(1))));
    assertTrue(EarlyStop.ALWAYS.appliesTo(Budget.playouts(5)));
    assertEquals(
        "early stop must be never, timed or always (got 'sometimes')",
        assertThrows(IllegalArgumentException.class, () -> EarlyStop.parse("sometimes"))
            .getMessage());
  }
}
