package gofarm.match;

import gofarm.gtp.GtpClient;
import gofarm.playout.PolicySpec;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import gofarm.search.TimeSettings;
import java.time.Duration;
import java.util.List;

/**
 * Who plays one side of a match, as data: a search player (a configuration with its playout policy,
 * and a budget per move or a game clock) or an external GTP engine (a command line, and perhaps a
 * game clock it is told about). {@link #start} makes the player for one game.
 *
 * <pre>{@code
 * PlayerSpec heavy = PlayerSpec.search("heavy", PolicySpec.parse("heavy"), Budget.playouts(10_000));
 * PlayerSpec gnugo = PlayerSpec.gtp("gnugo-10", List.of("gnugo", "--mode", "gtp", "--level", "10"));
 * PlayerSpec clocked = new PlayerSpec.Search("heavy 60 s", SearchConfig.of(heavyPolicy), null,
 *     TimeSettings.absolute(Duration.ofSeconds(60)));      // 60 s sudden death for the game
 * }</pre>
 *
 * <p>A player with a clock is refereed by {@link MatchGame}: it loses on time when a move outlasts
 * what its clock has left. Its games depend on the machine's speed and load.
 */
public sealed interface PlayerSpec permits PlayerSpec.Search, PlayerSpec.Gtp {
  /** The name written into the SGF. */
  String name();

  /**
   * The player for one game. A search player runs on the calling thread with this seed; an engine
   * is started as a process (and must be closed).
   */
  MatchPlayer start(long seed);

  /** The game clock the player plays under, or null for none. */
  TimeSettings clock();

  /**
   * A search player.
   *
   * @param name the name for the record
   * @param config the search settings, with the playout policy
   * @param budget playouts (reproducible) or time per move; null with a clock
   * @param clock the game clock that gives each move its budget ({@link
   *     gofarm.search.TimeAllocator}), or null for the budget per move
   */
  record Search(String name, SearchConfig config, Budget budget, TimeSettings clock)
      implements PlayerSpec {
    /**
     * @throws IllegalArgumentException unless there is exactly one of a budget and a clock
     */
    public Search {
      if (clock != null && !clock.limited()) {
        clock = null;
      }
      if ((budget == null) == (clock == null)) {
        throw new IllegalArgumentException("a search player needs a budget per move or a clock");
      }
    }

    /** A search player with a budget per move. */
    public Search(String name, SearchConfig config, Budget budget) {
      this(name, config, budget, null);
    }

    @Override
    public MatchPlayer start(long seed) {
      return new SearchMatchPlayer(name, new SearchPlayer(config, budget, seed), clock);
    }
  }

  /**
   * An external engine that speaks GTP on standard input and output.
   *
   * @param name the name for the record
   * @param commandLine the program and its arguments
   * @param moveTimeout how long one {@code genmove} may take without a clock
   * @param clock the game clock the engine is told about ({@code time_settings} or {@code
   *     kgs-time_settings}, then {@code time_left} before every move), or null for none
   */
  record Gtp(String name, List<String> commandLine, Duration moveTimeout, TimeSettings clock)
      implements PlayerSpec {
    public Gtp {
      commandLine = List.copyOf(commandLine);
      if (clock != null && !clock.limited()) {
        clock = null;
      }
    }

    /** An engine without a clock. */
    public Gtp(String name, List<String> commandLine, Duration moveTimeout) {
      this(name, commandLine, moveTimeout, null);
    }

    @Override
    public MatchPlayer start(long seed) {
      GtpClient client = GtpClient.start(commandLine, moveTimeout, ProcessBuilder.Redirect.DISCARD);
      return new GtpMatchPlayer(name, client, moveTimeout, clock);
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
