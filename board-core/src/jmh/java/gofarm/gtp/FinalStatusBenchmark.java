package gofarm.gtp;

import gofarm.life.FinalStatus;
import gofarm.playout.PlayoutOwnership;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
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
 * the slowest. Run with {@code ./mvnw -Pjmh -pl board-core verify -DskipTests
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

  @Param({"9", "19"})
  int size;

  private final FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());
  private Game[] positions;
  private int next;

  @Setup
  public void setUp() {
    Rules rules = new Rules(7.5, KoRule.POSITIONAL, false);
    SplittableRandom random = new SplittableRandom(size * 1009L);
    List<Game> games = new ArrayList<>();
    while (games.size() < POSITIONS) {
      Game game = FinishedGames.play(size, rules, random);
      if (game.isOver()) {
        games.add(game);
      }
    }
    positions = games.toArray(Game[]::new);
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
        "%n%dx%d: %d positions timed once each, mean %.1f ms, slowest %.1f ms%n",
        size,
        size,
        POSITIONS,
        sum / POSITIONS,
        worst);
  }

  @Benchmark
  public FinalStatus.Statuses finalStatusList() {
    Game game = positions[next];
    next = (next + 1) % POSITIONS;
    return finalStatus.statuses(game);
  }
}
