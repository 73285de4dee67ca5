package gofarm.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.playout.FeatureGroup;
import gofarm.playout.GammaTable;
import gofarm.playout.SoftmaxPolicy;
import gofarm.rules.Game;
import gofarm.rules.Move;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Decisions from game records: every move a candidate of the policy, with its features. */
class GameDecisionsTest {
  /** A short 9x9 game with a capture, a pass and a pass at the end. */
  private static final String GAME =
      "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ec];B[dc];W[ed];B[fd];W[de];B[dd];W[fe];B[ge];W[ff]"
          + ";B[cd];W[ce];B[gf];W[fg];B[gg];W[];B[ef];W[fh];B[])";

  @Test
  void everyMoveButPassesIsADecisionWithTheFeaturesThePolicySees() {
    SgfGame game = Sgf.parse(GAME).get(0);
    DecisionSet data = new DecisionSet(GameDecisions.LAYOUT);
    GameDecisions.Counts counts = new GameDecisions().add(game, 0, data);
    List<Move> moves = game.moves();
    long passes = moves.stream().filter(Move::isPass).count();
    assertEquals(moves.size() - passes, counts.decisions());
    assertEquals(passes, counts.skipped());
    assertEquals(counts.decisions(), data.decisionCount());

    // Replayed independently: the chosen candidate of each decision has the features the policy
    // gives the move played, and every legal non-eye point is a candidate.
    Geometry g = game.geometry();
    Game replay = game.replay(0);
    SoftmaxPolicy policy = new SoftmaxPolicy(GammaTable.uniform(), g);
    Board board = new Board(g);
    board.copyFrom(replay.board());
    policy.setPosition(board);
    int d = 0;
    int last = Point.NONE;
    int second = Point.NONE;
    int groups = FeatureGroup.values().length;
    for (Move m : moves) {
      byte me = m.player().color();
      if (!m.isPass()) {
        int[] points = new int[g.pointCount()];
        int[] features = new int[g.pointCount() * groups];
        int n = policy.candidates(board, me, last, second, points, features);
        assertEquals(n, data.candidateCount(d), "move " + g.name(m.point()));
        int legal = 0;
        for (int i = 0; i < g.pointCount(); i++) {
          int p = g.point(i);
          legal += board.isLegal(p, me) && !board.isSimpleEye(p, me) ? 1 : 0;
        }
        assertEquals(legal, n, "candidates are the legal moves that fill no own eye");
        int k = data.chosenCandidate(d);
        int c = 0;
        while (points[c] != m.point()) {
          c++;
        }
        for (int grp = 0; grp < groups; grp++) {
          assertEquals(features[c * groups + grp], data.feature(k, grp));
        }
        d++;
        policy.play(board, m.point(), me);
      } else {
        policy.pass(board, me);
      }
      second = last;
      last = m.point();
    }
  }

  @Test
  void anOpeningCanBeSkipped() {
    SgfGame game = Sgf.parse(GAME).get(0);
    DecisionSet data = new DecisionSet(GameDecisions.LAYOUT);
    GameDecisions.Counts counts = new GameDecisions().add(game, 4, data);
    // 19 moves: the first 4 build the position; of the other 15, two are passes.
    assertEquals(13, counts.decisions());
    assertEquals(2, counts.skipped());
  }

  @Test
  void illegalMovesAreRefusedWithTheirNumber() {
    SgfGame game = Sgf.parse("(;GM[1]FF[4]SZ[9];B[ee];W[ee])").get(0);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new GameDecisions().add(game, 0, new DecisionSet(GameDecisions.LAYOUT)));
    assertTrue(e.getMessage().contains("2"), e.getMessage());
    assertTrue(e.getMessage().contains("E5"), e.getMessage());
  }

  @Test
  void shardsSumTrainingAndHeldOutGamesApart() {
    List<SgfGame> games = Sgf.parse(GAME + GAME);
    double[] gamma = MinorizationMaximization.initialGamma(GameDecisions.LAYOUT);
    FitShard.Result r = new FitShard().run(games, new boolean[] {false, true}, 0, gamma, 0);
    assertEquals(r.train().decisions(), r.test().decisions());
    assertEquals(r.train().logLikelihood(), r.test().logLikelihood());
    assertEquals(2, r.skippedTrain());
    assertEquals(2, r.skippedTest());
    DecisionSet data = new DecisionSet(GameDecisions.LAYOUT);
    new GameDecisions().add(games.get(0), 0, data);
    long[] expected = new long[GameDecisions.LAYOUT.size()];
    for (int k = 0; k < data.candidateCount(); k++) {
      for (int grp = 0; grp < GameDecisions.LAYOUT.groupCount(); grp++) {
        int id = data.feature(k, grp);
        if (id >= 0) {
          expected[id]++;
        }
      }
    }
    assertArrayEquals(expected, r.candidates(), "the training game's candidates per feature");
  }
}
