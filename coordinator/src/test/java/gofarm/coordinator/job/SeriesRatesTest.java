package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A series' rate over its own run: from its first lease until it was done, or until now. */
class SeriesRatesTest {

  @Test
  void aSeriesRunsFromItsFirstLeaseUntilItIsDone() {
    SeriesRates rates = new SeriesRates(3);
    assertEquals(0, rates.unitsPerSecond(2, 0, 5_000), "not leased yet");
    rates.leased(1, 1_000);
    rates.leased(1, 4_000); // a later lease does not restart it
    rates.leased(2, 10_000);
    assertEquals(0, rates.unitsPerSecond(2, 0, 10_000), "no time has passed");
    assertEquals(8 / 9.0, rates.unitsPerSecond(1, 8, 10_000), 1e-12, "running: until now");
    rates.done(1, 3_000);
    rates.done(1, 9_000); // the first call ends it
    assertEquals(4, rates.unitsPerSecond(1, 8, 60_000), 1e-12, "8 units in 2 s");
    assertEquals(6 / 30.0, rates.unitsPerSecond(2, 6, 40_000), 1e-12, "6 units in 30 s");
  }

  @Test
  void theChunkTableCountsUnitsPerSeries() {
    TunePlan plan = new TunePlan(TuneTallyTest.tune(1, 2, 0.002, true));
    TuneTally tally = plan.newTally();
    ChunkTable<TunePlay> table = new ChunkTable<>("j", plan, tally);
    for (var key : table.lease("w", 10, Long.MAX_VALUE)) {
      table.complete(key, TunePlay.of(MatchTallyTest.pair(1, 0)), "w");
    }
    var confirmation = table.lease("w", 3, Long.MAX_VALUE);
    for (var key : confirmation) {
      table.complete(key, TunePlay.of(MatchTallyTest.pair(1, 0)), "w");
    }
    assertEquals(4, table.unitsDone(TunePlan.ITERATIONS), "two pairs, four games");
    assertEquals(6, table.unitsDone(TunePlan.CONFIRM), "three pairs");
    assertEquals(10, table.playoutsDone());
  }
}
