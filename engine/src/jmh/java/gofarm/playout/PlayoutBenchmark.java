package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.rules.Player;
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
 * One playout from the empty board per operation, single thread: the JMH twin of {@code gofarm
 * bench}. Run with {@code ./mvnw -Pjmh -pl engine verify -DskipTests -Djmh.args="PlayoutBenchmark
 * -prof gc"}; {@code gc.alloc.rate.norm} must stay ~0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlayoutBenchmark {
  @Param({"9", "19"})
  int size;

  @Param({"uniform", "atari-local", "mogo", "heavy"})
  String policy;

  private Playout playout;
  private PlayoutRoot root;
  private PlayoutStats stats;
  private long seed;

  @Setup
  public void setUp() {
    Geometry g = Geometry.of(size);
    playout = new Playout(PolicySpec.parse(policy), g);
    root = PlayoutRoot.of(new Board(g), Player.BLACK, Point.NONE, Point.NONE, 7.5);
    stats = playout.newStats();
  }

  @Benchmark
  public long playout() {
    playout.run(root, seed++, 1, stats);
    return stats.playouts();
  }
}
