package gofarm.coordinator.grpc;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Makes job ids that sort by submission time and read well: {@code 20261121-153012-k3f9}, the UTC
 * time and four random base-36 characters (1.7 million choices per second, so ids stay unique
 * across restarts and coordinators without any state).
 */
public final class JobIds {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
  private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

  private final Clock clock;
  private final SecureRandom random = new SecureRandom();

  public JobIds(Clock clock) {
    this.clock = clock;
  }

  public String next() {
    StringBuilder id = new StringBuilder(FORMAT.format(clock.instant())).append('-');
    for (int i = 0; i < 4; i++) {
      id.append(DIGITS.charAt(random.nextInt(DIGITS.length())));
    }
    return id.toString();
  }
}
