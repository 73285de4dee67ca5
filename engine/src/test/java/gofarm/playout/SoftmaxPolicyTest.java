package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The softmax policy's incremental table against a recomputation from scratch after every move of
 * random games, and its draws against the strengths.
 */
class SoftmaxPolicyTest {
  private static final long SEED = 20261127;

  /** A table with every γ drawn log-uniformly in 1/8..8, so every feature moves the strengths. */
  static GammaTable randomTable(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] g = new double[FeatureSpace.size()];
    for (int i = 0; i < g.length; i++) {
      g[i] = Math.exp((random.nextDouble() * 2 - 1) * Math.log(8));
    }
    return GammaTable.of(g);
  }

  @Test
  void incrementalTableEqualsRecomputationAfterEveryMove9x9() {
    playAndCompare(Geometry.of(9), 1000, SEED);
  }

  @Test
  void incrementalTableEqualsRecomputationAfterEveryMove19x19() {
    playAndCompare(Geometry.of(19), 1000, SEED + 1);
  }

  /**
   * Plays {@code games} random games, half with moves drawn by the softmax policy itself and half
   * uniformly among the legal moves (with some passes, and some eye fills the policy never plays),
   * and compares every entry and row sum with a policy set up from scratch after every move.
   */
  private static void playAndCompare(Geometry g, int games, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    GammaTable table = randomTable(seed);
    SoftmaxPolicy policy = new SoftmaxPolicy(table, g);
    SoftmaxPolicy fresh = new SoftmaxPolicy(table, g);
    Board board = new Board(g);
    Rng rng = new Rng(seed);
    int[] legal = new int[g.pointCount()];
    long moves = 0;
    for (int game = 0; game < games; game++) {
      board.clear();
      policy.setPosition(board);
      boolean bySoftmax = game % 2 == 0;
      byte me = Color.BLACK;
      int last = Point.NONE;
      int second = Point.NONE;
      int passes = 0;
      for (int n = 0; n < 3 * g.pointCount() && passes < 2; n++) {
        int p;
        if (bySoftmax) {
          p = policy.choose(board, me, last, second, rng);
        } else {
          int count = 0;
          for (int i = 0; i < g.pointCount(); i++) {
            int q = g.point(i);
            if (board.isLegal(q, me) && (!board.isSimpleEye(q, me) || random.nextInt(8) == 0)) {
              legal[count++] = q;
            }
          }
          p = count == 0 || random.nextInt(40) == 0 ? Point.PASS : legal[random.nextInt(count)];
        }
        if (p == Point.PASS) {
          policy.pass(board, me);
          passes++;
        } else {
          policy.play(board, p, me);
          passes = 0;
        }
        second = last;
        last = p;
        me = Color.opponent(me);
        moves++;
        fresh.setPosition(board);
        String where = "seed " + seed + ", game " + game + ", move " + n + " (" + g.name(p) + ")";
        compare(g, policy, fresh, where);
      }
    }
    assertTrue(moves > games * 20L, "the games were played: " + moves + " moves");
  }

  private static void compare(Geometry g, SoftmaxPolicy policy, SoftmaxPolicy fresh, String where) {
    for (byte c = Color.BLACK; c <= Color.WHITE; c++) {
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        if (policy.strength(p, c) != fresh.strength(p, c)) {
          fail(
              where
                  + ": "
                  + Color.name(c)
                  + " at "
                  + g.name(p)
                  + " has strength "
                  + policy.strength(p, c)
                  + ", from scratch "
                  + fresh.strength(p, c)
                  + features(g, policy, p, c)
                  + " vs"
                  + features(g, fresh, p, c));
        }
        for (int grp = 0; grp < FeatureGroup.POSITIONAL; grp++) {
          if (policy.feature(p, c, grp) != fresh.feature(p, c, grp)) {
            fail(
                where
                    + ": "
                    + Color.name(c)
                    + " at "
                    + g.name(p)
                    + features(g, policy, p, c)
                    + " vs"
                    + features(g, fresh, p, c));
          }
        }
      }
      for (int r = 0; r < g.size(); r++) {
        assertEquals(fresh.rowSum(c, r), policy.rowSum(c, r), 0.0, where + ": row sum " + r);
      }
    }
  }

  private static String features(Geometry g, SoftmaxPolicy policy, int p, byte c) {
    StringBuilder sb = new StringBuilder();
    for (int grp = 0; grp < FeatureGroup.POSITIONAL; grp++) {
      int id = policy.feature(p, c, grp);
      if (id >= 0) {
        sb.append(" [").append(FeatureSpace.name(id)).append(']');
      }
    }
    return sb.toString();
  }

  /** At temperature T a point's strength is the product of its features' γ^(1/T). */
  @Test
  void temperatureRaisesEveryGammaToOneOverT() {
    Geometry g = Geometry.of(9);
    GammaTable table = randomTable(SEED + 3);
    SoftmaxPolicy plain = new SoftmaxPolicy(table, g);
    SoftmaxPolicy sharp = new SoftmaxPolicy(table, 0.5, g);
    Board board = new Board(g);
    Rng rng = new Rng(SEED);
    byte me = Color.BLACK;
    plain.setPosition(board);
    for (int n = 0; n < 20; n++) {
      int p = plain.choose(board, me, Point.NONE, Point.NONE, rng);
      plain.play(board, p, me);
      me = Color.opponent(me);
    }
    sharp.setPosition(board);
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      for (byte c = Color.BLACK; c <= Color.WHITE; c++) {
        double expected = 1;
        for (int grp = 0; grp < FeatureGroup.POSITIONAL; grp++) {
          int id = plain.feature(p, c, grp);
          expected *= id >= 0 ? Math.pow(table.gamma(id), 2) : 1;
        }
        expected = plain.strength(p, c) > 0 ? expected : 0;
        assertEquals(expected, sharp.strength(p, c), expected * 1e-12, g.name(p));
      }
    }
  }

  /**
   * From one position, the moves drawn match the strengths: a χ² test of the counts of 200,000
   * draws against strength ÷ total, with the last moves' features and the ko ban applied as the
   * fitting interface reports them. With a fixed seed the statistic is the same on every run.
   */
  @Test
  void drawsMatchTheStrengths() {
    Geometry g = Geometry.of(9);
    SplittableRandom random = new SplittableRandom(SEED);
    GammaTable table = randomTable(SEED + 7);
    SoftmaxPolicy policy = new SoftmaxPolicy(table, g);
    Board board = new Board(g);
    policy.setPosition(board);
    byte me = Color.BLACK;
    int last = Point.NONE;
    int second = Point.NONE;
    for (int n = 0; n < 30; n++) {
      int p = policy.choose(board, me, last, second, new Rng(random.nextLong()));
      policy.play(board, p, me);
      second = last;
      last = p;
      me = Color.opponent(me);
    }
    int[] points = new int[g.pointCount()];
    int[] features = new int[g.pointCount() * FeatureGroup.values().length];
    int n = policy.candidates(board, me, last, second, points, features);
    double[] expected = new double[g.arraySize()];
    double total = 0;
    int groups = FeatureGroup.values().length;
    for (int i = 0; i < n; i++) {
      double s = 1;
      for (int grp = 0; grp < groups; grp++) {
        int id = features[i * groups + grp];
        s *= id >= 0 ? table.gamma(id) : 1;
      }
      expected[points[i]] = s;
      total += s;
    }
    int draws = 200_000;
    long[] counts = new long[g.arraySize()];
    Rng rng = new Rng(SEED);
    for (int d = 0; d < draws; d++) {
      counts[policy.choose(board, me, last, second, rng)]++;
    }
    double chi2 = 0;
    int cells = 0;
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      double e = expected[p] / total * draws;
      if (e == 0) {
        assertEquals(0, counts[p], "a point with no strength was drawn: " + g.name(p));
        continue;
      }
      chi2 += (counts[p] - e) * (counts[p] - e) / e;
      cells++;
    }
    // The 0.999 quantile of χ² with k - 1 degrees of freedom, by the Wilson-Hilferty approximation.
    int df = cells - 1;
    double z = 3.090;
    double bound = df * Math.pow(1 - 2.0 / (9 * df) + z * Math.sqrt(2.0 / (9 * df)), 3);
    assertTrue(
        chi2 < bound, "chi2 " + chi2 + " with " + df + " degrees of freedom (bound " + bound + ")");
    assertTrue(cells > 20, "a position with many candidates: " + cells);
  }
}
