package gofarm.coordinator.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.util.JsonFormat;
import gofarm.board.Geometry;
import gofarm.coordinator.actor.FinishedJob;
import gofarm.coordinator.codec.Games;
import gofarm.coordinator.codec.JobPlan;
import gofarm.coordinator.job.GameSgf;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PairSummary;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ResolvedPosition;
import gofarm.rules.Player;
import gofarm.wire.Results;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive under {@code --data-dir}: results written from their bytes and read back on demand,
 * only the start of them read to list a finished job at start-up, and {@code results.json} written
 * a pair at a time with exactly the text {@code JsonFormat} prints for the whole message.
 */
class FileJobArchiveTest {
  @TempDir Path dir;

  private static final JobSpec SPEC =
      JobSpec.newBuilder()
          .setName("archived")
          .setEvaluate(
              EvaluateSpec.newBuilder()
                  .addPositions(PositionSource.newBuilder().setEmpty(5))
                  .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                  .setPlayouts(100))
          .build();

  /**
   * An evaluate job's results with {@code pairs} pairs of 5×5 statistics (every other one counted),
   * of positions 0, 1, 2, ... with labels that need escaping.
   */
  private static JobResults evaluateResults(String id, int pairs) {
    Geometry g = Geometry.of(5);
    PolicySpec uniform = PolicySpec.PRESETS.get("uniform");
    JobStatus.Builder status =
        JobStatus.newBuilder().setJobId(id).setName("archived").setState(JobState.SUCCEEDED);
    JobResults.Builder b = JobResults.newBuilder().setSpec(SPEC);
    b.addPositions(ResolvedPosition.newBuilder().setLabel("empty 5x5"));
    for (int i = 0; i < pairs; i++) {
      PlayoutStats stats = new Playout(uniform, g).newStats();
      if (i % 2 == 0) {
        new Playout(uniform, g)
            .run(
                gofarm.playout.PlayoutRoot.of(new gofarm.rules.Game(5, gofarm.rules.Rules.DEFAULT)),
                i,
                20,
                stats);
      }
      status.addPairs(PairSummary.newBuilder().setPolicy(i).setPlayouts(stats.playouts()));
      String label = i % 3 == 0 ? "" : "x\"<é>\u2028=" + i;
      b.addPairs(Results.pairResult(i / 2, label, i % 3, uniform, Player.BLACK, 7.5, 5, stats));
    }
    return b.setStatus(status).build();
  }

  @Test
  void resultsJsonIsWhatJsonFormatPrintsThoughWrittenAPairAtATime() throws IOException {
    for (JobResults results :
        List.of(
            evaluateResults("a", 3),
            evaluateResults("c", 12),
            evaluateResults("b", 0),
            JobResults.newBuilder()
                .setStatus(
                    JobStatus.newBuilder()
                        .setJobId("m")
                        .setMatch(MatchSummary.newBuilder().setCandidate("x").setGames(2)))
                .build(),
            JobResults.getDefaultInstance())) {
      StringWriter json = new StringWriter();
      FileJobArchive.writeJson(results.toByteString(), json);
      assertEquals(JsonFormat.printer().print(results), json.toString());
    }
  }

  @Test
  void finishedJobsAreListedFromTheStartOfTheirResultsAndReadOnDemand() throws IOException {
    FileJobArchive archive = new FileJobArchive(dir);
    archive.submitted(JobPlan.of("done", Instant.ofEpochSecond(1), SPEC));
    archive.submitted(JobPlan.of("queued", Instant.ofEpochSecond(2), SPEC));
    JobResults results = evaluateResults("done", 4);
    List<GameSgf> games = List.of(new GameSgf(0, 0, "(;B[aa])"), new GameSgf(0, 1, "(;W[bb])"));
    ByteString.Output gameBytes = ByteString.newOutput();
    for (GameSgf g : games) {
      Games.toProto(g).writeDelimitedTo(gameBytes);
    }
    assertTrue(archive.finished("done", results.toByteString(), gameBytes.toByteString()));

    FileJobArchive.Contents contents = new FileJobArchive(dir).load();
    assertEquals(
        List.of(new FinishedJob.Head(results.getStatus(), JobSpec.KindCase.EVALUATE)),
        contents.finished());
    assertEquals(1, contents.unfinished().size());
    assertEquals("queued", contents.unfinished().get(0).getStatus().getJobId());
    try (InputStream in = archive.results("done")) {
      assertEquals(results, JobResults.parseFrom(in));
    }
    assertEquals(games, archive.games("done"));
    JobResults.Builder back = JobResults.newBuilder();
    JsonFormat.parser()
        .merge(Files.readString(dir.resolve("jobs").resolve("done").resolve("results.json")), back);
    assertEquals(results, back.build(), "results.json reads back as the results");
  }
}
