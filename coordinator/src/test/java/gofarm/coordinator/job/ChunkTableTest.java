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
import gofarm.proto.v1.Position;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.wire.ChunkKey;
import gofarm.wire.JobPosition;
import gofarm.wire.ResolvedEvaluation;
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

  /**
   * Two positions x two policies, 1000 playouts in chunks of 300 (the last has 100), stopping pairs
   * at this win rate half-width (0: never).
   */
  private static EvaluatePlan newPlan(double stopAt) {
    Position empty = Position.newBuilder().setSize(5).build();
    return new EvaluatePlan(
        new ResolvedEvaluation(
            "test",
            1,
            0,
            Rules.DEFAULT,
            List.of(new JobPosition("p0", empty), new JobPosition("p1", empty)),
            List.of(UNIFORM, UNIFORM),
            1000,
            stopAt,
            300,
            0));
  }

  /** A table over a fresh {@link #newPlan} and the tally it counts into. */
  private record Counting(EvaluatePlan plan, PlayoutTally tally, ChunkTable<ChunkStats> table) {
    static Counting of(double stopAt) {
      EvaluatePlan plan = newPlan(stopAt);
      PlayoutTally tally = plan.newTally();
      return new Counting(plan, tally, new ChunkTable<>("j", plan, tally));
    }

    ChunkStats result(ChunkKey key) {
      return ChunkStats.of(run(key, plan.pair(key).chunkSize(key.chunk())));
    }
  }

  /** A chunk's statistics as a worker would compute them. */
  private static PlayoutStats run(ChunkKey key, int playouts) {
    Playout playout = new Playout(UNIFORM, G);
    PlayoutStats stats = playout.newStats();
    playout.run(ROOT, Rng.mix(key.position() * 31L + key.policy(), key.chunk()), playouts, stats);
    return stats;
  }

  @Test
  void leasesLowestChunksFirstInTurnsBetweenPairs() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
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
    assertEquals(100, c.plan().pairs().get(0).chunkSize(3));
  }

  @Test
  void anyArrivalOrderGivesTheSameStatistics() {
    Counting reference = runToEnd(new Random(0), 0);
    for (int seed = 1; seed < 6; seed++) {
      Counting c = runToEnd(new Random(seed), 0);
      for (int pair = 0; pair < 4; pair++) {
        assertEquals(reference.tally().aggregate(pair), c.tally().aggregate(pair), "seed " + seed);
      }
      assertEquals(4000, c.table().playoutsDone());
    }
  }

  @Test
  void earlyStoppingLooksOnlyAtThePrefixSoItIsDeterministic() {
    Counting reference = runToEnd(new Random(0), 0.045);
    assertTrue(reference.table().anyStoppedEarly());
    assertTrue(reference.table().playoutsDone() < 4000);
    for (int seed = 1; seed < 6; seed++) {
      Counting c = runToEnd(new Random(seed), 0.045);
      for (int pair = 0; pair < 4; pair++) {
        assertEquals(reference.tally().aggregate(pair), c.tally().aggregate(pair), "seed " + seed);
        assertTrue(c.table().seriesDone(pair));
      }
    }
  }

  /** Leases everything to two workers and completes in a random order with duplicates. */
  private static Counting runToEnd(Random random, double stopAt) {
    Counting c = Counting.of(stopAt);
    ChunkTable<ChunkStats> table = c.table();
    List<ChunkKey> out = new ArrayList<>();
    java.util.Map<ChunkKey, String> holders = new java.util.HashMap<>();
    while (!table.finished()) {
      assertCountsMatchTheSeries(table, 4);
      String worker = random.nextBoolean() ? "a" : "b";
      for (ChunkKey key : table.lease(worker, 1 + random.nextInt(4), Long.MAX_VALUE)) {
        out.add(key);
        holders.put(key, worker);
      }
      Collections.shuffle(out, random);
      int k = 1 + random.nextInt(Math.max(1, out.size()));
      for (int i = 0; i < k && !out.isEmpty(); i++) {
        ChunkKey key = out.remove(out.size() - 1);
        ChunkStats r = c.result(key);
        table.complete(key, r, holders.get(key));
        if (random.nextInt(5) == 0) {
          ChunkTable.Outcome again = table.complete(key, r, holders.get(key));
          assertTrue(again != ChunkTable.Outcome.COUNTED);
        }
      }
    }
    assertCountsMatchTheSeries(table, 4);
    return c;
  }

  /**
   * The counters the table keeps instead of walking its series agree with what it does: {@code
   * waiting()} chunks are what a lease of everything hands out (and, handed back, wait again), and
   * {@code finished()} is every series done.
   */
  private static void assertCountsMatchTheSeries(ChunkTable<ChunkStats> table, int series) {
    int waiting = table.waiting();
    List<ChunkKey> all = table.lease("probe", Integer.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(waiting, all.size(), "waiting() against a lease of everything");
    assertEquals(0, table.waiting());
    assertEquals(all.size(), table.requeueWorker("probe"));
    assertEquals(waiting, table.waiting(), "handed back, they wait again");
    boolean allDone = true;
    for (int s = 0; s < series; s++) {
      allDone &= table.seriesDone(s);
    }
    assertEquals(allDone, table.finished());
  }

  /**
   * The spec of issue 23 (10^9 playouts per pair in chunks of one, 1,000 positions × 16 policies,
   * here on 2×2 boards so that its statistics fit a test's heap) is planned and tabled at once:
   * totals per series in closed form, in 64 bits, no loop over its 1.6 × 10^13 chunks.
   */
  @Test
  void theSpecOfIssue23IsTabledInClosedFormWithoutOverflow() {
    Position empty = Position.newBuilder().setSize(2).build();
    List<JobPosition> positions = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      positions.add(new JobPosition("p" + i, empty));
    }
    List<PolicySpec> policies = Collections.nCopies(16, UNIFORM);
    long start = System.nanoTime();
    EvaluatePlan plan =
        new EvaluatePlan(
            new ResolvedEvaluation(
                "issue 23", 1, 0, Rules.DEFAULT, positions, policies, 1_000_000_000L, 0, 1, 0));
    JobCost cost = plan.cost();
    ChunkTable<ChunkStats> table = new ChunkTable<>("j", plan, plan.newTally());
    List<ChunkKey> first = table.lease("w", 3, Long.MAX_VALUE);
    double seconds = (System.nanoTime() - start) / 1e9;
    assertTrue(seconds < 1, "planned and tabled in " + seconds + " s");
    assertEquals(
        new JobCost(16_000, 16_000_000_000_000L, 16_000_000_000_000L, cost.statisticsBytes()),
        cost);
    assertEquals(16_000_000_000_000L, table.chunksTotal());
    assertEquals(16_000_000_000_000L, table.playoutsTotal());
    assertEquals(Integer.MAX_VALUE, table.waiting(), "at most Integer.MAX_VALUE");
    assertEquals(
        List.of(new ChunkKey("j", 0, 0, 0), new ChunkKey("j", 0, 1, 0), new ChunkKey("j", 0, 2, 0)),
        first);
    assertTrue(
        JobLimits.defaults()
            .refuseAlone(cost, plan.fewerChunks(), plan.lessStatistics())
            .orElseThrow()
            .startsWith("the spec has 16,000,000,000,000 chunks"));
  }

  @Test
  void duplicatesAreDroppedAndCountedOnce() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    ChunkKey key = table.lease("w", 1, Long.MAX_VALUE).get(0);
    ChunkStats r = c.result(key);
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(key, r, "w"));
    assertEquals(ChunkTable.Outcome.DUPLICATE, table.complete(key, r, "w"));
    assertEquals(300, table.playoutsDone());
    assertEquals(1, table.chunksDone());
    assertEquals(300, c.tally().aggregate(0).playouts(), "counted once");
  }

  @Test
  void aLostWorkersChunksGoBackToTheFrontOfTheQueue() {
    ChunkTable<ChunkStats> table = Counting.of(0).table();
    List<ChunkKey> lost = table.lease("gone", 3, Long.MAX_VALUE);
    table.lease("alive", 2, Long.MAX_VALUE);
    assertEquals(3, table.requeueWorker("gone"));
    assertEquals(0, table.requeueWorker("gone"));
    assertEquals(lost, table.lease("alive", 3, Long.MAX_VALUE));
  }

  @Test
  void expiredLeasesAreRequeued() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    table.lease("slow", 2, 1_000);
    table.lease("fast", 2, 5_000);
    assertEquals(0, table.requeueExpired(999));
    assertEquals(2, table.requeueExpired(1_001));
    assertEquals(2, table.leased());
    // The slow worker's late result still counts if nobody else was leased the chunk since...
    ChunkKey late = new ChunkKey("j", 0, 0, 0);
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(late, c.result(late), "slow"));
    assertFalse(table.lease("fast", 20, 9_000).contains(late));
    // ...but not once another worker holds it.
    ChunkKey taken = new ChunkKey("j", 0, 1, 0);
    assertEquals(ChunkTable.Outcome.NOT_LEASED, table.complete(taken, c.result(taken), "slow"));
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(taken, c.result(taken), "fast"));
  }

  /**
   * Backups: once nothing waits, chunks whose newest lease is old go to another worker too, oldest
   * first; the first result counts, the rest are duplicates; a chunk goes back in the queue only
   * when every holder is gone.
   */
  @Test
  void overdueChunksAreBackedUpAndTheFirstResultCounts() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    List<ChunkKey> hoarded = table.lease("hoarder", 10, 0, 100_000);
    List<ChunkKey> rest = table.lease("honest", 100, 1_000, 100_000);
    assertEquals(6, rest.size());
    assertEquals(0, table.waiting());
    assertEquals(0, table.backupsDue(0), "none started before 0");
    assertEquals(10, table.backupsDue(500));
    assertEquals(16, table.backupsDue(2_000));

    // Not to a holder, nor to another stream of its token; the oldest first.
    assertEquals(
        List.of(), table.leaseBackups("hoarder", 4, 2_000, 100_000, 500, "hoarder"::equals));
    List<ChunkKey> backups =
        table.leaseBackups("honest", 4, 2_000, 100_000, 500, w -> w.startsWith("hoard"));
    assertEquals(List.of(), backups, "another stream of the hoarder's token backs up nothing");
    backups = table.leaseBackups("honest", 4, 2_000, 100_000, 500, "honest"::equals);
    assertEquals(hoarded.subList(0, 4), backups);
    assertEquals(6, table.backupsDue(500), "a backed-up chunk's newest lease is recent");
    assertEquals(16, table.leased(), "chunks out, not leases");
    assertTrue(table.leasedTo(backups.get(0), "hoarder"));
    assertTrue(table.leasedTo(backups.get(0), "honest"));
    assertEquals(2_000, table.leaseStart(backups.get(0), "honest"));
    assertEquals(0, table.leaseStart(backups.get(0), "hoarder"));

    ChunkKey k = backups.get(0);
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(k, c.result(k), "honest"));
    assertEquals(ChunkTable.Outcome.DUPLICATE, table.complete(k, c.result(k), "hoarder"));
    assertFalse(table.leasedTo(k, "hoarder"));

    // The backup's worker leaves: the hoarder still holds the chunk, so it is not re-queued.
    assertEquals(6, table.requeueWorker("honest"), "only its own 6 chunks go back");
    assertEquals(6, table.waiting());
    table.lease("honest", 6, 3_000, 200_000);
    ChunkKey b = backups.get(1);
    List<ChunkKey> again = table.leaseBackups("other", 1, 3_000, 200_000, 2_500, "other"::equals);
    assertEquals(List.of(b), again, "backed up again: its newest lease left");
    // The hoarder's leases end; b's backup runs on, the others go back in the queue.
    assertEquals(8, table.requeueExpired(150_000));
    assertTrue(table.leasedTo(b, "other"));
    assertEquals(ChunkTable.Outcome.NOT_LEASED, table.complete(b, c.result(b), "hoarder"));
    assertEquals(ChunkTable.Outcome.COUNTED, table.complete(b, c.result(b), "other"));
  }

  @Test
  void resultsForChunksNotLeasedToTheWorkerAreRefused() {
    // A worker that was never leased the chunk, or is leased another one, or resends after a
    // coordinator restart (the new table leased nothing): nothing counts, and the chunk still goes
    // out to be run.
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    ChunkKey resent = new ChunkKey("j", 1, 1, 2);
    assertEquals(ChunkTable.Outcome.NOT_LEASED, table.complete(resent, c.result(resent), "w"));
    ChunkKey mine = table.lease("w", 1, Long.MAX_VALUE).get(0);
    ChunkKey notMine = new ChunkKey("j", 0, 1, 0);
    assertEquals(ChunkTable.Outcome.NOT_LEASED, table.complete(notMine, c.result(notMine), "w"));
    assertEquals(ChunkTable.Outcome.NOT_LEASED, table.complete(mine, c.result(mine), "x"));
    assertEquals(0, table.chunksDone());
    List<ChunkKey> all = table.lease("w", 100, Long.MAX_VALUE);
    assertEquals(15, all.size());
    assertTrue(all.contains(resent));
  }

  @Test
  void aHeldResultIsNeitherCountedNorHandedOutUntilReleasedOrDropped() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    ChunkKey key = table.lease("w", 1, Long.MAX_VALUE).get(0);
    assertFalse(table.hold(key, "x"), "only its holder's result can be held");
    assertTrue(table.hold(key, "w"));
    assertEquals(1, table.heldCount());
    assertEquals(0, table.leased());
    assertFalse(table.lease("v", 100, Long.MAX_VALUE).contains(key));
    assertEquals(ChunkTable.Outcome.DUPLICATE, table.complete(key, c.result(key), "w"));
    assertEquals(ChunkTable.Outcome.COUNTED, table.completeHeld(key, c.result(key)));
    assertEquals(1, table.chunksDone());
    assertEquals(0, table.heldCount());

    ChunkTable<ChunkStats> again = Counting.of(0).table();
    ChunkKey first = again.lease("w", 1, Long.MAX_VALUE).get(0);
    assertTrue(again.hold(first, "w"));
    again.unhold(first);
    assertEquals(List.of(first), again.lease("v", 1, Long.MAX_VALUE), "back at the front");
    assertEquals(0, again.chunksDone());
  }

  @Test
  void cancelledTablesHandOutNothingAndNeedNothing() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    ChunkKey key = table.lease("w", 1, Long.MAX_VALUE).get(0);
    table.cancel();
    assertEquals(List.of(), table.lease("w", 10, Long.MAX_VALUE));
    assertEquals(0, table.waiting());
    assertEquals(ChunkTable.Outcome.NOT_NEEDED, table.complete(key, c.result(key), "w"));
  }

  @Test
  void foreignChunksAreRefused() {
    Counting c = Counting.of(0);
    ChunkTable<ChunkStats> table = c.table();
    ChunkKey other = new ChunkKey("k", 0, 0, 0);
    ChunkStats full = c.result(new ChunkKey("j", 0, 0, 0));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> table.complete(other, full, "w"));
    assertEquals("no such chunk: k/0/0/0", e.getMessage());
    ChunkKey outside = new ChunkKey("j", 0, 0, 4);
    e = assertThrows(IllegalArgumentException.class, () -> table.complete(outside, full, "w"));
    assertEquals("no such chunk: j/0/0/4", e.getMessage());
    assertEquals(0, table.chunksDone());
  }
}
