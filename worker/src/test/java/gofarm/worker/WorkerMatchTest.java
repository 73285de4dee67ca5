package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.match.MatchGame;
import gofarm.match.PairResult;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.ChunkReturned;
import gofarm.proto.v1.EngineSpec;
import gofarm.proto.v1.GamePairResult;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.wire.GamePair;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedMatch;
import gofarm.wire.WorkerProtocol;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.Status;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The worker plays match chunks against a scripted hub ({@link FakeHub}): tiny 7x7 pairs between
 * two search players, the same games on any thread count and as board-core plays them; results kept
 * until acknowledged; engines advertised in the hello; an engine that dies, a missing engine and a
 * malformed assignment handed back; a pair against GNU Go.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerMatchTest {
  private static final Backoff FAST = new Backoff(Duration.ofMillis(1), Duration.ofMillis(4), 0.2);

  private final List<FakeHub> hubs = new ArrayList<>();
  private final List<Worker> workers = new ArrayList<>();

  @AfterEach
  void tearDown() {
    workers.forEach(Worker::close);
    hubs.forEach(FakeHub::close);
  }

  /** A worker on a hub of its own, welcomed: the stream the test plays the hub on. */
  private FakeHub.HubStream connect(WorkerSettings.Builder settings) throws InterruptedException {
    FakeHub hub = new FakeHub();
    hubs.add(hub);
    Worker w =
        new Worker(
            hub.channel(),
            settings.backoff(FAST).heartbeat(Duration.ofMinutes(1)).build(),
            new WorkerMetrics(new PrometheusRegistry(), false));
    workers.add(w);
    w.start();
    FakeHub.HubStream s = hub.nextStream();
    s.expectHello();
    s.welcome();
    return s;
  }

  private static WorkerSettings.Builder settings(int threads) {
    return WorkerSettings.builder().id("match-worker").threads(threads);
  }

  private static MatchPlayer search(String policy, int playouts) {
    return MatchPlayer.newBuilder()
        .setSearch(
            SearchPlayerSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName(policy))
                .setPlayouts(playouts))
        .build();
  }

  private static MatchPlayer engine(String... command) {
    return MatchPlayer.newBuilder()
        .setEngine(EngineSpec.newBuilder().addAllCommand(List.of(command)))
        .build();
  }

  /** A 7x7 match with four random opening moves, resolved as the coordinator resolves it. */
  private static ResolvedMatch match(MatchPlayer candidate, MatchPlayer baseline) {
    JobSpec spec =
        JobSpec.newBuilder()
            .setSeed(20260101)
            .setRules(Rules.newBuilder().setKomi(7.5))
            .setMatch(
                MatchSpec.newBuilder()
                    .setCandidate(candidate)
                    .setBaseline(baseline)
                    .setSize(7)
                    .setPairs(10)
                    .setOpenings(Openings.newBuilder().setRandomMoves(4)))
            .build();
    return (ResolvedMatch) JobSpecs.resolve(spec);
  }

  private static final ResolvedMatch SEARCHERS = match(search("heavy", 30), search("uniform", 30));

  /** The result without the wall-clock times, which are all that may differ between runs. */
  private static ChunkResult timeless(ChunkResult r) {
    GamePairResult g = r.getGamePair();
    return r.toBuilder()
        .setSeconds(0)
        .setGamePair(
            g.toBuilder().setFirst(timeless(g.getFirst())).setSecond(timeless(g.getSecond())))
        .build();
  }

  private static PlayedGame timeless(PlayedGame g) {
    return g.toBuilder().setOutcome(g.getOutcome().toBuilder().setSeconds(0)).build();
  }

  /** Plays pairs 0..n-1 on a worker with {@code threads} threads; results by pair. */
  private Map<Integer, ChunkResult> play(int threads, int n) throws InterruptedException {
    FakeHub.HubStream s = connect(settings(threads));
    for (int pair = 0; pair < n; pair++) {
      s.assign(WorkerProtocol.assignment("match-job", SEARCHERS, pair));
    }
    Map<Integer, ChunkResult> results = new HashMap<>();
    for (int i = 0; i < n; i++) {
      ChunkResult r = s.nextResult();
      assertEquals(
          List.of(),
          WorkerProtocol.gamePairProblems(r, SEARCHERS.maxMoves()),
          "pair " + r.getId().getChunk());
      results.put(r.getId().getChunk(), r);
      s.ack(r.getId());
    }
    return results;
  }

  @Test
  void gamePairsAreTheSameOnAnyThreadCountAndAsBoardCorePlaysThem() throws Exception {
    Map<Integer, ChunkResult> one = play(1, 3);
    Map<Integer, ChunkResult> three = play(3, 3);
    for (int pair = 0; pair < 3; pair++) {
      ChunkResult r = one.get(pair);
      assertEquals(timeless(r), timeless(three.get(pair)), "pair " + pair);

      ChunkAssignment a = WorkerProtocol.assignment("match-job", SEARCHERS, pair);
      GamePair p = WorkerProtocol.gamePair(a);
      PairResult direct =
          MatchGame.playPair(
              p.opening(), p.rules(), p.candidate(), p.baseline(), p.seed(), p.maxMoves());
      assertEquals(
          timeless(WorkerProtocol.result(p.key(), direct, 0)), timeless(r), "pair " + pair);
      PlayedGame first = r.getGamePair().getFirst();
      assertTrue(first.getSgf().contains("PB[heavy 30 po]"), first.getSgf());
      assertTrue(first.getSgf().contains("PW[uniform 30 po]"), first.getSgf());
      assertTrue(r.getSeconds() > 0);
    }
    assertNotEquals(
        timeless(one.get(0)).getGamePair(),
        timeless(one.get(1)).getGamePair(),
        "another pair, another opening and seed");
  }

  @Test
  void aPlayedPairIsKeptUntilAcknowledgedAndSentAgainAfterTheStreamBreaks() throws Exception {
    FakeHub.HubStream first = connect(settings(1));
    first.assign(WorkerProtocol.assignment("match-job", SEARCHERS, 5));
    ChunkResult r = first.nextResult();
    first.end(Status.UNAVAILABLE.withDescription("network cut"));

    FakeHub.HubStream second = hubs.get(0).nextStream();
    second.expectHello();
    second.welcome();
    assertEquals(r, second.nextResult(), "the unacknowledged pair, byte for byte");
  }

  @Test
  void theHelloAdvertisesTheEnginesByName() throws Exception {
    FakeHub hub = new FakeHub();
    hubs.add(hub);
    Worker w =
        new Worker(
            hub.channel(),
            settings(1)
                .engine("gnugo", Path.of("/usr/games/gnugo"))
                .engine("false", Path.of("/bin/false"))
                .build(),
            new WorkerMetrics(new PrometheusRegistry(), false));
    workers.add(w);
    w.start();
    Hello hello = hub.nextStream().expectHello();
    assertEquals(List.of("false", "gnugo"), hello.getEnginesList());
    WorkerProtocol.checkHello(hello);
  }

  @Test
  void anEngineThatExitsAtOnceHandsTheChunkBackWithAFailureNamingIt() throws Exception {
    FakeHub.HubStream s = connect(settings(1).engine("false", Path.of("/bin/false")));
    ResolvedMatch match = match(engine("false", "--mode", "gtp"), search("uniform", 20));
    ChunkAssignment a = WorkerProtocol.assignment("engine-job", match, 2);
    s.assign(a);
    ChunkReturned returned = s.nextReturnedMessage();
    assertEquals(a.getId(), returned.getId());
    String failure = returned.getFailure();
    assertTrue(
        failure.startsWith(
            "game pair 2: engine 'false' (player 'false --mode gtp', run as /bin/false) failed:"
                + " /bin/false: 'boardsize 7': "),
        failure);
    assertTrue(failure.contains("engine"), failure);

    // The worker goes on: the next chunk is played.
    s.assign(WorkerProtocol.assignment("match-job", SEARCHERS, 0));
    assertEquals(0, s.nextResult().getId().getChunk());
  }

  @Test
  void aMatchNeedingAnEngineTheWorkerLacksIsHandedBackWithAFailure() throws Exception {
    FakeHub.HubStream s = connect(settings(1));
    ResolvedMatch match = match(search("uniform", 20), engine("gnugo", "--mode", "gtp"));
    s.assign(WorkerProtocol.assignment("engine-job", match, 0));
    assertEquals(
        "game pair 0: engine 'gnugo' of player 'gnugo --mode gtp' is not available on this"
            + " worker (it has no engines; declare it with gofarm worker --engine gnugo=PATH)",
        s.nextReturnedMessage().getFailure());
  }

  @Test
  void aMalformedMatchChunkIsHandedBackLikeAMalformedEvaluateChunk() throws Exception {
    FakeHub.HubStream s = connect(settings(1));
    ChunkAssignment good = WorkerProtocol.assignment("match-job", SEARCHERS, 0);
    ChunkAssignment bad =
        good.toBuilder()
            .setId(good.getId().toBuilder().setChunk(9))
            .setGamePair(good.getGamePair().toBuilder().setMaxMoves(0))
            .build();
    s.assign(bad);
    ChunkReturned returned = s.nextReturnedMessage();
    assertEquals(9, returned.getId().getChunk());
    assertTrue(
        returned
            .getFailure()
            .matches(
                "worker \\S+ cannot run the assignment \\(gamePair\\.maxMoves: .*\\); run workers.*"),
        returned.getFailure());
    s.assign(good);
    assertEquals(0, s.nextResult().getId().getChunk());
  }

  /**
   * GNU Go as the worker finds it (on the PATH or in /usr/games), the program name in the spec
   * replaced by its path: a 7x7 pair against a 20-playout search. Fails under CI without GNU Go.
   */
  @Test
  void aPairAgainstGnuGo() throws Exception {
    Path gnugo = Engines.detect().get("gnugo");
    if (gnugo == null) {
      String message = "GNU Go not found on the PATH or in /usr/games: apt-get install -y gnugo";
      if (System.getenv("CI") != null) {
        fail(message + " (CI is set, so this is a failure)");
      }
      System.err.println("*** SKIPPING a GNU Go match test. " + message);
      org.junit.jupiter.api.Assumptions.abort(message);
    }
    FakeHub.HubStream s = connect(settings(1).detectEngines());
    ResolvedMatch match =
        match(engine("gnugo", "--mode", "gtp", "--level", "1"), search("uniform", 20));
    s.assign(WorkerProtocol.assignment("gnugo-job", match, 0));
    ChunkResult r = s.nextResult();
    assertEquals(List.of(), WorkerProtocol.gamePairProblems(r, match.maxMoves()));
    PlayedGame first = r.getGamePair().getFirst();
    assertTrue(first.getSgf().contains("PB[gnugo --mode gtp --level 1]"), first.getSgf());
    assertTrue(first.getOutcome().getMoves() > 0, first.getSgf());
    System.out.println(
        "GNU Go level 1 vs uniform 20 po on 7x7: candidate points "
            + first.getOutcome().getCandidatePoints()
            + " + "
            + r.getGamePair().getSecond().getOutcome().getCandidatePoints());
  }
}
