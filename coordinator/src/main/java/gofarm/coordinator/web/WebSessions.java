package gofarm.coordinator.web;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The browsers signed in with the login form: a random session id (the cookie) names the token they
 * gave, kept here and never sent back, and a CSRF token that every form which changes something
 * must carry. Sessions end after {@link #LIFETIME}, at logout, or, the oldest first, when {@link
 * #MOST} are open. The token is checked on every request by the gRPC gate, so a token removed from
 * the {@code --auth} file signs its sessions out at once.
 *
 * <p>Thread-safe.
 */
final class WebSessions {
  /** How long a login lasts. */
  static final Duration LIFETIME = Duration.ofHours(12);

  /** Sessions kept at most: a login flood evicts the oldest, never fills the heap. */
  static final int MOST = 10_000;

  /** A signed-in browser. */
  record Session(String id, String token, String csrf, long started) {}

  private final SecureRandom random = new SecureRandom();
  private final Clock clock;
  private final LinkedHashMap<String, Session> sessions = new LinkedHashMap<>();

  WebSessions(Clock clock) {
    this.clock = clock;
  }

  /** A new session for {@code token}. */
  synchronized Session open(String token) {
    Session s = new Session(secret(), token, secret(), clock.millis());
    sessions.put(s.id(), s);
    for (Iterator<Map.Entry<String, Session>> it = sessions.entrySet().iterator();
        it.hasNext() && sessions.size() > MOST; ) {
      it.next();
      it.remove();
    }
    return s;
  }

  /** The live session named {@code id}, or null. */
  synchronized Session find(String id) {
    Session s = id == null ? null : sessions.get(id);
    if (s != null && clock.millis() - s.started() > LIFETIME.toMillis()) {
      sessions.remove(id);
      return null;
    }
    return s;
  }

  synchronized void close(String id) {
    sessions.remove(id);
  }

  /** A fresh random token: 256 bits, URL-safe. */
  String secret() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Whether a form's CSRF token is {@code expected}, in time that does not depend on where they
   * differ.
   */
  static boolean sameSecret(String given, String expected) {
    return given != null
        && expected != null
        && MessageDigest.isEqual(
            given.getBytes(java.nio.charset.StandardCharsets.UTF_8),
            expected.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}
