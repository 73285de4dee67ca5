package gofarm.match;

import gofarm.gtp.GtpClient;
import gofarm.playout.PolicySpec;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import java.time.Duration;
import java.util.List;

/**
 * Who plays one side of a match, as data: a search player (a configuration with its playout policy,
 * and a budget) or an external GTP engine (a command line). {@link #start} makes the player for one
 * game.
 *
 * <pre>{@code
 * PlayerSpec heavy = PlayerSpec.search("heavy", PolicySpec.parse("heavy"), Budget.playouts(10_000));
 * PlayerSpec gnugo = PlayerSpec.gtp("gnugo-10", List.of("gnugo", "--mode", "gtp", "--level", "10"));
 * }</pre>
 */
public sealed interface PlayerSpec permits PlayerSpec.Search, PlayerSpec.Gtp {
  /** The name written into the SGF. */
  String name();

  /**
   * The player for one game. A search player runs on the calling thread with this seed; an engine
   * is started as a process (and must be closed).
   */
  MatchPlayer start(long seed);

  /**
   * A search player.
   *
   * @param name the name for the record
   * @param config the search settings, with the playout policy
   * @param budget playouts (reproducible) or time per move
   */
  record Search(String name, SearchConfig config, Budget budget) implements PlayerSpec {
    @Override
    public MatchPlayer start(long seed) {
      return new SearchMatchPlayer(name, new SearchPlayer(config, budget, seed));
    }
  }

  /**
   * An external engine that speaks GTP on standard input and output.
   *
   * @param name the name for the record
   * @param commandLine the program and its arguments
   * @param moveTimeout how long one {@code genmove} may take
   */
  record Gtp(String name, List<String> commandLine, Duration moveTimeout) implements PlayerSpec {
    public Gtp {
      commandLine = List.copyOf(commandLine);
    }

    @Override
    public MatchPlayer start(long seed) {
      GtpClient client = GtpClient.start(commandLine, moveTimeout, ProcessBuilder.Redirect.DISCARD);
      return new GtpMatchPlayer(name, client, moveTimeout);
    }
  }

  /** A search player with the default settings for this policy. */
  static PlayerSpec search(String name, PolicySpec policy, Budget budget) {
    return new Search(name, SearchConfig.of(policy), budget);
  }

  /** An external engine with a minute per move. */
  static PlayerSpec gtp(String name, List<String> commandLine) {
    return new Gtp(name, commandLine, Duration.ofMinutes(1));
  }
}
