/**
 * The coordinator's Pekko typed actors, one behaviour per file: {@link
 * gofarm.coordinator.actor.JobManager} (the registry of jobs), {@link gofarm.coordinator.actor.Job}
 * (one per job: leases, counting, progress), {@link gofarm.coordinator.actor.WorkerPool} (connected
 * workers, credit and fair sharing) and {@link gofarm.coordinator.actor.WorkerSession} (one
 * worker's stream).
 *
 * <p>Actors never touch gRPC callbacks' state; the gRPC services reach them by {@code tell} and
 * {@code ask}. Job bookkeeping lives in {@code gofarm.coordinator.job}.
 */
package gofarm.coordinator.actor;
