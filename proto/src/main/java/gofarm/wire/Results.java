package gofarm.wire;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.Counter;
import gofarm.playout.PlayoutStats.PointSeries;
import gofarm.playout.PlayoutStats.RuleSeries;
import gofarm.playout.PolicySpec;
import gofarm.playout.RuleSpec;
import gofarm.proto.v1.MoveValue;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.PairSummary;
import gofarm.proto.v1.RuleCounts;
import gofarm.proto.v1.RuleSummary;
import gofarm.rules.Player;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The figures of a (position, policy) pair computed from its summed {@link PlayoutStats}: pure
 * functions, so the same statistics always give the same bytes.
 *
 * <pre>{@code
 * PairResult r = Results.pairResult(job, position, policy, aggregate);
 * boolean narrow = Results.halfWidth(aggregate) <= job.stopAtWidth();
 * }</pre>
 *
 * <h2>Definitions</h2>
 *
 * <ul>
 *   <li><b>Black win rate</b>: {@code (blackWins + draws / 2) / playouts}, with the 95 % Wilson
 *       score interval of that proportion ({@link #wilson}; Wilson 1927). With no playouts it is
 *       0.5 in [0, 1], the interval's limit.
 *   <li><b>Score</b>: mean and population standard deviation of {@code B - W - komi}.
 *   <li><b>Ownership</b> of a point: {@code (ownedBlack - ownedWhite) / playouts}, in -1..1,
 *       row-major from the top left.
 *   <li><b>Top moves</b>: the points where the player to move played first in at least 1 % of the
 *       playouts (and at least once), by that player's AMAF win rate ({@code wins / playouts in
 *       which it played there first}, draws not counted as wins), best first; ties by more
 *       playouts, then by point order.
 *   <li><b>Rules</b>: move share = chosen / moves played (passes excluded); fire rate = fired /
 *       tried; mean candidates = candidates / fired; vetoes per move = vetoes / moves played
 *       (passes excluded). A ratio with a zero denominator is 0.
 * </ul>
 */
public final class Results {
  /** The 0.975 quantile of the standard normal distribution: a 95 % two-sided interval. */
  public static final double Z95 = 1.959963984540054;

  private Results() {}

  /**
   * A proportion with its confidence interval.
   *
   * @param rate the observed proportion
   * @param low the interval's lower end
   * @param high the interval's upper end
   */
  public record Interval(double rate, double low, double high) {
    /** Half the interval's width. */
    public double halfWidth() {
      return (high - low) / 2;
    }
  }

  /**
   * The 95 % Wilson score interval of {@code successes} out of {@code n} (successes may be
   * fractional, as when a draw counts half):
   *
   * <pre>
   *   p = successes / n,  z = 1.96
   *   centre = (p + z^2 / 2n) / (1 + z^2 / n)
   *   half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)
   * </pre>
   *
   * With n = 0 it is 0.5 in [0, 1]. The ends are clamped to [0, 1] against rounding.
   */
  public static Interval wilson(double successes, long n) {
    if (n <= 0) {
      return new Interval(0.5, 0, 1);
    }
    double p = successes / n;
    double z2 = Z95 * Z95;
    double denominator = 1 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / denominator;
    double half = Z95 / denominator * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    return new Interval(p, Math.max(0, centre - half), Math.min(1, centre + half));
  }

  /** The black win rate of some statistics with its 95 % Wilson interval, a draw counting half. */
  public static Interval blackWinRate(PlayoutStats stats) {
    return wilson(
        stats.get(Counter.BLACK_WINS) + 0.5 * stats.get(Counter.DRAWS),
        stats.get(Counter.PLAYOUTS));
  }

  /** The half-width of the 95 % Wilson interval of the black win rate (early stopping). */
  public static double halfWidth(PlayoutStats stats) {
    return blackWinRate(stats).halfWidth();
  }

  /** The full result of pair ({@code position}, {@code policy}) of a job. */
  public static PairResult pairResult(
      ResolvedEvaluation job, int position, int policy, PlayoutStats stats) {
    JobPosition p = job.positions().get(position);
    return pairResult(
        position,
        p.label(),
        policy,
        job.policies().get(policy),
        p.toPlay(),
        job.rules().komi(),
        job.topMoves(),
        stats,
        p.game(job.rules()).board());
  }

  /**
   * The full result of a pair from its statistics, the komi, the player to move and the policy; see
   * the class comment for every figure.
   *
   * @param topMoves how many top moves to list at most
   */
  public static PairResult pairResult(
      int position,
      String positionLabel,
      int policy,
      PolicySpec spec,
      Player toPlay,
      double komi,
      int topMoves,
      PlayoutStats stats) {
    return pairResult(position, positionLabel, policy, spec, toPlay, komi, topMoves, stats, null);
  }

  /**
   * Like {@link #pairResult(int, String, int, PolicySpec, Player, double, int, PlayoutStats)}, with
   * the top moves limited to the points empty on the {@code root} board (null: no limit).
   */
  public static PairResult pairResult(
      int position,
      String positionLabel,
      int policy,
      PolicySpec spec,
      Player toPlay,
      double komi,
      int topMoves,
      PlayoutStats stats,
      Board root) {
    long n = stats.get(Counter.PLAYOUTS);
    Interval win = blackWinRate(stats);
    PairResult.Builder b =
        PairResult.newBuilder()
            .setPosition(position)
            .setPolicy(policy)
            .setPositionLabel(positionLabel)
            .setPolicyName(spec.name())
            .setPolicyRules(spec.rulesText())
            .setPlayouts(n)
            .setBlackWinRate(win.rate())
            .setBlackWinLow(win.low())
            .setBlackWinHigh(win.high())
            .setScoreMean(n == 0 ? 0 : stats.meanScore(komi))
            .setScoreStddev(n == 0 ? 0 : stats.scoreStdDev())
            .setMeanLength(n == 0 ? 0 : stats.meanLength());
    Geometry g = stats.geometry();
    for (int i = 0; i < g.pointCount(); i++) {
      long net = stats.get(PointSeries.OWNED_BLACK, i) - stats.get(PointSeries.OWNED_WHITE, i);
      b.addOwnership(ratio(net, n));
    }
    b.addAllTopMoves(topMoves(stats, toPlay, topMoves, root));
    long moves = stats.get(Counter.LENGTH_SUM) - stats.get(Counter.PASSES);
    for (int r = 0; r < stats.ruleCount(); r++) {
      RuleSpec rule = spec.rules().get(r);
      long tried = stats.get(RuleSeries.TRIED, r);
      long fired = stats.get(RuleSeries.FIRED, r);
      long chosen = stats.get(RuleSeries.CHOSEN, r);
      long candidates = stats.get(RuleSeries.CANDIDATES, r);
      long vetoes = stats.get(RuleSeries.VETOES, r);
      b.addRules(
          RuleSummary.newBuilder()
              .setRule(rule.toString())
              .setMoveShare(ratio(chosen, moves))
              .setFireRate(ratio(fired, tried))
              .setMeanCandidates(ratio(candidates, fired))
              .setVetoesPerMove(ratio(vetoes, moves))
              .setCounts(
                  RuleCounts.newBuilder()
                      .setTried(tried)
                      .setFired(fired)
                      .setChosen(chosen)
                      .setCandidates(candidates)
                      .setVetoes(vetoes)));
    }
    return b.setStats(StatsCodec.toProto(stats)).build();
  }

  /**
   * The best first moves of {@code player} by AMAF win rate among the points it played first in at
   * least 1 % of the playouts; see the class comment.
   */
  public static List<MoveValue> topMoves(PlayoutStats stats, Player player, int limit) {
    return topMoves(stats, player, limit, null);
  }

  /**
   * The best first moves of {@code player}, among the points empty on {@code root} (null: all):
   * AMAF also counts first plays on points that were occupied at the root and emptied by a capture
   * during the playout, which are no moves at the root.
   */
  public static List<MoveValue> topMoves(PlayoutStats stats, Player player, int limit, Board root) {
    PointSeries firstSeries =
        player == Player.BLACK ? PointSeries.AMAF_BLACK_FIRST : PointSeries.AMAF_WHITE_FIRST;
    PointSeries winSeries =
        player == Player.BLACK
            ? PointSeries.AMAF_BLACK_FIRST_WINS
            : PointSeries.AMAF_WHITE_FIRST_WINS;
    long n = stats.get(Counter.PLAYOUTS);
    Geometry g = stats.geometry();
    record Candidate(int index, long playouts, double winRate) {}
    List<Candidate> candidates = new ArrayList<>();
    for (int i = 0; i < g.pointCount(); i++) {
      if (root != null && root.color(g.point(i)) != Color.EMPTY) {
        continue;
      }
      long first = stats.get(firstSeries, i);
      // At least 1 % of the playouts, in integers: first * 100 >= n.
      if (first > 0 && first >= (n + 99) / 100) {
        candidates.add(new Candidate(i, first, (double) stats.get(winSeries, i) / first));
      }
    }
    candidates.sort(
        Comparator.comparingDouble(Candidate::winRate)
            .reversed()
            .thenComparing(Comparator.comparingLong(Candidate::playouts).reversed())
            .thenComparingInt(Candidate::index));
    List<MoveValue> moves = new ArrayList<>();
    for (int k = 0; k < Math.min(limit, candidates.size()); k++) {
      Candidate c = candidates.get(k);
      moves.add(
          MoveValue.newBuilder()
              .setVertex(g.name(g.point(c.index())))
              .setPlayouts(c.playouts())
              .setWinRate(c.winRate())
              .build());
    }
    return moves;
  }

  /** The headline figures of pair ({@code position}, {@code policy}) of a job. */
  public static PairSummary pairSummary(
      ResolvedEvaluation job, int position, int policy, PlayoutStats stats, boolean done) {
    Interval win = blackWinRate(stats);
    return PairSummary.newBuilder()
        .setPosition(position)
        .setPolicy(policy)
        .setPositionLabel(job.positions().get(position).label())
        .setPolicyName(job.policies().get(policy).name())
        .setPlayouts(stats.get(Counter.PLAYOUTS))
        .setBlackWinRate(win.rate())
        .setHalfWidth(win.halfWidth())
        .setDone(done)
        .build();
  }

  /** The resolved positions of a job as {@code JobResults.positions} lists them. */
  public static List<gofarm.proto.v1.ResolvedPosition> positions(ResolvedEvaluation job) {
    List<gofarm.proto.v1.ResolvedPosition> list = new ArrayList<>();
    for (JobPosition p : job.positions()) {
      list.add(
          gofarm.proto.v1.ResolvedPosition.newBuilder()
              .setLabel(p.label())
              .setPosition(p.position())
              .build());
    }
    return list;
  }

  private static double ratio(long numerator, long denominator) {
    return denominator == 0 ? 0 : (double) numerator / denominator;
  }
}
