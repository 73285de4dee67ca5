package gofarm.coordinator.codec;

import com.google.protobuf.CodedOutputStream;
import gofarm.coordinator.job.BalanceProgress;
import gofarm.coordinator.job.FitProgress;
import gofarm.coordinator.job.MatchProgress;
import gofarm.coordinator.job.PairFigures;
import gofarm.coordinator.job.TuneProgress;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A kind's report as a {@link JobReport} carries it: the figures, with the code that encodes them
 * for clients ({@code WireEncoder} calls it) and what the metrics read. Immutable.
 */
public interface KindView {
  /** Adds the kind's figures to a job's status (a match's summary, each pair's headlines). */
  void status(JobStatus.Builder status);

  /** Adds the kind's full figures to a job's results; precondition: a report with statistics. */
  void results(JobResults.Builder results);

  /**
   * Writes what {@link #results} adds, as fields of a serialized {@code JobResults}: bytes that
   * parse to the same message. A kind with many large parts (an evaluate job's pairs) writes them
   * one at a time, so that the whole message is never in memory at once; by default the parts are
   * built together.
   */
  default void writeResults(CodedOutputStream out) throws IOException {
    JobResults.Builder b = JobResults.newBuilder();
    results(b);
    b.build().writeTo(out);
  }

  /** This view without what a job listing leaves out. */
  KindView summary();

  /**
   * Whether the job's units are playouts, so that its progress adds to the running-job gauges; no
   * for the kinds of games and passes, which is the default.
   */
  default boolean countsPlayouts() {
    return false;
  }

  /** The figures of the job's (position, policy) pairs of playouts; none for the other kinds. */
  default List<PairFigures> playoutPairs() {
    return List.of();
  }

  /**
   * Where a match job stands; empty for the other kinds (a tuning's or balancing's confirmation
   * games are that job's, not a match's).
   */
  default Optional<MatchProgress> matching() {
    return Optional.empty();
  }

  /** Where a tuning stands; empty for the other kinds. */
  default Optional<TuneProgress> tuning() {
    return Optional.empty();
  }

  /** Where a fit stands; empty for the other kinds. */
  default Optional<FitProgress> fitting() {
    return Optional.empty();
  }

  /** Where a balancing stands; empty for the other kinds. */
  default Optional<BalanceProgress> balancing() {
    return Optional.empty();
  }
}
