package gofarm.wire;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.SgfGame;
import gofarm.playout.GammaTable;
import gofarm.playout.PolicySpec;
import gofarm.playout.RuleKind;
import gofarm.playout.RuleSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.PolicyRule;
import gofarm.proto.v1.Position;
import gofarm.rules.Game;
import gofarm.rules.IllegalMoveException;
import gofarm.rules.KoRule;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The mapping between the {@code gofarm.v1} messages shared by both services (rules, policies,
 * positions) and board-core types, with the validation of every field.
 *
 * <pre>{@code
 * Violations v = new Violations();
 * Rules rules = Codec.rules(spec.getRules(), "spec.rules", v);
 * PolicySpec policy = Codec.policy(spec.getEvaluate().getPolicies(0), "spec.evaluate.policies[0]", v);
 * v.throwIfAny();                         // INVALID_ARGUMENT naming every bad field
 * gofarm.proto.v1.PolicySpec wire = Codec.toProto(policy);
 * }</pre>
 *
 * <p>A decoding method checks every field of its message, adds a violation per problem under the
 * given path (see {@link Violations} for the path convention) and returns null when it found any:
 * callers check {@link Violations#isEmpty()} before using the results. Encoding methods take valid
 * core values and cannot fail. Decoding what was encoded gives an equal value back.
 */
public final class Codec {
  /** The most characters of a policy's name. */
  public static final int MAX_POLICY_NAME = 64;

  /** The most characters of a policy's text form. */
  public static final int MAX_POLICY_TEXT = 4096;

  /** The most moves of a position's history. */
  public static final int MAX_MOVES = 10_000;

  /** The most characters of a softmax policy's gamma table: room for every value, commented. */
  public static final int MAX_GAMMA_TEXT = 4 << 20;

  /** The label of a custom policy without a name. */
  public static final String CUSTOM = "custom";

  private Codec() {}

  // ------------------------------------------------------------------ rules

  /**
   * The rules of a message: komi (default 7.5) a multiple of 0.5 in -1000..1000, the ko rule
   * (default positional), suicide (default forbidden). A message that is not set gives {@link
   * Rules#DEFAULT}.
   */
  public static Rules rules(gofarm.proto.v1.Rules proto, String path, Violations v) {
    double komi = proto.hasKomi() ? proto.getKomi() : Rules.DEFAULT.komi();
    boolean ok = true;
    if (!Double.isFinite(komi) || Math.abs(komi) > 1000 || komi * 2 != Math.rint(komi * 2)) {
      v.add(
          Violations.join(path, "komi"),
          "must be a multiple of 0.5 in -1000..1000 (got " + Violations.number(komi) + ")");
      ok = false;
    }
    KoRule ko =
        switch (proto.getKoRule()) {
          case KO_RULE_UNSPECIFIED, KO_POSITIONAL -> KoRule.POSITIONAL;
          case KO_SIMPLE -> KoRule.SIMPLE;
          case KO_SITUATIONAL -> KoRule.SITUATIONAL;
          case UNRECOGNIZED -> null;
        };
    if (ko == null) {
      v.add(
          Violations.join(path, "koRule"),
          "must be KO_SIMPLE, KO_POSITIONAL or KO_SITUATIONAL (got "
              + proto.getKoRuleValue()
              + ")");
      ok = false;
    }
    return ok ? new Rules(komi, ko, proto.getSuicideAllowed()) : null;
  }

  /** The message of a set of rules, every field set explicitly. */
  public static gofarm.proto.v1.Rules toProto(Rules rules) {
    return gofarm.proto.v1.Rules.newBuilder()
        .setKomi(rules.komi())
        .setKoRule(
            switch (rules.koRule()) {
              case SIMPLE -> gofarm.proto.v1.KoRule.KO_SIMPLE;
              case POSITIONAL -> gofarm.proto.v1.KoRule.KO_POSITIONAL;
              case SITUATIONAL -> gofarm.proto.v1.KoRule.KO_SITUATIONAL;
            })
        .setSuicideAllowed(rules.suicideAllowed())
        .build();
  }

  // ------------------------------------------------------------------ players

  /** The wire colour of a player. */
  public static gofarm.proto.v1.Color toProto(Player player) {
    return player == Player.BLACK ? gofarm.proto.v1.Color.BLACK : gofarm.proto.v1.Color.WHITE;
  }

  /**
   * The player of a wire colour: null for {@code COLOR_UNSPECIFIED} (the caller decides whether
   * that means a default) and for unknown values, which are reported.
   */
  static Player player(gofarm.proto.v1.Color color, int value, String path, Violations v) {
    return switch (color) {
      case BLACK -> Player.BLACK;
      case WHITE -> Player.WHITE;
      case COLOR_UNSPECIFIED -> null;
      case UNRECOGNIZED -> {
        v.add(path, "must be BLACK or WHITE (got " + value + ")");
        yield null;
      }
    };
  }

  // ------------------------------------------------------------------ policies

  /**
   * A policy from exactly one of: a preset {@code name} alone, a {@code text} form, or {@code
   * rules}. Unknown presets, rule kinds and parameters are refused with their paths; a custom
   * policy is labelled by {@code name} (default {@code custom}), which must not be the name of a
   * preset with other rules.
   */
  public static PolicySpec policy(gofarm.proto.v1.PolicySpec proto, String path, Violations v) {
    int before = v.count();
    String name = proto.getName();
    String namePath = Violations.join(path, "name");
    v.maxLength(namePath, MAX_POLICY_NAME, name);
    boolean hasRules = proto.getRulesCount() > 0;
    boolean hasText = !proto.getText().isBlank();
    if (hasRules && hasText) {
      v.add(path, "give either rules or text, not both");
      return null;
    }
    GammaTable gammas = null;
    if (proto.hasGamma()) {
      gammas = gammaTable(proto.getGamma(), Violations.join(path, "gamma"), v);
      if (gammas == null) {
        return null;
      }
      if (!hasRules && !hasText) {
        // A table alone is a softmax policy with that table.
        String label = name.isBlank() ? CUSTOM : name;
        if (PolicySpec.PRESETS.containsKey(label)) {
          v.add(
              namePath,
              Violations.quote(label)
                  + " is the name of a preset; label a policy with its own gamma table differently");
          return null;
        }
        return v.count() > before ? null : PolicySpec.softmax(gammas).withName(label);
      }
    }
    if (!hasRules && !hasText) {
      if (name.isBlank()) {
        v.add(path, "give a preset name (" + presetNames() + "), rules or text");
        return null;
      }
      PolicySpec preset = PolicySpec.PRESETS.get(name);
      if (preset == null) {
        v.add(
            namePath,
            "unknown preset "
                + Violations.quote(name)
                + " (presets: "
                + presetNames()
                + "; for a custom policy give rules or text)");
        return null;
      }
      return preset;
    }
    List<RuleSpec> rules;
    String defaultName = CUSTOM;
    if (hasText) {
      String textPath = Violations.join(path, "text");
      if (!v.maxLength(textPath, MAX_POLICY_TEXT, proto.getText())) {
        return null;
      }
      PolicySpec parsed;
      try {
        parsed = PolicySpec.parse(proto.getText());
      } catch (IllegalArgumentException e) {
        for (String problem : e.getMessage().split("; ")) {
          v.add(textPath, problem);
        }
        return null;
      }
      rules = parsed.rules();
      defaultName = parsed.name(); // a preset's name when the text is one
    } else {
      rules = new ArrayList<>();
      for (int i = 0; i < proto.getRulesCount(); i++) {
        RuleSpec rule =
            rule(proto.getRules(i), Violations.index(Violations.join(path, "rules"), i), v);
        if (rule != null) {
          rules.add(rule);
        }
      }
      if (v.count() > before) {
        return null;
      }
      v.addRelative(path, PolicySpec.structureProblems(rules));
    }
    if (v.count() > before) {
      return null;
    }
    boolean softmax = rules.size() == 1 && rules.get(0).kind() == RuleKind.SOFTMAX;
    if (gammas != null && !softmax) {
      v.add(
          Violations.join(path, "gamma"),
          "only a softmax policy takes a gamma table (its rules: softmax alone)");
      return null;
    }
    String label = name.isBlank() ? defaultName : name;
    PolicySpec preset = PolicySpec.PRESETS.get(label);
    if (preset != null
        && (!preset.rules().equals(rules) || !java.util.Objects.equals(preset.gammas(), gammas))) {
      // A preset's own table (softmax-balanced's) comes back with it, as toProto writes it.
      v.add(
          namePath,
          Violations.quote(label)
              + " is the name of a preset with other rules or another gamma table; label a custom"
              + " policy differently");
      return null;
    }
    return preset != null ? preset : new PolicySpec(label, rules, gammas);
  }

  /**
   * A γ table from its source at {@code path} (a softmax policy's, a fit's start), or null with the
   * problems: the table's own line-numbered ones under {@code path.text}.
   */
  static GammaTable gammaTable(GammaSource source, String path, Violations v) {
    String textPath = Violations.join(path, "text");
    if (source.getText().isEmpty()) {
      v.add(
          textPath,
          source.getFile().isEmpty()
              ? "required: the gamma table in its text form (or file, which the gofarm client reads)"
              : "required: the coordinator never reads client files; gofarm submit and gofarm local"
                  + " fill it in from file "
                  + Violations.quote(source.getFile()));
      return null;
    }
    if (!v.maxLength(textPath, MAX_GAMMA_TEXT, source.getText())) {
      return null;
    }
    try {
      return GammaTable.parse(source.getText());
    } catch (IllegalArgumentException e) {
      for (String problem : e.getMessage().split("; ")) {
        v.add(textPath, problem);
      }
      return null;
    }
  }

  private static RuleSpec rule(PolicyRule proto, String path, Violations v) {
    String kindPath = Violations.join(path, "kind");
    String id = proto.getKind().strip();
    if (id.isEmpty()) {
      v.add(kindPath, "required (one of " + kindIds() + ")");
      return null;
    }
    RuleKind kind = RuleKind.byId(id);
    if (kind == null) {
      v.add(kindPath, "unknown rule " + Violations.quote(id) + " (known: " + kindIds() + ")");
      return null;
    }
    double rate = proto.hasRate() ? proto.getRate() : 1.0;
    // Sorted, so that problems with several parameters are reported in a stable order.
    Map<String, Double> params = new TreeMap<>(proto.getParamsMap());
    List<String> problems = RuleSpec.problems(kind, rate, params);
    if (!problems.isEmpty()) {
      v.addRelative(path, problems);
      return null;
    }
    return new RuleSpec(kind, rate, params);
  }

  /**
   * The message of a policy: its name and every rule with its rate and all its parameters, so that
   * a worker needs no preset table of its own.
   */
  public static gofarm.proto.v1.PolicySpec toProto(PolicySpec spec) {
    gofarm.proto.v1.PolicySpec.Builder b = gofarm.proto.v1.PolicySpec.newBuilder();
    b.setName(spec.name());
    for (RuleSpec r : spec.rules()) {
      b.addRules(
          PolicyRule.newBuilder()
              .setKind(r.kind().id())
              .setRate(r.rate())
              .putAllParams(r.params())
              .build());
    }
    if (spec.gammas() != null) {
      // The text form writes every γ exactly, so the worker reads the same table bit for bit.
      b.setGamma(GammaSource.newBuilder().setText(spec.gammas().format()));
    }
    return b.build();
  }

  private static String presetNames() {
    return String.join(", ", PolicySpec.PRESETS.keySet());
  }

  private static String kindIds() {
    List<String> ids = new ArrayList<>();
    for (RuleKind k : RuleKind.values()) {
      ids.add(k.id());
    }
    return String.join(", ", ids);
  }

  // ------------------------------------------------------------------ positions

  /**
   * The game a position describes under the given rules: the setup stones, then every move played
   * and checked (bad vertices, stones listed twice, chains without liberties, illegal moves with
   * their index and reason), then the player to move (default: the opponent of the last move's
   * player, or black).
   */
  public static Game game(Position proto, Rules rules, String path, Violations v) {
    int before = v.count();
    int size = proto.getSize();
    if (!v.range(Violations.join(path, "size"), Geometry.MIN_SIZE, Geometry.MAX_SIZE, size)) {
      return null;
    }
    Geometry g = Geometry.of(size);
    byte[] colors = new byte[g.arraySize()];
    int stones = proto.getBlackCount() + proto.getWhiteCount();
    if (stones > g.pointCount()) {
      v.add(
          path,
          "at most "
              + g.pointCount()
              + " setup stones on "
              + g
              + " (got "
              + proto.getBlackCount()
              + " black and "
              + proto.getWhiteCount()
              + " white)");
    } else {
      String[] listedBy = new String[g.arraySize()];
      setupStones(proto.getBlackList(), Color.BLACK, "black", g, colors, listedBy, path, v);
      setupStones(proto.getWhiteList(), Color.WHITE, "white", g, colors, listedBy, path, v);
    }
    List<Move> moves = new ArrayList<>();
    String movesPath = Violations.join(path, "moves");
    if (proto.getMovesCount() > MAX_MOVES) {
      v.add(movesPath, "at most " + MAX_MOVES + " moves (got " + proto.getMovesCount() + ")");
    } else {
      for (int i = 0; i < proto.getMovesCount(); i++) {
        Move m = move(proto.getMoves(i), g, Violations.index(movesPath, i), v);
        moves.add(m);
      }
    }
    Player toPlay =
        player(proto.getToPlay(), proto.getToPlayValue(), Violations.join(path, "toPlay"), v);
    if (v.count() > before) {
      return null;
    }
    Game game = new Game(g, rules);
    try {
      game.setup(colors);
    } catch (IllegalArgumentException e) {
      // Board's message reads "illegal position: the black chain at A1 has no liberties".
      v.add(path, "illegal setup: " + e.getMessage().replaceFirst("^illegal position: ", ""));
      return null;
    }
    for (int i = 0; i < moves.size(); i++) {
      try {
        game.play(moves.get(i));
      } catch (IllegalMoveException e) {
        v.add(Violations.index(movesPath, i), e.getMessage());
        return null;
      }
    }
    if (toPlay != null) {
      game.setToPlay(toPlay);
    }
    return game;
  }

  private static void setupStones(
      List<String> vertices,
      byte color,
      String field,
      Geometry g,
      byte[] colors,
      String[] listedBy,
      String path,
      Violations v) {
    for (int i = 0; i < vertices.size(); i++) {
      String at = field + "[" + i + "]";
      String fieldPath = Violations.join(path, at);
      int p;
      try {
        p = g.parse(vertices.get(i));
      } catch (IllegalArgumentException e) {
        v.add(fieldPath, e.getMessage());
        continue;
      }
      if (p == Point.PASS) {
        v.add(fieldPath, "a setup stone needs a vertex such as C3 (got 'pass')");
      } else if (listedBy[p] != null) {
        v.add(fieldPath, g.name(p) + " is already set up by " + listedBy[p]);
      } else {
        listedBy[p] = at;
        colors[p] = color;
      }
    }
  }

  private static Move move(gofarm.proto.v1.Move proto, Geometry g, String path, Violations v) {
    Player player =
        player(proto.getColor(), proto.getColorValue(), Violations.join(path, "color"), v);
    if (player == null && proto.getColor() == gofarm.proto.v1.Color.COLOR_UNSPECIFIED) {
      v.add(Violations.join(path, "color"), "required (BLACK or WHITE)");
    }
    String vertexPath = Violations.join(path, "vertex");
    if (proto.getVertex().isBlank()) {
      v.add(vertexPath, "required (a vertex such as C3, or pass)");
      return null;
    }
    int p;
    try {
      p = g.parse(proto.getVertex());
    } catch (IllegalArgumentException e) {
      v.add(vertexPath, e.getMessage());
      return null;
    }
    return player == null ? null : new Move(player, p);
  }

  /**
   * The position of a game: its setup (found as {@link SgfGame#of(Game)} finds it, by taking back
   * the moves), its moves since the setup and the player to move, always set explicitly. Setup
   * stones are listed in row-major order from the top left.
   *
   * <p>The game is unchanged afterwards, but must not be used by another thread meanwhile.
   */
  public static Position toProto(Game game) {
    Geometry g = game.geometry();
    byte[] setup = SgfGame.of(game).setup();
    Position.Builder b = Position.newBuilder().setSize(g.size());
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (setup[p] == Color.BLACK) {
        b.addBlack(g.name(p));
      } else if (setup[p] == Color.WHITE) {
        b.addWhite(g.name(p));
      }
    }
    for (Move m : game.moves()) {
      b.addMoves(
          gofarm.proto.v1.Move.newBuilder()
              .setColor(toProto(m.player()))
              .setVertex(g.name(m.point())));
    }
    return b.setToPlay(toProto(game.toPlay())).build();
  }

  /** The empty board of a size, black to play. */
  public static Position emptyPosition(int size) {
    return Position.newBuilder().setSize(size).setToPlay(gofarm.proto.v1.Color.BLACK).build();
  }
}
