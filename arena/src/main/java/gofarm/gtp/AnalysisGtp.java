package gofarm.gtp;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.life.Benson;
import gofarm.life.EyeEstimator;
import gofarm.life.EyeSpace;
import gofarm.life.EyeValue;
import gofarm.life.Group;
import gofarm.life.LocalLife;
import gofarm.life.Reading;
import gofarm.life.Semeai;
import gofarm.rules.Game;
import java.util.List;

/**
 * GNU Go's analysis commands under its names, arguments and answer formats, so that GNU Go's
 * regression suites ({@code optics.tst}, {@code reading.tst}, {@code semeai.tst}) run unchanged
 * against {@code gofarm gtp}; each is answered by gofarm's own reading ({@code gofarm.life}).
 *
 * <pre>{@code
 * GtpEngine engine = ...;
 * new AnalysisGtp().registerOn(engine);
 * engine.execute("attack D4");   // "= 1 E4": captured by E4, unconditionally
 * }</pre>
 *
 * <h2>Result codes</h2>
 *
 * As GNU Go prints them: {@code 0} fails, {@code 1} succeeds whatever happens in kos, {@code 2}
 * succeeds through a ko whose first capture the player makes ({@code KO_A}), {@code 3} succeeds
 * only if the player finds the first ko threat ({@code KO_B}).
 *
 * <h2>Commands</h2>
 *
 * <ul>
 *   <li>{@code attack V}, {@code defend V}: tactical reading of the chain at V ({@link
 *       Reading#attack}, {@link Reading#defend}): the code, then the move when it is not 0.
 *   <li>{@code eval_eye V}: the eye space of either colour holding point V ({@link EyeEstimator}):
 *       its least and most eyes, then, when the player to move first decides between them, the
 *       attacker's and the owner's moves (the vital point when there is one); {@code -1} when V is
 *       in no eye space.
 *   <li>{@code owl_attack V}, {@code owl_defend V}: the life and death of the chain at V read in
 *       its enclosed area ({@link LocalLife}); a chain that is not enclosed is answered by tactical
 *       reading when that captures it, and refused otherwise.
 *   <li>{@code dragon_status V}: {@code alive}, {@code dead} or {@code critical ATTACK DEFENCE}, by
 *       the first of: Benson (pass-alive, or inside the enemy's safe territory), two sure eyes by
 *       the eye estimate, local reading of an enclosed chain, a tactical capture that cannot be
 *       prevented. Anything else is refused, with why.
 *   <li>{@code analyze_semeai A B}: the race of the chains at A and B with A's colour to move
 *       ({@link Semeai}): the defence of A, the attack on B, and A's colour's first move that
 *       reaches them ({@code PASS} when passing does or nothing saves A). As in GNU Go, a capture
 *       counts only if the capturer then lives ({@link Semeai#capturerMustLive}): "both die" comes
 *       out as the capturer dying and the captured chain living. Open races are read too; one whose
 *       full reading runs out of its node budget is read again selectively, as GNU Go reads every
 *       race ({@link Semeai#selective}: the first few moves at each node), and refused only if that
 *       too runs out.
 *   <li>{@code increase_depths}, {@code decrease_depths}: double or halve every reading budget (GNU
 *       Go raises its depth limits by one).
 * </ul>
 *
 * A reading that runs out of its node budget is refused ({@code ? reading ran out ...}), never
 * answered as if it had finished.
 *
 * <p>Not thread-safe: one per engine.
 */
public final class AnalysisGtp {
  /**
   * How far {@code decrease_depths} may go below, and {@code increase_depths} above, the default.
   */
  static final int MAX_DEPTH_STEPS = 8;

  private int depthSteps;

  /** Adds the commands and their GoGui analyze entries to {@code engine}. */
  public void registerOn(GtpEngine engine) {
    engine.register("attack", "pstring/Tactics: attack/attack %p", this::attack);
    engine.register("defend", "pstring/Tactics: defend/defend %p", this::defend);
    engine.register("eval_eye", "pstring/Eyes: eval_eye/eval_eye %p", this::evalEye);
    engine.register("owl_attack", "pstring/Life: owl_attack/owl_attack %p", this::owlAttack);
    engine.register("owl_defend", "pstring/Life: owl_defend/owl_defend %p", this::owlDefend);
    engine.register(
        "dragon_status", "pstring/Life: dragon_status/dragon_status %p", this::dragonStatus);
    engine.register(
        "analyze_semeai", "pstring/Semeai: analyze_semeai/analyze_semeai %P", this::semeai);
    engine.register("increase_depths", null, (game, args) -> depths(args, +1, "increase_depths"));
    engine.register("decrease_depths", null, (game, args) -> depths(args, -1, "decrease_depths"));
  }

  // ---------------------------------------------------------------- tactics

  private String attack(Game game, List<String> args) {
    int p = stone(game, args, 1, 0, "attack");
    return answer(game, reading(game).attack(p), "attack");
  }

  private String defend(Game game, List<String> args) {
    int p = stone(game, args, 1, 0, "defend");
    return answer(game, reading(game).defend(p), "defend");
  }

  private Reading reading(Game game) {
    return Reading.of(game).setBudget(scaled(TACTICAL_NODES));
  }

  // ---------------------------------------------------------------- eyes

  private String evalEye(Game game, List<String> args) {
    if (args.size() != 1) {
      throw wrongCount("eval_eye", 1, args.size());
    }
    Geometry g = game.geometry();
    int p = vertex(game, args.get(0));
    if (p == Point.PASS) {
      throw new GtpEngine.Failure("invalid coordinate: eval_eye needs a point, not pass");
    }
    List<Group> groups = new EyeEstimator(g).estimate(game.board());
    EyeSpace first = null;
    Reading reading = null;
    for (Group group : groups) {
      for (EyeSpace space : group.eyeSpaces()) {
        if (space.centre().contains(p)) {
          // A point in spaces of both colours (one's stones around it all in atari, say) is the
          // eye of the colour with a chain there that cannot be captured, as in GNU Go, whose eye
          // spaces are drawn around such chains only.
          reading = reading == null ? reading(game) : reading;
          if (bordersLivingChain(game.board(), reading, group, space)) {
            return eyeAnswer(g, space);
          }
          first = first == null ? space : first;
        }
      }
    }
    return first == null ? "-1" : eyeAnswer(g, first); // -1: GNU Go's answer for no eye space
  }

  /** Whether a chain of {@code group} next to {@code space} cannot be captured. */
  private static boolean bordersLivingChain(
      Board board, Reading reading, Group group, EyeSpace space) {
    PointSet around = space.centre().copy().dilate().and(group.stones());
    for (int q = around.next(0); q >= 0; q = around.next(q + 1)) {
      Reading.Result attack = reading.attack(board.chainHead(q));
      if (!(attack.exact() && attack.code() >= Reading.KO_A)) {
        return true;
      }
    }
    return false;
  }

  private static String eyeAnswer(Geometry g, EyeSpace space) {
    EyeValue v = space.value();
    String answer = v.min() + " " + v.max();
    if (v.min() == v.max()) {
      return answer;
    }
    PointSet vital = space.attackPoints().copy().and(space.defencePoints());
    int attack = first(vital.isEmpty() ? space.attackPoints() : vital);
    int defence = first(vital.isEmpty() ? space.defencePoints() : vital);
    return answer + " " + name(g, attack) + " " + name(g, defence);
  }

  // ---------------------------------------------------------------- life and death

  private String owlAttack(Game game, List<String> args) {
    int p = stone(game, args, 1, 0, "owl_attack");
    LocalLife life = localLife(game);
    if (life.notShutIn(p) == null) {
      return answer(game, life.attack(p), "owl_attack");
    }
    Reading.Result tactical = reading(game).attack(p);
    if (tactical.exact() && tactical.code() == Reading.WIN) {
      return answer(game, tactical, "owl_attack");
    }
    throw notRead(game, life, p);
  }

  private String owlDefend(Game game, List<String> args) {
    int p = stone(game, args, 1, 0, "owl_defend");
    LocalLife life = localLife(game);
    if (life.notShutIn(p) == null) {
      return answer(game, life.defend(p), "owl_defend");
    }
    throw notRead(game, life, p);
  }

  private String dragonStatus(Game game, List<String> args) {
    int p = stone(game, args, 1, 0, "dragon_status");
    Board board = game.board();
    Geometry g = board.geometry();
    Benson.Result settled = new Benson(g).compute(board);
    if (settled.isAlive(p)) {
      return "alive";
    }
    if (settled.isDead(p)) {
      return "dead";
    }
    Group group = EyeEstimator.groupAt(new EyeEstimator(g).estimate(board), p);
    if (group.minEyes() == 2 && roomy(board, group.stones())) {
      return "alive";
    }
    LocalLife life = localLife(game);
    if (life.notShutIn(p) == null) {
      Reading.Result kill = life.attack(p);
      requireExact(kill, "dragon_status");
      if (kill.code() == Reading.LOSS) {
        return "alive";
      }
      Reading.Result save = life.defend(p);
      requireExact(save, "dragon_status");
      if (save.code() == Reading.LOSS) {
        return "dead";
      }
      return "critical " + name(g, kill.move()) + " " + name(g, save.move());
    }
    Reading reading = reading(game);
    Reading.Result capture = reading.attack(p);
    if (capture.exact() && capture.code() == Reading.WIN) {
      Reading.Result save = reading.defend(p);
      if (save.exact() && save.code() == Reading.LOSS) {
        return "dead";
      }
    }
    throw notRead(game, life, p);
  }

  /** Whether no chain of the stones is short of liberties (two sure eyes then mean alive). */
  private static boolean roomy(Board board, PointSet stones) {
    for (int s = stones.next(0); s >= 0; s = stones.next(s + 1)) {
      if (board.libertyCount(s) < 2) {
        return false;
      }
    }
    return true;
  }

  private LocalLife localLife(Game game) {
    return new LocalLife(game).setBudget(scaled(LOCAL_NODES));
  }

  /**
   * The node budget of each side of a race at the default depth: an answer in about a second; the
   * deepest races of the project's suites need {@link Semeai#DEFAULT_NODES} (three {@code
   * increase_depths}).
   */
  static final long SEMEAI_NODES = Semeai.DEFAULT_NODES / 8;

  /** The node budget of a local life-and-death reading at the default depth. */
  static final long LOCAL_NODES = 200_000;

  /**
   * The node budget of a tactical query at the default depth: more than the {@link
   * Reading#DEFAULT_NODES} of the final status and the eye estimate, which read many chains a
   * position. 50,000 answers 21 of the 31 queries that ran out of 20,000 on GNU Go's game records
   * (attack and defend of every chain of at most four liberties: 4 % more nodes in all); none of
   * the other 10 finished within 100,000.
   */
  static final long TACTICAL_NODES = 50_000;

  private static GtpEngine.Failure notRead(Game game, LocalLife life, int p) {
    return new GtpEngine.Failure(
        "not read: "
            + life.notShutIn(p)
            + ", and tactical reading does not capture "
            + game.geometry().name(p)
            + " (gofarm has no owl reading of open groups)");
  }

  // ---------------------------------------------------------------- semeai

  private String semeai(Game game, List<String> args) {
    int a = stone(game, args, 2, 0, "analyze_semeai");
    int b = stone(game, args, 2, 1, "analyze_semeai");
    Geometry g = game.geometry();
    if (game.board().color(a) == game.board().color(b)) {
      throw new GtpEngine.Failure(
          "analyze_semeai needs stones of both colours, but "
              + g.name(a)
              + " and "
              + g.name(b)
              + " are both "
              + Color.name(game.board().color(a)));
    }
    Semeai.Result r =
        new Semeai(game).capturerMustLive().setBudget(scaled(SEMEAI_NODES)).read(a, b);
    if (!r.exact()) {
      r =
          new Semeai(game)
              .capturerMustLive()
              .selective()
              .setBudget(scaled(SEMEAI_NODES))
              .read(a, b);
    }
    if (!r.exact()) {
      throw new GtpEngine.Failure(
          "reading ran out of its budget of "
              + scaled(SEMEAI_NODES)
              + " nodes; increase_depths reads deeper");
    }
    int move = r.move() == Point.NONE ? Point.PASS : r.move();
    return code(r.defenceOfA()) + " " + code(r.attackOnB()) + " " + name(g, move);
  }

  // ---------------------------------------------------------------- depths

  private String depths(List<String> args, int step, String command) {
    if (!args.isEmpty()) {
      throw new GtpEngine.Failure(command + " takes no arguments, got " + args.size());
    }
    depthSteps = Math.max(-MAX_DEPTH_STEPS, Math.min(MAX_DEPTH_STEPS, depthSteps + step));
    return "";
  }

  /** A default budget doubled once per {@code increase_depths} and halved once per decrease. */
  private long scaled(long nodes) {
    return Math.max(1, depthSteps >= 0 ? nodes << depthSteps : nodes >> -depthSteps);
  }

  // ---------------------------------------------------------------- answers

  private String answer(Game game, Reading.Result r, String command) {
    requireExact(r, command);
    return r.code() == Reading.LOSS ? "0" : code(r.code()) + " " + name(game.geometry(), r.move());
  }

  private static void requireExact(Reading.Result r, String command) {
    if (!r.exact()) {
      throw new GtpEngine.Failure(
          command
              + ": reading ran out of its budget after "
              + r.nodes()
              + " nodes; increase_depths reads deeper");
    }
  }

  /** A {@link Reading} code as GNU Go prints it. */
  static int code(int readingCode) {
    return switch (readingCode) {
      case Reading.WIN -> 1;
      case Reading.KO_A -> 2;
      case Reading.KO_B -> 3;
      case Reading.LOSS -> 0;
      default -> throw new IllegalArgumentException("not a reading result: " + readingCode);
    };
  }

  private static String name(Geometry g, int move) {
    return move == Point.PASS || move == Point.NONE ? "PASS" : g.name(move);
  }

  private static int first(PointSet points) {
    return points.isEmpty() ? Point.NONE : points.next(0);
  }

  // ---------------------------------------------------------------- arguments

  /** A failure for a command given {@code got} arguments where it takes {@code n} vertices. */
  private static GtpEngine.Failure wrongCount(String command, int n, int got) {
    return new GtpEngine.Failure(
        command
            + " takes "
            + n
            + (n == 1 ? " vertex" : " vertices")
            + ", got "
            + got
            + (got == 1 ? " argument" : " arguments"));
  }

  /** The stone at argument i of n, with GNU Go's failure texts and the detail. */
  private static int stone(Game game, List<String> args, int n, int i, String command) {
    if (args.size() != n) {
      throw wrongCount(command, n, args.size());
    }
    int p = vertex(game, args.get(i));
    if (p == Point.PASS) {
      throw new GtpEngine.Failure("invalid coordinate: a stone is needed, not pass");
    }
    if (!Color.isPlayer(game.board().color(p))) {
      throw new GtpEngine.Failure(
          "vertex must not be empty: " + game.geometry().name(p) + " is empty");
    }
    return p;
  }

  private static int vertex(Game game, String word) {
    try {
      return game.geometry().parse(word);
    } catch (IllegalArgumentException e) {
      throw new GtpEngine.Failure("invalid coordinate: " + e.getMessage());
    }
  }
}
