package gofarm.coordinator.store;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Timestamp;
import com.google.protobuf.WireFormat;
import com.google.protobuf.util.JsonFormat;
import gofarm.coordinator.actor.FinishedJob;
import gofarm.coordinator.actor.JobArchive;
import gofarm.coordinator.codec.Games;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.job.GameSgf;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PairResult;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps jobs in a directory so that they survive a restart: {@code jobs/<id>/submitted.pb} when a
 * job is accepted (its id, submission time, owner and spec) and {@code jobs/<id>/results.pb} plus a
 * readable {@code results.json} when it finishes. At start-up, finished jobs are listed again (only
 * the start of their results is read; the rest is read when a client asks) and unfinished ones run
 * again from the start (chunks are deterministic, and workers resend the results they still hold,
 * so nothing is lost or counted twice).
 *
 * <p>Files are written to a temporary name and moved into place, so a crash never leaves a
 * half-written file under the real name. Results are written from their serialized bytes, and
 * {@code results.json} an evaluate job's pair at a time: a job of 16,000 pairs is never whole in
 * memory as messages (about 40 KB each on 25×25) or as one JSON string.
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
  public boolean finished(String jobId, ByteString results, ByteString games) {
    if (!games.isEmpty()) {
      // Before the results: a job with results.pb is finished, so its games must be there.
      write(jobId, GAMES, games::writeTo);
    }
    write(jobId, RESULTS, results::writeTo);
    write(
        jobId,
        "results.json",
        out -> {
          Writer json = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          writeJson(results, json);
          json.flush();
        });
    return true;
  }

  @Override
  public InputStream results(String jobId) throws IOException {
    return new BufferedInputStream(Files.newInputStream(jobs.resolve(jobId).resolve(RESULTS)));
  }

  /**
   * Writes serialized {@code JobResults} as {@code JsonFormat} prints them (the same text), an
   * evaluate job's pairs one at a time: everything else first, parsed together, then the pairs
   * spliced in where {@code JsonFormat} puts them.
   */
  static void writeJson(ByteString results, Writer out) throws IOException {
    JsonFormat.Printer printer = JsonFormat.printer();
    ByteString.Output rest = ByteString.newOutput();
    boolean pairs = false;
    CodedInputStream in = input(results);
    for (int tag; (tag = in.readTag()) != 0; ) {
      int start = in.getTotalBytesRead() - CodedOutputStream.computeUInt32SizeNoTag(tag);
      in.skipField(tag);
      if (WireFormat.getTagFieldNumber(tag) == JobResults.PAIRS_FIELD_NUMBER) {
        pairs = true;
      } else {
        results.substring(start, in.getTotalBytesRead()).writeTo(rest);
      }
    }
    String head = printer.print(JobResults.parseFrom(input(rest.toByteString())));
    if (!pairs) {
      out.write(head);
      return;
    }
    // JsonFormat prints fields in number order: the pairs (4) come after the positions (3), and
    // an evaluate job has no fields after them. So they close the object.
    String fields = head.substring(0, head.lastIndexOf("\n}"));
    out.write(fields);
    out.write(fields.equals("{") ? "\n" : ",\n");
    out.write("  \"pairs\": [");
    String separator = "";
    Map<PairResult, String> printed = new HashMap<>();
    in = input(results);
    for (int tag; (tag = in.readTag()) != 0; ) {
      if (WireFormat.getTagFieldNumber(tag) != JobResults.PAIRS_FIELD_NUMBER) {
        in.skipField(tag);
        continue;
      }
      PairResult pair = PairResult.parseFrom(in.readBytes());
      out.write(separator);
      // An element of a list, one level deeper than a message on its own.
      out.write(print(pair, printer, printed).replace("\n", "\n  "));
      separator = ", ";
    }
    out.write("]\n}");
  }

  /**
   * A pair as {@code printer} prints it. Pairs nothing was counted for (a cancelled job may have
   * 16,000 of 25×25, each 25 KB of JSON that takes about a millisecond to print) differ only in
   * their position and label, so the rest is printed once ({@code printed}) and the two fields put
   * in their places: the text is the same.
   */
  private static String print(
      PairResult pair, JsonFormat.Printer printer, Map<PairResult, String> printed)
      throws IOException {
    if (pair.getPlayouts() != 0) {
      return printer.print(pair);
    }
    PairResult shared = pair.toBuilder().clearPosition().clearPositionLabel().build();
    String rest = printed.get(shared);
    if (rest == null) {
      rest = printer.print(shared);
      printed.put(shared, rest);
    }
    // Fields in number order: position (1), policy (2), position_label (3), then the rest.
    int at = "{\n".length();
    if (!rest.startsWith("{\n") || rest.startsWith("}", at)) {
      return printer.print(pair);
    }
    StringBuilder b = new StringBuilder(rest.length() + 64).append(rest, 0, at);
    if (pair.getPosition() != 0) {
      b.append("  \"position\": ").append(pair.getPosition()).append(",\n");
    }
    if (rest.startsWith("  \"policy\": ", at)) {
      int end = rest.indexOf('\n', at) + 1;
      b.append(rest, at, end);
      at = end;
    }
    if (!pair.getPositionLabel().isEmpty()) {
      // The label as the printer escapes it: "{\n  "positionLabel": "..."\n}".
      String alone =
          printer.print(PairResult.newBuilder().setPositionLabel(pair.getPositionLabel()).build());
      b.append(alone, 2, alone.length() - 2).append(",\n");
    }
    return b.append(rest, at, rest.length()).toString();
  }

  private static CodedInputStream input(ByteString bytes) {
    CodedInputStream in = bytes.newCodedInput();
    in.setSizeLimit(Integer.MAX_VALUE);
    return in;
  }

  @Override
  public List<GameSgf> games(String jobId) {
    Path file = jobs.resolve(jobId).resolve(GAMES);
    if (!Files.exists(file)) {
      return List.of();
    }
    List<GameSgf> games = new ArrayList<>();
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
      for (GameRecord g; (g = GameRecord.parseDelimitedFrom(in)) != null; ) {
        games.add(Games.fromProto(g));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return games;
  }

  /**
   * What the archive holds: the start of finished jobs' results (status and kind), and unfinished
   * jobs' submissions.
   */
  public record Contents(List<FinishedJob.Head> finished, List<JobResults> unfinished) {}

  /** Reads every job (only the start of finished ones' results); unreadable ones are skipped. */
  public Contents load() {
    List<FinishedJob.Head> finished = new ArrayList<>();
    List<JobResults> unfinished = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(jobs)) {
      for (Path dir : dirs) {
        try {
          if (Files.exists(dir.resolve(RESULTS))) {
            try (InputStream in =
                new BufferedInputStream(Files.newInputStream(dir.resolve(RESULTS)))) {
              finished.add(FinishedJob.head(in));
            }
          } else if (Files.exists(dir.resolve(SUBMITTED))) {
            unfinished.add(JobResults.parseFrom(Files.readAllBytes(dir.resolve(SUBMITTED))));
          }
        } catch (IOException | UncheckedIOException e) {
          LOG.error("skipping unreadable job in {}: {}", dir, e.toString());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jobs + ": " + e.getMessage(), e);
    }
    return new Contents(finished, unfinished);
  }

  /** Writes a file's bytes. */
  @FunctionalInterface
  private interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private void write(String jobId, String name, byte[] bytes) {
    write(jobId, name, out -> out.write(bytes));
  }

  private void write(String jobId, String name, Content content) {
    try {
      Path dir = Files.createDirectories(jobs.resolve(jobId));
      Path tmp = dir.resolve(name + ".tmp");
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
        content.writeTo(out);
      }
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
