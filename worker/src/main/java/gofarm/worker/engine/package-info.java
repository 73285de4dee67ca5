/**
 * The worker's playout engine: runs chunks of playouts on a fixed pool of threads with per-thread
 * compiled policies, and match game pairs one per thread ({@link
 * gofarm.worker.engine.PlayoutEngine}).
 */
package gofarm.worker.engine;
