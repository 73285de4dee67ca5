package gofarm.coordinator.metrics;

import gofarm.coordinator.codec.JobReport;
import gofarm.coordinator.job.BalanceProgress;
import gofarm.coordinator.job.ChunkWork;
import gofarm.coordinator.job.FitProgress;
import gofarm.coordinator.job.JobState;
import gofarm.coordinator.job.MatchProgress;
import gofarm.coordinator.job.PairFigures;
import gofarm.coordinator.job.TuneProgress;
import gofarm.playout.PolicySpec;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The coordinator's Prometheus metrics, named {@code gofarm_coordinator_<thing>_<unit>}. Labels are
 * bounded: {@code state} takes the five job states, {@code policy} the preset names or {@code
 * custom}, {@code objective} match or evaluation, {@code sample} train or test; job and worker ids
 * are never labels. Created once at start-up and passed to the actors; thread-safe.
 *
 * <p>Running jobs are summed, not shown one by one (a job id would be an unbounded label): {@code
 * gofarm_coordinator_running_playouts_done} over {@code _requested} is the progress of all running
 * jobs together, and {@code gofarm_coordinator_running_black_win_rate{policy}} is the black win
 * rate over every counted playout of the running jobs' pairs with that policy, all positions
 * together (a series exists only while such a pair has playouts). Running tune jobs are summed by
 * {@code objective} (match or evaluation): iterations done and requested, and the objective's
 * running value averaged over the jobs. Running fit jobs are summed likewise: updates made and
 * allowed, and the latest table's log-likelihood per decision averaged over the jobs, by {@code
 * sample} (train or test); running balance jobs too, with the latest table's mean squared error.
 * Running match jobs are summed likewise: games counted and asked for, the SPRT's LLR and its
 * bounds averaged over the matches with an SPRT, and the candidate's Elo with its interval averaged
 * over the matches with a pair counted; these series exist only while such a match runs.
 */
public final class CoordinatorMetrics {
  /** The values of the {@code objective} label of the tune gauges. */
  private static final List<String> TUNE_OBJECTIVES = List.of("match", "evaluation");

  /** The values of the {@code sample} label of the fit gauge: training or held-out games. */
  private static final List<String> FIT_SAMPLES = List.of("train", "test");

  private final PrometheusRegistry registry;
  private final Gauge workersConnected;
  private final Gauge workerThreads;
  private final Gauge chunksQueued;
  private final Gauge chunksLeased;
  private final Counter chunksCompleted;
  private final Counter chunksRequeued;
  private final Counter chunksBackedUp;
  private final Counter chunksDuplicate;
  private final Counter chunksUnneeded;
  private final Counter resultsRefused;
  private final Counter spotChecks;
  private final Counter workersQuarantined;
  private final Gauge connections;
  private final Counter connectionsRefused;
  private final Counter playouts;
  private final Counter moves;
  private final Gauge statisticsBytes;
  private final Gauge jobs;
  private final Histogram roundTrip;
  private final Counter matchGames;
  private final Histogram matchGameMoves;
  private final Gauge runningPlayoutsDone;
  private final Gauge runningPlayoutsRequested;
  private final Gauge runningBlackWinRate;
  private final Gauge runningTuneIterationsDone;
  private final Gauge runningTuneIterationsRequested;
  private final Gauge runningTuneObjective;
  private final Gauge runningFitIterationsDone;
  private final Gauge runningFitIterationsRequested;
  private final Gauge runningFitLogLikelihood;
  private final Gauge runningBalanceIterationsDone;
  private final Gauge runningBalanceIterationsRequested;
  private final Gauge runningBalanceMse;
  private final Gauge runningMatchGamesDone;
  private final Gauge runningMatchGamesRequested;

  /**
   * The LLR and its lower and upper bound, each averaged over the running matches with an SPRT;
   * null when none runs. Replaced whole, never changed: the scrape reads it on another thread.
   */
  private volatile double[] runningMatchLlr;

  /**
   * The Elo and the low and high ends of its interval, each averaged over the running matches with
   * a pair counted; null when none has. Replaced whole, like {@link #runningMatchLlr}.
   */
  private volatile double[] runningMatchElo;

  private final Set<String> runningPolicies = new HashSet<>();
  private final Map<String, CounterDataPoint> playoutsByPolicy = new ConcurrentHashMap<>();
  private final Map<String, CounterDataPoint> movesByPolicy = new ConcurrentHashMap<>();

  /** Metrics in a new registry, with the JVM's metrics too. */
  public CoordinatorMetrics() {
    this(new PrometheusRegistry(), true);
  }

  /** Metrics in {@code registry}, with the JVM's if {@code jvm}. */
  public CoordinatorMetrics(PrometheusRegistry registry, boolean jvm) {
    this.registry = registry;
    workersConnected =
        Gauge.builder()
            .name("gofarm_coordinator_workers_connected")
            .help("Workers with an open stream to the hub")
            .register(registry);
    workerThreads =
        Gauge.builder()
            .name("gofarm_coordinator_worker_threads")
            .help("Playout threads of the connected workers")
            .register(registry);
    chunksQueued =
        Gauge.builder()
            .name("gofarm_coordinator_chunks_queued")
            .help("Chunks of running jobs waiting for a worker")
            .register(registry);
    chunksLeased =
        Gauge.builder()
            .name("gofarm_coordinator_chunks_leased")
            .help("Chunks leased to workers and not yet returned")
            .register(registry);
    chunksCompleted =
        Counter.builder()
            .name("gofarm_coordinator_chunks_completed_total")
            .help("Chunk results counted")
            .register(registry);
    chunksBackedUp =
        Counter.builder()
            .name("gofarm_coordinator_chunks_backed_up_total")
            .help("Overdue chunks leased again to a second worker, the first result to count")
            .register(registry);
    chunksRequeued =
        Counter.builder()
            .name("gofarm_coordinator_chunks_requeued_total")
            .help("Chunks put back in the queue: worker gone, lease expired, or returned")
            .register(registry);
    chunksDuplicate =
        Counter.builder()
            .name("gofarm_coordinator_chunks_duplicate_total")
            .help("Chunk results dropped because the chunk was already counted")
            .register(registry);
    chunksUnneeded =
        Counter.builder()
            .name("gofarm_coordinator_chunks_unneeded_total")
            .help("Chunk results dropped because their job or pair no longer needed them")
            .register(registry);
    resultsRefused =
        Counter.builder()
            .name("gofarm_coordinator_results_refused_total")
            .help(
                "Worker results refused: malformed or impossible counts (invalid), a chunk not"
                    + " leased to that worker (not_leased), a quarantined worker (quarantined), a"
                    + " chunk the job does not have (no_such_chunk)")
            .labelNames("reason")
            .register(registry);
    spotChecks =
        Counter.builder()
            .name("gofarm_coordinator_spot_check_runs_total")
            .help(
                "Second runs of held chunks: agreed with an earlier run (the chunk counted),"
                    + " differed (another run decides), or skipped (no second worker in time)")
            .labelNames("outcome")
            .register(registry);
    workersQuarantined =
        Counter.builder()
            .name("gofarm_coordinator_workers_quarantined_total")
            .help("Workers quarantined because a spot check found their result wrong")
            .register(registry);
    connections =
        Gauge.builder()
            .name("gofarm_coordinator_connections")
            .help("TCP connections open on the gRPC port")
            .register(registry);
    connectionsRefused =
        Counter.builder()
            .name("gofarm_coordinator_connections_refused_total")
            .help("TCP connections to the gRPC port closed at once: --max-connections were open")
            .register(registry);
    playouts =
        Counter.builder()
            .name("gofarm_coordinator_playouts_total")
            .help("Playouts in counted chunk results")
            .labelNames("policy")
            .register(registry);
    moves =
        Counter.builder()
            .name("gofarm_coordinator_moves_total")
            .help("Moves (passes included) of the playouts in counted chunk results")
            .labelNames("policy")
            .register(registry);
    statisticsBytes =
        Gauge.builder()
            .name("gofarm_coordinator_statistics_bytes")
            .help(
                "Bytes counted against --max-statistics-mb: the bound of unfinished jobs'"
                    + " statistics (and what jobs finished in the last seconds still hold)"
                    + " (unfinished), finished jobs' results kept in memory (finished)")
            .labelNames("jobs")
            .register(registry);
    jobs =
        Gauge.builder()
            .name("gofarm_coordinator_jobs")
            .help("Jobs by state")
            .labelNames("state")
            .register(registry);
    roundTrip =
        Histogram.builder()
            .name("gofarm_coordinator_chunk_round_trip_seconds")
            .help("Time from leasing a chunk to counting its result")
            .unit(Unit.SECONDS)
            .classicOnly()
            .classicUpperBounds(0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60, 300)
            .register(registry);
    matchGames =
        Counter.builder()
            .name("gofarm_coordinator_match_games_total")
            .help("Match games counted (two per game pair)")
            .register(registry);
    matchGameMoves =
        Histogram.builder()
            .name("gofarm_coordinator_match_game_moves")
            .help("Moves of the counted match games after their opening, passes included")
            .classicOnly()
            .classicUpperBounds(10, 20, 40, 60, 80, 100, 150, 200, 300, 500, 1000)
            .register(registry);
    runningPlayoutsDone =
        Gauge.builder()
            .name("gofarm_coordinator_running_playouts_done")
            .help("Playouts counted so far for the running jobs, all together")
            .register(registry);
    runningPlayoutsRequested =
        Gauge.builder()
            .name("gofarm_coordinator_running_playouts_requested")
            .help("Playouts the running jobs asked for, all together")
            .register(registry);
    runningBlackWinRate =
        Gauge.builder()
            .name("gofarm_coordinator_running_black_win_rate")
            .help(
                "Black win rate (draws count half) over the counted playouts of the running jobs'"
                    + " pairs with this policy, all positions together")
            .labelNames("policy")
            .register(registry);
    runningTuneIterationsDone =
        Gauge.builder()
            .name("gofarm_coordinator_running_tune_iterations_done")
            .help("SPSA iterations counted so far for the running tune jobs with this objective")
            .labelNames("objective")
            .register(registry);
    runningTuneIterationsRequested =
        Gauge.builder()
            .name("gofarm_coordinator_running_tune_iterations_requested")
            .help("SPSA iterations the running tune jobs with this objective asked for")
            .labelNames("objective")
            .register(registry);
    runningTuneObjective =
        Gauge.builder()
            .name("gofarm_coordinator_running_tune_objective")
            .help(
                "The running value of the running tune jobs' objective, averaged over those jobs:"
                    + " θ+'s score against θ− (match) or the mean squared error (evaluation), over"
                    + " the last tenth of each job's iterations")
            .labelNames("objective")
            .register(registry);
    runningFitIterationsDone =
        Gauge.builder()
            .name("gofarm_coordinator_running_fit_iterations_done")
            .help("MM updates made so far by the running fit jobs, all together")
            .register(registry);
    runningFitIterationsRequested =
        Gauge.builder()
            .name("gofarm_coordinator_running_fit_iterations_requested")
            .help("MM updates the running fit jobs may make at most (maxIterations), all together")
            .register(registry);
    runningFitLogLikelihood =
        Gauge.builder()
            .name("gofarm_coordinator_running_fit_log_likelihood")
            .help(
                "The log-likelihood per decision of the latest table each running fit job measured,"
                    + " over its training (sample=train) or held-out (sample=test) games, averaged"
                    + " over those jobs")
            .labelNames("sample")
            .register(registry);
    runningBalanceIterationsDone =
        Gauge.builder()
            .name("gofarm_coordinator_running_balance_iterations_done")
            .help(
                "Simulation-balancing updates made so far by the running balance jobs, all together")
            .register(registry);
    runningBalanceIterationsRequested =
        Gauge.builder()
            .name("gofarm_coordinator_running_balance_iterations_requested")
            .help("Updates the running balance jobs make in all (iterations), all together")
            .register(registry);
    runningBalanceMse =
        Gauge.builder()
            .name("gofarm_coordinator_running_balance_mse")
            .help(
                "The mean squared error (V* - V)^2 of the latest table each running balance job"
                    + " measured, over its training (sample=train) or held-out (sample=test)"
                    + " positions, averaged over those jobs")
            .labelNames("sample")
            .register(registry);
    runningMatchGamesDone =
        Gauge.builder()
            .name("gofarm_coordinator_running_match_games_done")
            .help("Games counted so far for the running match jobs (two per pair), all together")
            .register(registry);
    runningMatchGamesRequested =
        Gauge.builder()
            .name("gofarm_coordinator_running_match_games_requested")
            .help("Games the running match jobs asked for (two per pair), all together")
            .register(registry);
    // Callbacks rather than set gauges: a gauge without labels is always exported (0 before the
    // first set and after a remove), and an LLR or Elo of 0 is a value, not "no match runs".
    runningMatchGauge(
        "gofarm_coordinator_running_match_llr",
        "The SPRT's log-likelihood ratio after the pairs counted so far, averaged over the running"
            + " match jobs with an SPRT (absent without one)",
        () -> runningMatchLlr,
        0);
    runningMatchGauge(
        "gofarm_coordinator_running_match_llr_lower",
        "The SPRT's lower bound ln(beta/(1-alpha)), where it accepts H0, averaged over the running"
            + " match jobs with an SPRT (each one's own bound when they share alpha and beta)",
        () -> runningMatchLlr,
        1);
    runningMatchGauge(
        "gofarm_coordinator_running_match_llr_upper",
        "The SPRT's upper bound ln((1-beta)/alpha), where it accepts H1, averaged over the running"
            + " match jobs with an SPRT (each one's own bound when they share alpha and beta)",
        () -> runningMatchLlr,
        2);
    runningMatchGauge(
        "gofarm_coordinator_running_match_elo",
        "The candidate's Elo difference to the baseline over the pairs counted so far (the"
            + " fixed-sample estimate), averaged over the running match jobs with a pair counted;"
            + " +Inf or -Inf while one side has scored every point",
        () -> runningMatchElo,
        0);
    runningMatchGauge(
        "gofarm_coordinator_running_match_elo_low",
        "The low end of the 95 % interval of the running match jobs' Elo, averaged over the jobs"
            + " of gofarm_coordinator_running_match_elo",
        () -> runningMatchElo,
        1);
    runningMatchGauge(
        "gofarm_coordinator_running_match_elo_high",
        "The high end of the 95 % interval of the running match jobs' Elo, averaged over the jobs"
            + " of gofarm_coordinator_running_match_elo",
        () -> runningMatchElo,
        2);
    for (JobState s : JobState.values()) {
      jobs.labelValues(label(s)).set(0);
    }
    for (String objective : TUNE_OBJECTIVES) {
      runningTuneIterationsDone.labelValues(objective).set(0);
      runningTuneIterationsRequested.labelValues(objective).set(0);
    }
    if (jvm) {
      JvmMetrics.builder().register(registry);
    }
  }

  /**
   * A gauge of {@code values.get()[index]}, exported only while {@code values.get()} is not null.
   */
  private void runningMatchGauge(String name, String help, Supplier<double[]> values, int index) {
    GaugeWithCallback.builder()
        .name(name)
        .help(help)
        .callback(
            c -> {
              double[] v = values.get();
              if (v != null) {
                c.call(v[index]);
              }
            })
        .register(registry);
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  public void workers(int connected, int threads) {
    workersConnected.set(connected);
    workerThreads.set(threads);
  }

  public void queue(int queued, int leased) {
    chunksQueued.set(queued);
    chunksLeased.set(leased);
  }

  /**
   * A chunk result was counted: its playouts and their moves, or its games and their lengths,
   * leased {@code roundTripSeconds} ago (negative when it came without a lease).
   */
  public void chunkCounted(ChunkWork work, double roundTripSeconds) {
    chunksCompleted.inc();
    if (work.playouts() > 0) {
      String p = policyLabel(work.policy());
      playoutsByPolicy.computeIfAbsent(p, playouts::labelValues).inc(work.playouts());
      movesByPolicy.computeIfAbsent(p, moves::labelValues).inc(work.moves());
    }
    for (int gameMoves : work.gameMoves()) {
      matchGames.inc();
      matchGameMoves.observe(gameMoves);
    }
    if (roundTripSeconds >= 0) {
      roundTrip.observe(roundTripSeconds);
    }
  }

  public void chunksRequeued(int n) {
    chunksRequeued.inc(n);
  }

  public void chunksBackedUp(int n) {
    chunksBackedUp.inc(n);
  }

  public void chunkDuplicate() {
    chunksDuplicate.inc();
  }

  public void chunkNotNeeded() {
    chunksUnneeded.inc();
  }

  /** A worker's result was refused; {@code reason} is one of the help text's labels. */
  public void resultRefused(String reason) {
    resultsRefused.labelValues(reason).inc();
  }

  /** A spot check run: {@code agreed}, {@code differed} or {@code skipped}. */
  public void spotCheck(String outcome) {
    spotChecks.labelValues(outcome).inc();
  }

  public void workerQuarantined() {
    workersQuarantined.inc();
  }

  /** A TCP connection to the gRPC port was taken in ({@code +1}) or has closed ({@code -1}). */
  public void connectionsOpen(int change) {
    connections.inc(change);
  }

  public void connectionRefused() {
    connectionsRefused.inc();
  }

  /**
   * The bytes counted against the statistics budget: {@code unfinished} for unfinished jobs (and
   * finished ones whose actors have not stopped yet), {@code finished} for results kept in memory.
   */
  public void statisticsBytes(long unfinished, long finished) {
    statisticsBytes.labelValues("unfinished").set(unfinished);
    statisticsBytes.labelValues("finished").set(finished);
  }

  public void jobs(Map<JobState, Integer> counts) {
    for (JobState s : JobState.values()) {
      jobs.labelValues(label(s)).set(counts.getOrDefault(s, 0));
    }
  }

  /**
   * Sets the running-job gauges from the latest reports of the running jobs (reports with their
   * pairs; reports of jobs in other states, and of kinds whose progress counts games, are ignored).
   */
  public void runningJobs(Collection<JobReport> reports) {
    long done = 0;
    long requested = 0;
    // policy label -> {black wins (draws half), playouts}
    Map<String, double[]> byPolicy = new TreeMap<>();
    for (JobReport r : reports) {
      if (r.state() != JobState.RUNNING || !r.kind().countsPlayouts()) {
        continue;
      }
      done += r.playoutsDone();
      requested += r.playoutsTotal();
      for (PairFigures p : r.kind().playoutPairs()) {
        if (p.playouts() > 0) {
          double[] sums = byPolicy.computeIfAbsent(policyLabel(p.policyName()), k -> new double[2]);
          sums[0] += p.blackWinRate() * p.playouts();
          sums[1] += p.playouts();
        }
      }
    }
    runningPlayoutsDone.set(done);
    runningPlayoutsRequested.set(requested);
    tuning(reports);
    fitting(reports);
    balancing(reports);
    matching(reports);
    synchronized (runningPolicies) {
      for (String gone : runningPolicies) {
        if (!byPolicy.containsKey(gone)) {
          runningBlackWinRate.remove(gone);
        }
      }
      runningPolicies.clear();
      for (Map.Entry<String, double[]> e : byPolicy.entrySet()) {
        runningBlackWinRate.labelValues(e.getKey()).set(e.getValue()[0] / e.getValue()[1]);
        runningPolicies.add(e.getKey());
      }
    }
  }

  /** The tune gauges from the running tune jobs' reports, by objective. */
  private void tuning(Collection<JobReport> reports) {
    for (String objective : TUNE_OBJECTIVES) {
      long done = 0;
      long requested = 0;
      double sum = 0;
      int valued = 0;
      for (JobReport r : reports) {
        if (r.state() != JobState.RUNNING) {
          continue;
        }
        Optional<TuneProgress> t = r.kind().tuning();
        if (t.isEmpty() || !t.get().objective().equals(objective)) {
          continue;
        }
        done += t.get().iteration();
        requested += t.get().iterations();
        if (!Double.isNaN(t.get().value())) {
          sum += t.get().value();
          valued++;
        }
      }
      runningTuneIterationsDone.labelValues(objective).set(done);
      runningTuneIterationsRequested.labelValues(objective).set(requested);
      if (valued > 0) {
        runningTuneObjective.labelValues(objective).set(sum / valued);
      } else {
        runningTuneObjective.remove(objective);
      }
    }
  }

  /** The fit gauges from the running fit jobs' reports. */
  private void fitting(Collection<JobReport> reports) {
    long done = 0;
    long requested = 0;
    double[] sum = new double[FIT_SAMPLES.size()];
    int[] valued = new int[FIT_SAMPLES.size()];
    for (JobReport r : reports) {
      if (r.state() != JobState.RUNNING) {
        continue;
      }
      Optional<FitProgress> f = r.kind().fitting();
      if (f.isEmpty()) {
        continue;
      }
      done += f.get().iteration();
      requested += f.get().maxIterations();
      double[] values = {f.get().trainLogLikelihood(), f.get().testLogLikelihood()};
      for (int i = 0; i < values.length; i++) {
        if (!Double.isNaN(values[i])) {
          sum[i] += values[i];
          valued[i]++;
        }
      }
    }
    runningFitIterationsDone.set(done);
    runningFitIterationsRequested.set(requested);
    for (int i = 0; i < FIT_SAMPLES.size(); i++) {
      if (valued[i] > 0) {
        runningFitLogLikelihood.labelValues(FIT_SAMPLES.get(i)).set(sum[i] / valued[i]);
      } else {
        runningFitLogLikelihood.remove(FIT_SAMPLES.get(i));
      }
    }
  }

  /** The balance gauges from the running balance jobs' reports. */
  private void balancing(Collection<JobReport> reports) {
    long done = 0;
    long requested = 0;
    double[] sum = new double[FIT_SAMPLES.size()];
    int[] valued = new int[FIT_SAMPLES.size()];
    for (JobReport r : reports) {
      if (r.state() != JobState.RUNNING) {
        continue;
      }
      Optional<BalanceProgress> b = r.kind().balancing();
      if (b.isEmpty()) {
        continue;
      }
      done += b.get().iteration();
      requested += b.get().iterations();
      double[] values = {b.get().trainMse(), b.get().testMse()};
      for (int i = 0; i < values.length; i++) {
        if (!Double.isNaN(values[i])) {
          sum[i] += values[i];
          valued[i]++;
        }
      }
    }
    runningBalanceIterationsDone.set(done);
    runningBalanceIterationsRequested.set(requested);
    for (int i = 0; i < FIT_SAMPLES.size(); i++) {
      if (valued[i] > 0) {
        runningBalanceMse.labelValues(FIT_SAMPLES.get(i)).set(sum[i] / valued[i]);
      } else {
        runningBalanceMse.remove(FIT_SAMPLES.get(i));
      }
    }
  }

  /** The match gauges from the running match jobs' reports. */
  private void matching(Collection<JobReport> reports) {
    long done = 0;
    long requested = 0;
    double[] llr = new double[3];
    int tested = 0;
    double[] elo = new double[3];
    int rated = 0;
    for (JobReport r : reports) {
      if (r.state() != JobState.RUNNING) {
        continue;
      }
      Optional<MatchProgress> m = r.kind().matching();
      if (m.isEmpty()) {
        continue;
      }
      done += m.get().games();
      requested += m.get().gamesRequested();
      if (!Double.isNaN(m.get().llr())) {
        llr[0] += m.get().llr();
        llr[1] += m.get().llrLower();
        llr[2] += m.get().llrUpper();
        tested++;
      }
      if (!Double.isNaN(m.get().elo())) {
        elo[0] += m.get().elo();
        elo[1] += m.get().eloLow();
        elo[2] += m.get().eloHigh();
        rated++;
      }
    }
    runningMatchGamesDone.set(done);
    runningMatchGamesRequested.set(requested);
    runningMatchLlr = mean(llr, tested);
    runningMatchElo = mean(elo, rated);
  }

  /** {@code sums} divided by {@code n}, or null when {@code n} is 0. */
  private static double[] mean(double[] sums, int n) {
    if (n == 0) {
      return null;
    }
    double[] mean = new double[sums.length];
    for (int i = 0; i < sums.length; i++) {
      mean[i] = sums[i] / n;
    }
    return mean;
  }

  private static String label(JobState s) {
    return s.name().toLowerCase(Locale.ROOT);
  }

  /** A preset's name, or {@code custom}: the policy label never takes free text. */
  static String policyLabel(String name) {
    return PolicySpec.PRESETS.containsKey(name) ? name : "custom";
  }
}
