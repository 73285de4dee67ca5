package gofarm.coordinator.store;

import com.google.protobuf.Timestamp;
import com.google.protobuf.util.JsonFormat;
import gofarm.coordinator.actor.JobArchive;
import gofarm.coordinator.codec.Games;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.job.GameSgf;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps jobs in a directory so that they survive a restart: {@code jobs/<id>/submitted.pb} when a
 * job is accepted (its id, submission time, owner and spec) and {@code jobs/<id>/results.pb} plus a
 * readable {@code results.json} when it finishes. At start-up, finished jobs are served again and
 * unfinished ones run again from the start (chunks are deterministic, and workers resend the
 * results they still hold, so nothing is lost or counted twice).
 *
 * <p>Files are written to a temporary name and moved into place, so a crash never leaves a
 * half-written file under the real name.
 */
public final class FileJobArchive implements JobArchive {
  private static final Logger LOG = LoggerFactory.getLogger(FileJobArchive.class);
  private static final String SUBMITTED = "submitted.pb";
  private static final String RESULTS = "results.pb";
  private static final String GAMES = "games.pb";

  private final Path jobs;

  /**
   * An archive in {@code dataDir} (created if missing).
   *
   * @throws UncheckedIOException if the directory cannot be created
   */
  public FileJobArchive(Path dataDir) {
    this.jobs = dataDir.resolve("jobs");
    try {
      Files.createDirectories(jobs);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create the data directory " + jobs + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void submitted(JobPlan plan) {
    JobResults record =
        JobResults.newBuilder()
            .setStatus(
                JobStatus.newBuilder()
                    .setJobId(plan.jobId())
                    .setName(plan.name())
                    .setOwner(plan.owner())
                    .setState(JobState.QUEUED)
                    .setSubmitted(
                        Timestamp.newBuilder()
                            .setSeconds(plan.submitted().getEpochSecond())
                            .setNanos(plan.submitted().getNano())))
            .setSpec(plan.spec())
            .build();
    write(plan.jobId(), SUBMITTED, record.toByteArray());
  }

  @Override
  public void finished(JobResults results, List<GameSgf> games) {
    String id = results.getStatus().getJobId();
    if (!games.isEmpty()) {
      // Before the results: a job with results.pb is finished, so its games must be there.
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      try {
        for (GameSgf g : games) {
          Games.toProto(g).writeDelimitedTo(out);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      write(id, GAMES, out.toByteArray());
    }
    write(id, RESULTS, results.toByteArray());
    try {
      write(
          id, "results.json", JsonFormat.printer().print(results).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<GameSgf> games(String jobId) {
    Path file = jobs.resolve(jobId).resolve(GAMES);
    if (!Files.exists(file)) {
      return List.of();
    }
    List<GameSgf> games = new ArrayList<>();
    try (java.io.InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file))) {
      for (GameRecord g; (g = GameRecord.parseDelimitedFrom(in)) != null; ) {
        games.add(Games.fromProto(g));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return games;
  }

  /** What the archive holds: finished jobs' results, and unfinished jobs' submissions. */
  public record Contents(List<JobResults> finished, List<JobResults> unfinished) {}

  /** Reads every job; unreadable ones are logged and skipped. */
  public Contents load() {
    List<JobResults> finished = new ArrayList<>();
    List<JobResults> unfinished = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(jobs)) {
      for (Path dir : dirs) {
        try {
          if (Files.exists(dir.resolve(RESULTS))) {
            finished.add(JobResults.parseFrom(Files.readAllBytes(dir.resolve(RESULTS))));
          } else if (Files.exists(dir.resolve(SUBMITTED))) {
            unfinished.add(JobResults.parseFrom(Files.readAllBytes(dir.resolve(SUBMITTED))));
          }
        } catch (IOException e) {
          LOG.error("skipping unreadable job in {}: {}", dir, e.toString());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jobs + ": " + e.getMessage(), e);
    }
    return new Contents(finished, unfinished);
  }

  private void write(String jobId, String name, byte[] bytes) {
    try {
      Path dir = Files.createDirectories(jobs.resolve(jobId));
      Path tmp = dir.resolve(name + ".tmp");
      Files.write(tmp, bytes);
      try {
        Files.move(
            tmp,
            dir.resolve(name),
            StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write " + name + " of job " + jobId + ": " + e.getMessage(), e);
    }
  }
}
