package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Geometry;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.Counter;
import gofarm.playout.PlayoutStats.PointSeries;
import gofarm.playout.PlayoutStats.RuleSeries;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MoveValue;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.PairSummary;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.RuleSummary;
import gofarm.rules.Player;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultsTest {
  private static final double EPS = 1e-9;

  /** z^2 for the 95 % interval. */
  private static final double Z2 = Results.Z95 * Results.Z95;

  private static void assertInterval(double low, double high, Results.Interval got) {
    assertEquals(low, got.low(), EPS, "low");
    assertEquals(high, got.high(), EPS, "high");
  }

  @Test
  void wilsonAgainstHandComputedValues() {
    // Closed forms at the ends: 0 of n has high z^2 / (n + z^2); n of n has low n / (n + z^2).
    assertInterval(0, Z2 / (10 + Z2), Results.wilson(0, 10));
    assertInterval(10 / (10 + Z2), 1, Results.wilson(10, 10));
    assertEquals(0.2775327999, Z2 / (10 + Z2), 1e-10);
    // 50 of 100: centre 1/2, half-width z / (1 + z^2/100) * sqrt(1/400 + z^2/40000).
    assertInterval(0.4038315304, 0.5961684696, Results.wilson(50, 100));
    assertEquals(0.0961684696, Results.wilson(50, 100).halfWidth(), EPS);
    // The textbook example 81 of 263: [0.2553, 0.3662].
    assertInterval(0.2552885199, 0.3662095770, Results.wilson(81, 263));
    assertEquals(81.0 / 263, Results.wilson(81, 263).rate(), EPS);
    // Fractional successes (draws count half): 7.5 of 20.
    assertInterval(0.1997708557, 0.5905104338, Results.wilson(7.5, 20));
    assertInterval(0.2065493144, 1, Results.wilson(1, 1));
    assertEquals(0.0097979382, Results.wilson(5000, 10_000).halfWidth(), EPS);
    // No playouts: the limit of the interval, 0.5 in [0, 1].
    Results.Interval none = Results.wilson(0, 0);
    assertEquals(0.5, none.rate());
    assertInterval(0, 1, none);
    assertEquals(0.5, none.halfWidth());
  }

  @Test
  void drawsCountHalf() {
    Geometry g = Geometry.of(5);
    PlayoutStats s = new PlayoutStats(g, 1, Playout.maxLength(g));
    s.add(Counter.PLAYOUTS, 20);
    s.add(Counter.BLACK_WINS, 6);
    s.add(Counter.DRAWS, 3);
    s.add(Counter.WHITE_WINS, 11);
    assertEquals(Results.wilson(7.5, 20), Results.blackWinRate(s));
    assertEquals(0.375, Results.blackWinRate(s).rate());
    assertEquals(Results.wilson(7.5, 20).halfWidth(), Results.halfWidth(s));
  }

  @Test
  void pairResultOfHandMadeStatistics() {
    PlayoutStats s = StatsCodecTest.handMade();
    PolicySpec uniform = PolicySpec.PRESETS.get("uniform");
    PairResult r = Results.pairResult(2, "corner", 1, uniform, Player.BLACK, 0.5, 3, s);
    assertEquals(2, r.getPosition());
    assertEquals(1, r.getPolicy());
    assertEquals("corner", r.getPositionLabel());
    assertEquals("uniform", r.getPolicyName());
    assertEquals("random", r.getPolicyRules());
    assertEquals(4, r.getPlayouts());
    assertEquals(0.75, r.getBlackWinRate());
    assertEquals(Results.wilson(3, 4).low(), r.getBlackWinLow());
    assertEquals(Results.wilson(3, 4).high(), r.getBlackWinHigh());
    // B-W is 3, 3, 9, -9: mean 1.5, minus komi 0.5; variance 180/4 - 1.5^2 = 42.75.
    assertEquals(1.0, r.getScoreMean(), EPS);
    assertEquals(Math.sqrt(42.75), r.getScoreStddev(), EPS);
    assertEquals(11.0, r.getMeanLength(), EPS);
    assertEquals(9, r.getOwnershipCount());
    for (double own : r.getOwnershipList()) {
      assertEquals(0.5, own, EPS, "(3 - 1) / 4");
    }
    // Black played first twice on every point and won both: all tie at 1.0, so point order.
    assertEquals(
        List.of("A3", "B3", "C3"), vertices(r.getTopMovesList()), "at most three, row-major");
    assertEquals(2, r.getTopMoves(0).getPlayouts());
    assertEquals(1.0, r.getTopMoves(0).getWinRate());
    RuleSummary random = r.getRules(0);
    assertEquals("random", random.getRule());
    assertEquals(1.0, random.getMoveShare(), EPS, "36 of the 44 - 8 moves");
    assertEquals(1.0, random.getFireRate(), EPS);
    assertEquals(0.0, random.getMeanCandidates(), EPS);
    assertEquals(0.0, random.getVetoesPerMove(), EPS);
    assertEquals(36, random.getCounts().getChosen());
    assertEquals(StatsCodec.toProto(s), r.getStats());
  }

  private static List<String> vertices(List<MoveValue> moves) {
    List<String> list = new ArrayList<>();
    moves.forEach(m -> list.add(m.getVertex()));
    return list;
  }

  /**
   * On 3x3 with 200 playouts, white's first plays (row-major from A3): too rare (1 < 2), exactly 1
   * %, ties broken by playouts and then by point order, and a limit.
   */
  @Test
  void topMovesOrderAndThreshold() {
    Geometry g = Geometry.of(3);
    PlayoutStats s = new PlayoutStats(g, 1, Playout.maxLength(g));
    s.add(Counter.PLAYOUTS, 200);
    long[][] firstAndWins = {
      {1, 1}, // A3: one playout of 200, below 1 %
      {2, 2}, // B3: exactly 1 %, won both
      {50, 25}, // C3: 0.5
      {80, 40}, // A2: 0.5 with more playouts than C3
      {40, 30}, // B2: 0.75
      {40, 20}, // C2: 0.5, fewer playouts than C3
      {0, 0}, // A1: never
      {50, 25}, // B1: like C3, later in point order
      {10, 0}, // C1: 0
    };
    for (int i = 0; i < 9; i++) {
      s.add(PointSeries.AMAF_WHITE_FIRST, i, firstAndWins[i][0]);
      s.add(PointSeries.AMAF_WHITE_FIRST_WINS, i, firstAndWins[i][1]);
      s.add(PointSeries.AMAF_BLACK_FIRST, i, 100); // black's figures must not leak in
    }
    List<MoveValue> top = Results.topMoves(s, Player.WHITE, 50);
    assertEquals(List.of("B3", "B2", "A2", "C3", "B1", "C2", "C1"), vertices(top));
    assertEquals(0.75, top.get(1).getWinRate());
    assertEquals(80, top.get(2).getPlayouts());
    assertEquals(List.of("B3", "B2"), vertices(Results.topMoves(s, Player.WHITE, 2)));
    assertEquals(List.of(), Results.topMoves(s, Player.WHITE, 0));
    // Points occupied at the root are no root moves, whatever AMAF says of them.
    gofarm.board.Board root = new gofarm.board.Board(s.geometry());
    root.playAssumeLegal(s.geometry().parse("B3"), gofarm.board.Color.BLACK);
    assertEquals(List.of("B2", "A2"), vertices(Results.topMoves(s, Player.WHITE, 2, root)));
  }

  @Test
  void ruleSummaries() {
    Geometry g = Geometry.of(5);
    PolicySpec spec = PolicySpec.parse("capture@0.5 random self-atari");
    PlayoutStats s = new PlayoutStats(g, 3, Playout.maxLength(g));
    s.add(Counter.PLAYOUTS, 2);
    s.add(Counter.LENGTH_SUM, 104);
    s.add(Counter.PASSES, 4);
    long[][] counts = {
      // tried, fired, chosen, candidates, vetoes
      {100, 20, 15, 30, 5},
      {85, 85, 85, 0, 7},
      {40, 0, 0, 0, 12},
    };
    for (int r = 0; r < 3; r++) {
      s.add(RuleSeries.TRIED, r, counts[r][0]);
      s.add(RuleSeries.FIRED, r, counts[r][1]);
      s.add(RuleSeries.CHOSEN, r, counts[r][2]);
      s.add(RuleSeries.CANDIDATES, r, counts[r][3]);
      s.add(RuleSeries.VETOES, r, counts[r][4]);
    }
    PairResult r = Results.pairResult(0, "p", 0, spec, Player.BLACK, 7.5, 5, s);
    assertEquals("capture@0.5 random self-atari", r.getPolicyRules());
    RuleSummary capture = r.getRules(0);
    assertEquals("capture@0.5", capture.getRule());
    assertEquals(0.15, capture.getMoveShare(), EPS, "15 of 100 moves");
    assertEquals(0.2, capture.getFireRate(), EPS);
    assertEquals(1.5, capture.getMeanCandidates(), EPS);
    assertEquals(0.05, capture.getVetoesPerMove(), EPS);
    assertEquals(0.85, r.getRules(1).getMoveShare(), EPS);
    RuleSummary filter = r.getRules(2);
    assertEquals("self-atari", filter.getRule());
    assertEquals(0.0, filter.getMoveShare());
    assertEquals(0.0, filter.getFireRate());
    assertEquals(0.0, filter.getMeanCandidates(), "never fired: 0, not NaN");
    assertEquals(0.12, filter.getVetoesPerMove(), EPS);
  }

  @Test
  void noPlayoutsGiveNeutralFigures() {
    Geometry g = Geometry.of(2);
    PlayoutStats s = new PlayoutStats(g, 1, Playout.maxLength(g));
    PairResult r =
        Results.pairResult(0, "p", 0, PolicySpec.PRESETS.get("uniform"), Player.WHITE, 7.5, 5, s);
    assertEquals(0.5, r.getBlackWinRate());
    assertEquals(0.0, r.getBlackWinLow());
    assertEquals(1.0, r.getBlackWinHigh());
    assertEquals(0.0, r.getScoreMean());
    assertEquals(0.0, r.getScoreStddev());
    assertEquals(0.0, r.getMeanLength());
    assertEquals(List.of(0.0, 0.0, 0.0, 0.0), r.getOwnershipList());
    assertEquals(0, r.getTopMovesCount());
  }

  @Test
  void pairFromAResolvedJob() {
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                JobSpec.newBuilder()
                    .setRules(gofarm.proto.v1.Rules.newBuilder().setKomi(0.5))
                    .setEvaluate(
                        EvaluateSpec.newBuilder()
                            .addPositions(PositionSource.newBuilder().setEmpty(3).setLabel("tiny"))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                            .setTopMoves(2))
                    .build());
    PlayoutStats s = StatsCodecTest.handMade();
    assertEquals(
        Results.pairResult(
            0, "tiny", 0, PolicySpec.PRESETS.get("uniform"), Player.BLACK, 0.5, 2, s),
        Results.pairResult(job, 0, 0, s));
    PairSummary summary = Results.pairSummary(job, 0, 0, s, true);
    assertEquals("tiny", summary.getPositionLabel());
    assertEquals("uniform", summary.getPolicyName());
    assertEquals(4, summary.getPlayouts());
    assertEquals(0.75, summary.getBlackWinRate());
    assertEquals(Results.wilson(3, 4).halfWidth(), summary.getHalfWidth());
    assertEquals(true, summary.getDone());
    List<gofarm.proto.v1.ResolvedPosition> positions = Results.positions(job);
    assertEquals(1, positions.size());
    assertEquals("tiny", positions.get(0).getLabel());
    assertEquals(Codec.emptyPosition(3), positions.get(0).getPosition());
  }
}
