package gofarm.coordinator.actor;

import com.google.protobuf.ByteString;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;

/**
 * Turns job reports into what clients receive. The manager keeps finished jobs' results in the
 * serialized form, which is also what is stored on disk and served after a restart.
 */
public interface JobEncoder {
  /** The status of a job, with its pairs' headline figures. */
  JobStatus status(JobReport report);

  /** Everything the job found; {@code report} carries each pair's statistics. */
  JobResults results(JobPlan plan, JobReport report);

  /**
   * {@link #results} serialized, its status first, written a part at a time (an evaluate job's
   * pairs one by one): bytes that parse to the same message, which is never whole in memory.
   */
  ByteString resultsBytes(JobPlan plan, JobReport report);
}
