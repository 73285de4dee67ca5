package gofarm.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The {@code [rounds]} line of {@code gofarm bench --rounds N}. */
class RoundsTest {
  @Test
  void theRoundsLineGivesEachSpeedInOrderAndTheMedian() {
    assertEquals(
        "[rounds] 60.0 · 80.0 · 70.0 kpps (median 70.0)",
        Rounds.line(new double[] {60_000, 80_000, 70_000}));
    assertEquals(
        "[rounds] 61.0 · 60.0 kpps (median 60.5)", Rounds.line(new double[] {61_000, 60_000}));
  }
}
