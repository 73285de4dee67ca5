package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.grpc.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Refusals are final; otherwise backoff per failed attempt, until the give-up time. */
class ReconnectsTest {
  private static final Status DOWN = Status.UNAVAILABLE.withDescription("down");
  private static final Backoff BACKOFF =
      new Backoff(Duration.ofMillis(10), Duration.ofMillis(80), 0);

  private long now; // nanoseconds

  private Reconnects reconnects(Duration giveUpAfter) {
    return new Reconnects("hub:7070", BACKOFF, giveUpAfter, () -> now, () -> 0.5);
  }

  private static Reconnects.Next redial(long millis) {
    return new Reconnects.Redial(Duration.ofMillis(millis));
  }

  @Test
  void aRefusalNamesTheCoordinatorAndWhy() {
    Reconnects r = reconnects(null);
    assertEquals(
        "the coordinator at hub:7070 refused this worker: protocol 2 wanted",
        r.refusal(Status.FAILED_PRECONDITION.withDescription("protocol 2 wanted")));
    assertEquals(
        "the coordinator at hub:7070 refused this worker: hello.threads: must be 1..1024",
        r.refusal(Status.INVALID_ARGUMENT.withDescription("hello.threads: must be 1..1024")));
    assertEquals(
        "hub:7070 does not serve the gofarm worker hub (UNIMPLEMENTED: no such method);"
            + " is it the coordinator's gRPC address?",
        r.refusal(Status.UNIMPLEMENTED.withDescription("no such method")));
    assertNull(r.refusal(DOWN));
    assertNull(r.refusal(Status.CANCELLED));
    assertNull(
        r.refusal(Status.ALREADY_EXISTS.withDescription("worker id w1 is connected")),
        "an id held by this worker's killed process is freed within a lease: dial again");
  }

  @Test
  void delaysGrowWithEachFailedAttemptAndStartAfreshAfterAWelcome() {
    Reconnects r = reconnects(null);
    r.dialing();
    assertEquals(redial(10), r.next(DOWN, false, 0, 0));
    assertEquals(redial(20), r.next(DOWN, false, 0, 0));
    assertEquals(redial(40), r.next(DOWN, false, 0, 0));
    r.welcomed();
    assertEquals(redial(10), r.next(DOWN, true, 2, 1));
  }

  @Test
  void itGivesUpWhenTheNextDialWouldComeAfterTheGiveUpTime() {
    Reconnects r = reconnects(Duration.ofMillis(100));
    r.dialing();
    now = 75_000_000;
    assertEquals(redial(10), r.next(DOWN, false, 0, 0)); // dials at 85 ms
    now = 85_000_000;
    assertEquals(
        new Reconnects.GiveUp(
            "gave up: no connection to the coordinator at hub:7070 for 0.1 s"
                + " (last error: UNAVAILABLE: down)"),
        r.next(DOWN, false, 0, 0)); // 85 + 20 ms is past 100 ms
  }

  @Test
  void aWelcomedStreamStartsTheGiveUpTimeAgainWhenItIsLost() {
    Reconnects r = reconnects(Duration.ofMillis(100));
    r.dialing();
    now = 500_000_000;
    r.welcomed();
    assertEquals(redial(10), r.next(DOWN, true, 0, 0));
  }
}
