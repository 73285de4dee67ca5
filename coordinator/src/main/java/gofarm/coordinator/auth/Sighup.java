package gofarm.coordinator.auth;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an action when the process gets SIGHUP ({@code kill -HUP PID}), the Unix way to tell a
 * server to read its configuration again.
 *
 * <p>The JDK has no supported API for signals; {@code sun.misc.Signal} (module {@code
 * jdk.unsupported}, present in every OpenJDK build since 9 and kept for this use) is the one
 * wrapped here, so nothing else in the project touches it. Where SIGHUP does not exist (Windows) or
 * the JVM reserves it ({@code -Xrs}), and where the process ignores it ({@code nohup}, which the
 * JVM keeps), {@link #onSignal} logs that changing the file is the way to reload. The coordinator's
 * tokens do not depend on it: {@link Tokens#reloadIfChanged} reads their file again when it
 * changes.
 */
public final class Sighup {
  private static final Logger LOG = LoggerFactory.getLogger(Sighup.class);

  private Sighup() {}

  /**
   * Runs {@code action} on the JVM's signal thread at each SIGHUP; a failure of the action is
   * logged, and later signals still run it.
   *
   * @return whether the handler was installed
   */
  public static boolean onSignal(String what, Runnable action) {
    try {
      sun.misc.SignalHandler before =
          sun.misc.Signal.handle(
              new sun.misc.Signal("HUP"),
              signal -> {
                LOG.info("SIGHUP: {}", what);
                try {
                  action.run();
                } catch (RuntimeException e) {
                  LOG.error("SIGHUP: {} failed", what, e);
                }
              });
      if (before == sun.misc.SignalHandler.SIG_IGN) {
        // The JVM leaves a signal ignored at start (nohup) ignored: say so, and what still works.
        LOG.info(
            "SIGHUP is ignored by this process (started under nohup?); to {}, change the file:"
                + " it is read again within seconds",
            what);
        return false;
      }
      return true;
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      LOG.warn("cannot handle SIGHUP here ({}); change the file to {}", e.getMessage(), what);
      return false;
    }
  }
}
