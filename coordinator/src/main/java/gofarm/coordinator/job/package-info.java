/**
 * The model of a job, independent of actors and of the wire: how it splits into chunks ({@link
 * gofarm.coordinator.job.PairPlan}), which chunks are waiting, leased or counted and the statistics
 * they add up to ({@link gofarm.coordinator.job.ChunkTable}), and snapshots for clients ({@link
 * gofarm.coordinator.job.JobReport}).
 *
 * <p>Depends on board-core; the plan carries proto messages through untouched.
 */
package gofarm.coordinator.job;
