package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.io.Diagram;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Benson's algorithm on diagrams (the test positions of GO-DIGEST §E.5 and more), against a literal
 * implementation of the Smart Go / Fuego iteration, and the defining property on random positions:
 * however the opponent plays while the owner passes, no stone Benson calls alive is ever captured.
 *
 * <p>Status diagrams: {@code A} a pass-alive stone, {@code D} a dead stone (inside the other
 * colour's safe territory), {@code ?} any other stone, {@code b} and {@code w} black's and white's
 * safe territory, {@code .} any other empty point.
 */
class BensonTest {

  /** The status diagram of {@code position}, in the notation of this class. */
  static String statusDiagram(String position) {
    Board board = Diagram.parse(position).board();
    return statusDiagram(board, new Benson(board.geometry()).compute(board));
  }

  static String statusDiagram(Board board, Benson.Result result) {
    Geometry g = board.geometry();
    StringBuilder sb = new StringBuilder();
    for (int y = 0; y < g.size(); y++) {
      for (int x = 0; x < g.size(); x++) {
        int p = g.point(x, y);
        char ch =
            switch (result.status(p)) {
              case ALIVE -> 'A';
              case DEAD -> 'D';
              case BLACK_TERRITORY -> 'b';
              case WHITE_TERRITORY -> 'w';
              case UNDECIDED -> board.color(p) == Color.EMPTY ? '.' : '?';
            };
        sb.append(ch).append(x + 1 < g.size() ? " " : "\n");
      }
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- GO-DIGEST §E.5

  @Test
  void t1BasicTwoEyes() {
    // One chain, three one-point regions, each vital to it.
    assertEquals(
        """
        b A b A b
        A A A A A
        . . . . .
        . . . . .
        . . . . .
        """,
        statusDiagram(
            """
            . X . X .
            X X X X X
            . . . . .
            . . . . .
            . . . . .
            """));
  }

  @Test
  void t2FalseEyeIsNotAlive() {
    // D5 is a chain of its own whose only vital region is C5: it goes, C5 is dropped, and the big
    // chain is left with the one region A5.
    assertEquals(
        """
        . ? . ? ?
        ? ? ? ? ?
        ? ? ? ? .
        . . . . .
        . . . . .
        """,
        statusDiagram(
            """
            . X . X O
            X X X O O
            O O O O .
            . . . . .
            . . . . .
            """));
  }

  @Test
  void t3TwoChainsShareTwoEyes() {
    // B5 and the big chain are both vital-adjacent to A5 and B4; each has two vital regions.
    assertEquals(
        """
        b A ? . .
        A b A ? .
        A A A ? .
        ? ? ? ? .
        . . . . .
        """,
        statusDiagram(
            """
            . X O . .
            X . X O .
            X X X O .
            O O O O .
            . . . . .
            """));
  }

  @Test
  void t4RegionHoldingAnEnemyStone() {
    // {A5, B5, C5} is vital although B5 is white: both its empty points are liberties. So B5 is
    // dead, and A5 and C5 are black's.
    assertEquals(
        """
        b D b A b
        A A A A A
        . . . . .
        . . . . .
        . . . . .
        """,
        statusDiagram(
            """
            . O . X .
            X X X X X
            . . . . .
            . . . . .
            . . . . .
            """));
  }

  @Test
  void t5BigEyeIsNotAlive() {
    // One region only, and its centre C3 is not a liberty: white could fill it and capture.
    assertEquals(
        """
        ? ? ? ? ?
        ? . . . ?
        ? . . . ?
        ? . . . ?
        ? ? ? ? ?
        """,
        statusDiagram(
            """
            X X X X X
            X . . . X
            X . . . X
            X . . . X
            X X X X X
            """));
  }

  // ---------------------------------------------------------------- more positions

  @Test
  void emptyBoardAndLoneStonesAreUndecided() {
    assertEquals(". . .\n. . .\n. . .\n", statusDiagram(". . .\n. . .\n. . ."));
    assertEquals(". . .\n. ? .\n. . ?\n", statusDiagram(". . .\n. X .\n. . O"));
  }

  @Test
  void bothColoursAliveAcrossTheBoard() {
    // One black chain with eyes A4 and A2, one white chain with eyes D4 and D2.
    assertEquals(
        """
        b A A w
        A A A A
        b A A w
        A A A A
        """,
        statusDiagram(
            """
            . X O .
            X X O O
            . X O .
            X X O O
            """));
  }

  @Test
  void twoPointEyesCountWhenBothPointsAreLiberties() {
    // Eyes {A5, B5} and {D5, E5}: every point of each is a liberty of the one chain. White's row
    // has no vital region: the points below it do not all touch it.
    assertEquals(
        """
        b b A b b
        A A A A A
        ? ? ? ? ?
        . . . . .
        . . . . .
        """,
        statusDiagram(
            """
            . . X . .
            X X X X X
            O O O O O
            . . . . .
            . . . . .
            """));
  }

  @Test
  void aRegionWithAnEmptyPointThatIsNoLibertyIsNotVital() {
    // The corner {A5, B5, A4, B4} would make an eye, but A5 touches no black stone: only D5 is
    // vital, and one vital region is not enough.
    assertEquals(
        """
        . . ? . ?
        . . ? ? ?
        ? ? ? . .
        . . . . .
        . . . . .
        """,
        statusDiagram(
            """
            . . X . X
            . . X X X
            X X X . .
            . . . . .
            . . . . .
            """));
  }

  @Test
  void deadStonesInsideBothColoursTerritories() {
    // Black's eye {A7, B7, C7} holds a white stone, white's eye {F3, F2} a black one: both dead.
    assertEquals(
        """
        b D b A b A b
        A A A A A A A
        A A A A A A A
        A w A A A A A
        A A A A A D A
        A A A w A w A
        A A A A A A A
        """,
        statusDiagram(
            """
            . O . X . X .
            X X X X X X X
            O O O O O O O
            O . O O O O O
            O O O O O X O
            O O O . O . O
            O O O O O O O
            """));
  }

  @Test
  void aBoardOfAnotherSizeIsRefused() {
    Benson benson = new Benson(Geometry.of(9));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> benson.compute(new Board(19)));
    assertEquals("Benson for 9x9 cannot solve a 19x19 board", e.getMessage());
  }

  @Test
  void resultAccessorsRefuseANonPlayer() {
    Board board = new Board(5);
    Benson.Result result = new Benson(board.geometry()).compute(board);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> result.alive(Color.EMPTY));
    assertEquals("not a player: 0", e.getMessage());
  }

  @Test
  void resultSetsAreCopies() {
    Board board =
        Diagram.parse(
                """
                . X . X .
                X X X X X
                . . . . .
                . . . . .
                . . . . .
                """)
            .board();
    Benson.Result result = new Benson(board.geometry()).compute(board);
    result.alive(Color.BLACK).clear();
    assertEquals(7, result.alive(Color.BLACK).cardinality());
    assertEquals(10, result.safe(Color.BLACK).cardinality());
    assertEquals(Color.BLACK, result.owner(board.geometry().parse("A5")));
    assertEquals(Color.EMPTY, result.owner(board.geometry().parse("A1")));
  }

  // ---------------------------------------------------------------- random positions

  /** The work list equals a literal implementation of the test-set iteration (GO-DIGEST §E.3). */
  @Test
  void equalsTheLiteralTestSetIteration() {
    int[] sizes = {3, 4, 5, 7, 9, 13, 19};
    int alive = 0;
    for (int i = 0; i < 1500; i++) {
      long seed = 0xBE45L * 1000 + i;
      SplittableRandom random = new SplittableRandom(seed);
      Geometry g = Geometry.of(sizes[i % sizes.length]);
      Board board =
          i % 3 == 0
              ? RandomPositions.nearFilled(g, 0.2 + 0.2 * random.nextDouble(), random)
              : RandomPositions.game(g, random);
      Benson.Result result = new Benson(g).compute(board);
      for (byte c = Color.BLACK; c <= Color.WHITE; c++) {
        PointSet[] expected = LiteralBenson.solve(board, c);
        String where = "seed " + seed + ", " + Color.name(c) + "\n" + board;
        assertEquals(expected[0], result.alive(c), "alive stones, " + where);
        assertEquals(expected[1], result.territory(c), "territory, " + where);
        alive += expected[0].cardinality();
      }
    }
    assertTrue(alive > 10_000, "too few alive stones to mean anything: " + alive);
  }

  /**
   * The defining property: the opponent plays random legal moves (its own eyes included) while the
   * owner passes, until it has no legal move left or 3 x area moves; no stone Benson calls alive is
   * ever captured. Two such runs per colour on each of 2,500 positions.
   */
  @Test
  void noAliveStoneIsEverCapturedWhileTheOwnerPasses() {
    int[] sizes = {5, 7, 9, 13, 19};
    int positions = 2500;
    long aliveChecked = 0;
    for (int i = 0; i < positions; i++) {
      long seed = 0xA11EL * 10_000 + i;
      SplittableRandom random = new SplittableRandom(seed);
      Geometry g = Geometry.of(sizes[i % sizes.length]);
      Board position = RandomPositions.game(g, random);
      Benson.Result result = new Benson(g).compute(position);
      for (byte owner = Color.BLACK; owner <= Color.WHITE; owner++) {
        PointSet alive = result.alive(owner);
        if (alive.isEmpty()) {
          continue;
        }
        aliveChecked += alive.cardinality();
        byte enemy = Color.opponent(owner);
        for (int run = 0; run < 2; run++) {
          Board board = new Board(g);
          board.copyFrom(position);
          int captures = board.captures(enemy);
          for (int move = 0; move < 3 * g.pointCount(); move++) {
            int p = RandomPositions.anyLegalMove(board, enemy, random);
            if (p == Point.PASS) {
              break;
            }
            board.playAssumeLegal(p, enemy);
            if (board.captures(enemy) != captures) {
              captures = board.captures(enemy);
              for (int q = alive.next(0); q >= 0; q = alive.next(q + 1)) {
                if (board.color(q) != owner) {
                  fail(
                      "seed "
                          + seed
                          + ": "
                          + Color.name(owner)
                          + " stone at "
                          + g.name(q)
                          + " was called alive and captured, from\n"
                          + position
                          + "to\n"
                          + board);
                }
              }
            }
          }
        }
      }
    }
    assertTrue(aliveChecked > 50_000, "too few alive stones to mean anything: " + aliveChecked);
  }

  /**
   * Benson is exact on small near-filled boards (4x4, 5x5), where the opponent's move sequences can
   * be searched exhaustively: every chain it does not call alive is captured by some sequence of
   * legal opponent moves while the owner passes, and when every position reachable that way can be
   * listed within a budget, no alive stone is captured in any of them.
   */
  @Test
  void onSmallBoardsExactlyTheChainsNotCalledAliveCanBeCaptured() {
    int capturedChains = 0;
    int provenAlive = 0;
    for (int i = 0; i < 4000; i++) {
      long seed = 0xE4A0L * 10_000 + i;
      SplittableRandom random = new SplittableRandom(seed);
      Geometry g = Geometry.of(i % 2 == 0 ? 4 : 5);
      Board board = RandomPositions.nearFilled(g, 0.1 + 0.25 * random.nextDouble(), random);
      Benson.Result result = new Benson(g).compute(board);
      for (byte owner = Color.BLACK; owner <= Color.WHITE; owner++) {
        PointSet alive = result.alive(owner);
        String where = "seed " + seed + ", " + Color.name(owner) + "\n" + board;
        for (int i2 = 0; i2 < g.pointCount(); i2++) {
          int p = g.point(i2);
          if (board.color(p) == owner && board.chainHead(p) == p && !alive.contains(p)) {
            CaptureSearch search = new CaptureSearch(board, owner, where);
            if (!search.canCapture(p)) {
              fail(
                  "the chain at "
                      + g.name(p)
                      + " is not called alive but cannot be captured ("
                      + search.visited.size()
                      + " positions searched), "
                      + where);
            }
            capturedChains++;
          }
        }
        if (!alive.isEmpty()) {
          CaptureSearch search = new CaptureSearch(board, owner, where);
          int captured = search.anyCapturedEverywhere(alive);
          if (captured >= 0) {
            fail(g.name(captured) + " was called alive but can be captured, " + where);
          }
          provenAlive += search.complete ? 1 : 0;
        }
      }
    }
    System.out.println(
        "small boards: " + capturedChains + " chains captured, " + provenAlive + " alive proven");
    assertTrue(capturedChains > 20_000, "too few chains captured: " + capturedChains);
    assertTrue(provenAlive > 800, "too few alive verdicts proven exhaustively: " + provenAlive);
  }

  /** Searches the opponent's move sequences while the owner passes, without repeating positions. */
  private static final class CaptureSearch {
    /** Positions listed at most per search: far above what 4x4 and 5x5 near-filled boards need. */
    private static final int BUDGET = 200_000;

    private final Board board;
    private final byte owner;
    private final byte enemy;
    private final java.util.Set<Long> visited = new java.util.HashSet<>();
    private final String where;
    private boolean complete = true;

    CaptureSearch(Board position, byte owner, String where) {
      this.where = where;
      this.board = new Board(position.geometry());
      this.board.copyFrom(position);
      this.owner = owner;
      this.enemy = Color.opponent(owner);
    }

    /** Whether some sequence captures the chain at p; depth first, its liberties tried first. */
    boolean canCapture(int p) {
      if (board.color(p) != owner) {
        return true;
      }
      if (!visited.add(board.hash())) {
        return false;
      }
      if (visited.size() > BUDGET) {
        fail("capture search budget exceeded at\n" + board + "from " + where);
      }
      Geometry g = board.geometry();
      int[] liberties = new int[g.pointCount()];
      int n = board.liberties(p, liberties, liberties.length, new gofarm.board.Marker(g));
      for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < (pass == 0 ? n : g.pointCount()); i++) {
          int q = pass == 0 ? liberties[i] : g.point(i);
          if (pass == 1 && contains(liberties, n, q)) {
            continue;
          }
          if (board.color(q) == Color.EMPTY && board.isLegal(q, enemy)) {
            board.playAssumeLegal(q, enemy);
            boolean captured = canCapture(p);
            board.undo();
            if (captured) {
              return true;
            }
          }
        }
      }
      return false;
    }

    /**
     * Lists every position reachable by opponent moves (up to the budget) and returns a stone of
     * {@code alive} captured in one of them, or -1; {@link #complete} tells whether all were
     * listed.
     */
    int anyCapturedEverywhere(PointSet alive) {
      for (int q = alive.next(0); q >= 0; q = alive.next(q + 1)) {
        if (board.color(q) != owner) {
          return q;
        }
      }
      if (!visited.add(board.hash())) {
        return -1;
      }
      if (visited.size() > BUDGET / 10) {
        complete = false;
        return -1;
      }
      Geometry g = board.geometry();
      for (int i = 0; i < g.pointCount(); i++) {
        int q = g.point(i);
        if (board.color(q) == Color.EMPTY && board.isLegal(q, enemy)) {
          board.playAssumeLegal(q, enemy);
          int captured = anyCapturedEverywhere(alive);
          board.undo();
          if (captured >= 0) {
            return captured;
          }
        }
      }
      return -1;
    }

    private static boolean contains(int[] points, int n, int q) {
      for (int i = 0; i < n; i++) {
        if (points[i] == q) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * Benson's E.3 formulation written out literally with sets, slow and obvious: blocks, regions,
   * test sets by closure, then per test set keep the regions surrounded by the set and delete
   * blocks with fewer than two healthy kept regions, to a fixed point.
   */
  static final class LiteralBenson {
    private LiteralBenson() {}

    /** {alive stones, safe territory} of colour c. */
    static PointSet[] solve(Board board, byte c) {
      Geometry g = board.geometry();
      PointSet mine = board.points(c);
      PointSet others = g.allPoints().andNot(mine);
      PointSet empty = board.points(Color.EMPTY);
      List<PointSet> blocks = components(mine);
      List<PointSet> regions = components(others);
      int nb = blocks.size();
      int nr = regions.size();
      boolean[][] adjacent = new boolean[nb][nr];
      boolean[][] healthy = new boolean[nb][nr];
      for (int b = 0; b < nb; b++) {
        PointSet around = blocks.get(b).copy().dilate();
        for (int r = 0; r < nr; r++) {
          PointSet region = regions.get(r);
          adjacent[b][r] = around.intersects(region);
          PointSet regionEmpty = region.copy().and(empty);
          healthy[b][r] =
              adjacent[b][r] && regionEmpty.isSubsetOf(around) && !regionEmpty.isEmpty();
        }
      }
      // Test sets: the connected components of "shares a region healthy to one of the two".
      int[] set = new int[nb];
      for (int b = 0; b < nb; b++) {
        set[b] = b;
      }
      for (int r = 0; r < nr; r++) {
        for (int b = 0; b < nb; b++) {
          if (healthy[b][r]) {
            for (int o = 0; o < nb; o++) {
              if (adjacent[o][r]) {
                union(set, b, o);
              }
            }
          }
        }
      }
      for (int b = 0; b < nb; b++) {
        set[b] = find(set, b);
      }
      boolean[] inSet = new boolean[nb];
      for (int b = 0; b < nb; b++) {
        inSet[b] = true;
      }
      boolean[] kept = new boolean[nr];
      boolean changed = true;
      while (changed) {
        changed = false;
        for (int r = 0; r < nr; r++) {
          kept[r] = true;
          for (int b = 0; b < nb; b++) {
            if (adjacent[b][r] && !inSet[b]) {
              kept[r] = false;
            }
          }
        }
        for (int b = 0; b < nb; b++) {
          if (!inSet[b]) {
            continue;
          }
          int count = 0;
          for (int r = 0; r < nr; r++) {
            // Surrounded by b's test set: every block around r is in b's set (and not deleted).
            boolean surrounded = kept[r];
            for (int o = 0; o < nb && surrounded; o++) {
              surrounded = !adjacent[o][r] || set[o] == set[b];
            }
            if (surrounded && healthy[b][r]) {
              count++;
            }
          }
          if (count < 2) {
            inSet[b] = false;
            changed = true;
          }
        }
      }
      PointSet alive = new PointSet(g);
      PointSet territory = new PointSet(g);
      for (int b = 0; b < nb; b++) {
        if (inSet[b]) {
          alive.or(blocks.get(b));
        }
      }
      for (int r = 0; r < nr; r++) {
        for (int b = 0; b < nb; b++) {
          if (kept[r] && inSet[b] && healthy[b][r]) {
            territory.or(regions.get(r));
          }
        }
      }
      return new PointSet[] {alive, territory};
    }

    private static int find(int[] parent, int b) {
      while (parent[b] != b) {
        b = parent[b];
      }
      return b;
    }

    private static void union(int[] parent, int a, int b) {
      parent[find(parent, a)] = find(parent, b);
    }

    private static List<PointSet> components(PointSet points) {
      List<PointSet> out = new ArrayList<>();
      PointSet left = points.copy();
      for (int p = left.next(0); p >= 0; p = left.next(0)) {
        PointSet component = PointSet.component(p, left);
        out.add(component);
        left.andNot(component);
      }
      return out;
    }
  }
}
