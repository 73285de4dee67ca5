package gofarm.search;

import java.time.Duration;
import java.util.Locale;

/**
 * A game clock's rules, the same for both players: none, absolute (sudden death), Canadian byo-yomi
 * (a period for a number of stones) or Japanese byo-yomi (periods of one move each, one lost
 * whenever a move outlasts it). Immutable; {@link GameClock} keeps one player's time under them.
 *
 * <pre>{@code
 * TimeSettings.absolute(Duration.ofSeconds(60))                          // 60 s sudden death
 * TimeSettings.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30), 5) // 10 min + 5 x 30 s
 * TimeSettings.canadian(Duration.ofMinutes(10), Duration.ofMinutes(5), 25)
 * TimeSettings.ofGtp(600, 300, 25)                                       // GTP time_settings
 * }</pre>
 *
 * @param kind the time system
 * @param main the main time (zero: straight into byo-yomi)
 * @param period a byo-yomi period (zero without byo-yomi)
 * @param stones the moves to play in each Canadian period (0 otherwise)
 * @param periods the Japanese periods (0 otherwise)
 */
public record TimeSettings(Kind kind, Duration main, Duration period, int stones, int periods) {

  /** The time systems, with their names in KGS's {@code kgs-time_settings}. */
  public enum Kind {
    NONE("none"),
    ABSOLUTE("absolute"),
    CANADIAN("canadian"),
    BYOYOMI("byoyomi");

    private final String kgsName;

    Kind(String kgsName) {
      this.kgsName = kgsName;
    }

    /** The name in {@code kgs-time_settings}. */
    public String kgsName() {
      return kgsName;
    }
  }

  /** No time limit. */
  public static final TimeSettings NONE =
      new TimeSettings(Kind.NONE, Duration.ZERO, Duration.ZERO, 0, 0);

  /**
   * @throws IllegalArgumentException if a field does not fit the kind
   */
  public TimeSettings {
    if (kind == null || main == null || period == null) {
      throw new IllegalArgumentException("kind, main and period are required");
    }
    if (main.isNegative() || period.isNegative() || stones < 0 || periods < 0) {
      throw new IllegalArgumentException("time settings must not be negative");
    }
    boolean fits =
        switch (kind) {
          case NONE -> main.isZero() && period.isZero() && stones == 0 && periods == 0;
          case ABSOLUTE -> !main.isZero() && period.isZero() && stones == 0 && periods == 0;
          case CANADIAN -> !period.isZero() && stones > 0 && periods == 0;
          case BYOYOMI -> !period.isZero() && periods > 0 && stones == 0;
        };
    if (!fits) {
      throw new IllegalArgumentException(
          "time settings do not fit "
              + kind.kgsName()
              + ": main "
              + main
              + ", period "
              + period
              + ", stones "
              + stones
              + ", periods "
              + periods);
    }
  }

  /** Sudden death: {@code main} for the whole game. */
  public static TimeSettings absolute(Duration main) {
    return new TimeSettings(Kind.ABSOLUTE, main, Duration.ZERO, 0, 0);
  }

  /** Canadian byo-yomi: {@code main}, then {@code stones} moves in every {@code period}. */
  public static TimeSettings canadian(Duration main, Duration period, int stones) {
    return new TimeSettings(Kind.CANADIAN, main, period, stones, 0);
  }

  /** Japanese byo-yomi: {@code main}, then {@code periods} periods of {@code period}. */
  public static TimeSettings byoyomi(Duration main, Duration period, int periods) {
    return new TimeSettings(Kind.BYOYOMI, main, period, 0, periods);
  }

  /**
   * The settings of GTP's {@code time_settings main_time byo_yomi_time byo_yomi_stones} (seconds,
   * Canadian byo-yomi). As the specification says, byo-yomi stones 0 with a byo-yomi time above 0
   * means no time limit, and byo-yomi time 0 means absolute time; with main time 0 as well, no time
   * limit (a clock of nothing at all cannot be played). A byo-yomi period of 0 seconds for some
   * stones adds no time: absolute time too.
   *
   * @throws IllegalArgumentException for a negative number
   */
  public static TimeSettings ofGtp(long mainSeconds, long periodSeconds, int stones) {
    if (mainSeconds < 0 || periodSeconds < 0 || stones < 0) {
      throw new IllegalArgumentException("time settings must not be negative");
    }
    if (stones == 0 && periodSeconds > 0) {
      return NONE;
    }
    if (periodSeconds == 0) {
      return mainSeconds == 0 ? NONE : absolute(Duration.ofSeconds(mainSeconds));
    }
    return canadian(Duration.ofSeconds(mainSeconds), Duration.ofSeconds(periodSeconds), stones);
  }

  /** Whether there is a limit at all. */
  public boolean limited() {
    return kind != Kind.NONE;
  }

  /** Whether there is byo-yomi after the main time. */
  public boolean hasByoyomi() {
    return kind == Kind.CANADIAN || kind == Kind.BYOYOMI;
  }

  /**
   * The arguments of GTP's {@code time_settings} for these settings, in whole seconds (rounded
   * down: an engine told less time than it has cannot overrun). Japanese byo-yomi has no GTP form:
   * it is given as one Canadian period of one stone, the last period, which is what it must never
   * overrun. Use {@link #kgsArguments} with engines that know {@code kgs-time_settings}.
   */
  public String gtpArguments() {
    return switch (kind) {
      case NONE -> "0 1 0";
      case ABSOLUTE -> main.toSeconds() + " 0 0";
      case CANADIAN -> main.toSeconds() + " " + period.toSeconds() + " " + stones;
      case BYOYOMI -> main.toSeconds() + " " + period.toSeconds() + " 1";
    };
  }

  /** The arguments of KGS's {@code kgs-time_settings}, in whole seconds (rounded down). */
  public String kgsArguments() {
    return switch (kind) {
      case NONE -> "none";
      case ABSOLUTE -> "absolute " + main.toSeconds();
      case CANADIAN -> "canadian " + main.toSeconds() + " " + period.toSeconds() + " " + stones;
      case BYOYOMI -> "byoyomi " + main.toSeconds() + " " + period.toSeconds() + " " + periods;
    };
  }

  /** SGF's overtime property {@code OT}: {@code 5x30 byo-yomi}, {@code 25/300 Canadian}. */
  public String sgfOvertime() {
    return switch (kind) {
      case NONE, ABSOLUTE -> "";
      case CANADIAN -> stones + "/" + seconds(period) + " Canadian";
      case BYOYOMI -> periods + "x" + seconds(period) + " byo-yomi";
    };
  }

  /** Whether every time is a whole number of seconds, as GTP's commands need. */
  public boolean wholeSeconds() {
    return main.toNanos() % 1_000_000_000L == 0 && period.toNanos() % 1_000_000_000L == 0;
  }

  /** A duration in seconds as text: {@code 60}, {@code 0.5}. */
  public static String seconds(Duration d) {
    double s = d.toNanos() / 1e9;
    return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%s", s);
  }

  /** {@code 60 s sudden death}, {@code 600 s + 5 x 30 s byo-yomi}, {@code no time limit}. */
  @Override
  public String toString() {
    return switch (kind) {
      case NONE -> "no time limit";
      case ABSOLUTE -> seconds(main) + " s sudden death";
      case CANADIAN ->
          seconds(main) + " s + " + stones + " stones in " + seconds(period) + " s (Canadian)";
      case BYOYOMI -> seconds(main) + " s + " + periods + " x " + seconds(period) + " s byo-yomi";
    };
  }
}
