package gofarm.worker.engine;

import gofarm.board.Geometry;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Runs chunks on a fixed pool of threads, one chunk per thread at a time: playouts, or a match's
 * game pair. Each thread keeps one compiled {@link Playout} per (policy, board size), so a chunk
 * allocates nothing but its statistics.
 *
 * <pre>{@code
 * try (PlayoutEngine engine = new PlayoutEngine(Runtime.getRuntime().availableProcessors())) {
 *   PlayoutStats stats = engine.runChunk(root, PolicySpec.parse("heavy"), seed, 10_000).join();
 * }
 * }</pre>
 *
 * <p>A chunk's result depends only on (root, policy, seed, playouts); {@link #runBatches} splits a
 * large run into chunks whose seeds come from the run's seed and the chunk index, so the merged
 * result is the same for any number of threads.
 */
public final class PlayoutEngine implements AutoCloseable {
  private final int threads;
  private final ExecutorService pool;
  private final ThreadLocal<Map<PlayoutKey, Playout>> playouts =
      ThreadLocal.withInitial(HashMap::new);

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final AtomicLong cpuNanos = new AtomicLong();

  private record PlayoutKey(PolicySpec spec, Geometry geometry) {}

  public PlayoutEngine(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1 (got " + threads + ")");
    }
    this.threads = threads;
    AtomicInteger n = new AtomicInteger();
    this.pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "playout-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  public int threads() {
    return threads;
  }

  /** Runs one chunk of {@code count} playouts with {@code seed} on a pool thread. */
  public CompletableFuture<PlayoutStats> runChunk(
      PlayoutRoot root, PolicySpec spec, long seed, int count) {
    return CompletableFuture.supplyAsync(
        () -> {
          long cpu = THREADS.getCurrentThreadCpuTime();
          Playout playout = playoutFor(spec, root.board().geometry());
          PlayoutStats stats = playout.newStats();
          playout.run(root, seed, count, stats);
          cpuNanos.addAndGet(THREADS.getCurrentThreadCpuTime() - cpu);
          return stats;
        },
        pool);
  }

  /**
   * Runs {@code task} on a pool thread, counting its CPU time: a match chunk's game pair, whose two
   * games share that one thread (search players are single-threaded and seeded, so a pair with
   * playout budgets gives the same games on any worker).
   */
  public <T> CompletableFuture<T> run(Supplier<T> task) {
    return CompletableFuture.supplyAsync(
        () -> {
          long cpu = THREADS.getCurrentThreadCpuTime();
          try {
            return task.get();
          } finally {
            cpuNanos.addAndGet(THREADS.getCurrentThreadCpuTime() - cpu);
          }
        },
        pool);
  }

  /**
   * Runs {@code total} playouts as chunks of {@code batchSize} (chunk i uses {@code Rng.mix(seed,
   * i)}) on all threads, reporting each finished chunk's size to {@code progress}, and returns the
   * merged statistics: identical for any thread count.
   */
  public PlayoutStats runBatches(
      PlayoutRoot root,
      PolicySpec spec,
      long seed,
      long total,
      int batchSize,
      LongConsumer progress) {
    return runBatches(root, spec, seed, total, batchSize, Long.MAX_VALUE, progress);
  }

  /**
   * Like {@link #runBatches(PlayoutRoot, PolicySpec, long, long, int, LongConsumer)}, but runs
   * whole chunks only until {@code time} has passed (for benchmarks: the count then depends on the
   * speed).
   */
  public PlayoutStats runFor(
      PlayoutRoot root,
      PolicySpec spec,
      long seed,
      Duration time,
      int batchSize,
      LongConsumer progress) {
    long deadline = System.nanoTime() + time.toNanos();
    return runBatches(root, spec, seed, Long.MAX_VALUE / 2, batchSize, deadline, progress);
  }

  private PlayoutStats runBatches(
      PlayoutRoot root,
      PolicySpec spec,
      long seed,
      long total,
      int batchSize,
      long deadline,
      LongConsumer progress) {
    long batches = (total + batchSize - 1) / batchSize;
    AtomicLong next = new AtomicLong();
    List<CompletableFuture<PlayoutStats>> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      workers.add(
          CompletableFuture.supplyAsync(
              () -> {
                long cpu = THREADS.getCurrentThreadCpuTime();
                Playout playout = playoutFor(spec, root.board().geometry());
                PlayoutStats mine = playout.newStats();
                for (long i = next.getAndIncrement();
                    i < batches && System.nanoTime() < deadline;
                    i = next.getAndIncrement()) {
                  int count = (int) Math.min(batchSize, total - i * batchSize);
                  playout.run(root, Rng.mix(seed, i), count, mine);
                  progress.accept(count);
                }
                cpuNanos.addAndGet(THREADS.getCurrentThreadCpuTime() - cpu);
                return mine;
              },
              pool));
    }
    PlayoutStats merged = null;
    for (CompletableFuture<PlayoutStats> w : workers) {
      PlayoutStats s = w.join();
      merged = merged == null ? s : merged.merge(s);
    }
    return merged;
  }

  /** CPU time the pool's threads have spent running playouts, in nanoseconds. */
  public long cpuNanos() {
    return cpuNanos.get();
  }

  private Playout playoutFor(PolicySpec spec, Geometry geometry) {
    return playouts
        .get()
        .computeIfAbsent(new PlayoutKey(spec, geometry), k -> new Playout(spec, geometry));
  }

  /** Stops the threads; chunks already running finish first. */
  @Override
  public void close() {
    pool.shutdown();
  }
}
