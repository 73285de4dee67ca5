package gofarm.wire;

import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.io.SgfReplayException;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Validates the {@code fit} part of a job spec and resolves it into a {@link ResolvedFit}: every
 * game of every source read and replayed (an illegal game is refused with its source, file, index
 * and move), games held out by the seed, and the games cut into shards.
 *
 * <p>Defaults: a tenth of the games held out, no opening skipped, every γ = 1 to start, at most 100
 * iterations, a minimum gain of 0.0001 per cycle, Coulom's prior of 1, and shards of about 1.5 s
 * ({@link Chunking#defaultGamesPerChunk}).
 */
public final class FitSpecs {
  public static final int MAX_SOURCES = 64;
  public static final int MAX_GAMES = 100_000;
  public static final long MAX_MOVES = 10_000_000;
  public static final double DEFAULT_TEST_SHARE = 0.1;
  public static final double MAX_TEST_SHARE = 0.5;
  public static final int MAX_SKIP_MOVES = 1000;
  public static final int DEFAULT_MAX_ITERATIONS = 100;
  public static final int MAX_ITERATIONS = 10_000;
  public static final double DEFAULT_MIN_GAIN = 1e-4;
  public static final double DEFAULT_PRIOR = 1;
  public static final double MAX_PRIOR = 100;
  public static final int MAX_GAMES_PER_CHUNK = Chunking.MAX_GAMES_PER_CHUNK;

  private FitSpecs() {}

  /** The resolved fit, or null after adding its violations under {@code path}. */
  static ResolvedFit resolve(
      String name, long seed, int priority, Rules rules, FitSpec f, String path, Violations v) {
    int before = v.count();
    double testShare = f.hasTestShare() ? f.getTestShare() : DEFAULT_TEST_SHARE;
    String sharePath = Violations.join(path, "testShare");
    boolean shareOk = testShare >= 0 && testShare <= MAX_TEST_SHARE;
    if (!shareOk) {
      v.add(
          sharePath,
          "must be 0..0.5, the share of games held out for testing (got "
              + Violations.number(testShare)
              + ")");
    }
    String skipPath = Violations.join(path, "skipMoves");
    boolean skipOk = v.range(skipPath, 0, MAX_SKIP_MOVES, f.getSkipMoves());
    int maxIterations = f.hasMaxIterations() ? f.getMaxIterations() : DEFAULT_MAX_ITERATIONS;
    v.range(Violations.join(path, "maxIterations"), 1, MAX_ITERATIONS, maxIterations);
    double minGain = f.hasMinGain() ? f.getMinGain() : DEFAULT_MIN_GAIN;
    if (!(minGain >= 0 && minGain < Double.POSITIVE_INFINITY)) {
      v.add(
          Violations.join(path, "minGain"),
          "must be a number >= 0, the least rise of the training log-likelihood per decision over"
              + " a cycle of groups (got "
              + Violations.number(minGain)
              + ")");
    }
    double prior = f.hasPrior() ? f.getPrior() : DEFAULT_PRIOR;
    if (!(prior >= 0 && prior <= MAX_PRIOR)) {
      v.add(
          Violations.join(path, "prior"),
          "must be 0..100, the virtual wins and losses of every value (got "
              + Violations.number(prior)
              + ")");
    }
    if (f.getGamesPerChunk() != 0) {
      v.range(Violations.join(path, "gamesPerChunk"), 1, MAX_GAMES_PER_CHUNK, f.getGamesPerChunk());
    }
    GammaTable start = GammaTable.uniform();
    if (f.hasStart()) {
      start = Codec.gammaTable(f.getStart(), Violations.join(path, "start"), v);
    }

    List<SgfGame> games =
        games(f.getGamesList(), Violations.join(path, "games"), MAX_GAMES, MAX_MOVES, v);
    if (v.count() > before) {
      return null;
    }

    // The split, and what is left to learn from.
    int n = games.size();
    boolean[] heldOut = new boolean[n];
    int testGames = 0;
    long moves = 0;
    long trainMoves = 0;
    int longestTrain = 0;
    double seconds = 0;
    for (int i = 0; i < n; i++) {
      SgfGame g = games.get(i);
      int m = g.moves().size();
      heldOut[i] = ResolvedFit.heldOut(seed, i, testShare);
      moves += m;
      seconds += m * Chunking.fitSecondsPerMove(g.geometry());
      if (heldOut[i]) {
        testGames++;
      } else {
        trainMoves += Math.max(0, m - f.getSkipMoves());
        longestTrain = Math.max(longestTrain, m);
      }
    }
    if (testGames == n && shareOk) {
      v.add(
          sharePath,
          "holds out every one of the "
              + n
              + (n == 1 ? " game" : " games")
              + " with seed "
              + Long.toUnsignedString(seed)
              + ": lower testShare, give more games or another seed (got "
              + Violations.number(testShare)
              + ")");
      return null;
    }
    if (trainMoves == 0 && skipOk) {
      if (f.getSkipMoves() > 0) {
        v.add(
            skipPath,
            "leaves no move to learn from: the longest training game has "
                + longestTrain
                + " moves (got "
                + f.getSkipMoves()
                + ")");
      } else {
        v.add(Violations.join(path, "games"), "the training games hold no move to learn from");
      }
      return null;
    }
    int perChunk =
        f.getGamesPerChunk() != 0
            ? f.getGamesPerChunk()
            : Chunking.defaultGamesPerChunk(n, seconds);
    return new ResolvedFit(
        name,
        seed,
        priority,
        rules,
        shards(games, heldOut, perChunk),
        n,
        moves,
        testGames,
        testShare,
        f.getSkipMoves(),
        start,
        maxIterations,
        minGain,
        prior,
        perChunk);
  }

  /**
   * Every game of the sources at {@code path}, in order, each checked, at most {@code maxGames}
   * games and {@code maxMoves} moves in all; an empty list after adding violations.
   */
  static List<SgfGame> games(
      List<SgfSource> sources, String path, long maxGames, long maxMoves, Violations v) {
    int before = v.count();
    if (sources.isEmpty() || sources.size() > MAX_SOURCES) {
      v.add(
          path,
          "must list 1.."
              + MAX_SOURCES
              + " SGF sources, each one game or a collection (got "
              + sources.size()
              + ")");
      return List.of();
    }
    List<List<SgfGame>> parsed = new ArrayList<>();
    long games = 0;
    long moves = 0;
    for (int i = 0; i < sources.size(); i++) {
      List<SgfGame> records = parse(sources.get(i), Violations.index(path, i), v);
      parsed.add(records);
      games += records.size();
      for (SgfGame g : records) {
        moves += g.moves().size();
      }
    }
    if (games > maxGames) {
      v.add(
          path,
          String.format(
              Locale.ROOT,
              "must hold at most %,d games in all (got %,d): fit a sample, or fit in turns with"
                  + " the last table as the next start",
              maxGames,
              games));
    }
    if (moves > maxMoves) {
      v.add(
          path,
          String.format(
              Locale.ROOT,
              "must hold at most %,d moves in all (got %,d): fit a sample, or fit in turns with"
                  + " the last table as the next start",
              maxMoves,
              moves));
    }
    if (v.count() > before) {
      return List.of();
    }
    List<SgfGame> out = new ArrayList<>();
    for (int i = 0; i < parsed.size(); i++) {
      String file = JobSpecs.fileName(sources.get(i).getFile());
      List<SgfGame> records = parsed.get(i);
      for (int k = 0; k < records.size(); k++) {
        String problem = replayProblem(records.get(k));
        if (problem != null) {
          v.add(Violations.index(path, i), file + ", game " + k + ": " + problem);
        } else {
          out.add(records.get(k));
        }
      }
    }
    return v.count() > before ? List.of() : out;
  }

  /** The games of one source at {@code path}, or an empty list after adding violations. */
  private static List<SgfGame> parse(SgfSource sgf, String path, Violations v) {
    int before = v.count();
    String textPath = Violations.join(path, "text");
    if (sgf.hasMove()) {
      v.add(
          Violations.join(path, "move"),
          "must be unset: a fit learns from every move of every game (got " + sgf.getMove() + ")");
    }
    if (sgf.getEveryMove()) {
      v.add(
          Violations.join(path, "everyMove"),
          "must be unset: a fit learns from every move of every game");
    }
    if (sgf.getGame() != 0) {
      v.add(
          Violations.join(path, "game"),
          "must be unset: a fit uses every game of the text (got " + sgf.getGame() + ")");
    }
    String text = sgf.getText();
    if (text.isEmpty()) {
      if (!sgf.getFile().isEmpty()) {
        v.add(
            Violations.join(path, "file"),
            "was not read: the coordinator never reads client files; submit the spec with gofarm"
                + " submit or gofarm local, which send the file's contents as text (got "
                + Violations.quote(sgf.getFile())
                + ")");
      } else {
        v.add(textPath, "required: the SGF games (or a file for the gofarm client to read)");
      }
      return List.of();
    }
    if (!v.maxLength(textPath, Sgf.MAX_INPUT_CHARS, text) || v.count() > before) {
      return List.of();
    }
    try {
      return Sgf.parse(text);
    } catch (SgfParseException e) {
      v.add(textPath, e.getMessage());
      return List.of();
    }
  }

  /**
   * Why {@code record} cannot be learnt from, or null: replayed under its own rules as the workers
   * replay it ({@code gofarm.learn.GameDecisions}), every move must be legal, setup stones may come
   * before the first move only, and no move may be suicide (the policy never plays one).
   */
  static String replayProblem(SgfGame record) {
    Game end;
    try {
      end = record.replay();
    } catch (SgfReplayException e) {
      return e.getMessage();
    }
    List<Move> moves = record.moves();
    if (end.moves().size() != moves.size()) {
      // A setup after the first move starts the game's history again.
      return "setup stones after the first move: only a setup before the first move can be learnt"
          + " from";
    }
    if (!record.rules().suicideAllowed()) {
      return null; // the replay refused any suicide
    }
    Game game = record.replay(0);
    for (int i = 0; i < moves.size(); i++) {
      Move m = moves.get(i);
      if (!m.isPass() && game.board().isSuicide(m.point(), m.player().color())) {
        return "move "
            + (i + 1)
            + " ("
            + m.player().letter()
            + " "
            + record.geometry().name(m.point())
            + "): suicide, which the softmax policy never plays";
      }
      game.play(m);
    }
    return null;
  }

  /** The games cut into shards of {@code perChunk} consecutive games. */
  private static List<ResolvedFit.Shard> shards(
      List<SgfGame> games, boolean[] heldOut, int perChunk) {
    List<ResolvedFit.Shard> shards = new ArrayList<>();
    for (int first = 0; first < games.size(); first += perChunk) {
      int end = Math.min(games.size(), first + perChunk);
      StringBuilder sgf = new StringBuilder();
      long moves = 0;
      double seconds = 0;
      boolean[] held = new boolean[end - first];
      for (int i = first; i < end; i++) {
        SgfGame g = games.get(i);
        sgf.append(Sgf.write(g));
        moves += g.moves().size();
        seconds += g.moves().size() * Chunking.fitSecondsPerMove(g.geometry());
        held[i - first] = heldOut[i];
      }
      shards.add(new ResolvedFit.Shard(first, sgf.toString(), held, moves, seconds));
    }
    return shards;
  }
}
