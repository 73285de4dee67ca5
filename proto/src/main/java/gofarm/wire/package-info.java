/**
 * The mapping between the {@code gofarm.v1} protocol messages and board-core types, the validation
 * of every request field with messages of the form {@code field.path: problem (got X)}, and the
 * figures computed from results. Both services and the client use it, so that they agree on every
 * conversion and every error text.
 *
 * <p>Allowed dependencies: board-core, protobuf (with {@code protobuf-java-util} and its Gson for
 * JSON), {@code grpc-api} types for statuses ({@code grpc-protobuf} for the {@code
 * google.rpc.BadRequest} detail). Nothing here logs, starts threads or does network I/O; {@link
 * gofarm.wire.SpecFiles} reads local files for the client only.
 *
 * <p>Key classes:
 *
 * <ul>
 *   <li>{@link gofarm.wire.Violations}: collects {@code field.path: problem} violations
 *       (lowerCamelCase JSON paths) and turns them into {@code INVALID_ARGUMENT} with a {@code
 *       BadRequest} detail.
 *   <li>{@link gofarm.wire.Codec}: rules, policies and positions, both ways.
 *   <li>{@link gofarm.wire.StatsCodec}: playout statistics, both ways, the checks of a worker's
 *       result and an allocation-free {@code mergeInto} for the coordinator's aggregates; {@code
 *       DenseCounts}: the dense block in which workers send the histograms and per-point arrays.
 *   <li>{@link gofarm.wire.JobSpecs}: a {@code JobSpec} validated and resolved into a {@link
 *       gofarm.wire.ResolvedEvaluation} of {@link gofarm.wire.JobPosition}s and policies, a {@link
 *       gofarm.wire.ResolvedMatch} ({@link gofarm.wire.MatchSpecs}) or a {@link
 *       gofarm.wire.ResolvedTune} ({@link gofarm.wire.TuneSpecs}: the tuned numbers, their SPSA
 *       gains, and each pair's perturbation, seed and policies) or a {@link
 *       gofarm.wire.ResolvedFit} ({@link gofarm.wire.FitSpecs}: game records replayed, held out by
 *       the seed and cut into shards), which the coordinator uses without reading protos.
 *   <li>{@link gofarm.wire.Chunking}: default chunk sizes and chunk seeds, pure functions of the
 *       job.
 *   <li>{@link gofarm.wire.WorkerProtocol}: the protocol version, the checks of a {@code Hello},
 *       chunk assignments and results ({@link gofarm.wire.Chunk}, {@link gofarm.wire.ChunkKey});
 *       {@link gofarm.wire.PositionSearches}: the position-search chunks ({@link
 *       gofarm.wire.SearchChunk}); {@link gofarm.wire.FitShards}: the fit chunks (a shard's games
 *       out, its MM sums back, checked).
 *   <li>{@link gofarm.wire.Results}: win rates with Wilson intervals, ownership, top moves and rule
 *       summaries as {@code PairResult} and {@code PairSummary}.
 *   <li>{@link gofarm.wire.FarmRequests}: the checks of the small farm requests.
 *   <li>{@link gofarm.wire.SpecFiles}: the client side: JSON spec files and the SGF files they
 *       name; {@link gofarm.wire.JsonFieldProblem} finds the field of a spec text that the JSON
 *       mapping refuses.
 * </ul>
 */
package gofarm.wire;
