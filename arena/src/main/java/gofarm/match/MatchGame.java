package gofarm.match;

import gofarm.board.Point;
import gofarm.gtp.GtpException;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfNode;
import gofarm.life.AreaScorer;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.rules.Game;
import gofarm.rules.IllegalMoveException;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.rules.Score;
import gofarm.search.GameClock;
import gofarm.search.TimeSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Plays match games: one game between two players from an opening, or a colour-swapped pair.
 *
 * <pre>{@code
 * PairResult pair = MatchGame.playPair(
 *     Opening.random(9, rules, 4, seed), rules, heavy, uniform, seed);
 * pentanomial = pentanomial.plus(pair.pentanomialClass());
 * Files.writeString(dir.resolve("pair-17-a.sgf"), pair.first().sgf());
 * }</pre>
 *
 * <h2>A game</h2>
 *
 * Both players start from the opening; then the player to move is asked for a move, the move is
 * played on the match's own {@link Game} (which checks it: an illegal move, superko included, loses
 * the game by forfeit) and reported to the other player. The game ends with two passes in a row, a
 * resignation, or after {@link #maxMoves} moves. A game that ends on the board is scored by the
 * match's {@link Adjudication} (by default {@link Adjudication#CLEANUP}: the players' agreeing
 * {@code final_score}, or a cleanup phase and a plain area count), and its record says how ({@link
 * Scoring}).
 *
 * <h2>Clocks</h2>
 *
 * A player with a {@link MatchPlayer#clock} has a {@link GameClock} kept here, the referee's:
 * before each of its moves it is told the time left ({@link MatchPlayer#timeLeft}), the wall-clock
 * time of its {@code genmove} comes off, and a move that outlasts the clock loses the game on time
 * ({@code B+T} or {@code W+T}, {@link GameRecord.End#TIME}), as does an engine that does not answer
 * before its flag falls. The SGF then has {@code TM} and {@code OT} (when both players share the
 * clock), and each clocked move its player's time left ({@code BL}, {@code WL}; in byo-yomi {@code
 * OB}, {@code OW}: the Canadian stones or Japanese periods left). A clocked game depends on the
 * speed and load of the machine: it is not reproducible.
 *
 * <h2>Seeds</h2>
 *
 * In a pair with seed s the first player's search gets {@code Rng.mix(s, 0)} in the first game and
 * {@code Rng.mix(s, 2)} in the second, the second player's {@code Rng.mix(s, 1)} and {@code
 * Rng.mix(s, 3)}: two search players on one thread with playout budgets play the same pair on any
 * machine.
 */
public final class MatchGame {
  private MatchGame() {}

  /** The estimate of {@link Adjudication#ESTIMATE}: uniform playouts, settled areas pruned. */
  public static final PolicySpec ESTIMATE_POLICY = PolicySpec.parse("random settled");

  /** Its playouts. */
  public static final int ESTIMATE_PLAYOUTS = 1000;

  /** Its seed, fixed so that the estimate is reproducible. */
  public static final long ESTIMATE_SEED = 0x57A7;

  /** The move limit of a game: 3 × the board's points, after the opening. */
  public static int maxMoves(int size) {
    return 3 * size * size;
  }

  /**
   * Plays a colour-swapped pair from {@code opening}: {@code first} has black in the first game and
   * white in the second. Each player is started for each game and closed after it.
   */
  public static PairResult playPair(
      Opening opening, Rules rules, PlayerSpec first, PlayerSpec second, long seed) {
    return playPair(opening, rules, first, second, seed, maxMoves(opening.size()));
  }

  /**
   * Plays a colour-swapped pair with a move limit of {@code maxMoves} per game after the opening.
   */
  public static PairResult playPair(
      Opening opening, Rules rules, PlayerSpec first, PlayerSpec second, long seed, int maxMoves) {
    return playPair(opening, rules, first, second, seed, maxMoves, Adjudication.CLEANUP, null);
  }

  /**
   * Plays a colour-swapped pair scored by {@code adjudication}; {@code referee} is the engine of
   * {@link Adjudication#REFEREE} (started once for the pair), null otherwise.
   */
  public static PairResult playPair(
      Opening opening,
      Rules rules,
      PlayerSpec first,
      PlayerSpec second,
      long seed,
      int maxMoves,
      Adjudication adjudication,
      PlayerSpec.Gtp referee) {
    if (adjudication == Adjudication.REFEREE && referee == null) {
      throw new IllegalArgumentException("REFEREE adjudication needs a referee engine");
    }
    if (first.name().equals(second.name())) {
      throw new IllegalArgumentException(
          "the two players need different names (both are '" + first.name() + "')");
    }
    try (Referee judge = adjudication == Adjudication.REFEREE ? new Referee(referee) : null) {
      GameRecord a =
          playOnce(
              opening,
              rules,
              first,
              second,
              Rng.mix(seed, 0),
              Rng.mix(seed, 1),
              maxMoves,
              adjudication,
              judge);
      GameRecord b =
          playOnce(
              opening,
              rules,
              second,
              first,
              Rng.mix(seed, 3),
              Rng.mix(seed, 2),
              maxMoves,
              adjudication,
              judge);
      return new PairResult(first.name(), a, b);
    }
  }

  private static GameRecord playOnce(
      Opening opening,
      Rules rules,
      PlayerSpec black,
      PlayerSpec white,
      long blackSeed,
      long whiteSeed,
      int maxMoves,
      Adjudication adjudication,
      Referee referee) {
    try (MatchPlayer b = black.start(blackSeed);
        MatchPlayer w = white.start(whiteSeed)) {
      return play(opening, rules, b, w, maxMoves, adjudication, referee);
    }
  }

  /** Plays one game with the default move limit; see the class comment. */
  public static GameRecord play(
      Opening opening, Rules rules, MatchPlayer black, MatchPlayer white) {
    return play(opening, rules, black, white, maxMoves(opening.size()));
  }

  /** Plays one game of at most {@code maxMoves} moves after the opening, scored by CLEANUP. */
  public static GameRecord play(
      Opening opening, Rules rules, MatchPlayer black, MatchPlayer white, int maxMoves) {
    return play(opening, rules, black, white, maxMoves, Adjudication.CLEANUP, null);
  }

  /**
   * Plays one game of at most {@code maxMoves} moves after the opening (and as many more in a
   * cleanup phase), scored by {@code adjudication} ({@code referee} for REFEREE, else null). Engine
   * failures ({@code GtpException}) are not caught: the game cannot be scored fairly, so the caller
   * decides.
   */
  public static GameRecord play(
      Opening opening,
      Rules rules,
      MatchPlayer black,
      MatchPlayer white,
      int maxMoves,
      Adjudication adjudication,
      Referee referee) {
    return play(opening, rules, black, white, maxMoves, adjudication, referee, System::nanoTime);
  }

  /** {@link #play} with the clocks read from {@code ticker} (nanoseconds), for tests. */
  static GameRecord play(
      Opening opening,
      Rules rules,
      MatchPlayer black,
      MatchPlayer white,
      int maxMoves,
      Adjudication adjudication,
      Referee referee,
      LongSupplier ticker) {
    long start = ticker.getAsLong();
    GameClock blackClock = black.clock() == null ? null : new GameClock(black.clock());
    GameClock whiteClock = white.clock() == null ? null : new GameClock(white.clock());
    Map<Integer, Map<String, List<String>>> times = new HashMap<>();
    Game game = opening.start(rules);
    black.newGame(game);
    white.newGame(game);
    int moves = 0;
    int passes = 0;
    Player winner;
    String result;
    GameRecord.End end;
    String comment;
    double margin = 0;
    Scoring scoring = null;
    boolean cleanup = false;
    int cleanupMoves = 0;
    String blackClaim = null;
    String whiteClaim = null;
    while (true) {
      if (!cleanup && (passes >= 2 || moves >= maxMoves)) {
        end = passes >= 2 ? GameRecord.End.PASSES : GameRecord.End.MOVE_LIMIT;
        String reason = end == GameRecord.End.PASSES ? "two passes" : "move limit " + maxMoves;
        double scored;
        if (adjudication == Adjudication.CLEANUP) {
          blackClaim = black.finalScore(game);
          whiteClaim = white.finalScore(game);
          if (blackClaim != null && blackClaim.equals(whiteClaim)) {
            scored = margin(blackClaim);
            scoring = new Scoring(adjudication, Scoring.By.AGREED, blackClaim, whiteClaim, 0);
            comment = reason + "; both players score it " + blackClaim;
          } else {
            cleanup = true; // play on until two more passes, then count the board as it stands
            passes = 0;
            continue;
          }
        } else if (adjudication == Adjudication.REFEREE) {
          String verdict = referee.score(game);
          scored = margin(verdict);
          scoring = new Scoring(adjudication, Scoring.By.REFEREE, null, null, 0);
          comment = reason + "; the referee scores it " + verdict;
        } else {
          Score score = estimate(game);
          scored = score.margin();
          scoring = new Scoring(adjudication, Scoring.By.ESTIMATE, null, null, 0);
          comment = reason + "; area score without the stones the estimate calls dead: " + score;
        }
        margin = scored;
        winner = margin > 0 ? Player.BLACK : margin < 0 ? Player.WHITE : null;
        result = resultText(margin);
        break;
      }
      if (cleanup && (passes >= 2 || cleanupMoves >= maxMoves)) {
        Score score = game.score(); // Tromp-Taylor: the board as it stands
        scoring =
            new Scoring(adjudication, Scoring.By.CLEANUP, blackClaim, whiteClaim, cleanupMoves);
        winner = score.winner();
        result = score.toString();
        margin = score.margin();
        end = GameRecord.End.PASSES;
        comment =
            "two passes; the players' scores ("
                + (blackClaim == null ? "none" : blackClaim)
                + ", "
                + (whiteClaim == null ? "none" : whiteClaim)
                + ") differ, so a cleanup phase of "
                + cleanupMoves
                + " moves was played and the board counted by area: "
                + result;
        break;
      }
      Player toMove = game.toPlay();
      MatchPlayer mover = toMove == Player.BLACK ? black : white;
      MatchPlayer other = toMove == Player.BLACK ? white : black;
      GameClock clock = toMove == Player.BLACK ? blackClock : whiteClock;
      if (clock != null) {
        mover.timeLeft(game, toMove, clock.copy());
      }
      Duration allowed = clock == null ? null : clock.untilExpiry();
      long asked = ticker.getAsLong();
      int p;
      try {
        p = cleanup ? mover.genmoveCleanup(game, toMove) : mover.genmove(game, toMove);
      } catch (GtpException e) {
        // An engine stopped for outlasting its clock (its timeout is the clock's limit and a
        // grace) lost on time; any other failure is the caller's.
        if (clock == null || ticker.getAsLong() - asked <= allowed.toNanos()) {
          throw e;
        }
        p = MatchPlayer.RESIGN;
      }
      if (clock != null) {
        long used = ticker.getAsLong() - asked;
        clock.spend(Duration.ofNanos(used));
        if (clock.expired()) {
          winner = toMove.opponent();
          result = winner.letter() + "+T";
          end = GameRecord.End.TIME;
          comment =
              String.format(
                  Locale.ROOT,
                  "%s (%s) ran out of time: its move took %.2f s, its clock had %.2f s",
                  mover.name(),
                  toMove,
                  used / 1e9,
                  allowed.toNanos() / 1e9);
          break;
        }
      }
      if (p == MatchPlayer.RESIGN) {
        winner = toMove.opponent();
        result = winner.letter() + "+R";
        end = GameRecord.End.RESIGNATION;
        comment = mover.name() + " (" + toMove + ") resigned";
        break;
      }
      try {
        game.play(toMove, p);
      } catch (IllegalMoveException e) {
        winner = toMove.opponent();
        result = winner.letter() + "+F";
        end = GameRecord.End.FORFEIT;
        comment = mover.name() + " (" + toMove + ") played an illegal move: " + e.getMessage();
        break;
      }
      moves++;
      if (clock != null) {
        times.put(game.moves().size() - 1, timeLeft(toMove, clock));
      }
      if (cleanup) {
        cleanupMoves++;
      }
      passes = p == Point.PASS ? passes + 1 : 0;
      other.play(game, new Move(toMove, p));
    }
    String clocks = clocksText(black.clock(), white.clock());
    String sgf =
        sgf(
            game,
            black.name(),
            white.name(),
            result,
            opening,
            clocks.isEmpty() ? comment : comment + "; " + clocks,
            black.clock() != null && black.clock().equals(white.clock()) ? black.clock() : null,
            times);
    return new GameRecord(
        black.name(),
        white.name(),
        opening,
        winner,
        result,
        end,
        margin,
        moves,
        sgf,
        Duration.ofNanos(ticker.getAsLong() - start),
        scoring);
  }

  /** The clocks for the record's comment: {@code clocks: black 60 s sudden death, white none}. */
  private static String clocksText(TimeSettings black, TimeSettings white) {
    if (black == null && white == null) {
      return "";
    }
    return "clocks: black "
        + (black == null ? "none" : black.toString())
        + ", white "
        + (white == null ? "none" : white.toString());
  }

  /** SGF's time left after a move: BL (WL) in seconds; in byo-yomi OB (OW), stones or periods. */
  private static Map<String, List<String>> timeLeft(Player player, GameClock clock) {
    Map<String, List<String>> props = new LinkedHashMap<>();
    String c = player == Player.BLACK ? "B" : "W";
    Duration left = clock.inOvertime() ? clock.periodLeft() : clock.mainLeft();
    props.put(c + "L", List.of(String.format(Locale.ROOT, "%.1f", left.toNanos() / 1e9)));
    if (clock.inOvertime()) {
      int count =
          clock.settings().kind() == TimeSettings.Kind.CANADIAN
              ? clock.stonesLeft()
              : clock.periodsLeft();
      props.put("O" + c, List.of(Integer.toString(count)));
    }
    return props;
  }

  /** Black's lead in a GTP score: {@code B+3.5} is 3.5, {@code W+0.5} is -0.5, {@code 0} is 0. */
  static double margin(String score) {
    if (score.equals("0")) {
      return 0;
    }
    double v = Double.parseDouble(score.substring(2));
    return score.charAt(0) == 'B' ? v : -v;
  }

  /** The SGF result of black's lead, as {@link Score#toString} writes it. */
  private static String resultText(double margin) {
    if (margin == 0) {
      return "0";
    }
    double v = Math.abs(margin);
    String number = v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    return (margin > 0 ? "B+" : "W+") + number;
  }

  /** {@link Adjudication#ESTIMATE}: the area score without the stones the estimate calls dead. */
  static Score estimate(Game game) {
    Playout playout = new Playout(ESTIMATE_POLICY, game.geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(PlayoutRoot.of(game), ESTIMATE_SEED, ESTIMATE_PLAYOUTS, stats);
    return new AreaScorer(game.geometry())
        .score(game.board(), stats.ownership(), game.rules().komi());
  }

  private static String sgf(
      Game game,
      String black,
      String white,
      String result,
      Opening opening,
      String comment,
      TimeSettings clock,
      Map<Integer, Map<String, List<String>>> times) {
    List<SgfNode> nodes = new ArrayList<>(SgfGame.of(game).mainLine());
    Map<String, List<String>> root = new LinkedHashMap<>(nodes.get(0).properties());
    root.put("PB", List.of(black));
    root.put("PW", List.of(white));
    root.put("RE", List.of(result));
    root.put("GN", List.of(black + " vs " + white + ", opening " + opening.name()));
    if (clock != null) {
      root.put("TM", List.of(TimeSettings.seconds(clock.main())));
      if (clock.hasByoyomi()) {
        root.put("OT", List.of(clock.sgfOvertime()));
      }
    }
    root.put("C", List.of(comment));
    nodes.set(0, SgfNode.of(root));
    int firstMove = nodes.size() - game.moves().size(); // the node of move 0
    for (Map.Entry<Integer, Map<String, List<String>>> e : times.entrySet()) {
      int i = firstMove + e.getKey();
      Map<String, List<String>> props = new LinkedHashMap<>(nodes.get(i).properties());
      props.putAll(e.getValue());
      nodes.set(i, SgfNode.of(props));
    }
    return Sgf.write(SgfGame.of(nodes));
  }
}
