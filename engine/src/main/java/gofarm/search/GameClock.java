package gofarm.search;

import java.time.Duration;
import java.util.Locale;

/**
 * One player's clock under {@link TimeSettings}: the main time left, then the byo-yomi period
 * running, with its stones (Canadian) or the periods left (Japanese). Mutable; not thread-safe.
 *
 * <pre>{@code
 * GameClock clock = new GameClock(TimeSettings.byoyomi(Duration.ofSeconds(60), ofSeconds(10), 3));
 * clock.spend(Duration.ofSeconds(65));   // main time over, 5 s into the first period: kept
 * clock.expired();                       // false; true once a move outlasts the last period
 * clock.set(Duration.ofSeconds(8), 2);   // GTP time_left: 8 s of a period, 2 periods left (KGS)
 * }</pre>
 *
 * <h2>The rules</h2>
 *
 * A move's time comes off the main time first. A move that outlasts it starts the byo-yomi: under
 * Canadian byo-yomi it is the first of the period's stones and the rest of its time comes off the
 * period; a period whose stones are all played starts afresh, and one that runs out before them
 * makes the clock expire. Under Japanese byo-yomi every move has a fresh period, a move that
 * outlasts a period loses it and goes on in the next, and one that outlasts the last makes the
 * clock expire. Under absolute time the clock expires when the main time runs out.
 */
public final class GameClock {
  /** What {@link #untilExpiry} says without a limit: a century. */
  public static final Duration FOREVER = Duration.ofDays(36_500);

  private final TimeSettings settings;
  private long mainLeft;
  private boolean overtime;
  private long periodLeft;
  private int stonesLeft;
  private int periodsLeft;
  private boolean expired;

  /** A clock at the start of a game: the whole main time, then the byo-yomi. */
  public GameClock(TimeSettings settings) {
    this.settings = settings;
    this.mainLeft = settings.main().toNanos();
    this.periodsLeft = settings.periods();
    if (mainLeft == 0 && settings.hasByoyomi()) {
      startOvertime();
    }
  }

  private GameClock(GameClock other) {
    settings = other.settings;
    mainLeft = other.mainLeft;
    overtime = other.overtime;
    periodLeft = other.periodLeft;
    stonesLeft = other.stonesLeft;
    periodsLeft = other.periodsLeft;
    expired = other.expired;
  }

  /** A copy that changes independently. */
  public GameClock copy() {
    return new GameClock(this);
  }

  public TimeSettings settings() {
    return settings;
  }

  /** Whether the clock limits the time at all. */
  public boolean limited() {
    return settings.limited();
  }

  /** Whether the player has run out of time: the flag has fallen. */
  public boolean expired() {
    return expired;
  }

  /** Whether the main time is over and the byo-yomi running. */
  public boolean inOvertime() {
    return overtime;
  }

  public Duration mainLeft() {
    return Duration.ofNanos(mainLeft);
  }

  /** The time left in the current byo-yomi period (zero in main time). */
  public Duration periodLeft() {
    return Duration.ofNanos(overtime ? periodLeft : 0);
  }

  /** The stones still to play in the current Canadian period (0 otherwise). */
  public int stonesLeft() {
    return overtime ? stonesLeft : 0;
  }

  /** The Japanese periods left, the current one included (0 otherwise). */
  public int periodsLeft() {
    return periodsLeft;
  }

  /**
   * The longest the next move may take without the clock expiring: the main time left plus what the
   * byo-yomi adds (every Japanese period left; the Canadian period, which the move may spend in
   * full though its other stones then have no time).
   */
  public Duration untilExpiry() {
    if (!limited()) {
      return FOREVER;
    }
    long p = settings.period().toNanos();
    long total =
        switch (settings.kind()) {
          case NONE, ABSOLUTE -> mainLeft;
          case CANADIAN -> overtime ? periodLeft : mainLeft + p;
          case BYOYOMI ->
              overtime ? periodLeft + (periodsLeft - 1L) * p : mainLeft + periodsLeft * p;
        };
    return Duration.ofNanos(total);
  }

  /** Takes a move's time off the clock, by the rules of the class comment: the move is made. */
  public void spend(Duration used) {
    elapse(used);
    if (!limited() || expired) {
      return;
    }
    if (!overtime) {
      if (mainLeft == 0 && settings.hasByoyomi()) {
        startOvertime(); // the main time used up exactly: the next move is byo-yomi's first
      }
    } else if (settings.kind() == TimeSettings.Kind.CANADIAN) {
      if (--stonesLeft == 0) {
        periodLeft = settings.period().toNanos();
        stonesLeft = settings.stones();
      }
    } else {
      periodLeft = settings.period().toNanos(); // made in time: the next move has a whole period
    }
  }

  /**
   * Takes time off the clock while a move is still to be made: the main time, then the byo-yomi
   * period (a Japanese period outlasted is lost), without counting a move. What a player has spent
   * on a move so far, so that the rest of the move is planned on the time really left.
   */
  public void elapse(Duration time) {
    if (!limited() || expired) {
      return;
    }
    long u = Math.max(0, time.toNanos());
    if (!overtime) {
      if (u <= mainLeft) {
        mainLeft -= u;
        return;
      }
      u -= mainLeft;
      mainLeft = 0;
      if (!settings.hasByoyomi()) {
        expired = true;
        return;
      }
      startOvertime();
    }
    if (settings.kind() == TimeSettings.Kind.BYOYOMI) {
      while (u > periodLeft) {
        u -= periodLeft;
        if (--periodsLeft == 0) {
          periodLeft = 0;
          expired = true;
          return;
        }
        periodLeft = settings.period().toNanos();
      }
    } else if (u > periodLeft) {
      periodLeft = 0;
      expired = true;
      return;
    }
    periodLeft -= u;
  }

  private void startOvertime() {
    overtime = true;
    periodLeft = settings.period().toNanos();
    stonesLeft = settings.stones();
  }

  /**
   * Sets the clock as GTP's {@code time_left color time stones} says: {@code stones} 0 means main
   * time, {@code time} left of it; otherwise the byo-yomi, {@code time} left of the current period
   * with {@code stones} stones to play (Canadian) or, as KGS sends it for Japanese byo-yomi, {@code
   * stones} periods left. Under absolute time {@code stones} is ignored; without a limit nothing
   * changes. A controller that says there is time clears an expiry.
   */
  public void set(Duration time, int stones) {
    if (!limited()) {
      return;
    }
    long t = Math.max(0, time.toNanos());
    expired = false;
    if (stones == 0 || !settings.hasByoyomi()) {
      overtime = false;
      mainLeft = t;
      periodsLeft = settings.periods();
      if (mainLeft == 0 && settings.hasByoyomi()) {
        startOvertime();
      }
      return;
    }
    overtime = true;
    mainLeft = 0;
    periodLeft = t;
    if (settings.kind() == TimeSettings.Kind.CANADIAN) {
      stonesLeft = stones;
    } else {
      periodsLeft = stones;
    }
  }

  /**
   * The arguments of GTP's {@code time_left color time stones} for this clock: whole seconds,
   * rounded down, and the stones as {@link #set} reads them. {@code kgs} says whether the engine
   * was given {@code kgs-time_settings}; otherwise Japanese byo-yomi went as one Canadian period of
   * one stone ({@link TimeSettings#gtpArguments}), and its stones are 1.
   */
  public String gtpTimeLeft(boolean kgs) {
    if (!overtime) {
      return Duration.ofNanos(mainLeft).toSeconds() + " 0";
    }
    long seconds = Duration.ofNanos(periodLeft).toSeconds();
    return switch (settings.kind()) {
      case CANADIAN -> seconds + " " + stonesLeft;
      case BYOYOMI -> seconds + " " + (kgs ? periodsLeft : 1);
      case NONE, ABSOLUTE -> seconds + " 0";
    };
  }

  /** {@code 12.3 s}, {@code byo-yomi: 4.2 s for 3 stones}, {@code byo-yomi: 8.0 s, 2 periods}. */
  @Override
  public String toString() {
    if (!limited()) {
      return "no time limit";
    }
    if (!overtime) {
      return String.format(Locale.ROOT, "%.1f s", mainLeft / 1e9);
    }
    String period = String.format(Locale.ROOT, "byo-yomi: %.1f s", periodLeft / 1e9);
    return settings.kind() == TimeSettings.Kind.CANADIAN
        ? period + " for " + stonesLeft + (stonesLeft == 1 ? " stone" : " stones")
        : period + ", " + periodsLeft + (periodsLeft == 1 ? " period" : " periods");
  }
}
