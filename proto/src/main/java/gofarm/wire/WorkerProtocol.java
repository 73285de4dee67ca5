package gofarm.wire;

import gofarm.match.GameRecord;
import gofarm.match.Opening;
import gofarm.match.PairResult;
import gofarm.match.PlayerSpec;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairAssignment;
import gofarm.proto.v1.GamePairResult;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.PlayedGame;
import gofarm.proto.v1.Welcome;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The worker protocol of {@code worker.proto} in core terms: its version, the checks of a {@code
 * Hello}, and the chunk messages in both directions.
 *
 * <pre>{@code
 * // hub
 * WorkerProtocol.checkHello(hello);                         // FAILED_PRECONDITION / INVALID_ARGUMENT
 * ChunkAssignment a = WorkerProtocol.assignment(jobId, job, p, q, c);
 * List<String> bad = WorkerProtocol.resultProblems(result, aggregate, job.playoutsOfChunk(p, q, c));
 * // worker
 * Chunk chunk = WorkerProtocol.chunk(a);
 * ChunkResult r = WorkerProtocol.result(chunk.key(), stats, seconds);
 * // a match: one game pair per chunk
 * ChunkAssignment a = WorkerProtocol.assignment(jobId, match, pair);       // hub
 * GamePair pair = WorkerProtocol.gamePair(a);                              // worker
 * ChunkResult r = WorkerProtocol.result(pair.key(), MatchGame.playPair(...), seconds);
 * List<String> bad = WorkerProtocol.gamePairProblems(r, match.maxMoves()); // hub
 * }</pre>
 */
public final class WorkerProtocol {
  /** The version of {@code worker.proto} this code speaks. */
  public static final int VERSION = 1;

  public static final int MAX_THREADS = 1024;
  public static final int MAX_CREDIT = 4096;
  public static final int MAX_LABELS = 32;
  public static final int MAX_LABEL_CHARS = 128;
  public static final int MAX_ENGINES = 32;
  public static final int MAX_CHUNK_PLAYOUTS = Chunking.MAX_CHUNK_PLAYOUTS;
  public static final int MAX_RESUME_TOKEN_CHARS = 64;

  private static final Pattern WORKER_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

  private WorkerProtocol() {}

  /**
   * Why the hub refuses a worker that speaks protocol {@code workerVersion}, for the
   * FAILED_PRECONDITION the stream ends with.
   */
  public static String versionMismatch(int workerVersion) {
    String fix = "; run workers of the same gofarm release as the coordinator";
    if (workerVersion == 0) {
      return "the worker did not say which protocol it speaks (hello.protocolVersion is unset);"
          + " this coordinator speaks worker protocol "
          + VERSION
          + fix;
    }
    return "the worker speaks worker protocol "
        + workerVersion
        + ", this coordinator speaks "
        + VERSION
        + fix;
  }

  /**
   * Checks the first message of a worker's stream: the protocol version first, then every field.
   *
   * @throws StatusRuntimeException FAILED_PRECONDITION with {@link #versionMismatch} for another
   *     protocol version, INVALID_ARGUMENT naming every bad field otherwise
   */
  public static void checkHello(Hello hello) {
    if (hello.getProtocolVersion() != VERSION) {
      throw Status.FAILED_PRECONDITION
          .withDescription(versionMismatch(hello.getProtocolVersion()))
          .asRuntimeException();
    }
    Violations v = new Violations();
    String id = hello.getWorkerId();
    if (!WORKER_ID.matcher(id).matches()) {
      v.add(
          "hello.workerId",
          "must be 1..128 characters of A-Z a-z 0-9 . _ : - (got " + Violations.quote(id) + ")");
    }
    v.range("hello.threads", 1, MAX_THREADS, hello.getThreads());
    if (hello.getCredit() != 0) {
      v.range("hello.credit", 1, MAX_CREDIT, hello.getCredit());
    }
    if (hello.getLabelsCount() > MAX_LABELS) {
      v.add(
          "hello.labels", "at most " + MAX_LABELS + " labels (got " + hello.getLabelsCount() + ")");
    } else {
      for (Map.Entry<String, String> e : hello.getLabelsMap().entrySet()) {
        if (e.getKey().isEmpty() || e.getKey().length() > MAX_LABEL_CHARS) {
          v.add(
              "hello.labels",
              "a label name must be 1.."
                  + MAX_LABEL_CHARS
                  + " characters (got "
                  + e.getKey().length()
                  + ")");
        } else {
          v.maxLength("hello.labels." + e.getKey(), MAX_LABEL_CHARS, e.getValue());
        }
      }
    }
    if (hello.getEnginesCount() > MAX_ENGINES) {
      v.add(
          "hello.engines",
          "at most " + MAX_ENGINES + " engines (got " + hello.getEnginesCount() + ")");
    } else {
      for (int i = 0; i < hello.getEnginesCount(); i++) {
        if (!MatchSpecs.PROGRAM.matcher(hello.getEngines(i)).matches()) {
          v.add(
              "hello.engines[" + i + "]",
              "must be a program name of 1..64 characters of A-Z a-z 0-9 . _ + - (got "
                  + Violations.quote(hello.getEngines(i))
                  + ")");
        }
      }
    }
    v.maxLength("hello.resumeToken", MAX_RESUME_TOKEN_CHARS, hello.getResumeToken());
    v.throwIfAny();
  }

  /** The chunks a worker wants in hand: its credit, or 2 per thread by default. */
  public static int credit(Hello hello) {
    return hello.getCredit() != 0
        ? hello.getCredit()
        : Math.min(MAX_CREDIT, 2 * hello.getThreads());
  }

  /** The hub's answer to a valid Hello, from a hub that reads dense statistics and batches. */
  public static Welcome welcome(int leaseSeconds, String version) {
    return Welcome.newBuilder()
        .setProtocolVersion(VERSION)
        .setLeaseSeconds(leaseSeconds)
        .setVersion(version)
        .setDenseStats(true)
        .setBatches(true)
        .build();
  }

  /**
   * The Welcome of a hub that reads dense statistics or not: a hub in the worker's own process
   * passes messages without serializing them, so the repeated fields cost nothing to parse there
   * and add up faster than a dense block (3.3 µs against 7 µs for a 19x19 result).
   */
  public static Welcome welcome(int leaseSeconds, String version, boolean denseStats) {
    return welcome(leaseSeconds, version).toBuilder().setDenseStats(denseStats).build();
  }

  /**
   * A result as the hub that sent {@code welcome} reads it: {@code result} itself, or with its
   * statistics as repeated fields for a hub from before {@code PlayoutStats.dense}.
   */
  public static ChunkResult forHub(ChunkResult result, Welcome welcome) {
    if (welcome.getDenseStats() || result.getStats().getDense().isEmpty()) {
      return result;
    }
    return result.toBuilder().setStats(StatsCodec.expand(result.getStats())).build();
  }

  /** Why a worker cannot work with the hub that sent this Welcome, or null if it can. */
  public static String welcomeProblem(Welcome welcome) {
    if (welcome.getProtocolVersion() == VERSION) {
      return null;
    }
    return "the coordinator speaks worker protocol "
        + welcome.getProtocolVersion()
        + ", this worker speaks "
        + VERSION
        + "; run a worker of the same gofarm release as the coordinator";
  }

  /** The assignment of chunk {@code chunk} of pair ({@code position}, {@code policy}) of a job. */
  public static ChunkAssignment assignment(
      String jobId, ResolvedEvaluation job, int position, int policy, int chunk) {
    return assignment(
        jobId,
        job,
        position,
        policy,
        chunk,
        Codec.toProto(job.rules()),
        Codec.toProto(job.policies().get(policy)));
  }

  /**
   * The same assignment with the job's rules and the chunk's policy as messages already built: a
   * hub sends thousands a second, and a message built once also keeps its serialized size.
   */
  public static ChunkAssignment assignment(
      String jobId,
      ResolvedEvaluation job,
      int position,
      int policy,
      int chunk,
      gofarm.proto.v1.Rules rules,
      gofarm.proto.v1.PolicySpec policySpec) {
    return ChunkAssignment.newBuilder()
        .setId(new ChunkKey(jobId, position, policy, chunk).toProto())
        .setPosition(job.positions().get(position).position())
        .setRules(rules)
        .setPolicy(policySpec)
        .setPlayouts(job.playoutsOfChunk(position, policy, chunk))
        .setSeed(job.chunkSeed(position, policy, chunk))
        .build();
  }

  /**
   * The chunk an assignment describes, every field checked (paths relative to the assignment).
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT naming every bad field
   */
  public static Chunk chunk(ChunkAssignment a) {
    Violations v = new Violations();
    if (a.getId().getJobId().isEmpty()) {
      v.add("id.jobId", "required");
    }
    v.range("playouts", 1, MAX_CHUNK_PLAYOUTS, a.getPlayouts());
    Rules rules = Codec.rules(a.getRules(), "rules", v);
    PolicySpec policy = Codec.policy(a.getPolicy(), "policy", v);
    Game game = Codec.game(a.getPosition(), rules == null ? Rules.DEFAULT : rules, "position", v);
    v.throwIfAny();
    return new Chunk(
        ChunkKey.fromProto(a.getId()), PlayoutRoot.of(game), policy, a.getPlayouts(), a.getSeed());
  }

  /**
   * The result message of a finished chunk, its statistics dense: {@link #forHub} turns them back
   * into repeated fields for a hub that does not read that form.
   */
  public static ChunkResult result(ChunkKey key, PlayoutStats stats, double seconds) {
    return ChunkResult.newBuilder()
        .setId(key.toProto())
        .setStats(StatsCodec.toDenseProto(stats))
        .setSeconds(seconds)
        .build();
  }

  /**
   * The problems of a chunk's result that should add to statistics shaped like {@code shape}: empty
   * when it may be counted. Paths are relative to the result ({@code stats.playouts}).
   */
  public static List<String> resultProblems(
      ChunkResult result, PlayoutStats shape, int expectedPlayouts) {
    List<String> problems = new ArrayList<>();
    double seconds = result.getSeconds();
    if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
      problems.add("seconds: must be finite and not negative (got " + seconds + ")");
    }
    if (!result.hasStats()) {
      problems.add("stats: required");
      return problems;
    }
    if (result.getStats().getPlayouts() != expectedPlayouts) {
      problems.add(
          "stats.playouts: must be the chunk's "
              + expectedPlayouts
              + " (got "
              + result.getStats().getPlayouts()
              + ")");
    }
    for (String p : StatsCodec.problems(result.getStats(), shape)) {
      problems.add("stats." + p);
    }
    return problems.isEmpty() ? List.of() : problems;
  }

  /**
   * Whether two workers' results of one chunk agree bit for bit, timings aside: what a spot check
   * compares, since a chunk's seed fixes everything else.
   */
  public static boolean sameRun(ChunkResult a, ChunkResult b) {
    if (a.getStats().getDense().isEmpty() != b.getStats().getDense().isEmpty()) {
      // One statistics dense, the other not (workers of two versions): compare them as counts.
      try {
        return sameRun(
            a.toBuilder().setStats(StatsCodec.expand(a.getStats())).build(),
            b.toBuilder().setStats(StatsCodec.expand(b.getStats())).build());
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
    return withoutTimings(a).equals(withoutTimings(b));
  }

  private static ChunkResult withoutTimings(ChunkResult r) {
    ChunkResult.Builder b = r.toBuilder().clearSeconds();
    if (r.hasGamePair()) {
      b.getGamePairBuilder().getFirstBuilder().getOutcomeBuilder().clearSeconds();
      b.getGamePairBuilder().getSecondBuilder().getOutcomeBuilder().clearSeconds();
    }
    return b.build();
  }

  // ------------------------------------------------------------------ match chunks

  /** How long an external engine may think about one move before the game is lost to a failure. */
  public static final java.time.Duration ENGINE_MOVE_TIMEOUT = java.time.Duration.ofMinutes(2);

  /** The assignment of game pair {@code pair} of a match job: chunk (0, 0, pair). */
  public static ChunkAssignment assignment(String jobId, ResolvedMatch match, int pair) {
    return assignment(new ChunkKey(jobId, 0, 0, pair), match.pairSeed(pair), match, pair);
  }

  /**
   * The assignment of chunk {@code key}, a game pair of {@code match}'s players from opening {@code
   * pair} with this seed (a tune job's pairs are chunks of its own).
   */
  public static ChunkAssignment assignment(ChunkKey key, long seed, ResolvedMatch match, int pair) {
    GamePairAssignment.Builder g =
        GamePairAssignment.newBuilder()
            .setCandidate(MatchSpecs.toProto(match.candidate()))
            .setBaseline(MatchSpecs.toProto(match.baseline()))
            .setMaxMoves(match.maxMoves())
            .setAdjudication(MatchSpecs.toProto(match.adjudication()));
    if (match.referee() != null) {
      g.setReferee(MatchSpecs.refereeProto(match.referee()));
    }
    JobPosition opening = match.opening(pair);
    if (opening != null) {
      g.setOpening(opening.position()).setOpeningLabel(opening.label());
    } else {
      g.setOpening(gofarm.proto.v1.Position.newBuilder().setSize(match.size()))
          .setRandomMoves(match.randomMoves());
    }
    return ChunkAssignment.newBuilder()
        .setId(key.toProto())
        .setRules(Codec.toProto(match.rules()))
        .setSeed(seed)
        .setGamePair(g)
        .build();
  }

  /**
   * The game pair a match assignment describes, every field checked (paths relative to the
   * assignment). A random opening is drawn here, from the chunk's seed.
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT naming every bad field
   */
  public static GamePair gamePair(ChunkAssignment a) {
    Violations v = new Violations();
    if (a.getId().getJobId().isEmpty()) {
      v.add("id.jobId", "required");
    }
    GamePairAssignment g = a.getGamePair();
    Rules rules = Codec.rules(a.getRules(), "rules", v);
    ResolvedPlayer candidate = MatchSpecs.player(g.getCandidate(), "gamePair.candidate", v);
    ResolvedPlayer baseline = MatchSpecs.player(g.getBaseline(), "gamePair.baseline", v);
    v.range("gamePair.maxMoves", 1, MatchSpecs.MAX_MOVES, g.getMaxMoves());
    int maxRandom = gofarm.board.Geometry.MAX_SIZE * gofarm.board.Geometry.MAX_SIZE / 2;
    v.range("gamePair.randomMoves", 0, maxRandom, g.getRandomMoves());
    Game start =
        Codec.game(g.getOpening(), rules == null ? Rules.DEFAULT : rules, "gamePair.opening", v);
    if (start != null) {
      if (g.getOpening().getBlackCount() + g.getOpening().getWhiteCount() > 0) {
        v.add(
            "gamePair.opening",
            "must have no setup stones: an opening is moves from the empty board");
      }
      if (g.getRandomMoves() > 0 && !start.moves().isEmpty()) {
        v.add("gamePair.randomMoves", "must be 0 when the opening has moves");
      }
    }
    if (candidate != null && baseline != null && candidate.name().equals(baseline.name())) {
      v.add("gamePair.baseline.name", "must differ from the candidate's");
    }
    gofarm.match.Adjudication adjudication = MatchSpecs.adjudication(g.getAdjudication());
    ResolvedPlayer referee = null;
    if (adjudication == gofarm.match.Adjudication.REFEREE) {
      referee =
          MatchSpecs.player(
              MatchPlayer.newBuilder().setName("referee").setEngine(g.getReferee()).build(),
              "gamePair.referee",
              v);
    }
    v.throwIfAny();
    int size = start.geometry().size();
    Opening opening;
    if (g.getRandomMoves() > 0) {
      try {
        opening = Opening.random(size, rules, g.getRandomMoves(), Rng.mix(a.getSeed(), 4));
      } catch (IllegalArgumentException e) {
        throw Status.INVALID_ARGUMENT
            .withDescription("gamePair.randomMoves: " + e.getMessage())
            .asRuntimeException();
      }
    } else {
      String label = g.getOpeningLabel().isEmpty() ? "empty" : g.getOpeningLabel();
      opening = new Opening(label, size, start.moves());
    }
    return new GamePair(
        ChunkKey.fromProto(a.getId()),
        rules,
        spec(candidate),
        spec(baseline),
        opening,
        g.getMaxMoves(),
        a.getSeed(),
        adjudication,
        referee == null ? null : (PlayerSpec.Gtp) spec(referee));
  }

  /** The match-game player for a resolved player. */
  public static PlayerSpec spec(ResolvedPlayer p) {
    return p.isEngine()
        ? new PlayerSpec.Gtp(p.name(), p.engine(), ENGINE_MOVE_TIMEOUT, p.clock())
        : new PlayerSpec.Search(p.name(), p.search(), p.budget(), p.clock());
  }

  /** The result message of a played game pair; its first player is the candidate. */
  public static ChunkResult result(ChunkKey key, PairResult pair, double seconds) {
    return ChunkResult.newBuilder()
        .setId(key.toProto())
        .setSeconds(seconds)
        .setGamePair(
            GamePairResult.newBuilder()
                .setFirst(played(pair.first(), pair.firstPlayer()))
                .setSecond(played(pair.second(), pair.firstPlayer())))
        .build();
  }

  private static PlayedGame played(GameRecord game, String candidate) {
    return PlayedGame.newBuilder()
        .setOutcome(
            GameOutcome.newBuilder()
                .setCandidatePoints(game.scoreOf(candidate))
                .setWinner(
                    game.winner() == null
                        ? gofarm.proto.v1.Color.COLOR_UNSPECIFIED
                        : Codec.toProto(game.winner()))
                .setScore(game.margin())
                .setMoves(game.moves())
                .setEnd(endName(game.end()))
                .setSeconds(game.duration().toNanos() / 1e9)
                .setScoredBy(
                    game.scoring() == null
                        ? ""
                        : game.scoring().by().name().toLowerCase(java.util.Locale.ROOT))
                .setBlackClaim(
                    game.scoring() == null || game.scoring().blackClaim() == null
                        ? ""
                        : game.scoring().blackClaim())
                .setWhiteClaim(
                    game.scoring() == null || game.scoring().whiteClaim() == null
                        ? ""
                        : game.scoring().whiteClaim())
                .setCleanupMoves(game.scoring() == null ? 0 : game.scoring().cleanupMoves()))
        .setSgf(game.sgf())
        .build();
  }

  /** How a game ended, as {@code GameOutcome.end} writes it. */
  public static String endName(GameRecord.End end) {
    return switch (end) {
      case PASSES -> "score";
      case RESIGNATION -> "resign";
      case MOVE_LIMIT -> "move limit";
      case FORFEIT -> "forfeit";
      case TIME -> "time";
    };
  }

  /**
   * The problems of a match chunk's result: empty when it may be counted. Paths are relative to the
   * result ({@code gamePair.first.outcome.candidatePoints}).
   */
  public static List<String> gamePairProblems(ChunkResult result, int maxMoves) {
    List<String> problems = new ArrayList<>();
    double seconds = result.getSeconds();
    if (!(seconds >= 0 && seconds < Double.POSITIVE_INFINITY)) {
      problems.add("seconds: must be finite and not negative (got " + seconds + ")");
    }
    if (!result.hasGamePair()) {
      problems.add("gamePair: required");
      return problems;
    }
    GamePairResult g = result.getGamePair();
    playedProblems("gamePair.first", g.hasFirst(), g.getFirst(), maxMoves, problems);
    playedProblems("gamePair.second", g.hasSecond(), g.getSecond(), maxMoves, problems);
    return problems.isEmpty() ? List.of() : problems;
  }

  private static final java.util.Set<String> SCORED_BY =
      java.util.Set.of("", "agreed", "cleanup", "referee", "estimate");

  private static final java.util.Set<String> ENDS =
      java.util.Set.of("score", "resign", "move limit", "forfeit", "time");

  private static void playedProblems(
      String path, boolean present, PlayedGame game, int maxMoves, List<String> problems) {
    if (!present || !game.hasOutcome()) {
      problems.add(path + ".outcome: required");
      return;
    }
    GameOutcome o = game.getOutcome();
    double points = o.getCandidatePoints();
    if (points != 0 && points != 0.5 && points != 1) {
      problems.add(path + ".outcome.candidatePoints: must be 0, 0.5 or 1 (got " + points + ")");
    }
    if (!Double.isFinite(o.getScore())) {
      problems.add(path + ".outcome.score: must be finite");
    }
    if (o.getMoves() < 0 || o.getMoves() > maxMoves) {
      problems.add(path + ".outcome.moves: must be 0.." + maxMoves + " (got " + o.getMoves() + ")");
    }
    if (!SCORED_BY.contains(o.getScoredBy())) {
      problems.add(
          path
              + ".outcome.scoredBy: must be agreed, cleanup, referee, estimate or empty (got "
              + Violations.quote(o.getScoredBy())
              + ")");
    }
    if (o.getCleanupMoves() < 0 || o.getCleanupMoves() > o.getMoves()) {
      problems.add(
          path + ".outcome.cleanupMoves: must be 0..moves (got " + o.getCleanupMoves() + ")");
    }
    if (!ENDS.contains(o.getEnd())) {
      problems.add(
          path
              + ".outcome.end: must be score, resign, move limit, forfeit or time (got "
              + Violations.quote(o.getEnd())
              + ")");
    }
    if (!(o.getSeconds() >= 0 && o.getSeconds() < Double.POSITIVE_INFINITY)) {
      problems.add(path + ".outcome.seconds: must be finite and not negative");
    }
    if (game.getSgf().length() > gofarm.io.Sgf.MAX_INPUT_CHARS) {
      problems.add(path + ".sgf: at most " + gofarm.io.Sgf.MAX_INPUT_CHARS + " characters");
    }
  }
}
