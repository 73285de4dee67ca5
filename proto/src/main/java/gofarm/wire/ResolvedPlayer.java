package gofarm.wire;

import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import java.util.List;

/**
 * A validated match player: gofarm's search on a playout policy, or an external GTP engine that
 * workers run. Made by {@link MatchSpecs}; sent to workers as a {@code MatchPlayer}.
 *
 * @param name the player's unique name in the match
 * @param search the search settings, or null for an engine
 * @param budget the search budget per move, or null for an engine
 * @param engine the engine's command line, program first, or an empty list for a search player
 */
public record ResolvedPlayer(String name, SearchConfig search, Budget budget, List<String> engine) {

  public ResolvedPlayer {
    engine = List.copyOf(engine);
    if ((search == null) == engine.isEmpty() || (search == null) != (budget == null)) {
      throw new IllegalArgumentException("a player is a search (config and budget) or an engine");
    }
  }

  public static ResolvedPlayer search(String name, SearchConfig search, Budget budget) {
    return new ResolvedPlayer(name, search, budget, List.of());
  }

  public static ResolvedPlayer engine(String name, List<String> command) {
    return new ResolvedPlayer(name, null, null, command);
  }

  public boolean isEngine() {
    return !engine.isEmpty();
  }

  /** The engine's program name ({@code gnugo}), or null for a search player. */
  public String program() {
    return isEngine() ? engine.get(0) : null;
  }

  /** Whether the player's moves depend only on the seed (a playout budget, or an engine). */
  public boolean deterministic() {
    return isEngine() || budget.isDeterministic();
  }
}
