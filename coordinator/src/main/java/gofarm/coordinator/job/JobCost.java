package gofarm.coordinator.job;

/**
 * What a job costs the coordinator, known from its plan before anything runs: computed per series
 * in closed form by {@link JobKind#cost}, and checked against the coordinator's {@link JobLimits}
 * at submission.
 *
 * @param series the job's series ((position, policy) pairs of an evaluate job)
 * @param chunks chunks of all series: each one a lease, a result message and a count
 * @param units playouts (or games) of all chunks
 * @param statisticsBytes a bound on the bytes its statistics hold while it is unfinished
 */
public record JobCost(int series, long chunks, long units, long statisticsBytes) {}
