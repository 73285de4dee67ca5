package gofarm.cli.command;

import gofarm.cli.console.ClientOptions;
import gofarm.cli.console.ProgressBar;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.PlayoutFarmGrpc;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm games}: every game of a match counted so far, as one SGF collection (the games'
 * records one after the other, pair 0 game 0 first), on standard output or into a file.
 *
 * <pre>
 * ./gofarm games JOB -o match.sgf      # "wrote 412 games (206 pairs) to match.sgf"
 * ./gofarm games JOB | grep -c 'RE\[B'
 * </pre>
 *
 * A file is written under a temporary name and moved into place when the download is complete, so a
 * broken download never leaves a truncated collection behind. Downloads of many games show a
 * progress bar on standard error.
 */
@Command(
    name = "games",
    mixinStandardHelpOptions = true,
    description = {
      "Downloads the games of a match job (those counted so far) as one SGF collection:"
          + " pair 0 game 0 (the candidate black), pair 0 game 1 (the baseline black), pair 1 ...",
      "Writes to standard output unless -o names a file."
    })
public final class GamesCommand implements Callable<Integer> {
  /** From this many games on, a download shows a progress bar. */
  static final long PROGRESS_FROM = 1000;

  @Mixin ClientOptions client;

  @Parameters(index = "0", paramLabel = "JOB", description = "The job id of a match.")
  String jobId;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write the collection here instead of to standard output.")
  Path output;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws IOException {
    ManagedChannel channel = client.channel();
    try {
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm = PlayoutFarmGrpc.newBlockingStub(channel);
      PrintWriter err = commandSpec.commandLine().getErr();
      if (output == null) {
        PrintWriter out = commandSpec.commandLine().getOut();
        download(farm, jobId, out, err);
        out.flush();
      } else {
        long games = writeTo(farm, jobId, output, err);
        err.println(summary(games) + " to " + output);
        err.flush();
      }
      return 0;
    } finally {
      ClientOptions.close(channel);
    }
  }

  /** {@code wrote 412 games (206 pairs)}. */
  static String summary(long games) {
    return String.format(
        Locale.ROOT,
        "wrote %,d %s (%,d %s)",
        games,
        games == 1 ? "game" : "games",
        games / 2,
        games / 2 == 1 ? "pair" : "pairs");
  }

  /**
   * Downloads the job's games into {@code file} (replaced if it exists) and returns how many; the
   * file appears only once every game has arrived. A job that is unknown or not a match is reported
   * before anything is written.
   */
  static long writeTo(
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm, String jobId, Path file, PrintWriter err) {
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(jobId).build();
    long expected = expectedGames(farm, id);
    Iterator<GameRecord> records = farm.getGames(id);
    // Wait for the coordinator's first answer (a game, the end, or a refusal) before creating
    // anything: only the coordinator says what a job that is not a match should do instead.
    records.hasNext();
    Path absolute = file.toAbsolutePath();
    Path part = absolute.resolveSibling(absolute.getFileName() + ".part");
    try {
      if (absolute.getParent() != null) {
        Files.createDirectories(absolute.getParent());
      }
      long games;
      try (Writer w = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
        games = copy(records, expected, w, err);
      }
      Files.move(part, absolute, StandardCopyOption.REPLACE_EXISTING);
      return games;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    } finally {
      try {
        Files.deleteIfExists(part);
      } catch (IOException ignored) {
        // the download's own failure is the one to report
      }
    }
  }

  /**
   * Streams the job's games into {@code out}, each record on lines of its own, and returns how
   * many; a progress bar on {@code err} for {@value #PROGRESS_FROM} games or more.
   *
   * @throws StatusRuntimeException as the coordinator answers (NOT_FOUND, or FAILED_PRECONDITION
   *     with what to do instead for a job that is not a match)
   */
  static long download(
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm, String jobId, Writer out, PrintWriter err)
      throws IOException {
    GetJobRequest id = GetJobRequest.newBuilder().setJobId(jobId).build();
    long expected = expectedGames(farm, id);
    return copy(farm.getGames(id), expected, out, err);
  }

  /**
   * The games the job has counted (for the progress bar): a match's, or a tuning's or balancing's
   * confirmation's; NOT_FOUND for an unknown job.
   */
  private static long expectedGames(
      PlayoutFarmGrpc.PlayoutFarmBlockingStub farm, GetJobRequest id) {
    JobStatus s = farm.withDeadlineAfter(60, TimeUnit.SECONDS).getJob(id);
    if (s.hasTune()) {
      return s.getTune().getConfirm().getGames();
    }
    return s.hasBalance() ? s.getBalance().getConfirm().getGames() : s.getMatch().getGames();
  }

  private static long copy(Iterator<GameRecord> records, long expected, Writer out, PrintWriter err)
      throws IOException {
    ProgressBar bar = expected >= PROGRESS_FROM ? new ProgressBar("games", expected, err) : null;
    long games = 0;
    while (records.hasNext()) {
      String sgf = records.next().getSgf();
      out.write(sgf);
      if (!sgf.endsWith("\n")) {
        out.write('\n');
      }
      games++;
      if (bar != null) {
        bar.advance(1);
      }
    }
    if (bar != null) {
      bar.finish();
    }
    return games;
  }
}
