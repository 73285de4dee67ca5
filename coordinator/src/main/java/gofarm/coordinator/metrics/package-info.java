/** The coordinator's Prometheus metrics ({@link gofarm.coordinator.metrics.CoordinatorMetrics}). */
package gofarm.coordinator.metrics;
