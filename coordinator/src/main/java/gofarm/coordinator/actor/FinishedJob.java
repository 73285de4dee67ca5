package gofarm.coordinator.actor;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import gofarm.coordinator.codec.Games;
import gofarm.coordinator.job.GameSgf;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * A finished job as the {@link JobManager} hands it out: its entry in the listing, always at hand,
 * and its results and games wherever the manager keeps them: being encoded, in memory as bytes, in
 * the archive on disk, or dropped. Immutable; what it reads and decodes it reads on {@code
 * executor}, never on an actor's thread.
 *
 * <pre>{@code
 * JobManager.Found found = ...;               // from JobManager.Lookup
 * if (found.finished().gone() != null) ...    // dropped: say why
 * found.finished().serializedResults().thenAccept(bytes -> ...);
 * }</pre>
 */
public final class FinishedJob {

  /**
   * A finished job's results as kept in memory: a serialized {@code JobResults} (its status first)
   * and a match's games (each {@code GameRecord} length-delimited; empty for other kinds).
   */
  public record Stored(ByteString results, ByteString games) {
    /** The bytes counted against the coordinator's statistics budget. */
    public long bytes() {
      return (long) results.size() + games.size();
    }
  }

  /** A finished job's status and kind: what the start of its results says. */
  public record Head(JobStatus status, JobSpec.KindCase kind) {}

  private final String jobId;
  private final JobStatus listed;
  private final JobSpec.KindCase kind;
  private final CompletionStage<Stored> stored;
  private final CompletionStage<JobStatus> status;
  private final JobArchive archive;
  private final Executor executor;
  private final String gone;

  private FinishedJob(
      String jobId,
      JobStatus listed,
      JobSpec.KindCase kind,
      CompletionStage<Stored> stored,
      CompletionStage<JobStatus> status,
      JobArchive archive,
      Executor executor,
      String gone) {
    this.jobId = jobId;
    this.listed = listed;
    this.kind = kind;
    this.stored = stored;
    this.status = status;
    this.archive = archive;
    this.executor = executor;
    this.gone = gone;
  }

  /** A job whose results are in memory. */
  static FinishedJob inMemory(
      String jobId, JobStatus listed, JobSpec.KindCase kind, Stored stored, Executor executor) {
    return new FinishedJob(
        jobId, listed, kind, CompletableFuture.completedFuture(stored), null, null, executor, null);
  }

  /**
   * A job whose results are being encoded: they are in memory once {@code stored} completes, and
   * its full status once {@code status} does (sooner: encoding the status takes no statistics).
   */
  static FinishedJob encoding(
      String jobId,
      JobStatus listed,
      JobSpec.KindCase kind,
      CompletionStage<Stored> stored,
      CompletionStage<JobStatus> status,
      Executor executor) {
    return new FinishedJob(jobId, listed, kind, stored, status, null, executor, null);
  }

  /** A job whose results are in {@code archive} only. */
  static FinishedJob onDisk(
      String jobId,
      JobStatus listed,
      JobSpec.KindCase kind,
      JobArchive archive,
      Executor executor) {
    return new FinishedJob(jobId, listed, kind, null, null, archive, executor, null);
  }

  /** A job whose results were dropped, {@code why} in words for the client. */
  static FinishedJob dropped(String jobId, JobStatus listed, JobSpec.KindCase kind, String why) {
    return new FinishedJob(jobId, listed, kind, null, null, null, null, why);
  }

  /**
   * The job's status as a listing shows it: state, progress, message and owner, without an evaluate
   * job's pairs.
   */
  public JobStatus listed() {
    return listed;
  }

  /** The job's kind (what its spec asked for). */
  public JobSpec.KindCase kind() {
    return kind;
  }

  /** Why the job's results and games are no longer kept, or null when they are. */
  public String gone() {
    return gone;
  }

  /**
   * The job's full status (with an evaluate job's pairs), read from the start of its results; the
   * listed one when they were dropped.
   */
  public CompletionStage<JobStatus> status() {
    if (gone != null) {
      return CompletableFuture.completedFuture(listed);
    }
    if (status != null) {
      return status;
    }
    if (stored != null) {
      return stored.thenApplyAsync(s -> head(s.results().newInput()).status(), executor);
    }
    return CompletableFuture.supplyAsync(() -> readHead().status(), executor);
  }

  /**
   * Everything the job found: a serialized {@code JobResults}, as kept (never parsed here: a reader
   * needs no more memory than the bytes, which are shared while they are in memory).
   *
   * @throws IllegalStateException (in the stage) when the results were dropped: see {@link #gone}
   */
  public CompletionStage<ByteString> serializedResults() {
    if (gone != null) {
      return CompletableFuture.failedFuture(new IllegalStateException(gone));
    }
    if (stored != null) {
      return stored.thenApply(Stored::results);
    }
    return CompletableFuture.supplyAsync(
        () -> {
          try (InputStream in = archive.results(jobId)) {
            return ByteString.readFrom(in);
          } catch (IOException e) {
            throw new UncheckedIOException(
                "cannot read the results of job " + jobId + ": " + e.getMessage(), e);
          }
        },
        executor);
  }

  /** A match's games in pair order (none for other kinds); fails as {@link #results} does. */
  public CompletionStage<List<GameSgf>> games() {
    if (gone != null) {
      return CompletableFuture.failedFuture(new IllegalStateException(gone));
    }
    if (stored != null) {
      return stored.thenApplyAsync(s -> games(s.games()), executor);
    }
    return CompletableFuture.supplyAsync(() -> archive.games(jobId), executor);
  }

  private Head readHead() {
    try (InputStream in = archive.results(jobId)) {
      return head(in);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the results of job " + jobId + ": " + e.getMessage(), e);
    }
  }

  /** The games of {@link Stored#games}: length-delimited {@code GameRecord}s. */
  static List<GameSgf> games(ByteString bytes) {
    List<GameSgf> games = new ArrayList<>();
    try (InputStream in = bytes.newInput()) {
      for (GameRecord g; (g = GameRecord.parseDelimitedFrom(in)) != null; ) {
        games.add(Games.fromProto(g));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return games;
  }

  /**
   * The status and kind at the start of a serialized {@code JobResults}, reading no further than
   * its spec: the results proper (pairs, games of a tuning, ...) come after both, as they are
   * written here and as protobuf writes fields, in number order.
   *
   * @throws UncheckedIOException if the bytes are not a {@code JobResults}
   */
  public static Head head(InputStream results) {
    try {
      CodedInputStream in = CodedInputStream.newInstance(results);
      in.setSizeLimit(Integer.MAX_VALUE);
      JobStatus status = JobStatus.getDefaultInstance();
      JobSpec.KindCase kind = JobSpec.KindCase.KIND_NOT_SET;
      boolean seenStatus = false;
      boolean seenSpec = false;
      while (!(seenStatus && seenSpec)) {
        int tag = in.readTag();
        if (tag == 0) {
          break;
        }
        switch (WireFormat.getTagFieldNumber(tag)) {
          case JobResults.STATUS_FIELD_NUMBER -> {
            status = JobStatus.parseFrom(in.readBytes());
            seenStatus = true;
          }
          case JobResults.SPEC_FIELD_NUMBER -> {
            kind = JobSpec.parseFrom(in.readBytes()).getKindCase();
            seenSpec = true;
          }
          default -> in.skipField(tag);
        }
      }
      return new Head(status, kind);
    } catch (IOException e) {
      throw new UncheckedIOException("not a job's results: " + e.getMessage(), e);
    }
  }
}
