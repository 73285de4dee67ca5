/**
 * The worker node: dials the coordinator's {@code WorkerHub}, runs playout chunks and match game
 * pairs on all cores and streams results back until they are acknowledged.
 *
 * <ul>
 *   <li>{@link gofarm.worker.Worker}: the public face and the lifecycle (start, drain, close).
 *   <li>{@code HubConnection}: the stream: hello, welcome, heartbeats, results and hand-backs, and
 *       {@code Reconnects}: refusal, backoff and giving up when a stream ends.
 *   <li>{@code ChunkQueue}: the chunks queued, running, and finished with results kept until
 *       acknowledged; {@code ChunkDispatch}: what each assignment, acknowledgement and outcome
 *       means, and running chunks on the playout threads; {@code Drain}: handing back and waiting.
 *   <li>{@code ControlThread}: the one thread all of the above belongs to (no locks).
 *   <li>{@link gofarm.worker.WorkerSettings}: id, threads, credit, labels, engines and timings.
 *   <li>{@link gofarm.worker.Engines}: the external GTP engines a worker can run for match jobs:
 *       detection (GNU Go on the PATH or in {@code /usr/games}), {@code --engine} options, and the
 *       executable put in place of a match player's program.
 *   <li>{@code MatchChunks}: plays a match chunk's game pair and tells a malformed assignment and
 *       an engine failure apart; {@code PositionSearchChunks}: runs a position search (a tuning's
 *       reference value) on one thread; {@code FitShardChunks}: sums a fit job's shard of games for
 *       one feature group on one thread; {@code BalanceShardChunks}: measures and differentiates a
 *       balance job's shard of positions on one thread.
 *   <li>{@link gofarm.worker.Backoff}: exponential backoff with jitter between attempts.
 *   <li>{@link gofarm.worker.WorkerFailedException}: why a worker stopped for good.
 * </ul>
 *
 * <p>Uses {@code gofarm.worker.engine} and {@code gofarm.worker.metrics}, which use no other
 * package of the worker ({@code WorkerArchitectureTest}). Depends on {@code proto} (the {@code
 * worker.proto} contract and {@code gofarm.wire}), {@code arena} and below, gRPC, Prometheus and
 * SLF4J; it never compiles against the coordinator.
 */
package gofarm.worker;
