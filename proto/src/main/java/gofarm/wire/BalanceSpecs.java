package gofarm.wire;

import gofarm.board.Geometry;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.io.SgfReplayException;
import gofarm.learn.BalanceStep;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.Rules;
import gofarm.search.SearchConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates the {@code balance} part of a job spec and resolves it into a {@link ResolvedBalance}:
 * the policy must be softmax, the positions come from a list (as the evaluation objective of tune
 * jobs takes them) or from the games of one SGF source, and are held out by game with the seed.
 *
 * <p>Defaults: positions from move 10 of each game, every 10th move, at most 1,000; a fifth of the
 * games held out; reference searches of 10,000 playouts; 50 iterations of M = N = 200 playouts; α =
 * 100 with no decay (trials on 5x5 and 9x9 in docs/jobs.md: α = 8 barely moved γ, 30 lowered the
 * error and 100 lowered it most); shards of about 1.5 s ({@link
 * Chunking#defaultPositionsPerChunk}).
 */
public final class BalanceSpecs {
  public static final int DEFAULT_FROM = 10;
  public static final int MAX_FROM = 1000;
  public static final int DEFAULT_EVERY = 10;
  public static final int MAX_EVERY = 1000;
  public static final int DEFAULT_MAX_POSITIONS = 1000;
  public static final int MAX_POSITIONS = 10_000;
  public static final int MAX_PER_GAME = 1000;
  public static final double DEFAULT_HELD_OUT = 0.2;
  public static final double MAX_HELD_OUT = 0.5;
  public static final long DEFAULT_REFERENCE = 10_000;
  public static final int DEFAULT_ITERATIONS = 50;
  public static final int MAX_ITERATIONS = 10_000;
  public static final int DEFAULT_PLAYOUTS = 200;
  public static final int MAX_PLAYOUTS = 1_000_000;
  public static final double DEFAULT_ALPHA = 100;
  public static final double MAX_ALPHA = 1000;
  public static final double MAX_DECAY = 1e6;
  public static final int MAX_POSITIONS_PER_CHUNK = Chunking.MAX_POSITIONS_PER_CHUNK;

  private BalanceSpecs() {}

  /** The resolved balancing, or null after adding its violations under {@code path}. */
  static ResolvedBalance resolve(
      String name, long seed, int priority, Rules rules, BalanceSpec b, String path, Violations v) {
    int before = v.count();
    String policyPath = Violations.join(path, "policy");
    PolicySpec start = null;
    if (!b.hasPolicy()) {
      v.add(
          policyPath,
          "required: the softmax policy to start from, e.g. {\"name\": \"mm\", \"gamma\":"
              + " {\"file\": \"policy.gamma\"}} or the preset {\"name\": \"softmax\"}");
    } else {
      start = Codec.policy(b.getPolicy(), policyPath, v);
      if (start != null && !start.isSoftmax()) {
        v.add(
            policyPath,
            "must be a softmax policy: simulation balancing moves the γ of its features (got "
                + start.rulesText()
                + ")");
        start = null;
      } else if (start != null && start.rules().get(0).params().get("temperature") != 1.0) {
        // Workers run the shards at T = 1: the gradient is of log γ, the table balancing writes.
        v.add(
            policyPath,
            "must have temperature 1: balancing moves the γ themselves (got "
                + start.rulesText()
                + "); fold a temperature into the table first, or leave it out");
        start = null;
      }
    }
    double share = b.hasHeldOut() ? b.getHeldOut() : DEFAULT_HELD_OUT;
    String sharePath = Violations.join(path, "heldOut");
    boolean shareOk = share >= 0 && share <= MAX_HELD_OUT;
    if (!shareOk) {
      v.add(
          sharePath,
          "must be 0..0.5, the share of games held out (got " + Violations.number(share) + ")");
    }
    long reference = b.getReference() == 0 ? DEFAULT_REFERENCE : b.getReference();
    v.range(Violations.join(path, "reference"), 1, PositionSearches.MAX_PLAYOUTS, reference);
    SearchConfig judge = start == null ? null : SearchConfig.of(start);
    if (b.hasReferencePlayer()) {
      if (b.getReference() != 0) {
        v.add(
            Violations.join(path, "reference"),
            "must be unset with referencePlayer, whose playouts say the search's budget (got "
                + b.getReference()
                + ")");
      }
      ResolvedPlayer player = referencePlayer(b, Violations.join(path, "referencePlayer"), v);
      if (player != null) {
        judge = player.search();
        reference = player.budget().playouts();
      }
    }
    int iterations = b.hasIterations() ? b.getIterations() : DEFAULT_ITERATIONS;
    v.range(Violations.join(path, "iterations"), 1, MAX_ITERATIONS, iterations);
    int m = b.getValuePlayouts() == 0 ? DEFAULT_PLAYOUTS : b.getValuePlayouts();
    v.range(Violations.join(path, "valuePlayouts"), 1, MAX_PLAYOUTS, m);
    int n = b.getGradientPlayouts() == 0 ? DEFAULT_PLAYOUTS : b.getGradientPlayouts();
    v.range(Violations.join(path, "gradientPlayouts"), 1, MAX_PLAYOUTS, n);
    double alpha = b.hasAlpha() ? b.getAlpha() : DEFAULT_ALPHA;
    if (!(alpha > 0 && alpha <= MAX_ALPHA)) {
      v.add(
          Violations.join(path, "alpha"),
          "must be above 0 and at most 1000, the step in log γ per unit of error × score (got "
              + Violations.number(alpha)
              + ")");
    }
    double decay = b.getDecay();
    if (!(decay >= 0 && decay <= MAX_DECAY)) {
      v.add(
          Violations.join(path, "decay"),
          "must be 0 (a constant step) or up to 1e6 iterations (got "
              + Violations.number(decay)
              + ")");
    }
    if (b.getPositionsPerChunk() != 0) {
      v.range(
          Violations.join(path, "positionsPerChunk"),
          1,
          MAX_POSITIONS_PER_CHUNK,
          b.getPositionsPerChunk());
    }

    List<JobPosition> positions = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    List<Integer> gameOf = new ArrayList<>();
    boolean hasPositions = b.getPositionsCount() > 0;
    if (hasPositions && b.hasGames()) {
      v.add(
          Violations.join(path, "games"),
          "give either positions or games, not both (got "
              + b.getPositionsCount()
              + " positions and games)");
    } else if (hasPositions) {
      if (b.hasFrom() || b.hasEvery() || b.hasMaxPositions() || b.hasPerGame()) {
        v.add(
            Violations.join(
                path,
                b.hasFrom()
                    ? "from"
                    : b.hasEvery() ? "every" : b.hasMaxPositions() ? "maxPositions" : "perGame"),
            "must be unset with positions: it says which moves of games are taken");
      }
      listed(b.getPositionsList(), Violations.join(path, "positions"), rules, positions, values, v);
      for (int i = 0; i < positions.size(); i++) {
        gameOf.add(i);
      }
    } else if (b.hasGames()) {
      fromGames(b, Violations.join(path, "games"), path, rules, positions, gameOf, v);
      for (int i = 0; i < positions.size(); i++) {
        values.add(Double.NaN);
      }
    } else {
      v.add(
          Violations.join(path, "positions"),
          "required: the training positions (positions with optional blackValue, or games, an SGF"
              + " source of many games)");
    }

    gofarm.wire.ResolvedMatch confirm = null;
    if (b.hasConfirm() && !b.getConfirm().hasMatch()) {
      v.add(
          Violations.join(path, "confirm.match"),
          "required: the games of the confirmation, e.g. {\"size\": 9, \"playouts\": 400}");
    } else if (b.hasConfirm() && start != null) {
      confirm =
          TuneSpecs.confirm(
              name,
              seed,
              priority,
              rules,
              start,
              b.getConfirm(),
              null,
              Violations.join(path, "confirm"),
              v);
    }
    if (v.count() > before) {
      return null;
    }

    // The split by game, and what is left to learn from.
    int games = gameOf.isEmpty() ? 0 : gameOf.get(gameOf.size() - 1) + 1;
    List<Boolean> heldOut = new ArrayList<>();
    int train = 0;
    for (int game : gameOf) {
      boolean held = ResolvedFit.heldOut(seed, game, share);
      heldOut.add(held);
      train += held ? 0 : 1;
    }
    if (train == 0 && shareOk) {
      v.add(
          sharePath,
          "holds out every one of the "
              + positions.size()
              + (positions.size() == 1 ? " position" : " positions")
              + " with seed "
              + Long.toUnsignedString(seed)
              + ": lower heldOut, give more games or another seed (got "
              + Violations.number(share)
              + ")");
      return null;
    }
    double seconds = 0;
    for (JobPosition p : positions) {
      seconds += (m + n) * Chunking.secondsPerPlayout(Geometry.of(p.size()), start);
    }
    int perChunk =
        b.getPositionsPerChunk() != 0
            ? b.getPositionsPerChunk()
            : Chunking.defaultPositionsPerChunk(positions.size(), seconds);
    return new ResolvedBalance(
        name,
        seed,
        priority,
        rules,
        start,
        positions,
        values,
        heldOut,
        games,
        share,
        judge,
        reference,
        iterations,
        m,
        n,
        new BalanceStep(alpha, decay),
        shards(positions, heldOut, perChunk),
        perChunk,
        confirm);
  }

  /**
   * The reference search's player: a search player spec with a playout budget (default {@link
   * #DEFAULT_REFERENCE}), or null after adding its violations. Only what a root value depends on
   * may be set: the policy, playouts, prior, exploration and RAVE.
   */
  private static ResolvedPlayer referencePlayer(BalanceSpec b, String path, Violations v) {
    int before = v.count();
    SearchPlayerSpec spec = b.getReferencePlayer();
    if (spec.getSeconds() != 0) {
      v.add(
          Violations.join(path, "seconds"),
          "must be unset: a reference value must not depend on a worker's speed; give playouts"
              + " (got "
              + Violations.number(spec.getSeconds())
              + ")");
    }
    String[] moveOnly = {"resignThreshold", "pass", "earlyStop"};
    boolean[] set = {
      spec.hasResignThreshold(), !spec.getPass().isEmpty(), !spec.getEarlyStop().isEmpty()
    };
    for (int i = 0; i < moveOnly.length; i++) {
      if (set[i]) {
        v.add(
            Violations.join(path, moveOnly[i]),
            "must be unset: it decides how a player moves, not a position's value");
      }
    }
    if (v.count() > before) {
      return null;
    }
    if (spec.getPlayouts() == 0) {
      spec = spec.toBuilder().setPlayouts(DEFAULT_REFERENCE).build();
    }
    return MatchSpecs.search("", spec, null, path, v);
  }

  /** The listed positions with their values (NaN without one). */
  private static void listed(
      List<ReferencePosition> list,
      String path,
      Rules rules,
      List<JobPosition> positions,
      List<Double> values,
      Violations v) {
    int before = v.count();
    List<PositionSource> sources = new ArrayList<>();
    List<Double> given = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      ReferencePosition r = list.get(i);
      String rp = Violations.index(path, i);
      if (r.getPosition().getSgf().getEveryMove()) {
        v.add(
            Violations.join(rp, "position.sgf.everyMove"),
            "must be false: each training position has one value (use games for many positions)");
      }
      double value = r.hasBlackValue() ? r.getBlackValue() : Double.NaN;
      if (r.hasBlackValue() && !(value >= 0 && value <= 1)) {
        v.add(
            Violations.join(rp, "blackValue"),
            "must be 0..1, black's probability of winning (got " + Violations.number(value) + ")");
      }
      sources.add(r.getPosition());
      given.add(value);
    }
    List<JobPosition> resolved =
        JobSpecs.positions(
            sources, path, i -> Violations.join(Violations.index(path, i), "position"), rules, v);
    if (v.count() == before) {
      positions.addAll(resolved);
      values.addAll(given);
    }
  }

  /**
   * The positions of the games of {@code sgf}: in each game, after {@code from}, {@code from +
   * every}, ... moves while a move follows and at most {@code perGame} of them, at most {@code
   * maxPositions} in all; {@code gameOf} gets each position's game.
   */
  private static void fromGames(
      BalanceSpec b,
      String path,
      String specPath,
      Rules rules,
      List<JobPosition> positions,
      List<Integer> gameOf,
      Violations v) {
    int before = v.count();
    SgfSource sgf = b.getGames();
    int from = b.hasFrom() ? b.getFrom() : DEFAULT_FROM;
    v.range(Violations.join(specPath, "from"), 0, MAX_FROM, from);
    int every = b.hasEvery() ? b.getEvery() : DEFAULT_EVERY;
    v.range(Violations.join(specPath, "every"), 1, MAX_EVERY, every);
    int most = b.hasMaxPositions() ? b.getMaxPositions() : DEFAULT_MAX_POSITIONS;
    v.range(Violations.join(specPath, "maxPositions"), 1, MAX_POSITIONS, most);
    int perGame = b.hasPerGame() ? b.getPerGame() : Integer.MAX_VALUE;
    if (b.hasPerGame()) {
      v.range(Violations.join(specPath, "perGame"), 1, MAX_PER_GAME, perGame);
    }
    if (sgf.hasMove()) {
      v.add(
          Violations.join(path, "move"),
          "must be unset: from and every say which moves are taken (got " + sgf.getMove() + ")");
    }
    if (sgf.getEveryMove()) {
      v.add(
          Violations.join(path, "everyMove"),
          "must be unset: from and every say which moves are taken");
    }
    if (sgf.getGame() != 0) {
      v.add(
          Violations.join(path, "game"),
          "must be unset: every game of the text is used (got " + sgf.getGame() + ")");
    }
    String textPath = Violations.join(path, "text");
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
      return;
    }
    if (!v.maxLength(textPath, Sgf.MAX_INPUT_CHARS, text) || v.count() > before) {
      return;
    }
    List<SgfGame> games;
    try {
      games = Sgf.parse(text);
    } catch (SgfParseException e) {
      v.add(textPath, e.getMessage());
      return;
    }
    String file = JobSpecs.fileName(sgf.getFile());
    for (int g = 0; g < games.size() && positions.size() < most; g++) {
      SgfGame record = games.get(g);
      int moves = record.moves().size();
      int taken = 0;
      for (int k = from; k < moves && positions.size() < most && taken < perGame; k += every) {
        taken++;
        try {
          positions.add(
              new JobPosition(
                  file + " game " + g + " move " + k, Codec.toProto(record.replay(k, rules))));
          gameOf.add(g);
        } catch (SgfReplayException e) {
          v.add(textPath, file + ", game " + g + ": " + e.getMessage());
          return;
        }
      }
    }
    if (positions.isEmpty()) {
      v.add(
          Violations.join(specPath, "from"),
          "leaves no position: no game of the "
              + games.size()
              + " has a move after move "
              + from
              + " (got "
              + from
              + ")");
    }
  }

  /** The positions cut into shards of at most {@code perChunk}, each of one board size. */
  private static List<ResolvedBalance.Shard> shards(
      List<JobPosition> positions, List<Boolean> heldOut, int perChunk) {
    List<ResolvedBalance.Shard> shards = new ArrayList<>();
    int first = 0;
    while (first < positions.size()) {
      int size = positions.get(first).size();
      int end = first;
      int train = 0;
      while (end < positions.size()
          && end - first < perChunk
          && positions.get(end).size() == size) {
        train += heldOut.get(end) ? 0 : 1;
        end++;
      }
      shards.add(new ResolvedBalance.Shard(first, end - first, train, size));
      first = end;
    }
    return shards;
  }
}
