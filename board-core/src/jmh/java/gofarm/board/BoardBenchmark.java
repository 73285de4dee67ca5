package gofarm.board;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Raw board speed, no policy: (1) a recorded random game of legal moves replayed on a board
 * restored by {@link Board#copyFrom} each time, and (2) play/undo pairs on a mid-game position.
 * Scores are moves per second. Run with {@code ./mvnw -Pjmh -pl board-core verify -DskipTests
 * -Djmh.args="BoardBenchmark -prof gc"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BoardBenchmark {
  private static final int PAIRS = 64;

  @Param({"9", "19"})
  int size;

  private Board empty;
  private Board board;
  private int[] game;
  private byte[] colors;
  private int gameLength;
  private Board midGame;
  private int[] pairPoints;
  private byte[] pairColors;

  @Setup(Level.Trial)
  public void setUp() {
    Geometry g = Geometry.of(size);
    empty = new Board(g);
    board = new Board(g);
    // A random game of legal non-eye-filling moves, recorded once.
    SplittableRandom random = new SplittableRandom(42);
    Board b = new Board(g);
    game = new int[3 * g.pointCount()];
    colors = new byte[game.length];
    byte toPlay = Color.BLACK;
    int passes = 0;
    while (passes < 2 && gameLength < game.length) {
      int p = randomMove(b, toPlay, random);
      if (p == Point.PASS) {
        passes++;
      } else {
        passes = 0;
        b.playAssumeLegal(p, toPlay);
        game[gameLength] = p;
        colors[gameLength++] = toPlay;
      }
      toPlay = Color.opponent(toPlay);
    }
    // The position halfway through, and legal moves for play/undo pairs there.
    midGame = new Board(g);
    for (int i = 0; i < gameLength / 2; i++) {
      midGame.playAssumeLegal(game[i], colors[i]);
    }
    pairPoints = new int[PAIRS];
    pairColors = new byte[PAIRS];
    for (int i = 0; i < PAIRS; i++) {
      byte c = i % 2 == 0 ? Color.BLACK : Color.WHITE;
      pairPoints[i] = randomMove(midGame, c, random);
      pairColors[i] = c;
    }
  }

  private static int randomMove(Board b, byte c, SplittableRandom random) {
    for (int tries = 0; tries < 100 && b.emptyCount() > 0; tries++) {
      int p = b.emptyPoint(random.nextInt(b.emptyCount()));
      if (b.isLegal(p, c) && !b.isSimpleEye(p, c)) {
        return p;
      }
    }
    return Point.PASS;
  }

  /** Copy the empty board, then replay the whole game: moves/s including the copy. */
  @Benchmark
  public long copyAndReplayGame() {
    board.copyFrom(empty);
    for (int i = 0; i < gameLength; i++) {
      board.playAssumeLegal(game[i], colors[i]);
    }
    return board.hash();
  }

  /** Play and undo each of 64 legal moves on a mid-game position. */
  @Benchmark
  @OperationsPerInvocation(PAIRS)
  public long playUndoPairs() {
    long h = 0;
    for (int i = 0; i < PAIRS; i++) {
      int p = pairPoints[i];
      if (p != Point.PASS) {
        midGame.playAssumeLegal(p, pairColors[i]);
        h += midGame.hash();
        midGame.undo();
      }
    }
    return h;
  }

  public int gameLength() {
    return gameLength;
  }
}
