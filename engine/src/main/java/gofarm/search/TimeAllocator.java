package gofarm.search;

import gofarm.rules.Game;
import gofarm.rules.Move;
import java.time.Duration;
import java.util.List;

/**
 * How much of a game clock one move may use: a share of the main time that depends on the moves
 * likely left, then most of a byo-yomi period; the search stops earlier when its move is settled
 * ({@link EarlyStop#TIMED}), so the time an easy move leaves goes to the later ones.
 *
 * <pre>{@code
 * Duration t = TimeAllocator.DEFAULT.forMove(clock, game);   // null: no clock
 * SearchResult r = player.decide(game, who, Budget.time(t));
 * clock.spend(timeTheMoveTook);
 * }</pre>
 *
 * <h2>The allocation</h2>
 *
 * <ul>
 *   <li><b>Moves left</b>, as Pachi estimates them ({@code board_estimated_moves_left}): half the
 *       empty points beyond the fifth of the board a finished game keeps empty, and at least a
 *       twelfth of the board's points ({@link #MIN_MOVES_LEFT_SHARE}: 30 on 19x19, 14 on 13x13) and
 *       never fewer than {@link #MIN_MOVES_LEFT}, so that the main time is never spent as if the
 *       game were about to end: each move takes at most that share of what is left, and the time
 *       left falls geometrically rather than to zero. A floor of 30 on 9x9 as well left half of a
 *       60 s clock unused at the end of a game (games of 45 to 65 moves against Pachi, 2026-11).
 *   <li><b>Main time:</b> the main time left, less the {@link #RESERVE} of sudden death (a tenth of
 *       the main time, kept for the moves that outlast the estimate) and the margin, over the moves
 *       left; with byo-yomi never less than a byo-yomi move gets (as Pachi: a player need not hurry
 *       in main time more than in byo-yomi), and never more than the main time left plus one
 *       Canadian stone's share or one Japanese period, so that byo-yomi starts as it would.
 *   <li><b>Byo-yomi:</b> {@link #PERIOD_SHARE} of the Canadian period's time per stone left, or of
 *       a Japanese period, less the margin. Japanese periods beyond the current one are never
 *       planned for: they are the insurance against a move that overruns.
 *   <li>The margin covers what the search budget does not: building the root, the decision, the
 *       protocol and the JVM; after the opponent's pass {@link #PASS_CLAIM_PER_POINT} more, for the
 *       reading of life and death a pass that ends the game needs. Every move gets at least {@link
 *       #MIN_MOVE}. Work a player does before its search (a cleanup move's reading) is its to take
 *       off the clock it passes in.
 * </ul>
 *
 * @param margin the time kept back from every move's allocation
 */
public record TimeAllocator(Duration margin) {
  /** The fewest moves the main time is planned for, on any board. */
  public static final int MIN_MOVES_LEFT = 10;

  /** The fewest moves the main time is planned for, as a share of the board's points. */
  public static final double MIN_MOVES_LEFT_SHARE = 1.0 / 12;

  /** The share of sudden-death main time kept back from the allocation. */
  public static final double RESERVE = 0.1;

  /** The share of a byo-yomi move's time a move plans to use; the rest is the safety margin. */
  public static final double PERIOD_SHARE = 0.85;

  /** The shortest allocation: a search always runs one playout anyway. */
  public static final Duration MIN_MOVE = Duration.ofMillis(1);

  /**
   * The extra margin per point of the board after the opponent's pass, when the search may pass and
   * end the game only if GTP's {@code final_score} agrees: that reading of life and death took up
   * to 0.56 s on 9x9 and 1.6 s on 19x19 (random positions, 2026-11).
   */
  public static final Duration PASS_CLAIM_PER_POINT = Duration.ofMillis(8);

  /** The margin of {@link #DEFAULT}. */
  public static final Duration DEFAULT_MARGIN = Duration.ofMillis(200);

  /** The allocator of GTP games and match games. */
  public static final TimeAllocator DEFAULT = new TimeAllocator(DEFAULT_MARGIN);

  public TimeAllocator {
    if (margin == null || margin.isNegative()) {
      throw new IllegalArgumentException("margin must not be negative (got " + margin + ")");
    }
  }

  /** The moves the player to move likely has left in {@code game} (see the class comment). */
  public static int movesLeft(Game game) {
    int points = game.geometry().pointCount();
    int empty = game.board().emptyCount();
    int floor = Math.max(MIN_MOVES_LEFT, (int) (MIN_MOVES_LEFT_SHARE * points));
    return Math.max(floor, (empty - points / 5) / 2);
  }

  /** The time the next move in {@code game} may take under {@code clock}, or null without limit. */
  public Duration forMove(GameClock clock, Game game) {
    if (!clock.limited()) {
      return null;
    }
    TimeSettings s = clock.settings();
    List<Move> moves = game.moves();
    boolean afterPass = !moves.isEmpty() && moves.get(moves.size() - 1).isPass();
    long m =
        margin.toNanos()
            + (afterPass ? PASS_CLAIM_PER_POINT.toNanos() * game.geometry().pointCount() : 0);
    long period = s.period().toNanos();
    // A byo-yomi move's time, for the period running or the next one.
    long byoyomi =
        switch (s.kind()) {
          case CANADIAN ->
              clock.inOvertime()
                  ? clock.periodLeft().toNanos() / Math.max(1, clock.stonesLeft())
                  : period / s.stones();
          case BYOYOMI -> period;
          case NONE, ABSOLUTE -> 0;
        };
    long byoyomiMove = (long) (PERIOD_SHARE * byoyomi) - m;
    long t;
    if (clock.inOvertime()) {
      t = byoyomiMove;
    } else {
      long main = clock.mainLeft().toNanos();
      long reserve = s.hasByoyomi() ? 0 : (long) (RESERVE * s.main().toNanos());
      t = Math.max(0, main - reserve - m) / movesLeft(game);
      if (s.hasByoyomi()) {
        t = Math.min(Math.max(t, byoyomiMove), main + byoyomi - m);
      }
    }
    return Duration.ofNanos(Math.max(t, MIN_MOVE.toNanos()));
  }

  /** The budget of the next move: {@link #forMove}'s time, or null without a limit. */
  public Budget budget(GameClock clock, Game game) {
    Duration t = forMove(clock, game);
    return t == null ? null : Budget.time(t);
  }
}
