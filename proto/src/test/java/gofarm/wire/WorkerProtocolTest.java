package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.io.Sgf;
import gofarm.match.MatchGame;
import gofarm.match.Opening;
import gofarm.match.PairResult;
import gofarm.match.PlayerSpec;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.Rng;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkId;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairAssignment;
import gofarm.proto.v1.GamePairResult;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.Welcome;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerProtocolTest {

  private static Hello.Builder hello() {
    return Hello.newBuilder()
        .setWorkerId("node-7.zone_a:1")
        .setThreads(8)
        .setProtocolVersion(WorkerProtocol.VERSION);
  }

  private static StatusRuntimeException refused(Hello.Builder hello) {
    return assertThrows(
        StatusRuntimeException.class, () -> WorkerProtocol.checkHello(hello.build()));
  }

  @Test
  void aValidHelloAndItsCredit() {
    WorkerProtocol.checkHello(hello().putLabels("zone", "a").build());
    assertEquals(16, WorkerProtocol.credit(hello().build()), "2 per thread by default");
    assertEquals(5, WorkerProtocol.credit(hello().setCredit(5).build()));
  }

  @Test
  void anotherProtocolVersionIsAFailedPrecondition() {
    StatusRuntimeException e = refused(hello().setProtocolVersion(2));
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
    assertEquals(
        "the worker speaks worker protocol 2, this coordinator speaks 1; run workers of the same"
            + " gofarm release as the coordinator",
        e.getStatus().getDescription());
    e = refused(hello().clearProtocolVersion().setThreads(0));
    assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode(), "version first");
    assertEquals(
        "the worker did not say which protocol it speaks (hello.protocolVersion is unset); this"
            + " coordinator speaks worker protocol 1; run workers of the same gofarm release as"
            + " the coordinator",
        e.getStatus().getDescription());
  }

  @Test
  void helloFields() {
    StatusRuntimeException e =
        refused(
            hello()
                .setWorkerId("bad id!")
                .setThreads(0)
                .setCredit(5000)
                .putLabels("zone", "z".repeat(129)));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "hello.workerId: must be 1..128 characters of A-Z a-z 0-9 . _ : - (got 'bad id!');"
            + " hello.threads: must be 1..1024 (got 0); hello.credit: must be 1..4096 (got 5000);"
            + " hello.labels.zone: at most 128 characters (got 129)",
        e.getStatus().getDescription());
    assertEquals(
        "hello.workerId: must be 1..128 characters of A-Z a-z 0-9 . _ : - (got '')",
        refused(hello().clearWorkerId()).getStatus().getDescription());
    Hello.Builder many = hello();
    for (int i = 0; i < 33; i++) {
      many.putLabels("l" + i, "v");
    }
    assertEquals(
        "hello.labels: at most 32 labels (got 33)", refused(many).getStatus().getDescription());
    assertEquals(
        "hello.labels: a label name must be 1..128 characters (got 0)",
        refused(hello().putLabels("", "v")).getStatus().getDescription());
  }

  @Test
  void welcome() {
    Welcome w = WorkerProtocol.welcome(30, "0.1.0");
    assertEquals(WorkerProtocol.VERSION, w.getProtocolVersion());
    assertEquals(30, w.getLeaseSeconds());
    assertNull(WorkerProtocol.welcomeProblem(w));
    assertEquals(
        "the coordinator speaks worker protocol 3, this worker speaks 1; run a worker of the same"
            + " gofarm release as the coordinator",
        WorkerProtocol.welcomeProblem(w.toBuilder().setProtocolVersion(3).build()));
  }

  /** A job's chunk goes to a worker and its result comes back into the aggregate. */
  @Test
  void chunkRoundTrip() {
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                JobSpec.newBuilder()
                    .setSeed(99)
                    .setRules(gofarm.proto.v1.Rules.newBuilder().setKomi(6.5))
                    .setEvaluate(
                        EvaluateSpec.newBuilder()
                            .addPositions(
                                PositionSource.newBuilder()
                                    .setSgf(
                                        SgfSource.newBuilder()
                                            .setText(JobSpecsTest.sgfGame(9, 30, 3))
                                            .setMove(21)))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform"))
                            .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                            .setPlayouts(100)
                            .setChunkPlayouts(40))
                    .build());
    ChunkAssignment a = WorkerProtocol.assignment("job-1", job, 0, 1, 2);
    assertEquals(20, a.getPlayouts(), "the last chunk: 100 - 2 * 40");
    assertEquals(job.chunkSeed(0, 1, 2), a.getSeed());

    Chunk chunk = WorkerProtocol.chunk(a);
    assertEquals(new ChunkKey("job-1", 0, 1, 2), chunk.key());
    assertEquals(job.policies().get(1), chunk.policy());
    assertEquals(20, chunk.playouts());
    assertEquals(job.chunkSeed(0, 1, 2), chunk.seed());
    PlayoutRoot expected = PlayoutRoot.of(job.positions().get(0).game(job.rules()));
    assertArrayEquals(expected.board().colors(), chunk.root().board().colors());
    assertEquals(expected.toPlay(), chunk.root().toPlay());
    assertEquals(expected.lastMove(), chunk.root().lastMove());
    assertEquals(6.5, chunk.root().komi());

    Playout playout = new Playout(chunk.policy(), chunk.root().board().geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(chunk.root(), chunk.seed(), chunk.playouts(), stats);
    ChunkResult result = WorkerProtocol.result(chunk.key(), stats, 0.25);
    assertEquals(chunk.key(), ChunkKey.fromProto(result.getId()));

    PlayoutStats aggregate = playout.newStats();
    assertEquals(
        List.of(), WorkerProtocol.resultProblems(result, aggregate, job.playoutsOfChunk(0, 1, 2)));
    StatsCodec.mergeInto(aggregate, result.getStats());
    assertEquals(stats, aggregate);
  }

  /**
   * A worker's results are dense for a hub whose Welcome reads them so, and repeated fields for a
   * hub from before; a spot check compares the counts whatever the forms of the two runs.
   */
  @Test
  void resultsAreDenseOnlyForAHubThatReadsThem() {
    PlayoutStats stats = StatsCodecTest.handMade();
    ChunkResult result = WorkerProtocol.result(new ChunkKey("j", 0, 0, 0), stats, 0.5);
    assertTrue(!result.getStats().getDense().isEmpty());
    Welcome hub = WorkerProtocol.welcome(60, "now");
    assertTrue(hub.getDenseStats());
    assertEquals(result, WorkerProtocol.forHub(result, hub));
    ChunkResult old = WorkerProtocol.forHub(result, hub.toBuilder().clearDenseStats().build());
    assertEquals(StatsCodec.toProto(stats), old.getStats());
    assertEquals(result.getId(), old.getId());
    assertEquals(0.5, old.getSeconds());
    assertTrue(WorkerProtocol.sameRun(result, old.toBuilder().setSeconds(3).build()));
    assertTrue(WorkerProtocol.sameRun(old, result));
    PlayoutStats other = StatsCodecTest.handMade();
    other.add(PlayoutStats.PointSeries.OWNED_BY_WINNER, 0, -1);
    ChunkResult lie =
        WorkerProtocol.forHub(
            WorkerProtocol.result(new ChunkKey("j", 0, 0, 0), other, 0.5),
            hub.toBuilder().clearDenseStats().build());
    assertEquals(false, WorkerProtocol.sameRun(result, lie));
    assertEquals(false, WorkerProtocol.sameRun(lie, result));
  }

  @Test
  void badAssignments() {
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> WorkerProtocol.chunk(ChunkAssignment.getDefaultInstance()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "id.jobId: required; playouts: must be 1..10000000 (got 0); policy: give a preset name"
            + " (uniform, atari-local, atari-global, mogo, heavy, softmax, softmax-balanced), rules or text; position.size:"
            + " must be 2..25 (got 0)",
        e.getStatus().getDescription());
  }

  @Test
  void badResults() {
    PlayoutStats shape = StatsCodecTest.handMade();
    ChunkResult good =
        ChunkResult.newBuilder()
            .setId(new ChunkKey("j", 0, 0, 0).toProto())
            .setStats(StatsCodec.toProto(shape))
            .setSeconds(1.5)
            .build();
    assertEquals(List.of(), WorkerProtocol.resultProblems(good, shape, 4));
    assertEquals(
        List.of("stats.playouts: must be the chunk's 5 (got 4)"),
        WorkerProtocol.resultProblems(good, shape, 5));
    assertEquals(
        List.of("seconds: must be finite and not negative (got NaN)", "stats: required"),
        WorkerProtocol.resultProblems(
            good.toBuilder().setSeconds(Double.NaN).clearStats().build(), shape, 4));
    assertEquals(
        List.of("stats.size: must be 3 (got 4)"),
        WorkerProtocol.resultProblems(
            good.toBuilder().setStats(good.getStats().toBuilder().setSize(4)).build(), shape, 4));
  }

  @Test
  void chunkKeys() {
    ChunkKey key = new ChunkKey("job", 1, 2, 3);
    assertEquals(key, ChunkKey.fromProto(key.toProto()));
    assertEquals("job/1/2/3", key.toString());
  }

  // ------------------------------------------------------------------ match chunks

  @Test
  void helloEngines() {
    WorkerProtocol.checkHello(hello().addEngines("gnugo").addEngines("katago-1.15+cuda").build());
    assertEquals(
        "hello.engines[1]: must be a program name of 1..64 characters of A-Z a-z 0-9 . _ + - (got"
            + " '/usr/games/gnugo')",
        refused(hello().addEngines("gnugo").addEngines("/usr/games/gnugo"))
            .getStatus()
            .getDescription());
    Hello.Builder many = hello();
    for (int i = 0; i < 33; i++) {
      many.addEngines("e" + i);
    }
    assertEquals(
        "hello.engines: at most 32 engines (got 33)", refused(many).getStatus().getDescription());
  }

  private static ResolvedMatch match(MatchSpec.Builder m) {
    return (ResolvedMatch) JobSpecs.resolve(JobSpec.newBuilder().setSeed(99).setMatch(m).build());
  }

  private static MatchSpec.Builder searchers() {
    return MatchSpec.newBuilder()
        .setCandidate(
            MatchSpecsTest.search("heavy").toBuilder()
                .setSearch(MatchSpecsTest.search("heavy").getSearch().toBuilder().setPlayouts(20)))
        .setBaseline(MatchSpecsTest.engine("gnugo", "--mode", "gtp"))
        .setSize(7)
        .setMaxMoves(60);
  }

  @Test
  void gamePairRoundTripWithRandomOpenings() {
    ResolvedMatch m = match(searchers().setOpenings(Openings.newBuilder().setRandomMoves(4)));
    ChunkAssignment a = WorkerProtocol.assignment("job-m", m, 3);
    assertEquals(new ChunkKey("job-m", 0, 0, 3).toProto(), a.getId());
    assertEquals(m.pairSeed(3), a.getSeed());
    GamePair pair = WorkerProtocol.gamePair(a);
    assertEquals(new ChunkKey("job-m", 0, 0, 3), pair.key());
    assertEquals(m.rules(), pair.rules());
    assertEquals(WorkerProtocol.spec(m.candidate()), pair.candidate());
    assertEquals(
        new PlayerSpec.Gtp(
            "gnugo --mode gtp",
            List.of("gnugo", "--mode", "gtp"),
            WorkerProtocol.ENGINE_MOVE_TIMEOUT),
        pair.baseline());
    assertEquals(60, pair.maxMoves());
    assertEquals(m.pairSeed(3), pair.seed());
    assertEquals(7, pair.opening().size());
    assertEquals(4, pair.opening().moves().size());
    assertEquals(
        Opening.random(7, m.rules(), 4, Rng.mix(m.pairSeed(3), 4)),
        pair.opening(),
        "drawn from the seed");
    assertEquals(pair, WorkerProtocol.gamePair(a), "the same opening every time");
    assertEquals(
        pair.opening(),
        WorkerProtocol.gamePair(WorkerProtocol.assignment("another-job", m, 3)).opening(),
        "a function of the pair's seed, not of the job id");
    assertNotEquals(
        pair.opening(),
        WorkerProtocol.gamePair(WorkerProtocol.assignment("job-m", m, 4)).opening());

    GamePair empty =
        WorkerProtocol.gamePair(WorkerProtocol.assignment("job-m", match(searchers()), 0));
    assertEquals(Opening.empty(7).moves(), empty.opening().moves());
    assertEquals("empty", empty.opening().name());
  }

  @Test
  void gamePairRoundTripWithSgfOpenings() {
    ResolvedMatch m =
        match(
            searchers()
                .setOpenings(
                    Openings.newBuilder()
                        .setSgf(
                            SgfSource.newBuilder()
                                .setText("(;SZ[7];B[dd];W[cc])(;SZ[7];B[cd];W[dc];B[ee])")
                                .setFile("two.sgf"))));
    GamePair first = WorkerProtocol.gamePair(WorkerProtocol.assignment("job-s", m, 0));
    GamePair third = WorkerProtocol.gamePair(WorkerProtocol.assignment("job-s", m, 2));
    assertEquals("two.sgf game 0 move 2", first.opening().name());
    assertEquals(Sgf.parse("(;SZ[7];B[dd];W[cc])").get(0).moves(), first.opening().moves());
    assertEquals(first.opening(), third.opening(), "pair 2 starts from game 0 again");
    GamePair second = WorkerProtocol.gamePair(WorkerProtocol.assignment("job-s", m, 1));
    assertEquals("two.sgf game 1 move 3", second.opening().name());
    assertEquals(3, second.opening().moves().size());
  }

  @Test
  void badGamePairAssignments() {
    ChunkAssignment a =
        WorkerProtocol.assignment(
            "job-m", match(searchers().setOpenings(Openings.newBuilder().setRandomMoves(2))), 0);
    GamePairAssignment g = a.getGamePair();
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () ->
                WorkerProtocol.gamePair(
                    a.toBuilder()
                        .setId(ChunkId.getDefaultInstance())
                        .setGamePair(
                            g.toBuilder()
                                .setMaxMoves(0)
                                .setBaseline(g.getCandidate())
                                .setOpening(g.getOpening().toBuilder().addBlack("D4")))
                        .build()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "id.jobId: required; gamePair.maxMoves: must be 1..10000 (got 0); gamePair.opening: must"
            + " have no setup stones: an opening is moves from the empty board;"
            + " gamePair.baseline.name: must differ from the candidate's",
        e.getStatus().getDescription());
  }

  /** A played 5x5 pair of tiny searches, as a worker reports it. */
  private static ChunkResult playedPair() {
    ResolvedMatch m =
        match(
            MatchSpec.newBuilder()
                .setCandidate(
                    MatchSpecsTest.search("uniform").toBuilder()
                        .setSearch(
                            MatchSpecsTest.search("uniform").getSearch().toBuilder()
                                .setPlayouts(8)))
                .setBaseline(
                    MatchSpecsTest.search("heavy").toBuilder()
                        .setSearch(
                            MatchSpecsTest.search("heavy").getSearch().toBuilder().setPlayouts(8)))
                .setSize(5)
                .setMaxMoves(30));
    GamePair p = WorkerProtocol.gamePair(WorkerProtocol.assignment("job-p", m, 0));
    PairResult r =
        MatchGame.playPair(
            p.opening(), p.rules(), p.candidate(), p.baseline(), p.seed(), p.maxMoves());
    return WorkerProtocol.result(p.key(), r, 0.25);
  }

  /** A clock goes to the worker with its player; a game lost on time comes back as "time". */
  @Test
  void clocksTravelWithThePlayersAndALossOnTimeIsAnEnd() {
    gofarm.proto.v1.ClockSpec.Builder clock =
        gofarm.proto.v1.ClockSpec.newBuilder().setMainSeconds(60).setPeriodSeconds(5).setStones(10);
    ResolvedMatch m =
        match(
            MatchSpec.newBuilder()
                .setCandidate(MatchSpecsTest.search("heavy").toBuilder().setClock(clock))
                .setBaseline(
                    MatchSpecsTest.engine("gnugo", "--mode", "gtp").toBuilder().setClock(clock))
                .setSize(9));
    GamePair pair = WorkerProtocol.gamePair(WorkerProtocol.assignment("job-c", m, 0));
    gofarm.search.TimeSettings settings =
        gofarm.search.TimeSettings.canadian(Duration.ofSeconds(60), Duration.ofSeconds(5), 10);
    assertEquals(settings, pair.candidate().clock());
    assertEquals(settings, pair.baseline().clock());
    assertEquals(null, ((PlayerSpec.Search) pair.candidate()).budget());

    assertEquals("time", WorkerProtocol.endName(gofarm.match.GameRecord.End.TIME));
    ChunkResult r = playedPair();
    GameOutcome timed = r.getGamePair().getFirst().getOutcome().toBuilder().setEnd("time").build();
    ChunkResult lostOnTime =
        r.toBuilder()
            .setGamePair(
                r.getGamePair().toBuilder()
                    .setFirst(r.getGamePair().getFirst().toBuilder().setOutcome(timed)))
            .build();
    assertEquals(List.of(), WorkerProtocol.gamePairProblems(lostOnTime, 30));
  }

  @Test
  void gamePairResults() {
    ChunkResult r = playedPair();
    assertEquals(List.of(), WorkerProtocol.gamePairProblems(r, 30));
    assertEquals(new ChunkKey("job-p", 0, 0, 0).toProto(), r.getId());
    GameOutcome first = r.getGamePair().getFirst().getOutcome();
    assertTrue(r.getGamePair().getFirst().getSgf().contains("PB[uniform 8 po]"));
    assertTrue(r.getGamePair().getSecond().getSgf().contains("PB[heavy 8 po]"));
    assertTrue(first.getMoves() >= 1 && first.getMoves() <= 30, first.toString());

    GamePairResult g = r.getGamePair();
    PlayedGame bad =
        g.getFirst().toBuilder()
            .setOutcome(
                first.toBuilder()
                    .setCandidatePoints(0.7)
                    .setEnd("timeout")
                    .setMoves(31)
                    .setScore(Double.NaN)
                    .setSeconds(-1))
            .build();
    ChunkResult broken =
        r.toBuilder()
            .setSeconds(Double.POSITIVE_INFINITY)
            .setGamePair(g.toBuilder().setFirst(bad).clearSecond())
            .build();
    assertEquals(
        List.of(
            "seconds: must be finite and not negative (got Infinity)",
            "gamePair.first.outcome.candidatePoints: must be 0, 0.5 or 1 (got 0.7)",
            "gamePair.first.outcome.score: must be finite",
            "gamePair.first.outcome.moves: must be 0..30 (got 31)",
            "gamePair.first.outcome.end: must be score, resign, move limit, forfeit or time (got"
                + " 'timeout')",
            "gamePair.first.outcome.seconds: must be finite and not negative",
            "gamePair.second.outcome: required"),
        WorkerProtocol.gamePairProblems(broken, 30));
    assertEquals(
        List.of("gamePair.second.outcome: required"),
        WorkerProtocol.gamePairProblems(
            r.toBuilder()
                .setGamePair(g.toBuilder().setSecond(g.getSecond().toBuilder().clearOutcome()))
                .build(),
            30));
    assertEquals(
        List.of("gamePair: required"),
        WorkerProtocol.gamePairProblems(r.toBuilder().clearGamePair().build(), 30));
  }

  @Test
  void twoRunsAgreeWhateverTheyTookButNotWhenACountDiffers() {
    ChunkResult.Builder run =
        ChunkResult.newBuilder()
            .setId(new ChunkKey("j", 0, 0, 3).toProto())
            .setSeconds(1.5)
            .setGamePair(
                GamePairResult.newBuilder()
                    .setFirst(
                        PlayedGame.newBuilder()
                            .setSgf("(;SZ[9])")
                            .setOutcome(GameOutcome.newBuilder().setMoves(40).setSeconds(0.7)))
                    .setSecond(
                        PlayedGame.newBuilder()
                            .setSgf("(;SZ[9])")
                            .setOutcome(GameOutcome.newBuilder().setMoves(41).setSeconds(0.8))));
    ChunkResult a = run.build();
    ChunkResult slower = run.setSeconds(9).build();
    slower =
        slower.toBuilder()
            .setGamePair(
                slower.getGamePair().toBuilder()
                    .setFirst(
                        slower.getGamePair().getFirst().toBuilder()
                            .setOutcome(
                                slower.getGamePair().getFirst().getOutcome().toBuilder()
                                    .setSeconds(5))))
            .build();
    assertTrue(WorkerProtocol.sameRun(a, slower));
    ChunkResult other =
        a.toBuilder()
            .setGamePair(
                a.getGamePair().toBuilder()
                    .setSecond(
                        a.getGamePair().getSecond().toBuilder()
                            .setOutcome(
                                a.getGamePair().getSecond().getOutcome().toBuilder().setMoves(42))))
            .build();
    assertEquals(false, WorkerProtocol.sameRun(a, other));
  }

  @Test
  void aResumeTokenIsBounded() {
    Hello ok =
        Hello.newBuilder()
            .setWorkerId("w")
            .setThreads(1)
            .setProtocolVersion(WorkerProtocol.VERSION)
            .setResumeToken("x".repeat(64))
            .build();
    WorkerProtocol.checkHello(ok);
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> WorkerProtocol.checkHello(ok.toBuilder().setResumeToken("x".repeat(65)).build()));
    assertTrue(e.getStatus().getDescription().contains("hello.resumeToken"), e.getMessage());
  }
}
