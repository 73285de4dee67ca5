/**
 * The worker's playout engine: runs chunks of playouts on a fixed pool of threads with per-thread
 * compiled policies, and match game pairs one per thread ({@link
 * gofarm.worker.engine.PlayoutEngine}). Uses engine's {@code gofarm.playout} and board-core only;
 * no other package of the worker.
 */
package gofarm.worker.engine;
