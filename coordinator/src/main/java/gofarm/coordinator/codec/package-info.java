/**
 * Jobs where they meet the wire: each job kind's codec, and what the actors pass around.
 *
 * <ul>
 *   <li>{@link gofarm.coordinator.codec.JobPlan}: a submitted job (id, time, spec as submitted)
 *       with its kind; {@code JobPlan.of} validates a spec and is the one factory of kinds.
 *   <li>{@link gofarm.coordinator.codec.KindCodec}: one kind's chunk assignments, its results
 *       decoded into core records and checked (the {@code WorkerSession} decodes, so the {@code
 *       Job} actor only counts), and its report as a {@link gofarm.coordinator.codec.KindView};
 *       {@link gofarm.coordinator.codec.EvaluateCodec}, {@link
 *       gofarm.coordinator.codec.MatchCodec}, {@link gofarm.coordinator.codec.TuneCodec} (a
 *       tuning's pairs as ordinary game pairs and playout chunks, at the θ its tally has reached)
 *       {@link gofarm.coordinator.codec.FitCodec} (a fit's shards at the γ and group of their pass)
 *       and {@link gofarm.coordinator.codec.BalanceCodec} (a balancing's reference searches and
 *       confirmation as a tuning's, its shards of positions at the γ of their pass).
 *   <li>{@link gofarm.coordinator.codec.JobReport}: a job's progress and its kind's view, which
 *       encodes itself into {@code JobStatus} and {@code JobResults} for {@code WireEncoder}.
 *   <li>{@link gofarm.coordinator.codec.Games}: match games as {@code GameRecord}.
 * </ul>
 *
 * <p>Depends on {@code gofarm.coordinator.job}, {@code gofarm.proto} and {@code gofarm.wire} (whose
 * {@code WorkerProtocol}, {@code StatsCodec}, {@code Results}, {@code MatchSpecs}, {@code
 * FitShards} and {@code BalanceShards} do the field work); no actors, no metrics.
 */
package gofarm.coordinator.codec;
