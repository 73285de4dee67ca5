/**
 * The worker's Prometheus metrics ({@link gofarm.worker.metrics.WorkerMetrics}), published once per
 * chunk and on connection changes, never from the playout loop. Depends on board-core's {@code
 * PlayoutStats} and Prometheus client_java only.
 */
package gofarm.worker.metrics;
