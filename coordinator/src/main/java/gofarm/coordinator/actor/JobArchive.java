package gofarm.coordinator.actor;

import com.google.protobuf.ByteString;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.job.GameSgf;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.util.List;

/**
 * Where jobs are kept across restarts: specs when submitted, results when finished. Finished jobs'
 * results are read back on demand, so that the coordinator's memory need not hold them.
 */
public interface JobArchive {
  /** Keeps nothing: jobs live as long as the process. */
  JobArchive NONE =
      new JobArchive() {
        @Override
        public void submitted(JobPlan plan) {}

        @Override
        public boolean finished(String jobId, ByteString results, ByteString games) {
          return false;
        }
      };

  /** Records a new job, so that it runs again after a restart until it finishes. */
  void submitted(JobPlan plan);

  /**
   * Records a finished job's results and a match's games, to be listed and served after a restart.
   * Called off the actors' threads, one job at a time.
   *
   * @param results a serialized {@code JobResults}, its status first
   * @param games a match's {@code GameRecord}s, each length-delimited; empty for other kinds
   * @return whether {@link #results} reads them back (false when the archive keeps nothing)
   */
  boolean finished(String jobId, ByteString results, ByteString games);

  /**
   * Opens the results recorded by {@link #finished}: a serialized {@code JobResults}.
   *
   * @throws IOException if there are none, or they cannot be read
   */
  default InputStream results(String jobId) throws IOException {
    throw new NoSuchFileException("the results of job " + jobId + " (no archive)");
  }

  /** The games of a finished match recorded by {@link #finished}, or an empty list. */
  default List<GameSgf> games(String jobId) {
    return List.of();
  }
}
