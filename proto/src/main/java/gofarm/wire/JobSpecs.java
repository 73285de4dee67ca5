package gofarm.wire;

import gofarm.board.Geometry;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.io.SgfReplayException;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.Position;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Validates a {@code JobSpec} and resolves it into a {@link ResolvedJob}: every field checked
 * against the ranges {@code farm.proto} states, defaults filled in, SGF sources read and replayed,
 * {@code everyMove} expanded, labels made unique.
 *
 * <pre>{@code
 * ResolvedJob job = JobSpecs.resolve(request.getSpec());  // or INVALID_ARGUMENT naming every bad field
 * }</pre>
 *
 * <h2>Positions</h2>
 *
 * Every position is judged under the job's {@code rules} (default: komi 7.5, positional superko, no
 * suicide); an SGF record's own {@code RU} and {@code KM} are ignored, so that all positions of a
 * job are comparable. A source gives
 *
 * <ul>
 *   <li>{@code empty: N}: the empty N x N board, black to play;
 *   <li>{@code position}: the setup, then the moves, each checked;
 *   <li>{@code sgf}: game {@code game} (0-based) of the SGF {@code text}, after {@code move} moves
 *       of its main line (default: all), or with {@code everyMove} one position after each of 0..N
 *       moves. {@code file} is only a name here (the gofarm client reads the file and sends {@code
 *       text}); a source with a file but no text is refused, since the coordinator never reads
 *       client paths.
 * </ul>
 *
 * <h2>Labels</h2>
 *
 * A position without a {@code label} is named after its source: {@code empty 9x9}, {@code position
 * 3} (the source's index), {@code game.sgf move 37} (the file's name, or {@code sgf}, then {@code
 * game 2} when the text holds several games, then the move number). With {@code everyMove} the
 * labels are the given label or that name followed by {@code move 0}, {@code move 1}, and so on.
 * Labels must be unique, since they name output files: two equal labels given by the user are
 * refused; a generated label that is already taken gets {@code #2}, {@code #3}, ... appended.
 */
public final class JobSpecs {
  public static final int MAX_NAME = 200;
  public static final int MIN_PRIORITY = -100;
  public static final int MAX_PRIORITY = 100;
  public static final int MAX_POSITIONS = 1000;
  public static final int MAX_POLICIES = 16;
  public static final long DEFAULT_PLAYOUTS = 10_000;
  public static final long MAX_PLAYOUTS = 1_000_000_000;
  public static final double MIN_STOP_WIDTH = 0.0005;
  public static final double MAX_STOP_WIDTH = 0.5;
  public static final int MAX_CHUNK_PLAYOUTS = Chunking.MAX_CHUNK_PLAYOUTS;
  public static final int DEFAULT_TOP_MOVES = 5;
  public static final int MAX_TOP_MOVES = 50;
  public static final int MAX_LABEL = 64;

  private JobSpecs() {}

  /**
   * The resolved job of a spec.
   *
   * @throws io.grpc.StatusRuntimeException {@code INVALID_ARGUMENT} listing every violation, with
   *     paths from {@code spec} (the field of {@code SubmitJobRequest})
   */
  public static ResolvedJob resolve(JobSpec spec) {
    Violations v = new Violations();
    ResolvedJob job = resolve(spec, "spec", v);
    v.throwIfAny();
    return job;
  }

  /** The resolved job of a spec, or null after adding its violations under {@code path}. */
  public static ResolvedJob resolve(JobSpec spec, String path, Violations v) {
    int before = v.count();
    v.maxLength(Violations.join(path, "name"), MAX_NAME, spec.getName());
    v.range(Violations.join(path, "priority"), MIN_PRIORITY, MAX_PRIORITY, spec.getPriority());
    Rules rules = Codec.rules(spec.getRules(), Violations.join(path, "rules"), v);
    switch (spec.getKindCase()) {
      case EVALUATE -> {
        ResolvedEvaluation e = evaluation(spec, rules, Violations.join(path, "evaluate"), v);
        return v.count() > before ? null : e;
      }
      case MATCH -> {
        ResolvedMatch m =
            MatchSpecs.resolve(
                spec.getName(),
                spec.getSeed(),
                spec.getPriority(),
                rules == null ? Rules.DEFAULT : rules,
                spec.getMatch(),
                Violations.join(path, "match"),
                v);
        return v.count() > before ? null : m;
      }
      case TUNE -> {
        ResolvedTune t =
            TuneSpecs.resolve(
                spec.getName(),
                spec.getSeed(),
                spec.getPriority(),
                rules == null ? Rules.DEFAULT : rules,
                spec.getTune(),
                Violations.join(path, "tune"),
                v);
        return v.count() > before ? null : t;
      }
      case FIT -> {
        ResolvedFit f =
            FitSpecs.resolve(
                spec.getName(),
                spec.getSeed(),
                spec.getPriority(),
                rules == null ? Rules.DEFAULT : rules,
                spec.getFit(),
                Violations.join(path, "fit"),
                v);
        return v.count() > before ? null : f;
      }
      case BALANCE -> {
        ResolvedBalance b =
            BalanceSpecs.resolve(
                spec.getName(),
                spec.getSeed(),
                spec.getPriority(),
                rules == null ? Rules.DEFAULT : rules,
                spec.getBalance(),
                Violations.join(path, "balance"),
                v);
        return v.count() > before ? null : b;
      }
      default -> {
        v.add(path, "the job kind is required: give evaluate, match, tune, fit or balance");
        return null;
      }
    }
  }

  private static ResolvedEvaluation evaluation(JobSpec spec, Rules rules, String ep, Violations v) {
    int before = v.count();
    EvaluateSpec e = spec.getEvaluate();

    long playouts = e.getPlayouts() == 0 ? DEFAULT_PLAYOUTS : e.getPlayouts();
    v.range(Violations.join(ep, "playouts"), 1, MAX_PLAYOUTS, playouts);
    double width = e.getStopAtWidth();
    if (!(width == 0 || (width >= MIN_STOP_WIDTH && width <= MAX_STOP_WIDTH))) {
      v.add(
          Violations.join(ep, "stopAtWidth"),
          "must be 0 (run every playout) or "
              + Violations.number(MIN_STOP_WIDTH)
              + ".."
              + Violations.number(MAX_STOP_WIDTH)
              + " (got "
              + Violations.number(width)
              + ")");
    }
    if (e.getChunkPlayouts() != 0) {
      v.range(Violations.join(ep, "chunkPlayouts"), 1, MAX_CHUNK_PLAYOUTS, e.getChunkPlayouts());
    }
    int topMoves = e.hasTopMoves() ? e.getTopMoves() : DEFAULT_TOP_MOVES;
    v.range(Violations.join(ep, "topMoves"), 0, MAX_TOP_MOVES, topMoves);

    String policiesPath = Violations.join(ep, "policies");
    List<PolicySpec> policies = new ArrayList<>();
    if (e.getPoliciesCount() < 1 || e.getPoliciesCount() > MAX_POLICIES) {
      v.add(
          policiesPath,
          "must list 1.." + MAX_POLICIES + " policies (got " + e.getPoliciesCount() + ")");
    } else {
      for (int i = 0; i < e.getPoliciesCount(); i++) {
        policies.add(Codec.policy(e.getPolicies(i), Violations.index(policiesPath, i), v));
      }
    }

    // Positions are judged even when the rules are bad, so that one answer lists every problem;
    // the default rules stand in (only an unknown ko rule can make that judgement differ).
    List<JobPosition> positions =
        positions(
            e.getPositionsList(),
            Violations.join(ep, "positions"),
            i -> Violations.index(Violations.join(ep, "positions"), i),
            rules == null ? Rules.DEFAULT : rules,
            v);

    if (v.count() > before) {
      return null;
    }
    return new ResolvedEvaluation(
        spec.getName(),
        spec.getSeed(),
        spec.getPriority(),
        rules,
        positions,
        policies,
        playouts,
        width,
        e.getChunkPlayouts(),
        topMoves);
  }

  // ------------------------------------------------------------------ positions

  /** What a valid source gives: one position, or a game to expand into several. */
  private sealed interface Resolved permits Entry, Source {}

  /** A resolved position before labels are made unique. */
  private record Entry(String label, boolean given, String labelPath, Position position)
      implements Resolved {}

  /** A game to expand with everyMove, once the total is known to fit. */
  private record Source(String path, String label, String labelPath, SgfGame record, int count)
      implements Resolved {}

  /**
   * The positions of {@code sources} (the list at {@code path}; source i's fields are under {@code
   * sourcePath.apply(i)}), expanded and labelled, or an empty list after adding violations.
   */
  static List<JobPosition> positions(
      List<PositionSource> list,
      String path,
      IntFunction<String> sourcePath,
      Rules rules,
      Violations v) {
    int before = v.count();
    int sources = list.size();
    if (sources < 1 || sources > MAX_POSITIONS) {
      v.add(path, "must list 1.." + MAX_POSITIONS + " positions (got " + sources + ")");
      return List.of();
    }
    List<Resolved> resolved = new ArrayList<>();
    int total = 0;
    for (int i = 0; i < sources; i++) {
      Resolved r = source(list.get(i), i, sourcePath.apply(i), rules, v);
      if (r instanceof Entry) {
        total++;
      } else if (r instanceof Source s) {
        total += s.count();
      }
      resolved.add(r);
    }
    if (total > MAX_POSITIONS) {
      v.add(
          path, "must list 1.." + MAX_POSITIONS + " positions after expansion (got " + total + ")");
    }
    if (v.count() > before) {
      return List.of();
    }
    List<Entry> entries = new ArrayList<>();
    for (Resolved r : resolved) {
      if (r instanceof Entry entry) {
        entries.add(entry);
      } else if (r instanceof Source s) {
        expand(s, rules, entries, v);
      }
    }
    if (v.count() > before) {
      return List.of();
    }
    return label(entries, v);
  }

  /** What a source gives, or null after adding its violations. */
  private static Resolved source(
      PositionSource s, int index, String path, Rules rules, Violations v) {
    String labelPath = Violations.join(path, "label");
    String label = s.getLabel().strip();
    if (v.maxLength(labelPath, MAX_LABEL, label)
        && label.chars().anyMatch(Character::isISOControl)) {
      v.add(labelPath, "must not contain control characters");
    }
    switch (s.getSourceCase()) {
      case EMPTY -> {
        int size = s.getEmpty();
        if (!v.range(Violations.join(path, "empty"), Geometry.MIN_SIZE, Geometry.MAX_SIZE, size)) {
          return null;
        }
        return entry(label, labelPath, "empty " + size + "x" + size, Codec.emptyPosition(size));
      }
      case POSITION -> {
        Game game = Codec.game(s.getPosition(), rules, Violations.join(path, "position"), v);
        return game == null
            ? null
            : entry(label, labelPath, "position " + index, Codec.toProto(game));
      }
      case SGF -> {
        return sgf(s.getSgf(), label, labelPath, Violations.join(path, "sgf"), rules, v);
      }
      default -> {
        v.add(path, "give one of empty, position or sgf");
        return null;
      }
    }
  }

  private static Entry entry(String label, String labelPath, String defaultLabel, Position p) {
    return label.isEmpty()
        ? new Entry(defaultLabel, false, labelPath, p)
        : new Entry(label, true, labelPath, p);
  }

  private static Resolved sgf(
      SgfSource sgf, String label, String labelPath, String path, Rules rules, Violations v) {
    String textPath = Violations.join(path, "text");
    String text = sgf.getText();
    if (text.isEmpty()) {
      if (!sgf.getFile().isEmpty()) {
        v.add(
            Violations.join(path, "file"),
            "was not read: the coordinator never reads client files; submit the spec with gofarm"
                + " submit or gofarm local, which send the file's contents as sgf.text (got "
                + Violations.quote(sgf.getFile())
                + ")");
      } else {
        v.add(textPath, "required: the SGF record (or a file for the gofarm client to read)");
      }
      return null;
    }
    if (!v.maxLength(textPath, Sgf.MAX_INPUT_CHARS, text)) {
      return null;
    }
    boolean moveGiven = sgf.hasMove() && sgf.getMove() != -1;
    String movePath = Violations.join(path, "move");
    if (sgf.getEveryMove() && moveGiven) {
      v.add(movePath, "must be unset with everyMove (got " + sgf.getMove() + ")");
    }
    String gamePath = Violations.join(path, "game");
    if (sgf.getGame() < 0) {
      v.add(gamePath, "must not be negative (got " + sgf.getGame() + ")");
      return null;
    }
    List<SgfGame> games;
    try {
      games = Sgf.parse(text);
    } catch (SgfParseException e) {
      v.add(textPath, e.getMessage());
      return null;
    }
    if (sgf.getGame() >= games.size()) {
      v.add(
          gamePath,
          "the text holds "
              + games.size()
              + (games.size() == 1 ? " game" : " games")
              + ": must be 0.."
              + (games.size() - 1)
              + " (got "
              + sgf.getGame()
              + ")");
      return null;
    }
    SgfGame record = games.get(sgf.getGame());
    int moves = record.moves().size();
    String base = fileName(sgf.getFile());
    if (games.size() > 1) {
      base += " game " + sgf.getGame();
    }
    if (sgf.getEveryMove()) {
      return moveGiven
          ? null
          : new Source(textPath, label.isEmpty() ? base : label, labelPath, record, moves + 1);
    }
    int move = moveGiven ? sgf.getMove() : moves;
    if (!v.range(movePath, 0, moves, move)) {
      return null;
    }
    try {
      Game game = record.replay(move, rules);
      return entry(label, labelPath, base + " move " + move, Codec.toProto(game));
    } catch (SgfReplayException e) {
      v.add(textPath, e.getMessage());
      return null;
    }
  }

  /** The last part of a client path, or {@code sgf}. */
  static String fileName(String file) {
    String name = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
    return name.isBlank() ? "sgf" : name.strip();
  }

  /**
   * One entry per move number 0..N. Replaying to the end once gives every later position as a
   * prefix of its moves (the player to move is the next move's), so the expansion costs one replay;
   * only positions before a setup in the middle of the game are replayed one by one.
   */
  private static void expand(Source s, Rules rules, List<Entry> entries, Violations v) {
    SgfGame record = s.record();
    int n = record.moves().size();
    Game end;
    try {
      end = record.replay(n, rules);
    } catch (SgfReplayException e) {
      v.add(s.path(), e.getMessage());
      return;
    }
    Position full = Codec.toProto(end);
    int first = n - end.moves().size(); // moves before the last setup
    for (int k = 0; k <= n; k++) {
      Position p;
      if (k < first) {
        p = Codec.toProto(record.replay(k, rules));
      } else {
        p =
            full.toBuilder()
                .clearMoves()
                .addAllMoves(full.getMovesList().subList(0, k - first))
                .setToPlay(k < n ? Codec.toProto(record.moves().get(k).player()) : full.getToPlay())
                .build();
      }
      entries.add(new Entry(s.label() + " move " + k, false, s.labelPath(), p));
    }
  }

  /** Unique labels: duplicates among given labels are refused, generated ones get #2, #3... */
  private static List<JobPosition> label(List<Entry> entries, Violations v) {
    Map<String, String> givenBy = new HashMap<>();
    for (Entry e : entries) {
      if (e.given()) {
        String earlier = givenBy.putIfAbsent(e.label(), e.labelPath());
        if (earlier != null) {
          v.add(
              e.labelPath(),
              Violations.quote(e.label())
                  + " is already the label of "
                  + earlier.substring(0, earlier.length() - ".label".length()));
        }
      }
    }
    Set<String> taken = new HashSet<>(givenBy.keySet());
    List<JobPosition> positions = new ArrayList<>();
    for (Entry e : entries) {
      String label = e.label();
      if (!e.given()) {
        String candidate = label;
        for (int k = 2; taken.contains(candidate); k++) {
          candidate = label + " #" + k;
        }
        label = candidate;
        taken.add(label);
      }
      positions.add(new JobPosition(label, e.position()));
    }
    return positions;
  }
}
