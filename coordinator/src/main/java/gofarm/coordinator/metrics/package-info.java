/**
 * The coordinator's Prometheus metrics ({@link gofarm.coordinator.metrics.CoordinatorMetrics}):
 * workers, the queue, counted chunks (a kind's {@code ChunkWork}: playouts by policy, match games)
 * and the running jobs' progress, read from their reports. Depends on {@code .job} and {@code
 * .codec}'s {@code JobReport}.
 */
package gofarm.coordinator.metrics;
