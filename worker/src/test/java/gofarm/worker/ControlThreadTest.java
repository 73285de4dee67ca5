package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One thread runs every task in order; a task's bug reaches the handler; shut down is final. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ControlThreadTest {
  private final BlockingQueue<RuntimeException> bugs = new LinkedBlockingQueue<>();
  private final ControlThread control = new ControlThread(bugs::add);

  @Test
  void tasksRunInOrderOnTheControlThread() throws Exception {
    List<String> ran = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    for (int i = 0; i < 5; i++) {
      int n = i;
      assertTrue(control.post(() -> ran.add(n + " " + Thread.currentThread().getName())));
    }
    control.schedule(done::countDown, Duration.ofMillis(1));
    assertTrue(done.await(5, TimeUnit.SECONDS));
    assertEquals(
        List.of(
            "0 worker-control",
            "1 worker-control",
            "2 worker-control",
            "3 worker-control",
            "4 worker-control"),
        ran);
    control.shutdown();
  }

  @Test
  void aTasksExceptionGoesToTheHandlerAndLaterTasksStillRun() throws Exception {
    IllegalStateException bug = new IllegalStateException("bug");
    control.post(
        () -> {
          throw bug;
        });
    CountDownLatch after = new CountDownLatch(1);
    control.post(after::countDown);
    assertEquals(bug, bugs.poll(5, TimeUnit.SECONDS));
    assertTrue(after.await(5, TimeUnit.SECONDS));
    control.shutdown();
  }

  @Test
  void periodicTasksRunUntilCancelled() throws Exception {
    CountDownLatch ticks = new CountDownLatch(3);
    var every = control.every(Duration.ofMillis(2), ticks::countDown);
    assertTrue(ticks.await(5, TimeUnit.SECONDS));
    every.cancel(false);
    assertTrue(every.isCancelled());
    control.shutdown();
  }

  @Test
  void afterShutdownTasksPostedBeforeRunAndNewOnesAreRefused() throws Exception {
    CountDownLatch before = new CountDownLatch(1);
    control.post(before::countDown);
    control.shutdown();
    assertTrue(before.await(5, TimeUnit.SECONDS));
    assertFalse(control.post(() -> {}));
  }
}
