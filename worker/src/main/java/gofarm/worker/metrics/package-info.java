/**
 * The worker's Prometheus metrics ({@link gofarm.worker.metrics.WorkerMetrics}), published once per
 * chunk and on connection changes, never from the playout loop. Depends on engine's {@code
 * PlayoutStats} and {@code PolicySpec} ({@code gofarm.playout}) and Prometheus client_java only; no
 * other package of the worker.
 */
package gofarm.worker.metrics;
