package gofarm.coordinator.grpc;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Makes job ids that sort by submission time and read well: {@code 20261121-153012-k3f9}, the UTC
 * second and four random base-36 characters. Ids are unique within the process under any flood: a
 * suffix already given in the same second is drawn again (1.7 million choices per second, so a
 * redraw is rare and short). Across restarts and coordinators the random suffix keeps a repeat
 * unlikely, and the manager refuses a repeat of a job it holds (the submission is then retried with
 * a fresh id), so no flood and no restart can make two jobs share an id. Thread-safe.
 */
public final class JobIds {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
  private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
  private static final int SUFFIX_LENGTH = 4;

  private final Clock clock;
  private final Supplier<String> suffixes;
  private long second = Long.MIN_VALUE;
  private final Set<String> usedThisSecond = new HashSet<>();

  public JobIds(Clock clock) {
    this(clock, randomSuffixes());
  }

  /**
   * Ids at {@code clock}'s time with the suffixes {@code suffixes} draws: a seam for tests, which
   * force a collision with a job the manager already holds.
   */
  public JobIds(Clock clock, Supplier<String> suffixes) {
    this.clock = clock;
    this.suffixes = suffixes;
  }

  private static Supplier<String> randomSuffixes() {
    SecureRandom random = new SecureRandom();
    return () -> {
      StringBuilder suffix = new StringBuilder(SUFFIX_LENGTH);
      for (int i = 0; i < SUFFIX_LENGTH; i++) {
        suffix.append(DIGITS.charAt(random.nextInt(DIGITS.length())));
      }
      return suffix.toString();
    };
  }

  /** A fresh id: never one this object gave before. */
  public synchronized String next() {
    long now = clock.instant().getEpochSecond();
    // A clock that steps back into an earlier second may repeat an id of that second: the manager
    // refuses the repeat and the submission is retried.
    if (now != second) {
      second = now;
      usedThisSecond.clear();
    }
    String suffix;
    do {
      suffix = suffixes.get();
    } while (!usedThisSecond.add(suffix));
    return FORMAT.format(Instant.ofEpochSecond(now)) + "-" + suffix;
  }
}
