package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.proto.v1.ChunkResult;
import gofarm.rules.Player;
import gofarm.wire.ChunkKey;
import gofarm.wire.WorkerProtocol;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChunkTableTest {
  private static final Geometry G = Geometry.of(5);
  private static final PolicySpec UNIFORM = PolicySpec.parse("uniform");
  private static final PlayoutRoot ROOT =
      PlayoutRoot.of(new Board(G), Player.BLACK, Point.NONE, Point.NONE, 0.5);

  /** Two positions x two policies, 1000 playouts in chunks of 300 (the last has 100). */
  private static List<PairPlan> plans() {
    List<PairPlan> plans = new ArrayList<>();
    for (int pos = 0; pos < 2; pos++) {
      for (int pol = 0; pol < 2; pol++) {
        plans.add(PairPlan.of(pos, pol, "p" + pos, G, UNIFORM, 1000, 300));
      }
    }
    return plans;
  }

  /** A table over {@link #plans()}, stopping pairs at this win rate half-width (0: never). */
  private static ChunkTable table(double stopAt) {
    List<PlayoutTally> tallies = new ArrayList<>();
    for (PairPlan p : plans()) {
      tallies.add(new PlayoutTally(p, stopAt));
    }
    return new ChunkTable("j", tallies, 2);
  }

  private static PairPlan plan(ChunkTable table, int pair) {
    return ((PlayoutTally) table.tally(pair)).plan();
  }

  private static PlayoutStats aggregate(ChunkTable table, int pair) {
    return ((PlayoutTally) table.tally(pair)).aggregate();
  }

  /** The real result message of a chunk: what a worker would send. */
  private static ChunkResult result(ChunkKey key, int playouts) {
    Playout playout = new Playout(UNIFORM, G);
    PlayoutStats stats = playout.newStats();
    playout.run(ROOT, Rng.mix(key.position() * 31L + key.policy(), key.chunk()), playouts, stats);
    return WorkerProtocol.result(key, stats, 0.1);
  }

  private static ChunkResult result(ChunkTable table, ChunkKey key) {
    int pair = key.position() * 2 + key.policy();
    return result(key, plan(table, pair).chunkSize(key.chunk()));
  }

  @Test
  void leasesLowestChunksFirstInTurnsBetweenPairs() {
    ChunkTable table = table(0);
    assertEquals(16, table.chunksTotal());
    assertEquals(16, table.waiting());
    List<ChunkKey> first = table.lease("w1", 5, Long.MAX_VALUE);
    assertEquals(
        List.of(
            new ChunkKey("j", 0, 0, 0),
            new ChunkKey("j", 0, 1, 0),
            new ChunkKey("j", 1, 0, 0),
            new ChunkKey("j", 1, 1, 0),
            new ChunkKey("j", 0, 0, 1)),
        first);
    assertEquals(5, table.leased());
    assertEquals(11, table.waiting());
    assertEquals(100, plan(table, 0).chunkSize(3));
  }

  @Test
  void anyArrivalOrderGivesTheSameStatistics() {
    ChunkTable reference = runToEnd(new Random(0), 0);
    for (int seed = 1; seed < 6; seed++) {
      ChunkTable table = runToEnd(new Random(seed), 0);
      for (int pair = 0; pair < 4; pair++) {
        assertEquals(aggregate(reference, pair), aggregate(table, pair), "seed " + seed);
      }
      assertEquals(4000, table.playoutsDone());
    }
  }

  @Test
  void earlyStoppingLooksOnlyAtThePrefixSoItIsDeterministic() {
    ChunkTable reference = runToEnd(new Random(0), 0.045);
    assertTrue(reference.anyStoppedEarly());
    assertTrue(reference.playoutsDone() < 4000);
    for (int seed = 1; seed < 6; seed++) {
      ChunkTable table = runToEnd(new Random(seed), 0.045);
      for (int pair = 0; pair < 4; pair++) {
        assertEquals(aggregate(reference, pair), aggregate(table, pair), "seed " + seed);
        assertTrue(table.pairDone(pair));
      }
    }
  }

  /** Leases everything to two workers and completes in a random order with duplicates. */
  private static ChunkTable runToEnd(Random random, double stopAt) {
    ChunkTable table = table(stopAt);
    List<ChunkKey> out = new ArrayList<>();
    while (!table.finished()) {
      out.addAll(
          table.lease(random.nextBoolean() ? "a" : "b", 1 + random.nextInt(4), Long.MAX_VALUE));
      Collections.shuffle(out, random);
      int k = 1 + random.nextInt(Math.max(1, out.size()));
      for (int i = 0; i < k && !out.isEmpty(); i++) {
        ChunkKey key = out.remove(out.size() - 1);
        ChunkResult r = result(table, key);
        table.complete(key, r);
        if (random.nextInt(5) == 0) {
          ChunkTable.Outcome again = table.complete(key, r);
          assertTrue(again != ChunkTable.Outcome.COUNTED);
        }
      }
    }
    return table;
  }

  @Test
  void duplicatesAreDroppedAndCountedOnce() {
    ChunkTable table = table(0);
    ChunkKey key = table.lease("w", 1, Long.MAX_VALUE).get(0);
    ChunkResult r = result(table, key);
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(key, r));
    assertEquals(ChunkTable.Outcome.DUPLICATE, table.complete(key, r));
    assertEquals(300, table.playoutsDone());
    assertEquals(1, table.chunksDone());
  }

  @Test
  void aLostWorkersChunksGoBackToTheFrontOfTheQueue() {
    ChunkTable table = table(0);
    List<ChunkKey> lost = table.lease("gone", 3, Long.MAX_VALUE);
    table.lease("alive", 2, Long.MAX_VALUE);
    assertEquals(3, table.requeueWorker("gone"));
    assertEquals(0, table.requeueWorker("gone"));
    assertEquals(lost, table.lease("alive", 3, Long.MAX_VALUE));
  }

  @Test
  void expiredLeasesAreRequeued() {
    ChunkTable table = table(0);
    table.lease("slow", 2, 1_000);
    table.lease("fast", 2, 5_000);
    assertEquals(0, table.requeueExpired(999));
    assertEquals(2, table.requeueExpired(1_001));
    assertEquals(2, table.leased());
    // The slow worker's late result still counts if nobody else sent it first.
    ChunkKey late = new ChunkKey("j", 0, 0, 0);
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(late, result(table, late)));
    assertFalse(table.lease("fast", 20, 9_000).contains(late));
  }

  @Test
  void resultsWithoutALeaseCountAndAreNotHandedOutAgain() {
    // After a coordinator restart, workers resend results the new table never leased.
    ChunkTable table = table(0);
    ChunkKey resent = new ChunkKey("j", 1, 1, 2);
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(resent, result(table, resent)));
    List<ChunkKey> all = table.lease("w", 100, Long.MAX_VALUE);
    assertEquals(15, all.size());
    assertFalse(all.contains(resent));
  }

  @Test
  void cancelledTablesHandOutNothingAndNeedNothing() {
    ChunkTable table = table(0);
    ChunkKey key = table.lease("w", 1, Long.MAX_VALUE).get(0);
    table.cancel();
    assertEquals(List.of(), table.lease("w", 10, Long.MAX_VALUE));
    assertEquals(0, table.waiting());
    assertEquals(ChunkTable.Outcome.NOT_NEEDED, table.complete(key, result(table, key)));
  }

  @Test
  void foreignOrMisshapenChunksAreRefused() {
    ChunkTable table = table(0);
    ChunkKey other = new ChunkKey("k", 0, 0, 0);
    assertThrows(IllegalArgumentException.class, () -> table.complete(other, result(table, other)));
    ChunkKey outside = new ChunkKey("j", 0, 0, 4);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> table.complete(outside, result(table, new ChunkKey("j", 0, 0, 0))));
    assertEquals("no such chunk: j/0/0/4", e.getMessage());
    ChunkKey last = new ChunkKey("j", 0, 0, 3);
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> table.complete(last, result(table, new ChunkKey("j", 0, 0, 0))));
    assertEquals(
        "chunk j/0/0/3: stats.playouts: must be the chunk's 100 (got 300)", e.getMessage());
  }
}
