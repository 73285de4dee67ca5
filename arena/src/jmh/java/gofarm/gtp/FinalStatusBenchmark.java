package gofarm.gtp;

import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.life.FinalStatus;
import gofarm.match.Adjudication;
import gofarm.match.GameRecord;
import gofarm.match.MatchGame;
import gofarm.match.MatchPlayer;
import gofarm.match.Opening;
import gofarm.match.PlayerSpec;
import gofarm.playout.PlayoutOwnership;
import gofarm.playout.PolicySpec;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of GTP's {@code final_status_list} ({@link FinalStatus} with {@link PlayoutOwnership},
 * as the engine runs it) on the ends of finished games: per operation one of 32 positions of seeded
 * random games ended by passes ({@link FinishedGames}, as {@code FinalScoreGnuGoTest} plays them),
 * under positional superko. The setup also times each position once after the warm-up and prints
 * the slowest. Run with {@code ./mvnw -Pjmh -pl arena verify -DskipTests
 * -Djmh.args="FinalStatusBenchmark"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
public class FinalStatusBenchmark {
  private static final int POSITIONS = 32;

  /** Board size and where the game ends come from: random games, or search against search. */
  @Param({"9-random", "9-search", "19-random"})
  String games;

  private final FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());
  private Game[] positions;
  private int next;

  @Setup
  public void setUp() {
    int size = Integer.parseInt(games.substring(0, games.indexOf('-')));
    Rules rules = new Rules(7.5, KoRule.POSITIONAL, false);
    SplittableRandom random = new SplittableRandom(size * 1009L);
    List<Game> ends = new ArrayList<>();
    while (ends.size() < POSITIONS) {
      Game game =
          games.endsWith("random")
              ? FinishedGames.play(size, rules, random)
              : searchGame(size, rules, random);
      if (game != null && game.isOver()) {
        ends.add(game);
      }
    }
    positions = ends.toArray(Game[]::new);
    for (int round = 0; round < 3; round++) {
      for (Game g : positions) {
        finalStatus.statuses(g); // warm up before timing each position once
      }
    }
    double worst = 0;
    double sum = 0;
    for (Game g : positions) {
      long t0 = System.nanoTime();
      finalStatus.statuses(g);
      double ms = (System.nanoTime() - t0) / 1e6;
      worst = Math.max(worst, ms);
      sum += ms;
    }
    System.out.printf(
        Locale.ROOT,
        "%n%s: %d positions timed once each, mean %.1f ms, slowest %.1f ms%n",
        games,
        POSITIONS,
        sum / POSITIONS,
        worst);
  }

  /**
   * A game between gofarm's search on heavy playouts and on uniform playouts, 200 a move each, from
   * a random opening, to two passes (both score alike, so no cleanup phase follows); null if it
   * ended otherwise.
   */
  private static Game searchGame(int size, Rules rules, SplittableRandom random) {
    PlayerSpec heavy =
        new PlayerSpec.Search(
            "heavy",
            SearchConfig.of(PolicySpec.parse("heavy")).withResignThreshold(0),
            Budget.playouts(200));
    PlayerSpec uniform =
        new PlayerSpec.Search(
            "uniform",
            SearchConfig.of(PolicySpec.parse("uniform")).withResignThreshold(0),
            Budget.playouts(200));
    Opening opening = Opening.random(size, rules, 4, random.nextLong());
    try (MatchPlayer b = heavy.start(random.nextLong());
        MatchPlayer w = uniform.start(random.nextLong())) {
      GameRecord r =
          MatchGame.play(
              opening, rules, b, w, MatchGame.maxMoves(size), Adjudication.ESTIMATE, null);
      if (r.end() != GameRecord.End.PASSES) {
        return null;
      }
      SgfGame record = Sgf.parse(r.sgf()).get(0);
      return record.replay(record.moves().size(), rules);
    }
  }

  @Benchmark
  public FinalStatus.Statuses finalStatusList() {
    Game game = positions[next];
    next = (next + 1) % POSITIONS;
    return finalStatus.statuses(game);
  }
}
