/**
 * The worker node: dials the coordinator's {@code WorkerHub}, runs playout chunks and match game
 * pairs on all cores and streams results back until they are acknowledged.
 *
 * <ul>
 *   <li>{@link gofarm.worker.Worker}: the lifecycle (start, drain, close) and the stream protocol:
 *       hello, chunks, results kept until acknowledged, heartbeats, reconnection, draining.
 *   <li>{@link gofarm.worker.WorkerSettings}: id, threads, credit, labels, engines and timings.
 *   <li>{@link gofarm.worker.Engines}: the external GTP engines a worker can run for match jobs:
 *       detection (GNU Go on the PATH or in {@code /usr/games}), {@code --engine} options, and the
 *       executable put in place of a match player's program.
 *   <li>{@code MatchChunks}: plays a match chunk's game pair and tells a malformed assignment and
 *       an engine failure apart.
 *   <li>{@link gofarm.worker.Backoff}: exponential backoff with jitter between attempts.
 *   <li>{@link gofarm.worker.WorkerFailedException}: why a worker stopped for good.
 * </ul>
 *
 * <p>Depends on {@code proto} (the {@code worker.proto} contract and {@code gofarm.wire}), {@code
 * board-core}, gRPC, Prometheus and SLF4J; it never compiles against the coordinator.
 */
package gofarm.worker;
