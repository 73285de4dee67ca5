package gofarm.coordinator.actor;

import gofarm.coordinator.job.JobPlan;
import gofarm.proto.v1.JobResults;

/** Where jobs are kept across restarts: specs when submitted, results when finished. */
public interface JobArchive {
  /** Keeps nothing: jobs live as long as the process. */
  JobArchive NONE =
      new JobArchive() {
        @Override
        public void submitted(JobPlan plan) {}

        @Override
        public void finished(JobResults results) {}
      };

  /** Records a new job, so that it runs again after a restart until it finishes. */
  void submitted(JobPlan plan);

  /** Records a finished job's results, to be listed and served after a restart. */
  void finished(JobResults results);
}
