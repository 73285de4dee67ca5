package gofarm.learn;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.SgfGame;
import gofarm.playout.FeatureGroup;
import gofarm.playout.GammaTable;
import gofarm.playout.SoftmaxPolicy;
import gofarm.rules.Game;
import gofarm.rules.Move;
import java.util.ArrayList;
import java.util.List;

/**
 * The decisions of game records, as the softmax policy sees them: for every move of a game (after
 * an opening to skip), the candidates the policy would draw from in that position, each with its
 * feature values, and which one was played. The features come from the same table and contextual
 * features the playouts draw with ({@link SoftmaxPolicy#candidates}), so a fitted γ means in
 * playouts what it meant in the fit.
 *
 * <p>A move the policy never draws (a pass, a fill of an own one-point eye) is a <em>skipped</em>
 * decision: it is counted, not learnt from. Games are replayed under their own rules first, so an
 * illegal move is refused with its number; setup stones are allowed before the first move only, and
 * suicide not at all (playouts never play it). Thread-confined: one per thread.
 */
public final class GameDecisions {
  private static final String SETUP_AFTER_FIRST_MOVE =
      "setup stones after the first move: only a setup before the first move can be learnt from";

  /** The softmax policy's feature groups as a layout for {@link MinorizationMaximization}. */
  public static final FeatureLayout LAYOUT = layout();

  private SoftmaxPolicy policy;
  private Board board;
  private int[] points;
  private int[] features;
  private int[] row;

  private static FeatureLayout layout() {
    List<String> names = new ArrayList<>();
    FeatureGroup[] groups = FeatureGroup.values();
    int[] sizes = new int[groups.length];
    for (int g = 0; g < groups.length; g++) {
      names.add(groups[g].id());
      sizes[g] = groups[g].size();
    }
    return new FeatureLayout(names, sizes);
  }

  /** What {@link #add} took from one game. */
  public record Counts(int decisions, int skipped) {}

  /**
   * Adds the decisions of {@code game}'s main line from move {@code skipOpening} on (0-based; the
   * moves before still build the position) to {@code into}.
   *
   * @throws IllegalArgumentException naming the move when the game cannot be replayed, has setup
   *     stones after its first move, or plays suicide
   */
  public Counts add(SgfGame game, int skipOpening, DecisionSet into) {
    Game start;
    Game end;
    try {
      start = game.replay(0);
      end = game.replay(); // every move legal under the game's own rules
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    Geometry g = game.geometry();
    prepare(g);
    board.copyFrom(start.board());
    policy.setPosition(board);
    List<Move> moves = game.moves();
    int groups = FeatureGroup.values().length;
    int last = Point.NONE;
    int second = Point.NONE;
    int decisions = 0;
    int skipped = 0;
    for (int i = 0; i < moves.size(); i++) {
      Move m = moves.get(i);
      byte me = m.player().color();
      int p = m.point();
      if (i >= skipOpening) {
        int n = policy.candidates(board, me, last, second, points, features);
        int chosen = -1;
        for (int c = 0; c < n && chosen < 0; c++) {
          chosen = points[c] == p ? c : -1;
        }
        if (chosen < 0) {
          skipped++;
        } else {
          into.startDecision();
          for (int c = 0; c < n; c++) {
            System.arraycopy(features, c * groups, row, 0, groups);
            into.addCandidate(row);
          }
          into.endDecision(chosen);
          decisions++;
        }
      }
      if (p == Point.PASS) {
        policy.pass(board, me);
      } else {
        if (board.color(p) != gofarm.board.Color.EMPTY) {
          throw new IllegalArgumentException(SETUP_AFTER_FIRST_MOVE);
        }
        if (board.isSuicide(p, me)) {
          throw new IllegalArgumentException(
              "move " + (i + 1) + " (" + g.name(p) + ") is suicide, which the policy never plays");
        }
        policy.play(board, p, me);
      }
      second = last;
      last = p;
    }
    if (!sameStones(board, end.board())) {
      throw new IllegalArgumentException(SETUP_AFTER_FIRST_MOVE);
    }
    return new Counts(decisions, skipped);
  }

  private void prepare(Geometry g) {
    if (board == null || board.geometry() != g) {
      board = new Board(g);
      // Any table finds the candidates and their features; MM weighs them with its own γ.
      policy = new SoftmaxPolicy(GammaTable.uniform(), g);
      points = new int[g.pointCount()];
      features = new int[g.pointCount() * FeatureGroup.values().length];
      row = new int[FeatureGroup.values().length];
    }
  }

  private static boolean sameStones(Board a, Board b) {
    Geometry g = a.geometry();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (a.color(p) != b.color(p)) {
        return false;
      }
    }
    return true;
  }
}
