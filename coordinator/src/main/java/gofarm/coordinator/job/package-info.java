/**
 * The model of a job, independent of actors and of the wire: how it splits into chunks ({@link
 * gofarm.coordinator.job.JobPlan}, {@link gofarm.coordinator.job.PairPlan}), which chunks are
 * waiting, leased or counted ({@link gofarm.coordinator.job.ChunkTable}), what each series of
 * chunks adds up to ({@link gofarm.coordinator.job.Tally}: playout statistics of an evaluate pair,
 * or the games and SPRT of a match), and snapshots for clients ({@link
 * gofarm.coordinator.job.JobReport}).
 *
 * <p>Depends on board-core; the plan carries proto messages through untouched.
 */
package gofarm.coordinator.job;
