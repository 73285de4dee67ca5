package gofarm.coordinator.actor;

import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.job.GameSgf;
import gofarm.proto.v1.JobResults;
import java.util.List;

/** Where jobs are kept across restarts: specs when submitted, results when finished. */
public interface JobArchive {
  /** Keeps nothing: jobs live as long as the process. */
  JobArchive NONE =
      new JobArchive() {
        @Override
        public void submitted(JobPlan plan) {}

        @Override
        public void finished(JobResults results, List<GameSgf> games) {}
      };

  /** Records a new job, so that it runs again after a restart until it finishes. */
  void submitted(JobPlan plan);

  /**
   * Records a finished job's results and a match's games, to be listed and served after a restart.
   */
  void finished(JobResults results, List<GameSgf> games);

  /** The games of a finished match recorded by {@link #finished}, or an empty list. */
  default List<GameSgf> games(String jobId) {
    return List.of();
  }
}
