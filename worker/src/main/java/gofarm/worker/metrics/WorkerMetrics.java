package gofarm.worker.metrics;

import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.RuleSeries;
import gofarm.playout.PolicySpec;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The worker's Prometheus metrics, named {@code gofarm_worker_<thing>_<unit>}. Labels are bounded:
 * {@code policy} takes the preset names or {@code custom}, {@code rule} the rule kind ids; job and
 * worker ids are never labels (one scrape target is one worker). Created once at start-up and
 * passed to the {@link gofarm.worker.Worker}; thread-safe.
 *
 * <pre>{@code
 * WorkerMetrics metrics = new WorkerMetrics();              // its own registry, JVM metrics too
 * HTTPServer.builder().port(9464).registry(metrics.registry()).buildAndStart();
 * }</pre>
 *
 * <p>Chunk figures are published once per finished chunk from its {@link PlayoutStats}, never from
 * the playout loop.
 */
public final class WorkerMetrics {
  private final PrometheusRegistry registry;
  private final Counter playouts;
  private final Counter moves;
  private final Counter chunks;
  private final Counter ruleFires;
  private final Histogram chunkDuration;
  private final Gauge busyThreads;
  private final Gauge threads;
  private final Counter reconnects;
  private final Gauge connected;
  private final Gauge resultsUnacked;
  private final Map<String, PolicyPoints> byPolicy = new ConcurrentHashMap<>();

  /** The data points of one policy label, resolved once (label lookups are not free). */
  private record PolicyPoints(
      CounterDataPoint playouts,
      CounterDataPoint moves,
      CounterDataPoint chunks,
      Map<String, CounterDataPoint> ruleFires) {}

  /** Metrics in a new registry, with the JVM's metrics too. */
  public WorkerMetrics() {
    this(new PrometheusRegistry(), true);
  }

  /**
   * Metrics in {@code registry}, with the JVM's if {@code jvm} (a registry takes the JVM metrics
   * once: pass false when another component registered them already).
   */
  public WorkerMetrics(PrometheusRegistry registry, boolean jvm) {
    this.registry = registry;
    playouts =
        Counter.builder()
            .name("gofarm_worker_playouts_total")
            .help("Playouts in finished chunks")
            .labelNames("policy")
            .register(registry);
    moves =
        Counter.builder()
            .name("gofarm_worker_moves_total")
            .help("Moves (passes included) of the playouts in finished chunks")
            .labelNames("policy")
            .register(registry);
    chunks =
        Counter.builder()
            .name("gofarm_worker_chunks_total")
            .help("Chunks finished")
            .labelNames("policy")
            .register(registry);
    ruleFires =
        Counter.builder()
            .name("gofarm_worker_rule_fires_total")
            .help("Playout moves chosen by each rule of the policy")
            .labelNames("policy", "rule")
            .register(registry);
    chunkDuration =
        Histogram.builder()
            .name("gofarm_worker_chunk_duration_seconds")
            .help("Wall-clock time of a chunk on its playout thread")
            .unit(Unit.SECONDS)
            .classicOnly()
            // Chunks are sized for 1-2 s on one thread; the tails show slow machines.
            .classicUpperBounds(0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60)
            .register(registry);
    busyThreads =
        Gauge.builder()
            .name("gofarm_worker_busy_threads")
            .help("Playout threads running a chunk")
            .register(registry);
    threads =
        Gauge.builder()
            .name("gofarm_worker_threads")
            .help("Playout threads of this worker")
            .register(registry);
    reconnects =
        Counter.builder()
            .name("gofarm_worker_reconnects_total")
            .help("Attempts to reach the coordinator after the first one")
            .register(registry);
    connected =
        Gauge.builder()
            .name("gofarm_worker_connected")
            .help("1 while the worker has a stream the hub has welcomed, else 0")
            .register(registry);
    resultsUnacked =
        Gauge.builder()
            .name("gofarm_worker_results_unacked")
            .help("Finished chunk results the hub has not acknowledged yet")
            .register(registry);
    if (jvm) {
      JvmMetrics.builder().register(registry);
    }
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  /**
   * A chunk of {@code policy} finished after {@code seconds} with {@code stats}: adds its playouts,
   * moves and the moves each rule chose (stats rule {@code i} is {@code policy.rules().get(i)}).
   */
  public void chunkFinished(PolicySpec policy, PlayoutStats stats, double seconds) {
    String label = policyLabel(policy);
    PolicyPoints points =
        byPolicy.computeIfAbsent(
            label,
            p ->
                new PolicyPoints(
                    playouts.labelValues(p),
                    moves.labelValues(p),
                    chunks.labelValues(p),
                    new ConcurrentHashMap<>()));
    points.playouts().inc(stats.playouts());
    points.moves().inc(stats.lengthSum());
    points.chunks().inc();
    for (int r = 0; r < stats.ruleCount(); r++) {
      long chosen = stats.get(RuleSeries.CHOSEN, r);
      if (chosen > 0) {
        points
            .ruleFires()
            .computeIfAbsent(
                policy.rules().get(r).kind().id(), rule -> ruleFires.labelValues(label, rule))
            .inc(chosen);
      }
    }
    chunkDuration.observe(seconds);
  }

  public void threads(int n) {
    threads.set(n);
  }

  public void busyThreads(int n) {
    busyThreads.set(n);
  }

  public void reconnect() {
    reconnects.inc();
  }

  public void connected(boolean yes) {
    connected.set(yes ? 1 : 0);
  }

  public void resultsUnacked(int n) {
    resultsUnacked.set(n);
  }

  /**
   * A preset's name when the policy is that preset, else {@code custom}: the label never takes free
   * text, so its values stay few.
   */
  public static String policyLabel(PolicySpec policy) {
    PolicySpec preset = PolicySpec.PRESETS.get(policy.name());
    return preset != null && preset.rules().equals(policy.rules()) ? policy.name() : "custom";
  }
}
