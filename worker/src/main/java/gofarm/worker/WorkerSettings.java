package gofarm.worker;

import gofarm.proto.v1.Hello;
import gofarm.wire.WorkerProtocol;
import io.grpc.StatusRuntimeException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How a {@link Worker} runs: its name and size as the hub sees them, and its timings.
 *
 * <pre>{@code
 * WorkerSettings s = WorkerSettings.builder().threads(8).label("zone", "eu-1").detectEngines().build();
 * s.id();      // "host-4711": the host name and the process id
 * s.credit();  // 16: two chunks per thread, so a thread never waits for the hub
 * }</pre>
 *
 * @param id the worker's name, unique among connected workers (the hub replaces an older connection
 *     with the same id): 1..128 characters of {@code [A-Za-z0-9._:-]}
 * @param threads playout threads, 1..1024
 * @param credit chunks the worker wants in hand at once, 1..4096
 * @param labels free-form labels shown by the hub (zone, machine type)
 * @param engines the external GTP engines this worker can run for match jobs: program name (as
 *     match specs give it, {@code gnugo}) to the executable run in its place; advertised in the
 *     hello, at most 32
 * @param version the worker's software version, for display
 * @param backoff how long to wait between attempts to reach the coordinator
 * @param heartbeat how often to tell the hub the worker is alive; shortened to a third of the hub's
 *     lease if that is shorter
 * @param giveUpAfter how long the worker may go without a connection before it stops for good; null
 *     to retry forever (the default: a worker in a cluster waits for its coordinator)
 */
public record WorkerSettings(
    String id,
    int threads,
    int credit,
    Map<String, String> labels,
    Map<String, Path> engines,
    String version,
    Backoff backoff,
    Duration heartbeat,
    Duration giveUpAfter) {

  /** Well under the hub's lease (a minute by default) and cheap: one tiny message. */
  public static final Duration DEFAULT_HEARTBEAT = Duration.ofSeconds(5);

  /**
   * Checks every field as the hub would check the Hello, so a bad setting fails at start-up.
   *
   * @throws IllegalArgumentException naming the bad fields
   */
  public WorkerSettings {
    labels = Map.copyOf(labels);
    engines = Collections.unmodifiableMap(new TreeMap<>(engines));
    try {
      WorkerProtocol.checkHello(hello(id, threads, credit, labels, engines.keySet(), version));
    } catch (StatusRuntimeException e) {
      throw new IllegalArgumentException(e.getStatus().getDescription(), e);
    }
    if (heartbeat.toMillis() < 1) {
      throw new IllegalArgumentException("heartbeat must be at least 1 ms (got " + heartbeat + ")");
    }
    if (giveUpAfter != null && giveUpAfter.isNegative()) {
      throw new IllegalArgumentException(
          "giveUpAfter must not be negative (got " + giveUpAfter + ")");
    }
  }

  /** A builder with every default: this host, all cores, two chunks per thread. */
  public static Builder builder() {
    return new Builder();
  }

  /** The first message of each stream. */
  Hello hello() {
    return hello(id, threads, credit, labels, engines.keySet(), version);
  }

  private static Hello hello(
      String id,
      int threads,
      int credit,
      Map<String, String> labels,
      Set<String> engines,
      String version) {
    return Hello.newBuilder()
        .setWorkerId(id)
        .setThreads(threads)
        .setCredit(credit)
        .putAllLabels(labels)
        .addAllEngines(engines)
        .setVersion(version)
        .setProtocolVersion(WorkerProtocol.VERSION)
        .setBatches(true)
        .build();
  }

  /**
   * The default worker id: the host name (the pod name in Kubernetes) and the process id, with
   * characters the hub does not accept replaced by {@code _}.
   */
  public static String defaultId() {
    String host = System.getenv("HOSTNAME");
    if (host == null || host.isBlank()) {
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        host = "worker";
      }
    }
    String suffix = "-" + ProcessHandle.current().pid();
    String clean = host.replaceAll("[^A-Za-z0-9._:-]", "_");
    return clean.substring(0, Math.min(clean.length(), 128 - suffix.length())) + suffix;
  }

  /** Builds {@link WorkerSettings}; every field has a default. */
  public static final class Builder {
    private String id;
    private int threads;
    private int credit;
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, Path> engines = new LinkedHashMap<>();
    private final Map<String, Path> detected = new LinkedHashMap<>();
    private String version = "dev";
    private Backoff backoff = Backoff.DEFAULT;
    private Duration heartbeat = DEFAULT_HEARTBEAT;
    private Duration giveUpAfter;

    private Builder() {}

    /** Default: {@link #defaultId()}. */
    public Builder id(String id) {
      this.id = id;
      return this;
    }

    /** Default: all cores. */
    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    /** Default: twice the threads. */
    public Builder credit(int credit) {
      this.credit = credit;
      return this;
    }

    public Builder label(String name, String value) {
      labels.put(name, value);
      return this;
    }

    public Builder labels(Map<String, String> labels) {
      this.labels.putAll(labels);
      return this;
    }

    /**
     * Declares an external engine: {@code program} as match specs name it, run as {@code
     * executable}; replaces a detected one of the same name. Default: none.
     */
    public Builder engine(String program, Path executable) {
      engines.put(program, executable);
      return this;
    }

    /**
     * Adds the {@link Engines#detect() detected} engines (GNU Go on the PATH or in {@code
     * /usr/games}) that were not declared with {@link #engine}; call it after them or before, the
     * declared ones win either way.
     */
    public Builder detectEngines() {
      return detectEngines(Engines.detect());
    }

    /** Adds these detected engines where no engine of the same name is declared. */
    Builder detectEngines(Map<String, Path> detected) {
      detected.forEach(this.detected::putIfAbsent);
      return this;
    }

    /** Default: {@code dev}. */
    public Builder version(String version) {
      this.version = version;
      return this;
    }

    /** Default: {@link Backoff#DEFAULT}. */
    public Builder backoff(Backoff backoff) {
      this.backoff = backoff;
      return this;
    }

    /** Default: {@link #DEFAULT_HEARTBEAT}. */
    public Builder heartbeat(Duration heartbeat) {
      this.heartbeat = heartbeat;
      return this;
    }

    /** Default: null, retry forever. */
    public Builder giveUpAfter(Duration giveUpAfter) {
      this.giveUpAfter = giveUpAfter;
      return this;
    }

    /**
     * The settings, defaults filled in.
     *
     * @throws IllegalArgumentException naming the bad fields
     */
    public WorkerSettings build() {
      int t = threads != 0 ? threads : Runtime.getRuntime().availableProcessors();
      // Clamped, so that a bad thread count is reported once, as itself.
      int c = credit != 0 ? credit : Math.min(WorkerProtocol.MAX_CREDIT, 2 * t);
      Map<String, Path> all = new LinkedHashMap<>(detected);
      all.putAll(engines);
      return new WorkerSettings(
          id != null ? id : defaultId(),
          t,
          c,
          labels,
          all,
          version,
          backoff,
          heartbeat,
          giveUpAfter);
    }
  }
}
