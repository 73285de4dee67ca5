/**
 * The model of a job in core terms, independent of actors and of the wire: one set of types per job
 * kind, and the chunk bookkeeping they share.
 *
 * <ul>
 *   <li>{@link gofarm.coordinator.job.JobKind}: what every kind says about itself (its series of
 *       chunks, their units, the engines and lease its chunks need, a fresh tally, its first
 *       report). The actors know kinds only through it.
 *   <li>Evaluate: {@link gofarm.coordinator.job.EvaluatePlan} (a series per (position, policy)
 *       pair, {@link gofarm.coordinator.job.PairPlan}), {@link gofarm.coordinator.job.PlayoutTally}
 *       (their statistics, counted from {@code PlayoutStats}), {@link
 *       gofarm.coordinator.job.EvaluateReport} ({@link gofarm.coordinator.job.PairFigures}).
 *   <li>Match: {@link gofarm.coordinator.job.MatchPlan} (one series of game pairs), {@link
 *       gofarm.coordinator.job.MatchTally} (counted from {@link gofarm.coordinator.job.PlayedPair}s
 *       of {@link gofarm.coordinator.job.GameResult}s; the SPRT), {@link
 *       gofarm.coordinator.job.MatchReport}, {@link gofarm.coordinator.job.GameSgf}, {@link
 *       gofarm.coordinator.job.MatchProgress} (for the metrics).
 *   <li>Tune: {@link gofarm.coordinator.job.TunePlan} (the iterations' series, then the
 *       confirmation's), {@link gofarm.coordinator.job.TuneTally} (SPSA once per batch, counted
 *       from {@link gofarm.coordinator.job.TunePlay}s; it releases iteration k + 1 only once k is
 *       counted), {@link gofarm.coordinator.job.TuneReport}, {@link
 *       gofarm.coordinator.job.TuneProgress} (for the metrics).
 *   <li>Fit: {@link gofarm.coordinator.job.FitPlan} (one series: a chunk per shard of games and
 *       pass), {@link gofarm.coordinator.job.FitTally} (the shards' sums added in shard order, one
 *       MM update per pass; it releases pass k + 1 only once k is counted, and stops by its rule),
 *       {@link gofarm.coordinator.job.FitReport} ({@link gofarm.coordinator.job.FitFigures} per
 *       table measured), {@link gofarm.coordinator.job.FitProgress} (for the metrics).
 *   <li>Balance: {@link gofarm.coordinator.job.BalancePlan} (three series: reference searches, a
 *       chunk per shard of positions and pass, confirmation pairs), {@link
 *       gofarm.coordinator.job.BalanceTally} (the shards' gradients added in shard order, one
 *       simulation-balancing step per pass; pass k + 1 only once k is counted, then the
 *       confirmation), {@link gofarm.coordinator.job.BalancePlay} (a chunk's result), {@link
 *       gofarm.coordinator.job.BalanceReport} ({@link gofarm.coordinator.job.BalanceFigures} per
 *       table measured), {@link gofarm.coordinator.job.BalanceProgress} (for the metrics).
 *   <li>{@link gofarm.coordinator.job.ChunkTable}: which chunks are waiting, leased, held or
 *       counted; a result counts only from the chunk's holder, and goes to the {@link
 *       gofarm.coordinator.job.Tally} in chunk order per series.
 *   <li>{@link gofarm.coordinator.job.SpotChecks}: which results wait for another worker's run of
 *       their chunk, and which workers lied.
 *   <li>{@link gofarm.coordinator.job.JobState}, {@link gofarm.coordinator.job.ChunkWork} (what a
 *       counted chunk did, for the metrics).
 *   <li>{@link gofarm.coordinator.job.JobCost} (a job's chunks, units and statistics bytes, from
 *       its kind in closed form) and {@link gofarm.coordinator.job.JobLimits} (what a coordinator
 *       takes; the refusals with their numbers).
 * </ul>
 *
 * <p>A new kind is a plan, a tally and a report here, a codec in {@code gofarm.coordinator.codec},
 * and one line in {@code JobPlan.of}. Depends on board-core, engine, arena and the core records of
 * {@code gofarm.wire} ({@code ChunkKey}, the resolved jobs); never on {@code gofarm.proto} (checked
 * by {@code CoordinatorArchitectureTest}).
 */
package gofarm.coordinator.job;
