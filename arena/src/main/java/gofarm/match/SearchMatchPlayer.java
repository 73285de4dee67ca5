package gofarm.match;

import gofarm.board.Point;
import gofarm.life.FinalStatus;
import gofarm.playout.PlayoutOwnership;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.search.GameClock;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import gofarm.search.TimeAllocator;
import gofarm.search.TimeSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@link SearchPlayer} in a match: it reads the game it is given, so {@link #play} has nothing to
 * do, and keeps the results of its searches for the record. Under a game clock each move's budget
 * is the clock's share for it ({@link TimeAllocator#DEFAULT}), from the time the match says is left
 * less what the move has used before its search (a cleanup move's reading).
 */
public final class SearchMatchPlayer implements MatchPlayer {
  private final String name;
  private final SearchPlayer player;
  private final List<SearchResult> results = new ArrayList<>();
  private final FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());
  private final TimeSettings clockSettings;
  private GameClock clock;

  /** A player with the search's own budget per move. */
  public SearchMatchPlayer(String name, SearchPlayer player) {
    this(name, player, null);
  }

  /**
   * @param clockSettings the game clock that budgets every move, or null for the search's own
   *     budget
   */
  public SearchMatchPlayer(String name, SearchPlayer player, TimeSettings clockSettings) {
    this.name = name;
    this.player = player;
    this.clockSettings = clockSettings;
  }

  @Override
  public TimeSettings clock() {
    return clockSettings;
  }

  @Override
  public void timeLeft(Game game, Player who, GameClock clock) {
    this.clock = clock;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void newGame(Game game) {
    player.clearTree();
    results.clear();
  }

  @Override
  public void play(Game game, Move move) {
    // The search reads the game; tree reuse follows the moves by itself.
  }

  @Override
  public int genmove(Game game, Player who) {
    return search(game, who, System.nanoTime());
  }

  /** The search's move; under a clock, {@code start} is when the move's time began to run. */
  private int search(Game game, Player who, long start) {
    SearchResult r;
    if (clockSettings == null || clock == null) {
      r = player.decide(game, who);
    } else {
      GameClock now = clock.copy();
      now.elapse(Duration.ofNanos(System.nanoTime() - start));
      r = player.decide(game, who, TimeAllocator.DEFAULT.budget(now, game));
    }
    results.add(r);
    return r.resign() ? RESIGN : r.move();
  }

  /** GTP's {@code final_score} rule: {@link FinalStatus} with {@link PlayoutOwnership}. */
  @Override
  public String finalScore(Game game) {
    return finalStatus.score(game).toString();
  }

  /** A move that captures a dead enemy chain while one is left, else the search's move. */
  @Override
  public int genmoveCleanup(Game game, Player who) {
    long start = System.nanoTime();
    int p = FinalStatus.captureMove(game, who.color(), finalStatus.statuses(game));
    return p != Point.NONE ? p : search(game, who, start);
  }

  /** The searches of the current game, in order. */
  public List<SearchResult> results() {
    return Collections.unmodifiableList(results);
  }

  @Override
  public void close() {
    // Nothing held.
  }
}
