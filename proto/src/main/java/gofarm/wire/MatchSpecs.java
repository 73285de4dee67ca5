package gofarm.wire;

import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.io.SgfReplayException;
import gofarm.match.Adjudication;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ClockSpec;
import gofarm.proto.v1.EngineSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SprtSpec;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.EarlyStop;
import gofarm.search.PassRule;
import gofarm.search.SearchConfig;
import gofarm.search.TimeSettings;
import gofarm.stats.EloModel;
import gofarm.stats.Sprt;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Validates the {@code match} part of a job spec and resolves it into a {@link ResolvedMatch};
 * converts match players between their proto and resolved forms (workers receive the resolved
 * players as protos with every default filled in).
 *
 * <p>Defaults: a 9x9 board, 1,000 game pairs, games of at most 3 * size * size moves, openings from
 * the empty board; a search player gets 1,000 playouts per move (none on a clock) and {@link
 * SearchConfig#of}'s settings. Player names default to {@code <policy> <n> po} (or {@code <policy>
 * <s> s}, or {@code <policy> 60 s sudden death} on a clock) and to the engine's command line; when
 * both players get the same name the baseline's gets {@code #2}.
 */
public final class MatchSpecs {
  public static final int DEFAULT_SIZE = 9;
  public static final int DEFAULT_PAIRS = 1000;
  public static final int MAX_PAIRS = 100_000;
  public static final int MAX_MOVES = 10_000;
  public static final long DEFAULT_PLAYOUTS = 1000;
  public static final long MAX_PLAYOUTS = 10_000_000;
  public static final double MIN_SECONDS = 0.001;
  public static final double MAX_SECONDS = 600;
  public static final double MAX_ELO = 1000;
  public static final double DEFAULT_ERROR = 0.05;
  public static final double MIN_ERROR = 0.001;
  public static final double MAX_ERROR = 0.25;
  public static final int MAX_NAME = 64;
  public static final int MAX_ENGINE_ARGS = 32;
  public static final int MAX_ENGINE_ARG = 256;
  public static final int MAX_OPENINGS = 10_000;
  public static final double MAX_MAIN_SECONDS = 86_400;
  public static final double MAX_PERIOD_SECONDS = 3_600;
  public static final int MAX_PERIODS = 100;
  public static final int MAX_STONES = 1_000;

  /** A program name a worker may run: a bare name, never a path. */
  public static final Pattern PROGRAM = Pattern.compile("[A-Za-z0-9._+-]{1,64}");

  private MatchSpecs() {}

  /** The resolved match, or null after adding its violations under {@code path}. */
  static ResolvedMatch resolve(
      String name, long seed, int priority, Rules rules, MatchSpec m, String path, Violations v) {
    int before = v.count();
    int size = m.getSize() == 0 ? DEFAULT_SIZE : m.getSize();
    boolean sizeOk = v.range(Violations.join(path, "size"), 2, 25, size);
    int pairs = m.getPairs() == 0 ? DEFAULT_PAIRS : m.getPairs();
    v.range(Violations.join(path, "pairs"), 1, MAX_PAIRS, pairs);
    int maxMoves = m.getMaxMoves() == 0 ? 3 * size * size : m.getMaxMoves();
    v.range(Violations.join(path, "maxMoves"), 1, MAX_MOVES, maxMoves);

    ResolvedPlayer candidate = required(m.hasCandidate(), m.getCandidate(), path, "candidate", v);
    ResolvedPlayer baseline = required(m.hasBaseline(), m.getBaseline(), path, "baseline", v);
    if (candidate != null && baseline != null && candidate.name().equals(baseline.name())) {
      if (m.getBaseline().getName().isEmpty()) {
        baseline = renamed(baseline, baseline.name() + " #2");
      } else {
        v.add(
            Violations.join(path, "baseline.name"),
            "must differ from the candidate's name (got "
                + Violations.quote(baseline.name())
                + ")");
      }
    }
    Sprt sprt = m.hasSprt() ? sprt(m.getSprt(), Violations.join(path, "sprt"), v) : null;
    Adjudication adjudication = adjudication(m.getAdjudication());
    ResolvedPlayer referee = null;
    String refereePath = Violations.join(path, "referee");
    if (m.getAdjudicationValue() < 0 || m.getAdjudicationValue() > 3) {
      v.add(
          Violations.join(path, "adjudication"),
          "must be CLEANUP, REFEREE or ESTIMATE (got " + m.getAdjudicationValue() + ")");
    } else if (adjudication == Adjudication.REFEREE) {
      if (!m.hasReferee()) {
        v.add(
            refereePath,
            "required with REFEREE: the engine that scores the games, e.g. {\"command\":"
                + " [\"gnugo\", \"--mode\", \"gtp\", \"--chinese-rules\"]}");
      } else {
        referee = engine("referee", m.getReferee(), refereePath, v);
      }
    } else if (m.hasReferee()) {
      v.add(refereePath, "only with adjudication REFEREE (got " + adjudication + ")");
    }

    List<JobPosition> openings = List.of();
    int randomMoves = 0;
    String op = Violations.join(path, "openings");
    if (m.getOpenings().getSourceCase() == Openings.SourceCase.RANDOM_MOVES) {
      randomMoves = m.getOpenings().getRandomMoves();
      if (sizeOk) {
        v.range(Violations.join(op, "randomMoves"), 0, size * size / 2, randomMoves);
      }
    } else if (m.getOpenings().getSourceCase() == Openings.SourceCase.SGF && sizeOk) {
      openings = sgfOpenings(m.getOpenings().getSgf(), size, rules, Violations.join(op, "sgf"), v);
    }
    if (v.count() > before) {
      return null;
    }
    return new ResolvedMatch(
        name,
        seed,
        priority,
        rules,
        size,
        candidate,
        baseline,
        openings,
        randomMoves,
        pairs,
        sprt,
        maxMoves,
        adjudication,
        referee);
  }

  /** The core adjudication of a proto value; unset means CLEANUP. */
  public static Adjudication adjudication(gofarm.proto.v1.Adjudication a) {
    return switch (a) {
      case REFEREE -> Adjudication.REFEREE;
      case ESTIMATE -> Adjudication.ESTIMATE;
      default -> Adjudication.CLEANUP;
    };
  }

  /** The proto value of a core adjudication. */
  public static gofarm.proto.v1.Adjudication toProto(Adjudication a) {
    return switch (a) {
      case CLEANUP -> gofarm.proto.v1.Adjudication.CLEANUP;
      case REFEREE -> gofarm.proto.v1.Adjudication.REFEREE;
      case ESTIMATE -> gofarm.proto.v1.Adjudication.ESTIMATE;
    };
  }

  /** The proto of the referee engine. */
  public static EngineSpec refereeProto(ResolvedPlayer referee) {
    return EngineSpec.newBuilder().addAllCommand(referee.engine()).build();
  }

  private static ResolvedPlayer required(
      boolean present, MatchPlayer proto, String parent, String field, Violations v) {
    String path = Violations.join(parent, field);
    if (!present) {
      v.add(
          path,
          "required: a search player ({\"search\": {\"policy\": {\"name\": \"heavy\"}}})"
              + " or an engine ({\"engine\": {\"command\": [\"gnugo\", \"--mode\", \"gtp\"]}})");
      return null;
    }
    return player(proto, path, v);
  }

  private static ResolvedPlayer renamed(ResolvedPlayer p, String name) {
    return p.withName(name);
  }

  // ------------------------------------------------------------------ players

  /**
   * The resolved player of a proto, or null after adding its violations under {@code path}. Workers
   * call it too, on the players they receive.
   */
  public static ResolvedPlayer player(MatchPlayer proto, String path, Violations v) {
    int before = v.count();
    String name = proto.getName().strip();
    v.maxLength(Violations.join(path, "name"), MAX_NAME, name);
    boolean isEngine = proto.getKindCase() == MatchPlayer.KindCase.ENGINE;
    TimeSettings clock =
        proto.hasClock()
            ? clock(proto.getClock(), Violations.join(path, "clock"), isEngine, v)
            : null;
    ResolvedPlayer player =
        switch (proto.getKindCase()) {
          case SEARCH -> search(name, proto.getSearch(), clock, Violations.join(path, "search"), v);
          case ENGINE -> {
            ResolvedPlayer e = engine(name, proto.getEngine(), Violations.join(path, "engine"), v);
            yield e == null ? null : new ResolvedPlayer(e.name(), null, null, e.engine(), clock);
          }
          case KIND_NOT_SET -> {
            v.add(
                path,
                "give search (gofarm's search on a playout policy) or engine (a GTP program)");
            yield null;
          }
        };
    return v.count() > before ? null : player;
  }

  /**
   * The time settings of a clock, or null after adding its violations under {@code path}. An
   * engine's times must be whole seconds (GTP's {@code time_settings} takes integers).
   */
  static TimeSettings clock(ClockSpec c, String path, boolean engine, Violations v) {
    int before = v.count();
    v.range(Violations.join(path, "mainSeconds"), 0, MAX_MAIN_SECONDS, c.getMainSeconds());
    v.range(Violations.join(path, "periodSeconds"), 0, MAX_PERIOD_SECONDS, c.getPeriodSeconds());
    v.range(Violations.join(path, "periods"), 0, MAX_PERIODS, c.getPeriods());
    v.range(Violations.join(path, "stones"), 0, MAX_STONES, c.getStones());
    if (v.count() > before) {
      return null;
    }
    boolean byoyomi = c.getPeriods() > 0 || c.getStones() > 0;
    if (c.getPeriods() > 0 && c.getStones() > 0) {
      v.add(
          path,
          "give periods (Japanese byo-yomi) or stones (Canadian byo-yomi), not both (got "
              + c.getPeriods()
              + " periods, "
              + c.getStones()
              + " stones)");
    } else if (byoyomi && c.getPeriodSeconds() == 0) {
      v.add(Violations.join(path, "periodSeconds"), "required with periods or stones (got 0)");
    } else if (!byoyomi && c.getPeriodSeconds() > 0) {
      v.add(
          path,
          "a byo-yomi period needs periods (Japanese) or stones (Canadian) (got periodSeconds "
              + Violations.number(c.getPeriodSeconds())
              + ")");
    } else if (!byoyomi && c.getMainSeconds() == 0) {
      v.add(Violations.join(path, "mainSeconds"), "a clock needs main time or byo-yomi (got 0)");
    }
    if (engine) {
      for (String field : new String[] {"mainSeconds", "periodSeconds"}) {
        double t = field.equals("mainSeconds") ? c.getMainSeconds() : c.getPeriodSeconds();
        if (t != Math.rint(t)) {
          v.add(
              Violations.join(path, field),
              "must be whole seconds for an engine, as GTP's time_settings takes them (got "
                  + Violations.number(t)
                  + ")");
        }
      }
    }
    if (v.count() > before) {
      return null;
    }
    Duration main = Duration.ofNanos(Math.round(c.getMainSeconds() * 1e9));
    Duration period = Duration.ofNanos(Math.round(c.getPeriodSeconds() * 1e9));
    if (c.getPeriods() > 0) {
      return TimeSettings.byoyomi(main, period, c.getPeriods());
    }
    return c.getStones() > 0
        ? TimeSettings.canadian(main, period, c.getStones())
        : TimeSettings.absolute(main);
  }

  /** The proto of a clock. */
  public static ClockSpec toProto(TimeSettings clock) {
    return ClockSpec.newBuilder()
        .setMainSeconds(clock.main().toNanos() / 1e9)
        .setPeriodSeconds(clock.period().toNanos() / 1e9)
        .setPeriods(clock.periods())
        .setStones(clock.stones())
        .build();
  }

  /**
   * The search player of {@code s} (on {@code clock}, or null for its per-move budget), or null
   * after adding its violations under {@code path}; an empty name is made from the policy.
   */
  static ResolvedPlayer search(
      String name, SearchPlayerSpec s, TimeSettings clock, String path, Violations v) {
    int before = v.count();
    PolicySpec policy = null;
    if (!s.hasPolicy()) {
      v.add(
          Violations.join(path, "policy"), "required: a preset name or rules, as in evaluate jobs");
    } else {
      policy = Codec.policy(s.getPolicy(), Violations.join(path, "policy"), v);
    }
    Budget budget = null;
    if (clock != null) {
      if (s.getPlayouts() != 0 || s.getSeconds() != 0) {
        v.add(
            path,
            "a search player on a clock has no playouts or seconds per move: the clock budgets"
                + " every move (got "
                + (s.getPlayouts() != 0
                    ? "playouts " + s.getPlayouts()
                    : "seconds " + Violations.number(s.getSeconds()))
                + ")");
      }
    } else if (s.getSeconds() != 0) {
      if (s.getPlayouts() != 0) {
        v.add(path, "give playouts or seconds per move, not both");
      } else if (v.range(
          Violations.join(path, "seconds"), MIN_SECONDS, MAX_SECONDS, s.getSeconds())) {
        budget = Budget.time(Duration.ofNanos(Math.round(s.getSeconds() * 1e9)));
      }
    } else {
      long playouts = s.getPlayouts() == 0 ? DEFAULT_PLAYOUTS : s.getPlayouts();
      if (v.range(Violations.join(path, "playouts"), 1, MAX_PLAYOUTS, playouts)) {
        budget = Budget.playouts(playouts);
      }
    }
    double exploration = s.hasExploration() ? s.getExploration() : 0;
    v.range(Violations.join(path, "exploration"), 0, 10, exploration);
    double rave =
        s.hasRaveEquivalence() ? s.getRaveEquivalence() : SearchConfig.DEFAULT_RAVE_EQUIVALENCE;
    v.range(Violations.join(path, "raveEquivalence"), 1, 1e9, rave);
    SearchConfig defaults = policy == null ? null : SearchConfig.of(policy);
    double resign =
        s.hasResignThreshold()
            ? s.getResignThreshold()
            : defaults == null ? 0 : defaults.resignThreshold();
    v.range(Violations.join(path, "resignThreshold"), 0, 0.5, resign);
    double prior = s.hasPrior() ? s.getPrior() : 0;
    v.range(Violations.join(path, "prior"), 0, 100, prior);
    PassRule passRule = PassRule.FINAL_STATUS;
    if (!s.getPass().isEmpty()) {
      try {
        passRule = PassRule.parse(s.getPass());
      } catch (IllegalArgumentException e) {
        v.add(
            Violations.join(path, "pass"),
            "must be final-status or tromp-taylor (got " + Violations.quote(s.getPass()) + ")");
      }
    }
    EarlyStop earlyStop = EarlyStop.TIMED;
    if (!s.getEarlyStop().isEmpty()) {
      try {
        earlyStop = EarlyStop.parse(s.getEarlyStop());
      } catch (IllegalArgumentException e) {
        v.add(
            Violations.join(path, "earlyStop"),
            "must be never, timed or always (got " + Violations.quote(s.getEarlyStop()) + ")");
      }
    }
    if (v.count() > before) {
      return null;
    }
    SearchConfig config =
        defaults
            .withExploration(exploration)
            .withRaveEquivalence(rave)
            .withResignThreshold(resign)
            .withPassRule(passRule)
            .withPrior(prior)
            .withEarlyStop(earlyStop);
    if (name.isEmpty()) {
      name = policy.name() + " " + (clock != null ? clock.toString() : budgetText(budget));
      name = name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name;
    }
    return clock != null
        ? ResolvedPlayer.clocked(name, config, clock)
        : ResolvedPlayer.search(name, config, budget);
  }

  private static String budgetText(Budget budget) {
    return budget.isDeterministic()
        ? budget.playouts() + " po"
        : Violations.number(budget.time().toNanos() / 1e9) + " s";
  }

  private static ResolvedPlayer engine(String name, EngineSpec e, String path, Violations v) {
    String commandPath = Violations.join(path, "command");
    List<String> command = e.getCommandList();
    if (command.isEmpty()) {
      v.add(
          commandPath,
          "required: the program and its arguments, e.g. [\"gnugo\", \"--mode\","
              + " \"gtp\", \"--level\", \"10\"]");
      return null;
    }
    int before = v.count();
    String program = command.get(0);
    if (!PROGRAM.matcher(program).matches()) {
      v.add(
          Violations.index(commandPath, 0),
          "must be a bare program name that workers advertise ([A-Za-z0-9._+-], no path; got "
              + Violations.quote(program)
              + ")");
    }
    if (command.size() > MAX_ENGINE_ARGS + 1) {
      v.add(
          commandPath,
          "at most " + MAX_ENGINE_ARGS + " arguments (got " + (command.size() - 1) + ")");
    }
    for (int i = 1; i < command.size(); i++) {
      v.maxLength(Violations.index(commandPath, i), MAX_ENGINE_ARG, command.get(i));
    }
    if (v.count() > before) {
      return null;
    }
    if (name.isEmpty()) {
      name = String.join(" ", command);
      if (name.length() > MAX_NAME) {
        name = name.substring(0, MAX_NAME);
      }
    }
    return ResolvedPlayer.engine(name, command);
  }

  /** The proto of a resolved player, with every default written out. */
  public static MatchPlayer toProto(ResolvedPlayer p) {
    MatchPlayer.Builder b = MatchPlayer.newBuilder().setName(p.name());
    if (p.clock() != null) {
      b.setClock(toProto(p.clock()));
    }
    if (p.isEngine()) {
      b.setEngine(EngineSpec.newBuilder().addAllCommand(p.engine()));
    } else {
      SearchConfig c = p.search();
      SearchPlayerSpec.Builder s =
          SearchPlayerSpec.newBuilder()
              .setPolicy(Codec.toProto(c.policy()))
              .setExploration(c.exploration())
              .setRaveEquivalence(c.raveEquivalence())
              .setResignThreshold(c.resignThreshold())
              .setPass(c.passRule().text())
              .setPrior(c.prior())
              .setEarlyStop(c.earlyStop().text());
      if (p.budget() != null && p.budget().isDeterministic()) {
        s.setPlayouts(p.budget().playouts());
      } else if (p.budget() != null) {
        s.setSeconds(p.budget().time().toNanos() / 1e9);
      }
      b.setSearch(s);
    }
    return b.build();
  }

  // ------------------------------------------------------------------ SPRT

  /** The SPRT of {@code s}, or null after adding its violations under {@code path}. */
  static Sprt sprt(SprtSpec s, String path, Violations v) {
    int before = v.count();
    v.range(Violations.join(path, "elo0"), -MAX_ELO, MAX_ELO, s.getElo0());
    v.range(Violations.join(path, "elo1"), -MAX_ELO, MAX_ELO, s.getElo1());
    if (v.count() == before && !(s.getElo0() < s.getElo1())) {
      v.add(
          Violations.join(path, "elo1"),
          "must be greater than elo0 (got elo0 "
              + Violations.number(s.getElo0())
              + ", elo1 "
              + Violations.number(s.getElo1())
              + ")");
    }
    double alpha = s.getAlpha() == 0 ? DEFAULT_ERROR : s.getAlpha();
    double beta = s.getBeta() == 0 ? DEFAULT_ERROR : s.getBeta();
    v.range(Violations.join(path, "alpha"), MIN_ERROR, MAX_ERROR, alpha);
    v.range(Violations.join(path, "beta"), MIN_ERROR, MAX_ERROR, beta);
    EloModel model =
        switch (s.getModel()) {
          case ELO_MODEL_UNSPECIFIED, LOGISTIC -> EloModel.LOGISTIC;
          case NORMALIZED -> EloModel.NORMALIZED;
          case UNRECOGNIZED -> {
            v.add(Violations.join(path, "model"), "must be LOGISTIC or NORMALIZED");
            yield null;
          }
        };
    return v.count() > before ? null : new Sprt(s.getElo0(), s.getElo1(), alpha, beta, model);
  }

  /** The proto of an SPRT. */
  public static SprtSpec toProto(Sprt sprt) {
    return SprtSpec.newBuilder()
        .setElo0(sprt.elo0())
        .setElo1(sprt.elo1())
        .setAlpha(sprt.alpha())
        .setBeta(sprt.beta())
        .setModel(
            sprt.model() == EloModel.NORMALIZED
                ? gofarm.proto.v1.EloModel.NORMALIZED
                : gofarm.proto.v1.EloModel.LOGISTIC)
        .build();
  }

  // ------------------------------------------------------------------ openings

  /** Every game of the collection, each up to {@code move} moves (default: all of it). */
  private static List<JobPosition> sgfOpenings(
      SgfSource sgf, int size, Rules rules, String path, Violations v) {
    String textPath = Violations.join(path, "text");
    if (sgf.getText().isEmpty()) {
      v.add(
          textPath,
          sgf.getFile().isEmpty()
              ? "required: the SGF openings (or a file for the gofarm client to read)"
              : "was not read: submit the spec with gofarm submit or gofarm local, which send the"
                  + " file's contents");
      return List.of();
    }
    if (sgf.getEveryMove()) {
      v.add(Violations.join(path, "everyMove"), "is not allowed for openings");
    }
    if (sgf.getGame() != 0) {
      v.add(Violations.join(path, "game"), "must be unset: every game of the collection is used");
    }
    if (!v.maxLength(textPath, Sgf.MAX_INPUT_CHARS, sgf.getText())) {
      return List.of();
    }
    List<SgfGame> games;
    try {
      games = Sgf.parse(sgf.getText());
    } catch (SgfParseException e) {
      v.add(textPath, e.getMessage());
      return List.of();
    }
    if (games.size() > MAX_OPENINGS) {
      v.add(textPath, "at most " + MAX_OPENINGS + " games (got " + games.size() + ")");
      return List.of();
    }
    String base = JobSpecs.fileName(sgf.getFile());
    List<JobPosition> openings = new ArrayList<>();
    for (int i = 0; i < games.size(); i++) {
      SgfGame game = games.get(i);
      String where = games.size() == 1 ? "" : "game " + i + ": ";
      if (game.size() != size) {
        v.add(
            textPath,
            where
                + "the board is "
                + game.size()
                + "x"
                + game.size()
                + ", the match is on "
                + size
                + "x"
                + size);
        continue;
      }
      if (hasSetupStones(game)) {
        v.add(
            textPath,
            where
                + "an opening must be moves from the empty board (no AB/AW setup stones), so that"
                + " a GTP engine can be given it with play commands");
        continue;
      }
      int moves = game.moves().size();
      boolean moveGiven = sgf.hasMove() && sgf.getMove() != -1;
      int move = moveGiven ? Math.min(sgf.getMove(), moves) : moves;
      if (moveGiven && sgf.getMove() < 0) {
        v.add(Violations.join(path, "move"), "must not be negative (got " + sgf.getMove() + ")");
        return List.of();
      }
      try {
        String label = base + (games.size() == 1 ? "" : " game " + i) + " move " + move;
        openings.add(new JobPosition(label, Codec.toProto(game.replay(move, rules))));
      } catch (SgfReplayException e) {
        v.add(textPath, where + e.getMessage());
      }
    }
    return openings;
  }

  private static boolean hasSetupStones(SgfGame game) {
    for (byte c : game.setup()) {
      if (c == gofarm.board.Color.BLACK || c == gofarm.board.Color.WHITE) {
        return true;
      }
    }
    return false;
  }
}
