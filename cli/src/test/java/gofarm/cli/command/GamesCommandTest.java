package gofarm.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.cli.CliRun;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.PlayoutFarmGrpc;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gofarm games} against a coordinator on 127.0.0.1 that serves only GetJob and GetGames: a
 * match whose games are real SGF records (the GNU Go games of {@code examples/games}, whole and cut
 * short), an evaluate job, an unknown job, and a stream that breaks in the middle.
 */
class GamesCommandTest {
  @TempDir Path dir;

  private final List<GameRecord> records = new ArrayList<>();
  private Server server;
  private int port;

  /** Jobs: "m1" a match with {@link #records}; "e1" an evaluate job; "broken" fails after two. */
  @BeforeEach
  void startCoordinator() throws Exception {
    List<String> games = new ArrayList<>();
    for (String file : List.of("9x9-gnugo-a.sgf", "9x9-gnugo-b.sgf")) {
      SgfGame game = Sgf.read(Path.of("..", "examples", "games", file)).get(0);
      games.add(Sgf.write(game)); // the whole game
      games.add(Sgf.write(game.replay(20))); // the first 20 moves
    }
    for (int i = 0; i < games.size(); i++) {
      records.add(
          GameRecord.newBuilder().setPair(i / 2).setGame(i % 2).setSgf(games.get(i)).build());
    }
    server =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
            .addService(
                new PlayoutFarmGrpc.PlayoutFarmImplBase() {
                  @Override
                  public void getJob(GetJobRequest r, StreamObserver<JobStatus> out) {
                    if (!List.of("m1", "e1", "broken").contains(r.getJobId())) {
                      out.onError(notFound(r.getJobId()));
                      return;
                    }
                    JobStatus.Builder s =
                        JobStatus.newBuilder().setJobId(r.getJobId()).setState(JobState.SUCCEEDED);
                    if (!r.getJobId().equals("e1")) {
                      s.setMatch(MatchSummary.newBuilder().setGames(records.size()));
                    }
                    out.onNext(s.build());
                    out.onCompleted();
                  }

                  @Override
                  public void getGames(GetJobRequest r, StreamObserver<GameRecord> out) {
                    switch (r.getJobId()) {
                      case "m1" -> {
                        records.forEach(out::onNext);
                        out.onCompleted();
                      }
                      case "broken" -> {
                        out.onNext(records.get(0));
                        out.onNext(records.get(1));
                        out.onError(
                            Status.UNAVAILABLE
                                .withDescription("coordinator shutting down")
                                .asRuntimeException());
                      }
                      case "e1" ->
                          out.onError(
                              Status.FAILED_PRECONDITION
                                  .withDescription(
                                      "job e1 is an evaluate job; it has no games (gofarm"
                                          + " results e1 shows its results)")
                                  .asRuntimeException());
                      default -> out.onError(notFound(r.getJobId()));
                    }
                  }
                })
            .build()
            .start();
    port = server.getPort();
  }

  private static RuntimeException notFound(String id) {
    return Status.NOT_FOUND
        .withDescription("no job " + id + " here (gofarm jobs lists the jobs)")
        .asRuntimeException();
  }

  @AfterEach
  void stopCoordinator() {
    server.shutdownNow();
  }

  private CliRun games(String... args) {
    List<String> all = new ArrayList<>(List.of("--coordinator", "127.0.0.1:" + port));
    all.addAll(List.of(args));
    return CliRun.of("games", all.toArray(String[]::new));
  }

  @Test
  void writesEveryGameAsOneCollectionInPairOrder() {
    CliRun run = games("m1");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", run.err(), "no progress bar for four games");
    List<SgfGame> back = Sgf.parse(run.out());
    assertEquals(4, back.size());
    for (int i = 0; i < 4; i++) {
      SgfGame sent = Sgf.parse(records.get(i).getSgf()).get(0);
      assertEquals(sent.moves(), back.get(i).moves(), "game " + i);
    }
    assertEquals(20, back.get(1).moves().size());
  }

  @Test
  void writesAFileAndSaysHowManyGames() throws Exception {
    Path file = dir.resolve("sub").resolve("match.sgf");
    CliRun run = games("m1", "-o", file.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", run.out());
    assertEquals("wrote 4 games (2 pairs) to " + file + System.lineSeparator(), run.err());
    assertEquals(4, Sgf.read(file).size());
    try (var files = Files.list(file.getParent())) {
      assertEquals(List.of(file), files.toList(), "no temporary file is left");
    }
  }

  @Test
  void aBrokenDownloadLeavesNoFileAndSaysWhy() throws Exception {
    Path file = dir.resolve("match.sgf");
    CliRun run = games("broken", "-o", file.toString());
    assertEquals(1, run.exitCode());
    assertEquals(
        "error: unavailable: coordinator shutting down" + System.lineSeparator(), run.err());
    assertFalse(Files.exists(file));
    try (var files = Files.list(dir)) {
      assertEquals(List.of(), files.toList());
    }
  }

  @Test
  void anEvaluateJobHasNoGames() {
    CliRun run = games("e1");
    assertEquals(1, run.exitCode());
    assertEquals(
        "error: not possible now: job e1 is an evaluate job; it has no games (gofarm results e1"
            + " shows its results)"
            + System.lineSeparator(),
        run.err());
  }

  @Test
  void anEvaluateJobIsRefusedBeforeTheOutputFolderIsMade() {
    Path folder = dir.resolve("not-yet");
    CliRun run = games("e1", "-o", folder.resolve("match.sgf").toString());
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains("job e1 is an evaluate job"), run.err());
    assertFalse(Files.exists(folder), "nothing is written for a job that has no games");
  }

  @Test
  void anUnknownJobIsNamed() {
    CliRun run = games("nope");
    assertEquals(1, run.exitCode());
    assertEquals(
        "error: not found: no job nope here (gofarm jobs lists the jobs)" + System.lineSeparator(),
        run.err());
    assertTrue(run.out().isEmpty());
  }

  @Test
  void anUnknownJobIsNamedBeforeTheOutputFolderIsMade() {
    Path folder = dir.resolve("not-yet");
    CliRun run = games("nope", "-o", folder.resolve("match.sgf").toString());
    assertEquals(1, run.exitCode());
    assertEquals(
        "error: not found: no job nope here (gofarm jobs lists the jobs)" + System.lineSeparator(),
        run.err());
    assertFalse(Files.exists(folder), "nothing is written for a job that does not exist");
  }
}
