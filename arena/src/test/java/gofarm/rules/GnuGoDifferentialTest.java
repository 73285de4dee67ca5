package gofarm.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.gtp.GnuGo;
import gofarm.gtp.GtpClient;
import gofarm.gtp.GtpException;
import gofarm.io.Diagram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random games played on {@link Game} and on GNU Go 3.8 over GTP, compared after every move: the
 * legal moves of the player to move ({@code all_legal}, which in GNU Go 3.8 applies the ko, suicide
 * and superko rules of the game), the stones ({@code list_stones}) and the captures ({@code
 * captures}). Every few moves an illegal move is tried on both, and both must refuse it.
 *
 * <p>The games are biased towards kos: moves are mostly near the last two, captures are preferred,
 * and a player barred from a ko often passes, after which the capturer often passes too, so that
 * the retake repeats an earlier position (legal under simple ko, a superko violation otherwise).
 *
 * <p>Semantics checked against GNU Go's board.c before writing this test:
 *
 * <ul>
 *   <li>A pass ends a ko ban in both ({@code play_move} clears the ko point for every move).
 *   <li>GNU Go keeps the last 500 moves only ({@code MAX_MOVE_HISTORY}); older positions drop out
 *       of its superko check. Games here stop before 500 moves so that both see the whole game.
 *   <li>Positional superko also forbids recreating the current position, which only a single-stone
 *       suicide can do; situational superko compares each earlier position with the player who
 *       actually moved next, which equals gofarm's "player to move" in alternating play.
 *   <li>GNU Go's {@code --allow-all-suicide} removes the suicidal chain and credits the stones to
 *       the opponent's captures, as {@link Rules#suicideAllowed()} does.
 * </ul>
 *
 * <p>Two differences were found and are pinned here rather than hidden (see {@link
 * #gnuGo38IgnoresSuperkoForSuicides} and {@link #fixedHandicapAgreesWithGnuGo}):
 *
 * <ul>
 *   <li>GNU Go 3.8 never applies superko to a suicide: its trial move for the superko check leaves
 *       the suicidal chain on the board, so the hash never matches. A single-stone suicide, which
 *       leaves the board unchanged, is thus legal in GNU Go 3.8 under positional superko; gofarm
 *       follows Tromp-Taylor (a move may not recreate any earlier position, the current one
 *       included). With suicide allowed and a superko rule, the comparison expects GNU Go to accept
 *       exactly the suicides that gofarm refuses for superko, and counts them.
 *   <li>GNU Go 3.8 places 12x12 handicap stones on the 4-4 points (its handicap.c moves them to the
 *       fourth line above 11x11); gofarm uses the 3-3 points below 13x13, as GoGui and gomill do
 *       after the GTP specification.
 * </ul>
 */
class GnuGoDifferentialTest {
  /** Moves (passes included) compared per configuration. */
  private static final int MOVES_PER_CONFIG = 3_000;

  /** Under GNU Go's 500-move history limit, so that its superko check sees every position. */
  private static final int MAX_GAME_MOVES = 480;

  private static final long BASE_SEED = 0x5EED_600DL;

  /** One board size and rule set, with the GNU Go flags that give the same rules. */
  record Config(int size, KoRule koRule, boolean suicideAllowed) {
    Rules rules() {
      return new Rules(7.5, koRule, suicideAllowed);
    }

    List<String> flags() {
      List<String> flags = new ArrayList<>();
      flags.add(
          switch (koRule) {
            case SIMPLE -> "--simple-ko";
            case POSITIONAL -> "--positional-superko";
            case SITUATIONAL -> "--situational-superko";
          });
      flags.add(suicideAllowed ? "--allow-all-suicide" : "--forbid-suicide");
      return flags;
    }

    long seed() {
      return BASE_SEED + 1000L * size + 10L * koRule.ordinal() + (suicideAllowed ? 1 : 0);
    }

    @Override
    public String toString() {
      return size + "x" + size + " " + koRule + (suicideAllowed ? " suicide allowed" : "");
    }
  }

  static Stream<Config> configs() {
    List<Config> configs = new ArrayList<>();
    for (int size : new int[] {9, 13, 19}) {
      for (KoRule koRule : KoRule.values()) {
        configs.add(new Config(size, koRule, false));
      }
    }
    for (KoRule koRule : KoRule.values()) {
      configs.add(new Config(9, koRule, true));
    }
    return configs.stream();
  }

  /** What a configuration's games exercised; printed, and the interesting counts asserted. */
  private static final class Counts {
    int games;
    int moves;
    int passes;
    int captures;
    int koCaptures;
    int koBans;
    int superkoBans;
    int suicideBans;
    int suicides;
    int positionalRepeats;
    int superkoSuicides;
    int isLegalChecks;
    int illegalTries;

    @Override
    public String toString() {
      return String.format(
          "%d games, %d moves (%d passes), %d capturing moves, %d ko captures, %d ko bans,"
              + " %d superko bans, %d suicide bans, %d suicides played,"
              + " %d positional repeats played, %d superko suicides (GNU Go 3.8 allows them),"
              + " %d is_legal spot checks, %d illegal moves refused by both",
          games,
          moves,
          passes,
          captures,
          koCaptures,
          koBans,
          superkoBans,
          suicideBans,
          suicides,
          positionalRepeats,
          superkoSuicides,
          isLegalChecks,
          illegalTries);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configs")
  void randomGamesAgreeWithGnuGoAfterEveryMove(Config config) {
    long start = System.nanoTime();
    Counts counts = new Counts();
    try (GtpClient gnugo = GnuGo.start(config.flags().toArray(String[]::new))) {
      gnugo.send("boardsize " + config.size());
      for (int game = 0; counts.moves < MOVES_PER_CONFIG; game++) {
        long seed = config.seed() * 1_000_003L + game;
        List<String> record = new ArrayList<>();
        try {
          playGame(gnugo, config, new SplittableRandom(seed), counts, record);
        } catch (AssertionError | RuntimeException e) {
          fail(
              String.format(
                  "%s, game %d (seed %d), after %d moves; gnugo %s; moves: %s%n%s",
                  config,
                  game,
                  seed,
                  record.size(),
                  String.join(" ", config.flags()),
                  String.join(", ", record),
                  e.getMessage()),
              e);
        }
        counts.games++;
      }
    }
    System.out.printf(
        "GNU Go differential %s: %s; %.1f s%n", config, counts, (System.nanoTime() - start) / 1e9);
    // Proof that the games reached the rules under test, not just quiet moves.
    assertTrue(counts.koCaptures > 0, "no ko capture in " + counts);
    assertTrue(counts.koBans > 0, "no ko ban in " + counts);
    assertTrue(counts.captures > counts.koCaptures, "no capture except kos in " + counts);
    if (config.koRule() == KoRule.SIMPLE) {
      assertTrue(counts.positionalRepeats > 0, "simple ko never allowed a repeat: " + counts);
    } else {
      // Suicides aside, which GNU Go 3.8 judges differently: these are compared strictly.
      assertTrue(counts.superkoBans - counts.superkoSuicides > 0, "no superko ban in " + counts);
    }
    if (config.suicideAllowed()) {
      assertTrue(counts.suicides > 0, "no suicide in " + counts);
    } else {
      assertTrue(counts.suicideBans > 0, "no suicide ban in " + counts);
    }
  }

  private static void playGame(
      GtpClient gnugo, Config config, SplittableRandom random, Counts counts, List<String> record) {
    gnugo.send("clear_board");
    Game game = new Game(config.size(), config.rules());
    Geometry g = game.geometry();
    Board board = game.board();
    Set<Long> seen = new HashSet<>(List.of(board.hash()));
    List<Integer> koPoints = new ArrayList<>(); // the ko point after each move, or NONE
    int naturalPasses = 0;
    while (game.moves().size() < MAX_GAME_MOVES
        && counts.moves < MOVES_PER_CONFIG
        && naturalPasses < 2) {
      Player player = game.toPlay();
      List<Integer> legal = compareLegalMoves(gnugo, game, player, counts);
      if (random.nextInt(8) == 0) {
        tryIllegalMove(gnugo, game, player, random, counts);
      }
      int point = choose(game, legal, koPoints, config, random);
      if (point == Point.NONE) {
        naturalPasses++; // nothing sensible left: two of these in a row end the game
        point = Point.PASS;
      } else {
        naturalPasses = 0;
      }
      String vertex = g.name(point);
      record.add(player.letter() + " " + vertex);
      int capturesBefore = board.captures(Color.BLACK) + board.captures(Color.WHITE);
      gnugo.send("play " + player + " " + vertex);
      game.play(player, point);
      counts.moves++;
      if (point == Point.PASS) {
        counts.passes++;
      } else if (board.color(point) == Color.EMPTY) {
        counts.suicides++;
      } else if (board.captures(Color.BLACK) + board.captures(Color.WHITE) > capturesBefore) {
        counts.captures++;
      }
      koPoints.add(board.koPoint());
      if (board.koPoint() != Point.NONE) {
        counts.koCaptures++;
      }
      if (point != Point.PASS && !seen.add(board.hash())) {
        counts.positionalRepeats++;
      }
      compareBoards(gnugo, board);
    }
  }

  /**
   * Compares GNU Go's {@code all_legal} with the empty points {@link Game#isLegal} accepts, counts
   * the reasons for the illegal ones, and returns gofarm's legal points. GNU Go's single-point
   * {@code is_legal} is asked too, for every ko or superko point and two other empty points, so
   * that both of its commands are held to the same answer.
   */
  private static List<Integer> compareLegalMoves(
      GtpClient gnugo, Game game, Player player, Counts counts) {
    Geometry g = game.geometry();
    Set<Integer> theirs = new TreeSet<>();
    String reply = gnugo.send("all_legal " + player);
    if (!reply.isEmpty()) {
      for (String vertex : reply.split("\\s+")) {
        theirs.add(g.parse(vertex));
      }
    }
    List<Integer> ours = new ArrayList<>();
    List<String> differences = new ArrayList<>();
    List<Integer> empty = new ArrayList<>();
    List<Integer> spotChecks = new ArrayList<>();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (game.board().color(p) != Color.EMPTY) {
        continue;
      }
      empty.add(p);
      IllegalMoveException.Reason reason = game.illegalReason(player, p);
      if (reason == IllegalMoveException.Reason.KO
          || reason == IllegalMoveException.Reason.SUPERKO) {
        spotChecks.add(p);
      }
      boolean gnuGoLegal = reason == null;
      if (reason == null) {
        ours.add(p);
      } else {
        switch (reason) {
          case KO -> counts.koBans++;
          case SUPERKO -> counts.superkoBans++;
          case SUICIDE -> counts.suicideBans++;
          default -> {}
        }
        if (isSuperkoSuicide(game, player, p, reason)) {
          counts.superkoSuicides++;
          gnuGoLegal = true; // GNU Go 3.8 does not apply superko to suicides (see class doc)
        }
      }
      if (gnuGoLegal != theirs.contains(p)) {
        differences.add(
            g.name(p)
                + ": gofarm says "
                + (reason == null ? "legal" : reason)
                + ", GNU Go says "
                + (theirs.contains(p) ? "legal" : "illegal"));
      }
    }
    if (!empty.isEmpty()) {
      int k = (int) Long.remainderUnsigned(game.board().hash(), empty.size());
      spotChecks.add(empty.get(k));
      spotChecks.add(empty.get((k + empty.size() / 2) % empty.size()));
    }
    for (int p : spotChecks) {
      String answer = gnugo.send("is_legal " + player + " " + g.name(p));
      counts.isLegalChecks++;
      if (!answer.equals(theirs.contains(p) ? "1" : "0")) {
        differences.add(g.name(p) + ": GNU Go's is_legal says " + answer + ", all_legal disagrees");
      }
    }
    if (!differences.isEmpty()) {
      fail("legal moves of " + player + " differ: " + differences + "\n" + game.board());
    }
    return ours;
  }

  /** A suicide that only superko forbids: the one kind of move GNU Go 3.8 judges differently. */
  private static boolean isSuperkoSuicide(
      Game game, Player player, int p, IllegalMoveException.Reason reason) {
    return reason == IllegalMoveException.Reason.SUPERKO
        && game.board().isSuicide(p, player.color());
  }

  /** Tries a move gofarm calls illegal (a ko, superko or suicide one if any) on both sides. */
  private static void tryIllegalMove(
      GtpClient gnugo, Game game, Player player, SplittableRandom random, Counts counts) {
    Geometry g = game.geometry();
    List<Integer> interesting = new ArrayList<>();
    List<Integer> occupied = new ArrayList<>();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      IllegalMoveException.Reason reason = game.illegalReason(player, p);
      if (reason == IllegalMoveException.Reason.OCCUPIED) {
        occupied.add(p);
      } else if (reason != null && !isSuperkoSuicide(game, player, p, reason)) {
        interesting.add(p);
      }
    }
    List<Integer> pool = interesting.isEmpty() ? occupied : interesting;
    if (pool.isEmpty()) {
      return;
    }
    int p = pool.get(random.nextInt(pool.size()));
    IllegalMoveException.Reason reason = game.illegalReason(player, p);
    String command = "play " + player + " " + g.name(p);
    GtpException refused = assertThrows(GtpException.class, () -> gnugo.send(command), command);
    assertEquals("illegal move", refused.engineMessage(), command);
    IllegalMoveException ours =
        assertThrows(IllegalMoveException.class, () -> game.play(player, p), command);
    assertEquals(reason, ours.reason(), command);
    counts.illegalTries++;
  }

  /**
   * A random move biased towards kos and captures: a player barred from a ko often passes (a ko
   * threat elsewhere, in effect), the capturer then often passes too, and the retake that follows
   * is then preferred: it repeats an earlier position, which simple ko allows and superko forbids.
   * Otherwise captures are preferred, then moves near the last two, and own one-point eyes are
   * mostly left alone. Returns {@link Point#NONE} when nothing sensible is left.
   */
  private static int choose(
      Game game,
      List<Integer> legal,
      List<Integer> koPoints,
      Config config,
      SplittableRandom random) {
    Board board = game.board();
    byte c = game.toPlay().color();
    List<Move> moves = game.moves();
    int n = moves.size();
    if (board.koPoint() != Point.NONE && random.nextInt(2) == 0) {
      return Point.PASS;
    }
    if (n >= 2
        && moves.get(n - 1).isPass()
        && koPoints.get(n - 2) != Point.NONE
        && random.nextInt(2) == 0) {
      return Point.PASS; // the opponent passed instead of retaking: pass too
    }
    if (n >= 3 && moves.get(n - 1).isPass() && moves.get(n - 2).isPass()) {
      int retake = koPoints.get(n - 3);
      if (retake != Point.NONE && legal.contains(retake) && random.nextInt(4) != 0) {
        return retake;
      }
    }
    if (random.nextInt(100) == 0) {
      return Point.PASS;
    }
    boolean keepEyes = random.nextInt(20) != 0;
    boolean avoidSuicide = config.suicideAllowed() && random.nextInt(4) != 0;
    List<Integer> candidates = new ArrayList<>();
    List<Integer> capturing = new ArrayList<>();
    List<Integer> near = new ArrayList<>();
    int[] recent = recentPoints(game);
    for (int p : legal) {
      if (keepEyes && board.isSimpleEye(p, c)) {
        continue;
      }
      if (avoidSuicide && board.isSuicide(p, c)) {
        continue;
      }
      candidates.add(p);
      if (board.isCapture(p, c)) {
        capturing.add(p);
      }
      if (isNear(game.geometry(), p, recent)) {
        near.add(p);
      }
    }
    if (candidates.isEmpty()) {
      return Point.NONE;
    }
    List<Integer> pool;
    if (!capturing.isEmpty() && random.nextInt(2) == 0) {
      pool = capturing;
    } else if (!near.isEmpty() && random.nextInt(5) < 3) {
      pool = near;
    } else {
      pool = candidates;
    }
    return pool.get(random.nextInt(pool.size()));
  }

  /** The points of the last two moves that were not passes. */
  private static int[] recentPoints(Game game) {
    List<Move> moves = game.moves();
    int[] recent = new int[2];
    int n = 0;
    for (int i = moves.size() - 1; i >= 0 && n < 2; i--) {
      if (!moves.get(i).isPass()) {
        recent[n++] = moves.get(i).point();
      }
    }
    return Arrays.copyOf(recent, n);
  }

  private static boolean isNear(Geometry g, int p, int[] recent) {
    for (int q : recent) {
      if (Math.abs(g.x(p) - g.x(q)) <= 2 && Math.abs(g.y(p) - g.y(q)) <= 2) {
        return true;
      }
    }
    return false;
  }

  private static void compareBoards(GtpClient gnugo, Board board) {
    Geometry g = board.geometry();
    for (byte c : new byte[] {Color.BLACK, Color.WHITE}) {
      String name = Color.name(c);
      Set<String> theirs = new TreeSet<>();
      String reply = gnugo.send("list_stones " + name);
      if (!reply.isEmpty()) {
        theirs.addAll(List.of(reply.split("\\s+")));
      }
      Set<String> ours = new TreeSet<>();
      board.points(c).forEach(p -> ours.add(g.name(p)));
      if (!ours.equals(theirs)) {
        Set<String> onlyOurs = new TreeSet<>(ours);
        onlyOurs.removeAll(theirs);
        Set<String> onlyTheirs = new TreeSet<>(theirs);
        onlyTheirs.removeAll(ours);
        fail(
            name
                + " stones differ: only gofarm has "
                + onlyOurs
                + ", only GNU Go has "
                + onlyTheirs
                + "\n"
                + board);
      }
      assertEquals(
          Integer.parseInt(gnugo.send("captures " + name)),
          board.captures(c),
          "stones captured by " + name);
    }
  }

  /**
   * {@code fixed_handicap N} on every board size from 2 to 19 and every N from 0 to 10: both accept
   * the same N and place the stones on the same points, except on 12x12, where GNU Go 3.8 uses the
   * 4-4 points instead of the 3-3 points (see the class comment); that difference is pinned.
   */
  @Test
  void fixedHandicapAgreesWithGnuGo() {
    int accepted = 0;
    try (GtpClient gnugo = GnuGo.start()) {
      for (int size = 2; size <= 19; size++) {
        Geometry g = Geometry.of(size);
        gnugo.send("boardsize " + size);
        for (int count = 0; count <= 10; count++) {
          gnugo.send("clear_board");
          String what = "fixed_handicap " + count + " on " + g;
          Set<String> theirs;
          try {
            theirs = new TreeSet<>(List.of(gnugo.send("fixed_handicap " + count).split("\\s+")));
          } catch (GtpException e) {
            assertEquals("invalid handicap", e.engineMessage(), what);
            theirs = null;
          }
          Set<String> expected;
          try {
            expected = new TreeSet<>();
            for (int p : Game.fixedHandicapPoints(g, count)) {
              expected.add(g.name(size == 12 ? onFourthLine(g, p) : p));
            }
          } catch (IllegalArgumentException e) {
            expected = null;
          }
          assertEquals(expected, theirs, what + " (null: rejected)");
          if (expected != null) {
            accepted++;
            assertEquals(count, expected.size(), what);
          }
        }
      }
    }
    // 2..4 on 7, 8, 10, 12, 14, 16, 18 and 2..9 on 9, 11, 13, 15, 17, 19.
    assertEquals(7 * 3 + 6 * 8, accepted);
  }

  /** A third-line handicap point moved to the fourth line, where GNU Go 3.8 puts it on 12x12. */
  private static int onFourthLine(Geometry g, int p) {
    int last = g.size() - 1;
    int x = g.x(p) == 2 ? 3 : g.x(p) == last - 2 ? last - 3 : g.x(p);
    int y = g.y(p) == 2 ? 3 : g.y(p) == last - 2 ? last - 3 : g.y(p);
    return g.point(x, y);
  }

  /**
   * The repeating sequences of {@link KoScenarios} (ko retake after two passes, triple ko, sending
   * two returning one) under each ko rule: after every move the legal moves of both players agree,
   * and GNU Go refuses the move that gofarm calls a superko violation. This pins the positional
   * versus situational difference on GNU Go as well.
   */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("scenarioConfigs")
  void koScenariosAgreeWithGnuGo(KoScenarios.Scenario scenario, KoRule koRule) {
    Config config = new Config(scenario.position().geometry().size(), koRule, false);
    try (GtpClient gnugo = GnuGo.start(config.flags().toArray(String[]::new))) {
      Game game = setUp(gnugo, scenario, config.rules());
      Geometry g = game.geometry();
      Counts counts = new Counts();
      for (int i = 0; i < scenario.moves().size(); i++) {
        String step =
            koRule + ", " + scenario + ", move " + (i + 1) + " " + scenario.moves().get(i);
        for (Player player : Player.values()) {
          try {
            compareLegalMoves(gnugo, game, player, counts);
          } catch (AssertionError e) {
            fail(step + ": " + e.getMessage(), e);
          }
        }
        Player player = scenario.player(i);
        int point = scenario.point(i, g);
        String command = "play " + player + " " + g.name(point);
        if (game.isLegal(player, point)) {
          gnugo.send(command);
          game.play(player, point);
          compareBoards(gnugo, game.board());
        } else {
          GtpException e = assertThrows(GtpException.class, () -> gnugo.send(command), step);
          assertEquals("illegal move", e.engineMessage(), step);
          assertEquals(IllegalMoveException.Reason.SUPERKO, game.illegalReason(player, point));
          return; // the sequence stops at its first superko violation
        }
      }
      assertEquals(KoRule.SIMPLE, koRule, "only simple ko lets every sequence through");
    }
  }

  static Stream<Arguments> scenarioConfigs() {
    List<Arguments> arguments = new ArrayList<>();
    for (KoScenarios.Scenario scenario : KoScenarios.ALL) {
      for (KoRule koRule : KoRule.values()) {
        arguments.add(Arguments.of(scenario, koRule));
      }
    }
    return arguments.stream();
  }

  /**
   * Plays the scenario's stones on an empty board in GNU Go and in a game, black stones first, so
   * that the last stone is white's and black is to move in both (GNU Go's situational superko looks
   * at who actually moved next). No stone is captured on the way: in a legal position a partial
   * chain always keeps a liberty.
   */
  private static Game setUp(GtpClient gnugo, KoScenarios.Scenario scenario, Rules rules) {
    gnugo.send("boardsize " + scenario.position().geometry().size());
    gnugo.send("clear_board");
    byte[] colors = scenario.position().colors();
    Game game = new Game(scenario.position().geometry(), rules);
    Geometry g = game.geometry();
    for (Player player : Player.values()) {
      for (int i = 0; i < g.pointCount(); i++) {
        int p = g.point(i);
        if (colors[p] == player.color()) {
          gnugo.send("play " + player + " " + g.name(p));
          game.play(player, p);
        }
      }
    }
    assertEquals(scenario.diagram(), Diagram.of(game.board()));
    assertEquals(Player.BLACK, game.toPlay());
    compareBoards(gnugo, game.board());
    return game;
  }

  /**
   * The minimal reproduction of the legality difference found: with all suicides allowed and
   * positional superko, black's single-stone suicide at A1 leaves the board unchanged, so gofarm
   * (Tromp-Taylor) refuses it as a repeat of the current position; GNU Go 3.8 accepts it. If a GNU
   * Go release fixes this, this test fails: then drop the suicide exception in the comparison.
   */
  @Test
  void gnuGo38IgnoresSuperkoForSuicides() {
    Config config = new Config(5, KoRule.POSITIONAL, true);
    try (GtpClient gnugo = GnuGo.start(config.flags().toArray(String[]::new))) {
      gnugo.send("boardsize 5");
      gnugo.send("clear_board");
      Game game = new Game(5, config.rules());
      for (String vertex : new String[] {"A2", "B1"}) {
        gnugo.send("play white " + vertex);
        game.play(Player.WHITE, game.geometry().parse(vertex));
      }
      int a1 = game.geometry().parse("A1");
      assertEquals(IllegalMoveException.Reason.SUPERKO, game.illegalReason(Player.BLACK, a1));
      assertEquals("1", gnugo.send("is_legal black A1"), "GNU Go 3.8 accepts the suicide");
      gnugo.send("play black A1");
      assertEquals("", gnugo.send("list_stones black"), "and the board is unchanged");
      assertEquals("1", gnugo.send("captures white"));
    }
  }
}
