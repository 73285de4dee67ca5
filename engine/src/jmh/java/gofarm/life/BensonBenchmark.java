package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
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
 * The cost of {@link Benson#compute} (both colours) on 19x19: per operation one of 64 positions
 * from seeded random games, either played to their end (full boards: every point a stone or an eye,
 * most groups pass-alive) or stopped half-way. Run with {@code ./mvnw -Pjmh -pl engine verify
 * -DskipTests -Djmh.args="BensonBenchmark -prof gc"}.
 *
 * <p>Recorded on the project's machine (2 vCPU AMD EPYC, OpenJDK 17.0.15, shared), 8 iterations:
 * 19.1 ± 1.4 µs per full 19x19 board for both colours at the end of a game, 34.3 ± 2.1 µs half-way,
 * and 704 B/op (the result's six point sets).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BensonBenchmark {
  private static final int POSITIONS = 64;

  @Param({"end", "middle"})
  String stage;

  private Benson benson;
  private Board[] positions;
  private int next;

  @Setup
  public void setUp() {
    Geometry g = Geometry.of(19);
    benson = new Benson(g);
    positions = new Board[POSITIONS];
    SplittableRandom random = new SplittableRandom(19);
    for (int i = 0; i < POSITIONS; i++) {
      positions[i] = game(g, random, stage.equals("end") ? 1.0 : 0.5);
    }
  }

  @Benchmark
  public Benson.Result compute() {
    Board board = positions[next];
    next = (next + 1) & (POSITIONS - 1);
    return benson.compute(board);
  }

  /** A random game of legal moves that fill no own simple eye, stopped at a fraction of it. */
  static Board game(Geometry g, SplittableRandom random, double fraction) {
    Board board = new Board(g);
    byte toPlay = Color.BLACK;
    int passes = 0;
    int length = 0;
    while (passes < 2 && length < 3 * g.pointCount()) {
      int p = RandomPositions.randomMove(board, toPlay, random);
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
    while (board.undoDepth() > fraction * length) {
      board.undo();
    }
    Board position = new Board(g);
    position.setPosition(board.colors());
    return position;
  }
}
