package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * {@link Playout#playFrom}, the tree search's entry point: the same playout as {@link Playout#run}
 * for the same seed, a trace that replays to the final board, and no allocation. The trace is also
 * the independent reference for {@code run}'s per-point counts (ownership, AMAF).
 */
class PlayoutTraceTest {

  @Test
  void playFromIsTheSamePlayoutAsRunAndItsTraceReplays() {
    PlayoutRoot root = PlayoutStatsTest.middleGame();
    Geometry g = root.board().geometry();
    for (String policy : new String[] {"uniform", "heavy", "random settled"}) {
      Playout batch = new Playout(PolicySpec.parse(policy), g);
      Playout single = new Playout(PolicySpec.parse(policy), g);
      PlayoutTrace trace = new PlayoutTrace(g, 4);
      Board board = new Board(g);
      PlayoutStats total = batch.newStats();
      PlayoutStats sum = batch.newStats();
      for (long seed = 0; seed < 40; seed++) {
        PlayoutStats stats = batch.newStats();
        batch.run(root, seed, 1, stats);
        board.copyFrom(root.board());
        trace.clear();
        single.setSeed(seed);
        byte winner =
            single.playFrom(
                root, board, root.toPlay(), root.lastMove(), root.secondLastMove(), trace);
        String what = policy + " seed " + seed;
        byte expected =
            stats.blackWins() == 1 ? Color.BLACK : stats.whiteWins() == 1 ? Color.WHITE : 0;
        assertEquals(expected, winner, what);
        assertEquals(winner, trace.winner(), what);
        assertEquals(stats.scoreSum(), trace.difference(), what);
        assertEquals(stats.lengthSum(), trace.length(), what);
        // Ownership and AMAF recomputed from the trace: who owns each point at the end, and who
        // played at it first (the moves alternate from the player to move).
        byte[] first = new byte[g.arraySize()];
        byte mover = root.toPlay();
        for (int i = 0; i < trace.length(); i++) {
          int m = trace.move(i);
          if (m != Point.PASS && first[m] == Color.EMPTY) {
            first[m] = mover;
          }
          mover = Color.opponent(mover);
        }
        for (int i = 0; i < g.pointCount(); i++) {
          int p = g.point(i);
          byte owner = trace.owner(p);
          assertEquals(stats.owned(p, Color.BLACK), owner == Color.BLACK ? 1 : 0, what);
          assertEquals(stats.owned(p, Color.WHITE), owner == Color.WHITE ? 1 : 0, what);
          assertEquals(
              stats.ownedByWinner(p), owner == winner && owner != Color.EMPTY ? 1 : 0, what);
          for (byte c : new byte[] {Color.BLACK, Color.WHITE}) {
            assertEquals(stats.amafFirst(p, c), first[p] == c ? 1 : 0, what);
            assertEquals(stats.amafFirstWins(p, c), first[p] == c && winner == c ? 1 : 0, what);
          }
        }
        // Batches add up: the per-point counts of every run so far, in one statistics object.
        batch.run(root, seed, 1, total);
        sum.merge(stats);
        assertEquals(sum, total, what); // equals compares every per-point count
        // The moves alternate from the player to move and replay to the final board.
        Board replay = new Board(g);
        replay.copyFrom(root.board());
        byte me = root.toPlay();
        for (int i = 0; i < trace.length(); i++) {
          int m = trace.move(i);
          if (m == Point.PASS) {
            replay.pass(me);
          } else {
            assertTrue(replay.isLegal(m, me), what + " move " + i);
            replay.playAssumeLegal(m, me);
          }
          me = Color.opponent(me);
        }
        assertEquals(board.hash(), replay.hash(), what);
      }
    }
  }

  @Test
  void treeMovesComeFirstInTheTrace() {
    Geometry g = Geometry.of(9);
    PlayoutRoot root = PlayoutRoot.of(new Board(g), gofarm.rules.Player.BLACK, 0, 0, 7.5);
    Playout playout = new Playout(PolicySpec.parse("uniform"), g);
    PlayoutTrace trace = new PlayoutTrace(g, 2);
    Board board = new Board(g);
    board.copyFrom(root.board());
    int e5 = g.parse("E5");
    int c3 = g.parse("C3");
    board.playAssumeLegal(e5, Color.BLACK);
    board.playAssumeLegal(c3, Color.WHITE);
    trace.clear();
    trace.add(e5);
    trace.add(c3);
    playout.setSeed(1);
    playout.playFrom(root, board, Color.BLACK, c3, e5, trace);
    assertEquals(e5, trace.move(0));
    assertEquals(c3, trace.move(1));
    assertTrue(trace.length() > 2 + 50, "length " + trace.length());
    assertEquals(Point.PASS, trace.move(trace.length() - 1), "ends with two passes");
    assertEquals(Point.PASS, trace.move(trace.length() - 2));
    assertEquals(2, trace.treeCapacity());
  }

  @Test
  void playFromAllocatesNothing() {
    PlayoutRoot root = PlayoutStatsTest.middleGame();
    Geometry g = root.board().geometry();
    Playout playout = new Playout(PolicySpec.parse("heavy"), g);
    PlayoutTrace trace = new PlayoutTrace(g, 0);
    Board board = new Board(g);
    playout.setSeed(7);
    Runnable batch =
        () -> {
          for (int i = 0; i < 2000; i++) {
            board.copyFrom(root.board());
            trace.clear();
            playout.playFrom(
                root, board, root.toPlay(), root.lastMove(), root.secondLastMove(), trace);
          }
        };
    batch.run(); // warm-up: the lazily made rule counters, the board's undo stack, the JIT
    long allocated = allocatedBytes(batch);
    // One allocation per move would be megabytes here (2000 playouts of ~100 moves).
    assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes in 2000 playouts");
  }

  /** Bytes the current thread allocates while running {@code work} (HotSpot's counter). */
  static long allocatedBytes(Runnable work) {
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(id);
    work.run();
    return bean.getThreadAllocatedBytes(id) - before;
  }
}
