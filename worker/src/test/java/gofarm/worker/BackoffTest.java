package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffTest {
  private static List<Long> millis(Backoff b, double random, int attempts) {
    List<Long> out = new ArrayList<>();
    for (int a = 1; a <= attempts; a++) {
      out.add(b.delay(a, () -> random).toMillis());
    }
    return out;
  }

  @Test
  void delaysDoubleFromTheInitialDelayUpToTheCap() {
    assertEquals(
        List.of(100L, 200L, 400L, 800L, 1600L, 3200L, 6400L, 10000L, 10000L),
        millis(Backoff.DEFAULT, 0, 9));
  }

  @Test
  void jitterOnlyShortensADelay() {
    // random in [0, 1): at most 20 % off, so even at the cap no delay exceeds 10 s.
    assertEquals(List.of(80L, 160L, 320L), millis(Backoff.DEFAULT, 0.999999999, 3));
    assertEquals(8000L, Backoff.DEFAULT.delay(50, () -> 0.999999999).toMillis());
    assertEquals(9000L, Backoff.DEFAULT.delay(50, () -> 0.5).toMillis());
  }

  @Test
  void aHugeAttemptNumberStaysAtTheCap() {
    assertEquals(Duration.ofSeconds(10), Backoff.DEFAULT.delay(Integer.MAX_VALUE, () -> 0));
  }

  @Test
  void badSettingsAreRefusedWithTheirValues() {
    assertEquals(
        "backoff: initial must be at least 1 ms (got PT0S)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Backoff(Duration.ZERO, Duration.ofSeconds(1), 0.2))
            .getMessage());
    assertEquals(
        "backoff: max must be at least initial PT1S (got PT0.5S)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Backoff(Duration.ofSeconds(1), Duration.ofMillis(500), 0.2))
            .getMessage());
    assertEquals(
        "backoff: jitter must be 0..1 (got 1.5)",
        assertThrows(
                IllegalArgumentException.class,
                () -> new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(1), 1.5))
            .getMessage());
    assertEquals(
        "attempt must be at least 1 (got 0)",
        assertThrows(IllegalArgumentException.class, () -> Backoff.DEFAULT.delay(0, () -> 0))
            .getMessage());
  }
}
