package gofarm.match;

import gofarm.board.Point;
import gofarm.life.FinalStatus;
import gofarm.playout.PlayoutOwnership;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@link SearchPlayer} in a match: it reads the game it is given, so {@link #play} has nothing to
 * do, and keeps the results of its searches for the record.
 */
public final class SearchMatchPlayer implements MatchPlayer {
  private final String name;
  private final SearchPlayer player;
  private final List<SearchResult> results = new ArrayList<>();
  private final FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());

  public SearchMatchPlayer(String name, SearchPlayer player) {
    this.name = name;
    this.player = player;
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
    SearchResult r = player.decide(game, who);
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
    int p = FinalStatus.captureMove(game, who.color(), finalStatus.statuses(game));
    return p != Point.NONE ? p : genmove(game, who);
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
