package gofarm.gtp;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.life.AreaScorer;
import gofarm.life.Ownership;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.GameClock;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import gofarm.search.TimeAllocator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The search player behind a GTP engine: {@code genmove} searches with a {@link SearchPlayer} (and
 * answers {@code resign} when it resigns), under the player's budget or, once the controller has
 * set a game clock ({@code time_settings}, {@code kgs-time_settings}), under the clock's share for
 * the move; three GoGui analyze commands show what the search sees.
 *
 * <pre>{@code
 * GtpEngine engine = new SearchGtp(player, result -> log(result)).engine(Rules.DEFAULT, 19);
 * engine.execute("gogui-analyze_commands");
 * // = gfx/Search: win rates/gofarm-winrates
 * //   gfx/Search: ownership/gofarm-ownership
 * //   string/Search: statistics/gofarm-search
 * }</pre>
 *
 * <h2>Analyze commands</h2>
 *
 * Each takes an optional colour (default: the player to move) and shows the last search if it was
 * made for this position and colour, else searches now with the player's budget (the position is
 * not changed):
 *
 * <ul>
 *   <li>{@code gofarm-winrates}: GoGui graphics: a {@code LABEL} with the win rate in percent on
 *       every move with at least 1 % of the most visited move's visits, the principal variation as
 *       {@code VAR}, and a {@code TEXT} summary;
 *   <li>{@code gofarm-ownership}: an {@code INFLUENCE} value for every point, black's share of the
 *       playouts minus white's (−1..1), and a {@code TEXT} with the area score after taking off the
 *       stones the map calls dead;
 *   <li>{@code gofarm-search}: the decision and a table of the root moves, as text.
 * </ul>
 *
 * <p>GNU Go's {@code restricted_genmove COLOR V...} (its regression suites use it) answers the move
 * a search limited at the root to the listed points, or a pass, would play, without playing it:
 * {@code PASS} when none of them is a move the search would consider (illegal, inside a settled
 * area, or filling the player's own eye). It never resigns.
 */
public final class SearchGtp implements MoveGenerator {
  public static final String WINRATES = "gofarm-winrates";
  public static final String OWNERSHIP = "gofarm-ownership";
  public static final String SEARCH = "gofarm-search";
  public static final String RESTRICTED_GENMOVE = "restricted_genmove";

  /** The most moves labelled or listed. */
  private static final int MAX_LISTED = 30;

  private final SearchPlayer player;
  private final Consumer<SearchResult> listener;
  private SearchResult last;
  private Key lastKey;

  /** What a search was made for: the same key means the same position and player. */
  private record Key(List<Move> moves, long hash, Player player, Rules rules) {}

  /**
   * @param player the search
   * @param listener told about every search made (for a log line), or null
   */
  public SearchGtp(SearchPlayer player, Consumer<SearchResult> listener) {
    this.player = player;
    this.listener = listener == null ? r -> {} : listener;
  }

  /** An engine with an empty board whose {@code genmove} is the search, with the commands above. */
  public GtpEngine engine(Rules rules, int boardSize) {
    GtpEngine engine = new GtpEngine(rules, boardSize, this);
    engine.register(WINRATES, "gfx/Search: win rates/" + WINRATES, this::winRates);
    engine.register(OWNERSHIP, "gfx/Search: ownership/" + OWNERSHIP, this::ownership);
    engine.register(SEARCH, "string/Search: statistics/" + SEARCH, this::statistics);
    engine.register(RESTRICTED_GENMOVE, null, this::restrictedGenmove);
    return engine;
  }

  /** The move generator: a point, a pass, or {@link MoveGenerator#RESIGN}. */
  @Override
  public int generate(Game game, Player toMove) {
    return move(search(game, toMove, null));
  }

  /**
   * Under a game clock the search's budget is the clock's share for this move ({@link
   * TimeAllocator#DEFAULT}), not the player's own; the search stops sooner when its move is
   * settled, as the configuration's early stopping says.
   */
  @Override
  public int generate(Game game, Player toMove, GameClock clock) {
    return move(search(game, toMove, TimeAllocator.DEFAULT.budget(clock, game)));
  }

  private static int move(SearchResult r) {
    return r.resign() ? MoveGenerator.RESIGN : r.move();
  }

  private SearchResult search(Game game, Player toMove) {
    return search(game, toMove, null);
  }

  /** The search of this position for this player (the last one if it was), under the budget. */
  private SearchResult search(Game game, Player toMove, Budget budget) {
    Key key = new Key(List.copyOf(game.moves()), game.board().hash(), toMove, game.rules());
    if (key.equals(lastKey)) {
      return last;
    }
    SearchResult r =
        budget == null ? player.decide(game, toMove) : player.decide(game, toMove, budget);
    last = r;
    lastKey = key;
    listener.accept(r);
    return r;
  }

  /** GNU Go's {@code restricted_genmove}: the search's move among the listed points, not played. */
  private String restrictedGenmove(Game game, List<String> args) {
    if (args.isEmpty()) {
      throw new GtpEngine.Failure(
          RESTRICTED_GENMOVE + " needs a color and at least one vertex, got no arguments");
    }
    Player who;
    try {
      who = Player.parse(args.get(0));
    } catch (IllegalArgumentException e) {
      throw new GtpEngine.Failure(e.getMessage());
    }
    if (args.size() == 1) {
      throw new GtpEngine.Failure(
          "no allowed vertex: " + RESTRICTED_GENMOVE + " needs at least one after the color");
    }
    Geometry g = game.geometry();
    PointSet allowed = new PointSet(g);
    for (String word : args.subList(1, args.size())) {
      int p;
      try {
        p = g.parse(word);
      } catch (IllegalArgumentException e) {
        throw new GtpEngine.Failure("invalid coordinate: " + e.getMessage());
      }
      if (p != Point.PASS) {
        allowed.add(p);
      }
    }
    SearchResult r = player.decide(game, who, allowed);
    listener.accept(r);
    return r.move() == Point.PASS ? "PASS" : g.name(r.move()); // GNU Go's spelling
  }

  private SearchResult searchFor(Game game, List<String> args, String command) {
    if (args.size() > 1) {
      throw new GtpEngine.Failure(command + " takes 0 or 1 arguments (color), got " + args.size());
    }
    Player who = game.toPlay();
    if (args.size() == 1) {
      try {
        who = Player.parse(args.get(0));
      } catch (IllegalArgumentException e) {
        throw new GtpEngine.Failure(e.getMessage());
      }
    }
    return search(game, who);
  }

  private String winRates(Game game, List<String> args) {
    SearchResult r = searchFor(game, args, WINRATES);
    Geometry g = game.geometry();
    StringBuilder label = new StringBuilder("LABEL");
    int most = r.moves().isEmpty() ? 0 : r.moves().get(0).visits();
    int listed = 0;
    for (SearchResult.MoveStats m : r.moves()) {
      if (m.move() == Point.PASS || m.visits() == 0 || 100L * m.visits() < most) {
        continue;
      }
      if (listed++ == MAX_LISTED) {
        break;
      }
      label.append(' ').append(g.name(m.move())).append(' ');
      label.append(Math.round(100 * m.winRate()));
    }
    StringBuilder sb = new StringBuilder();
    if (listed > 0) {
      sb.append(label).append('\n');
    }
    if (!r.principalVariation().isEmpty()) {
      sb.append("VAR");
      Player mover = r.player();
      for (int move : r.principalVariation()) {
        sb.append(' ').append(mover.letter().toLowerCase(Locale.ROOT)).append(' ');
        sb.append(g.name(move));
        mover = mover.opponent();
      }
      sb.append('\n');
    }
    sb.append("TEXT ").append(summary(r, g));
    return sb.toString();
  }

  private String ownership(Game game, List<String> args) {
    SearchResult r = searchFor(game, args, OWNERSHIP);
    Geometry g = game.geometry();
    Ownership own = r.ownership();
    StringBuilder sb = new StringBuilder("INFLUENCE");
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      sb.append(' ').append(g.name(p)).append(' ');
      sb.append(String.format(Locale.ROOT, "%.2f", own.balance(p)));
    }
    String score = new AreaScorer(g).score(game.board(), own, game.rules().komi()).toString();
    sb.append("\nTEXT ownership of ").append(own.playouts()).append(" playouts; ");
    sb.append("area score without the stones it calls dead: ").append(score);
    return sb.toString();
  }

  private String statistics(Game game, List<String> args) {
    SearchResult r = searchFor(game, args, SEARCH);
    Geometry g = game.geometry();
    StringBuilder sb = new StringBuilder(summary(r, g)).append('\n');
    sb.append(
        String.format(
            Locale.ROOT, "%-6s %8s %7s %8s %7s%n", "move", "visits", "win%", "amaf", "amaf%"));
    int listed = 0;
    for (SearchResult.MoveStats m : r.moves()) {
      if (m.visits() == 0 || listed++ == MAX_LISTED) {
        break;
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "%-6s %8d %7.1f %8d %7.1f%n",
              g.name(m.move()),
              m.visits(),
              100 * m.winRate(),
              m.amafVisits(),
              100 * m.amafWinRate()));
    }
    sb.append("pv:");
    for (int move : r.principalVariation()) {
      sb.append(' ').append(g.name(move));
    }
    return sb.toString();
  }

  /** One line: who, the decision and why, the win rate, the playouts and their speed. */
  public static String summary(SearchResult r, Geometry g) {
    return String.format(
        Locale.ROOT,
        "%s %s (%s), win rate %.1f %%, %d playouts in %.2f s (%.0f/s)",
        r.player().toString().toLowerCase(Locale.ROOT),
        r.moveName(g),
        r.reason(),
        100 * r.winRate(),
        r.playouts(),
        r.elapsed().toNanos() / 1e9,
        r.playoutsPerSecond());
  }
}
