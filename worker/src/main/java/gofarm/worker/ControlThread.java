package gofarm.worker;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The worker's one control thread. All of the worker's state ({@link ChunkQueue}, {@link
 * HubConnection}, the lifecycle) belongs to it: gRPC callbacks, finished chunks, timers and the
 * lifecycle methods post tasks here, so there are no locks and the stream has a single writer
 * (gRPC's {@code StreamObserver} is not thread-safe).
 *
 * <p>An executor would swallow a task's exception; here it goes to {@code onBug}, which stops the
 * worker loudly. After {@link #shutdown} nothing runs any more, not even a pending timer (a
 * reconnect timer pending when the worker stops must not fire).
 */
final class ControlThread {
  private final ScheduledThreadPoolExecutor executor;
  private final Consumer<RuntimeException> onBug;

  /**
   * @param onBug called on the control thread with a task's unchecked exception
   */
  ControlThread(Consumer<RuntimeException> onBug) {
    this.onBug = onBug;
    this.executor =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "worker-control");
              t.setDaemon(true);
              return t;
            });
    executor.setRemoveOnCancelPolicy(true);
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
  }

  /** Runs {@code task} on the control thread; false if it has shut down. */
  boolean post(Runnable task) {
    try {
      executor.execute(guarded(task));
      return true;
    } catch (RejectedExecutionException stopped) {
      return false;
    }
  }

  /** Runs {@code task} on the control thread after {@code delay}, unless it has shut down. */
  void schedule(Runnable task, Duration delay) {
    executor.schedule(guarded(task), delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Runs {@code task} every {@code period}, the first time after one period; cancel to stop. */
  ScheduledFuture<?> every(Duration period, Runnable task) {
    return executor.scheduleAtFixedRate(
        guarded(task), period.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Lets the tasks already posted run, then ends the thread; pending timers are dropped and later
   * posts refused. Returns at once.
   */
  void shutdown() {
    executor.shutdown();
  }

  private Runnable guarded(Runnable task) {
    return () -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        onBug.accept(e);
      }
    };
  }
}
