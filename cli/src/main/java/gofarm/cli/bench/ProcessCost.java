package gofarm.cli.bench;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time and the bytes allocated by the whole process since a start mark: what {@code bench
 * --farm} divides by the results counted. Allocation is summed over the threads alive at the end
 * (HotSpot's per-thread counters); a thread that ended in between is missed, which gRPC's pools
 * (threads kept a minute idle), Netty's event loops and Pekko's dispatchers make rare in a run of
 * seconds.
 */
final class ProcessCost {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final long cpuNanos;
  private final Map<Long, Long> allocated;

  private ProcessCost(long cpuNanos, Map<Long, Long> allocated) {
    this.cpuNanos = cpuNanos;
    this.allocated = allocated;
  }

  /** A mark: the process's CPU time and each live thread's allocated bytes now. */
  static ProcessCost mark() {
    long[] ids = THREADS.getAllThreadIds();
    long[] bytes = THREADS.getThreadAllocatedBytes(ids);
    Map<Long, Long> allocated = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (bytes[i] >= 0) {
        allocated.put(ids[i], bytes[i]);
      }
    }
    return new ProcessCost(OS.getProcessCpuTime(), allocated);
  }

  /** CPU seconds of the process since this mark (user and system, all threads). */
  double cpuSecondsSince(ProcessCost start) {
    return (cpuNanos - start.cpuNanos) / 1e9;
  }

  /** Bytes allocated since {@code start} by the threads alive at this mark. */
  long bytesSince(ProcessCost start) {
    long sum = 0;
    for (Map.Entry<Long, Long> e : allocated.entrySet()) {
      sum += e.getValue() - start.allocated.getOrDefault(e.getKey(), 0L);
    }
    return sum;
  }
}
