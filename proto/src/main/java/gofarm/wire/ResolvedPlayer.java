package gofarm.wire;

import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.TimeSettings;
import java.util.List;

/**
 * A validated match player: gofarm's search on a playout policy, or an external GTP engine that
 * workers run, perhaps on a game clock. Made by {@link MatchSpecs}; sent to workers as a {@code
 * MatchPlayer}.
 *
 * @param name the player's unique name in the match
 * @param search the search settings, or null for an engine
 * @param budget the search budget per move, or null for an engine or a search on a clock
 * @param engine the engine's command line, program first, or an empty list for a search player
 * @param clock the game clock (a search's budget for the whole game, or what an engine is told), or
 *     null for none
 */
public record ResolvedPlayer(
    String name, SearchConfig search, Budget budget, List<String> engine, TimeSettings clock) {

  public ResolvedPlayer {
    engine = List.copyOf(engine);
    if (clock != null && !clock.limited()) {
      clock = null;
    }
    boolean isSearch = search != null;
    if (isSearch == !engine.isEmpty()
        || (isSearch && (budget == null) == (clock == null))
        || (!isSearch && budget != null)) {
      throw new IllegalArgumentException(
          "a player is a search (config, and a budget or a clock) or an engine (and a clock)");
    }
  }

  public static ResolvedPlayer search(String name, SearchConfig search, Budget budget) {
    return new ResolvedPlayer(name, search, budget, List.of(), null);
  }

  /** A search player whose moves are budgeted by a game clock. */
  public static ResolvedPlayer clocked(String name, SearchConfig search, TimeSettings clock) {
    return new ResolvedPlayer(name, search, null, List.of(), clock);
  }

  public static ResolvedPlayer engine(String name, List<String> command) {
    return new ResolvedPlayer(name, null, null, command, null);
  }

  /** This player with another name. */
  public ResolvedPlayer withName(String newName) {
    return new ResolvedPlayer(newName, search, budget, engine, clock);
  }

  public boolean isEngine() {
    return !engine.isEmpty();
  }

  /** The engine's program name ({@code gnugo}), or null for a search player. */
  public String program() {
    return isEngine() ? engine.get(0) : null;
  }

  /**
   * Whether the player's moves depend only on the seed: a search on a playout budget, or an engine,
   * without a clock (the referee's clock reads the wall-clock time).
   */
  public boolean deterministic() {
    return clock == null && (isEngine() || budget.isDeterministic());
  }
}
