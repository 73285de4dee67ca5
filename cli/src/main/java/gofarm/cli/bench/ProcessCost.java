package gofarm.cli.bench;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time and the bytes allocated by the process since a start mark, in all and by the threads
 * whose names start with a prefix: what {@code bench --farm} divides by the results counted, the
 * synthetic workers' threads apart. Per-thread figures are summed over the threads alive at the end
 * (HotSpot's per-thread counters); a thread that ended in between is missed, which gRPC's pools
 * (threads kept a minute idle), Netty's event loops and Pekko's dispatchers make rare in a run of
 * seconds. The process's CPU time also counts the JIT's and the garbage collector's threads.
 */
final class ProcessCost {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final long cpuNanos;
  private final Map<Long, long[]> threads;
  private final String prefix;

  private ProcessCost(long cpuNanos, Map<Long, long[]> threads, String prefix) {
    this.cpuNanos = cpuNanos;
    this.threads = threads;
    this.prefix = prefix;
  }

  /**
   * A mark: the process's CPU time, and each live thread's allocated bytes and CPU time, with
   * whether its name starts with {@code prefix}.
   */
  static ProcessCost mark(String prefix) {
    long[] ids = THREADS.getAllThreadIds();
    long[] bytes = THREADS.getThreadAllocatedBytes(ids);
    long[] cpu = THREADS.getThreadCpuTime(ids);
    Map<Long, long[]> threads = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      java.lang.management.ThreadInfo info = THREADS.getThreadInfo(ids[i]);
      if (bytes[i] >= 0 && cpu[i] >= 0 && info != null) {
        threads.put(
            ids[i], new long[] {bytes[i], cpu[i], info.getThreadName().startsWith(prefix) ? 1 : 0});
      }
    }
    return new ProcessCost(OS.getProcessCpuTime(), threads, prefix);
  }

  /** CPU seconds of the process since {@code start} (user and system, all threads). */
  double cpuSecondsSince(ProcessCost start) {
    return (cpuNanos - start.cpuNanos) / 1e9;
  }

  /** Bytes allocated since {@code start} by the live threads, those of the prefix or the others. */
  long bytesSince(ProcessCost start, boolean ofPrefix) {
    return sinceStart(start, 0, ofPrefix);
  }

  /** Thread CPU seconds since {@code start}, of the prefix's threads or the others. */
  double threadCpuSecondsSince(ProcessCost start, boolean ofPrefix) {
    return sinceStart(start, 1, ofPrefix) / 1e9;
  }

  private long sinceStart(ProcessCost start, int field, boolean ofPrefix) {
    long sum = 0;
    for (Map.Entry<Long, long[]> e : threads.entrySet()) {
      if ((e.getValue()[2] == 1) == ofPrefix) {
        long[] before = start.threads.get(e.getKey());
        sum += e.getValue()[field] - (before == null ? 0 : before[field]);
      }
    }
    return sum;
  }

  /** The prefix the threads are told apart by. */
  String prefix() {
    return prefix;
  }
}
