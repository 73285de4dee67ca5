/**
 * The coordinator's Pekko typed actors, one behaviour per file: {@link
 * gofarm.coordinator.actor.JobManager} (the registry of jobs: starts them, says where each runs,
 * keeps the finished ones), {@link gofarm.coordinator.actor.Job} (one per job, of any kind: leases,
 * counting through its kind's tally, progress), {@link gofarm.coordinator.actor.WorkerPool}
 * (connected workers, credit and fair sharing) and {@link gofarm.coordinator.actor.WorkerSession}
 * (one worker's stream; it decodes the worker's results with the job's codec and sends them
 * straight to the job that leased the chunk). {@link gofarm.coordinator.actor.FinishedJob} is a
 * finished job as the manager hands it out (its results in memory, on disk or dropped, read off the
 * actors' threads); {@link gofarm.coordinator.actor.JobArchive} and {@link
 * gofarm.coordinator.actor.JobEncoder} are what the manager needs from the store and the gRPC edge.
 *
 * <p>Actors never touch gRPC callbacks' state; the gRPC services reach them by {@code tell} and
 * {@code ask}. Depends on {@code .job} (the model), {@code .codec} (plans, reports and each kind's
 * codec) and {@code .metrics}; the only protobuf here is the worker stream's messages and the
 * encoded results the manager keeps.
 */
package gofarm.coordinator.actor;
