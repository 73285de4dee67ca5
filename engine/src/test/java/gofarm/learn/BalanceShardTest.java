package gofarm.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.playout.SoftmaxPolicy;
import gofarm.rules.Player;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Simulation balancing's gradient estimate against finite differences of V on a small board, and
 * its sums' independence of sharding.
 */
class BalanceShardTest {
  private static final Geometry FIVE = Geometry.of(5);
  private static final double KOMI = 0.5;

  /**
   * A 5×5 position after {@code moves} moves of softmax self-play from the empty board (seeded), to
   * move next.
   */
  static PlayoutRoot selfPlay(Geometry g, GammaTable table, int moves, long seed) {
    SoftmaxPolicy policy = new SoftmaxPolicy(table, g);
    Board board = new Board(g);
    policy.setPosition(board);
    Rng rng = new Rng(seed);
    byte me = Color.BLACK;
    int last = Point.NONE;
    int second = Point.NONE;
    for (int i = 0; i < moves; i++) {
      int p = policy.choose(board, me, last, second, rng);
      if (p == Point.PASS) {
        policy.pass(board, me);
      } else {
        policy.play(board, p, me);
      }
      second = last;
      last = p;
      me = Color.opponent(me);
    }
    return PlayoutRoot.of(board, Player.of(me), last, second, KOMI);
  }

  /**
   * V of {@code table} at {@code root}: Black's share of {@code n} playouts of seed {@code seed}.
   */
  private static double value(GammaTable table, PlayoutRoot root, long seed, int n) {
    Playout playout = new Playout(PolicySpec.softmax(table), root.board().geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(root, seed, n, stats);
    return (stats.blackWins() + 0.5 * stats.draws()) / n;
  }

  /** The table with log γ of feature {@code id} moved by {@code h}. */
  private static GammaTable moved(GammaTable table, int id, double h) {
    double[] g = table.toArray();
    g[id] *= Math.exp(h);
    return GammaTable.of(g);
  }

  /**
   * The estimate of ∇V (divided back out of the error factor) agrees with central differences of V,
   * each with a standard error from independent batches, on the features whose gradient a separate
   * pilot run found largest; and at least one of them is far from 0, so the agreement means
   * something.
   */
  @Test
  void gradientAgreesWithFiniteDifferences() {
    GammaTable table = GammaTable.defaultTable();
    PlayoutRoot root = undecidedPosition(table);
    Playout playout = new Playout(PolicySpec.softmax(table), FIVE);
    BalanceShard shard = new BalanceShard();

    // The pilot picks the features to check, so that the check is not biased by the choice.
    double[] pilot = gradient(shard, playout, root, 1_000_000, 2, 1_000)[0];
    int[] top = largest(pilot, 2);

    double[][] g = gradient(shard, playout, root, 2_000_000, 8, 800);
    int batches = 10;
    int perBatch = 1_500;
    double h = 0.2;
    boolean someFarFromZero = false;
    for (int id : top) {
      double[] differences = new double[batches];
      for (int b = 0; b < batches; b++) {
        // Common random numbers: both sides draw from the same sequence.
        long seed = 3_000_000 + b;
        double plus = value(moved(table, id, h), root, seed, perBatch);
        double minus = value(moved(table, id, -h), root, seed, perBatch);
        differences[b] = (plus - minus) / (2 * h);
      }
      double fd = mean(differences);
      double fdError = standardError(differences);
      double estimate = g[0][id];
      double estimateError = g[1][id];
      double tolerance = 4 * Math.hypot(fdError, estimateError);
      assertTrue(
          Math.abs(estimate - fd) <= tolerance,
          FeatureSpace.name(id)
              + ": the estimate "
              + estimate
              + " ± "
              + estimateError
              + ", finite differences "
              + fd
              + " ± "
              + fdError);
      someFarFromZero |= Math.abs(fd) > 4 * fdError;
    }
    assertTrue(someFarFromZero, "no checked feature moves V measurably: the check says nothing");
  }

  /**
   * The first position of a seeded 5×5 self-play game, from move 8 on, whose V is between 0.3 and
   * 0.7: a position the policy's moves decide.
   */
  private static PlayoutRoot undecidedPosition(GammaTable table) {
    for (int moves = 8; moves < 30; moves++) {
      PlayoutRoot root = selfPlay(FIVE, table, moves, 7);
      double v = value(table, root, 1, 4_000);
      if (v > 0.3 && v < 0.7) {
        return root;
      }
    }
    throw new AssertionError("no undecided position in the seeded game");
  }

  /**
   * The mean of g over {@code batches} shards of one position, each of {@code n} gradient playouts
   * (and as many value playouts for its baseline), and its standard error, per feature id.
   */
  private static double[][] gradient(
      BalanceShard shard, Playout playout, PlayoutRoot root, long seed, int batches, int n) {
    int ids = FeatureSpace.size();
    double[][] perBatch = new double[batches][];
    for (int b = 0; b < batches; b++) {
      BalanceShard.Sample sample = new BalanceShard.Sample(root, 1.0, false, seed + b);
      BalanceShard.Result r = shard.run(playout, List.of(sample), n, n);
      double error = 1.0 - r.values()[0];
      perBatch[b] = new double[ids];
      for (int id = 0; id < ids; id++) {
        perBatch[b][id] = r.gradient()[id] / error;
      }
    }
    double[] mean = new double[ids];
    double[] se = new double[ids];
    double[] column = new double[batches];
    for (int id = 0; id < ids; id++) {
      for (int b = 0; b < batches; b++) {
        column[b] = perBatch[b][id];
      }
      mean[id] = mean(column);
      se[id] = standardError(column);
    }
    return new double[][] {mean, se};
  }

  private static int[] largest(double[] x, int k) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      ids.add(i);
    }
    ids.sort((a, b) -> Double.compare(Math.abs(x[b]), Math.abs(x[a])));
    return ids.subList(0, k).stream().mapToInt(Integer::intValue).toArray();
  }

  private static double mean(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s / x.length;
  }

  private static double standardError(double[] x) {
    double m = mean(x);
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return Math.sqrt(s / (x.length - 1) / x.length);
  }

  /**
   * The sums of two shards, added, equal the sums of one shard of both positions, bit for bit in
   * the values and to rounding in the gradient (the order of addition differs): each position's
   * playouts depend on its own seed alone.
   */
  @Test
  void positionsDoNotDependOnTheirShard() {
    GammaTable table = GammaTable.defaultTable();
    Playout playout = new Playout(PolicySpec.softmax(table), FIVE);
    BalanceShard.Sample a = new BalanceShard.Sample(selfPlay(FIVE, table, 9, 3), 0.8, false, 11);
    BalanceShard.Sample b = new BalanceShard.Sample(selfPlay(FIVE, table, 10, 4), 0.2, false, 12);
    BalanceShard.Sample c = new BalanceShard.Sample(selfPlay(FIVE, table, 11, 5), 0.5, true, 13);
    BalanceShard.Result both = new BalanceShard().run(playout, List.of(a, b, c), 300, 300);
    BalanceShard.Result first = new BalanceShard().run(playout, List.of(a), 300, 300);
    BalanceShard.Result rest = new BalanceShard().run(playout, List.of(b, c), 300, 300);
    assertArrayEquals(
        new double[] {first.values()[0], rest.values()[0], rest.values()[1]}, both.values());
    assertEquals(2, both.trainPositions());
    assertEquals(1, both.testPositions());
    assertEquals(first.trainSquaredError() + rest.trainSquaredError(), both.trainSquaredError());
    for (int id = 0; id < FeatureSpace.size(); id++) {
      assertEquals(first.gradient()[id] + rest.gradient()[id], both.gradient()[id], 1e-12);
    }
  }
}
