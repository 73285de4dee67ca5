package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.rules.Game;
import gofarm.rules.Player;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The {@code settled} rule on late-game positions: playouts per second and moves per playout
 * ({@code moves} / {@code playout}), with and without it, single thread. Positions: the GNU Go
 * self-play games of {@code examples/games} late in the game ({@code gnugo-9x9} after move 40 of
 * {@code 9x9-gnugo-a.sgf}, {@code gnugo-19x19} after move 200 of {@code 19x19-gnugo.sgf}), and 16
 * seeded uniform random games per size stopped at 60 % of their length ({@code random-9x9}, {@code
 * random-19x19}), where pass-alive groups are common. Benson is computed in the setup, once per
 * root, as playouts do on first use; its cost is {@code BensonBenchmark}'s.
 *
 * <p>Run with {@code ./mvnw -Pjmh -pl engine verify -DskipTests
 * -Djmh.args="SettledPlayoutBenchmark"} (from the repository root, so that {@code
 * ../examples/games} resolves; {@code -Dgofarm.examples=DIR} overrides it). The setup prints how
 * many points Benson settles in each set of positions, and the exact mean length of 4,000 seeded
 * playouts (the timing is noisy on a shared machine; the lengths are not).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class SettledPlayoutBenchmark {
  private static final int ROOTS = 16;

  @Param({"gnugo-9x9", "gnugo-19x19", "random-9x9", "random-19x19"})
  String position;

  @Param({
    "random",
    "random settled",
    "extend(counter=1,ladder=2)@0.9 capture@0.9 two-lib@0.9 nakade@0.8 pattern3 capture(scope=1)"
        + " random self-atari@0.6",
    "extend(counter=1,ladder=2)@0.9 capture@0.9 two-lib@0.9 nakade@0.8 pattern3 capture(scope=1)"
        + " random self-atari@0.6 settled"
  })
  String policy;

  private Playout playout;
  private PlayoutRoot[] roots;
  private PlayoutStats stats;
  private long seed;

  /** Moves played, reported per second next to the playouts. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Moves {
    public long moves;

    @Setup(Level.Iteration)
    public void clean() {
      moves = 0;
    }
  }

  @Setup
  public void setUp() {
    roots = new PlayoutRoot[ROOTS];
    Path examples = Path.of(System.getProperty("gofarm.examples", "../examples/games"));
    switch (position) {
      case "gnugo-9x9" ->
          java.util.Arrays.fill(roots, sgf(examples.resolve("9x9-gnugo-a.sgf"), 40));
      case "gnugo-19x19" ->
          java.util.Arrays.fill(roots, sgf(examples.resolve("19x19-gnugo.sgf"), 200));
      case "random-9x9" -> randomGames(Geometry.of(9));
      case "random-19x19" -> randomGames(Geometry.of(19));
      default -> throw new IllegalArgumentException("unknown position " + position);
    }
    long settled = 0;
    long points = 0;
    for (PlayoutRoot root : roots) {
      byte[] owners = root.settledOwners(); // Benson once per root, outside the measurement
      Geometry g = root.board().geometry();
      for (int i = 0; i < g.pointCount(); i++) {
        settled += owners[g.point(i)] != Color.EMPTY ? 1 : 0;
      }
      points += g.pointCount();
    }
    System.out.printf(
        "%n%s: Benson settles %d of %d points (%.1f %%)%n",
        position, settled, points, 100.0 * settled / points);
    Geometry g = roots[0].board().geometry();
    playout = new Playout(PolicySpec.parse(policy), g);
    // The mean length is exact for a seed: 4,000 playouts, 250 from each root.
    PlayoutStats lengths = playout.newStats();
    for (int i = 0; i < 4000; i++) {
      playout.run(roots[i & (ROOTS - 1)], i, 1, lengths);
    }
    System.out.printf(
        "%s, %s: %.2f moves per playout (4000 playouts)%n",
        position, PolicySpec.parse(policy), lengths.meanLength());
    stats = playout.newStats();
  }

  private static PlayoutRoot sgf(Path file, int moves) {
    Game game = Sgf.read(file).get(0).replay(moves);
    return PlayoutRoot.of(game);
  }

  private void randomGames(Geometry g) {
    SplittableRandom random = new SplittableRandom(60);
    for (int i = 0; i < ROOTS; i++) {
      Board board = new Board(g);
      byte toPlay = Color.BLACK;
      int passes = 0;
      int length = 0;
      while (passes < 2 && length < Playout.maxLength(g)) {
        int p = randomMove(board, toPlay, random);
        if (p == Point.PASS) {
          board.pass(toPlay);
          passes++;
        } else {
          board.playAssumeLegal(p, toPlay);
          passes = 0;
        }
        length++;
        toPlay = Color.opponent(toPlay);
      }
      while (board.undoDepth() > 0.6 * length) {
        board.undo();
      }
      Player next = board.undoDepth() % 2 == 0 ? Player.BLACK : Player.WHITE;
      roots[i] = PlayoutRoot.of(board, next, Point.NONE, Point.NONE, 7.5);
    }
  }

  private static int randomMove(Board board, byte player, SplittableRandom random) {
    int k = board.emptyCount();
    while (k > 0) {
      int i = random.nextInt(k);
      int p = board.emptyPoint(i);
      if (!board.isSimpleEye(p, player) && board.isLegal(p, player)) {
        return p;
      }
      board.swapEmpty(i, --k);
    }
    return Point.PASS;
  }

  @Benchmark
  public long playout(Moves counter) {
    long before = stats.lengthSum();
    playout.run(roots[(int) (seed & (ROOTS - 1))], seed++, 1, stats);
    counter.moves += stats.lengthSum() - before;
    return stats.playouts();
  }
}
