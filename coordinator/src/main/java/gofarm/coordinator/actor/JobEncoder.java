package gofarm.coordinator.actor;

import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.codec.JobReport;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;

/**
 * Turns job reports into what clients receive. The manager keeps finished jobs in this encoded
 * form, which is also what is stored on disk and served after a restart.
 */
public interface JobEncoder {
  /** The status of a job, with its pairs' headline figures. */
  JobStatus status(JobReport report);

  /** Everything the job found; {@code report} carries each pair's statistics. */
  JobResults results(JobPlan plan, JobReport report);
}
