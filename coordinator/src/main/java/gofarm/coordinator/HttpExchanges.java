package gofarm.coordinator;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The executor of the metrics port's HTTP exchanges (reading one request and answering it): each
 * exchange runs on a thread of its own, at most {@value #MAX_EXCHANGES} at once; one more cuts the
 * oldest, and every exchange is cut after {@link #DEADLINE}. So {@code /-/healthy}, {@code
 * /-/ready} and {@code /metrics} answer while slow clients hold the port.
 *
 * <p>Why: the JDK's HTTP server waits for a request's first byte without a thread, but then reads
 * the rest of it on the executor's thread, blocking. A client that sends half a request holds that
 * thread for good (the JDK sets no request time by default). The Prometheus exporter's own pool has
 * ten threads and, once they are all held, blocks the server's accepting thread too: eleven slow
 * clients stopped every probe. Here a new exchange always gets a thread, and a probe's exchange
 * lasts a millisecond, so a flood has to replace all {@value #MAX_EXCHANGES} exchanges within that
 * millisecond to cut it.
 *
 * <p>Cutting interrupts the exchange's thread: the server reads and writes through a blocking
 * {@code SocketChannel}, which an interrupt closes ({@code InterruptibleChannel}), so the exchange
 * ends with its connection. A thread runs one exchange and ends, so a late interrupt hits nothing
 * else. Thread-safe.
 */
final class HttpExchanges extends AbstractExecutorService {
  /** Exchanges at once: far more than probes and scrapes need, few threads for a flood. */
  static final int MAX_EXCHANGES = 64;

  /** How long an exchange may take: Prometheus's default scrape timeout. */
  static final Duration DEADLINE = Duration.ofSeconds(10);

  private final AtomicLong started = new AtomicLong();
  private final ScheduledExecutorService deadlines =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "metrics-http-deadlines");
            t.setDaemon(true);
            return t;
          });

  /** The threads of the running exchanges, oldest first. Guarded by {@code this}. */
  private final Deque<Thread> running = new ArrayDeque<>();

  /** Guarded by {@code this}. */
  private boolean shutdown;

  @Override
  public void execute(Runnable exchange) {
    Thread thread = new Thread(() -> run(exchange), "metrics-http-" + started.incrementAndGet());
    thread.setDaemon(true);
    Thread oldest = null;
    synchronized (this) {
      if (shutdown) {
        // The JDK server closes the connection when its executor refuses.
        throw new RejectedExecutionException("the metrics server is stopping");
      }
      if (running.size() >= MAX_EXCHANGES) {
        oldest = running.pollFirst();
      }
      running.addLast(thread);
    }
    if (oldest != null) {
      oldest.interrupt();
    }
    thread.start();
  }

  private void run(Runnable exchange) {
    Thread self = Thread.currentThread();
    ScheduledFuture<?> deadline = null;
    try {
      deadline = deadlines.schedule(self::interrupt, DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stopping) {
      // Shut down since execute: the server closes every connection now anyway.
    }
    try {
      exchange.run();
    } finally {
      if (deadline != null) {
        deadline.cancel(false);
      }
      synchronized (this) {
        running.remove(self);
        notifyAll();
      }
    }
  }

  @Override
  public synchronized void shutdown() {
    shutdown = true;
    deadlines.shutdownNow();
  }

  @Override
  public List<Runnable> shutdownNow() {
    List<Thread> cut;
    synchronized (this) {
      shutdown();
      cut = new ArrayList<>(running);
    }
    cut.forEach(Thread::interrupt);
    return List.of();
  }

  @Override
  public synchronized boolean isShutdown() {
    return shutdown;
  }

  @Override
  public synchronized boolean isTerminated() {
    return shutdown && running.isEmpty();
  }

  @Override
  public synchronized boolean awaitTermination(long timeout, TimeUnit unit)
      throws InterruptedException {
    long end = System.nanoTime() + unit.toNanos(timeout);
    while (!isTerminated()) {
      long left = end - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }
}
