package gofarm.worker;

import static gofarm.worker.WorkerLog.LOG;

import io.grpc.Status;
import java.time.Duration;
import java.util.Locale;
import java.util.Random;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * What follows when a stream to the hub ends: a refusal is final (an id held by another stream is
 * not one: it is freed when that stream's claim lapses); otherwise the worker dials again after a
 * {@link Backoff} delay that grows with each attempt failed since the last welcome, unless it has
 * gone {@link WorkerSettings#giveUpAfter()} without a welcome (counted from the first dial, or from
 * the end of the last welcomed stream). The messages are for the person running the worker.
 */
final class Reconnects {
  /** After a stream ended: stop for good with a message, or dial again after a wait. */
  sealed interface Next permits GiveUp, Redial {}

  record GiveUp(String message) implements Next {}

  record Redial(Duration delay) implements Next {}

  private final String authority;
  private final Backoff backoff;
  private final Duration giveUpAfter;
  private final LongSupplier nanoTime;
  private final DoubleSupplier jitter;
  private int failedAttempts; // since the last welcome
  private long offlineSince; // nanoTime since when no stream has been welcomed

  /** For the hub at {@code authority}, with the settings' backoff and give-up time. */
  Reconnects(String authority, WorkerSettings settings) {
    // The jitter is the backoff's only, never the playouts' seeds.
    this(
        authority,
        settings.backoff(),
        settings.giveUpAfter(),
        System::nanoTime,
        new Random()::nextDouble);
  }

  Reconnects(
      String authority,
      Backoff backoff,
      Duration giveUpAfter,
      LongSupplier nanoTime,
      DoubleSupplier jitter) {
    this.authority = authority;
    this.backoff = backoff;
    this.giveUpAfter = giveUpAfter;
    this.nanoTime = nanoTime;
    this.jitter = jitter;
  }

  /** The first dial: the give-up time counts from now. */
  void dialing() {
    offlineSince = nanoTime.getAsLong();
  }

  /** A stream was welcomed: the next loss starts the backoff afresh. */
  void welcomed() {
    failedAttempts = 0;
  }

  /**
   * The message for a final answer of the hub (another protocol version, a bad hello, a missing,
   * unknown or non-worker token, an id another worker holds, a quarantine, a server that is no
   * hub), or null when the stream may be dialed again.
   */
  String refusal(Status status) {
    return switch (status.getCode()) {
      // PERMISSION_DENIED: not a worker token, or quarantined. ALREADY_EXISTS (the id is held)
      // is not final: the holder may be this worker's own earlier process, killed, whose claim
      // lapses within a lease; a worker that stopped on it would crash-loop under a supervisor.
      case FAILED_PRECONDITION, INVALID_ARGUMENT, UNAUTHENTICATED, PERMISSION_DENIED ->
          "the coordinator at " + authority + " refused this worker: " + status.getDescription();
      case UNIMPLEMENTED ->
          authority
              + " does not serve the gofarm worker hub ("
              + describe(status)
              + "); is it the coordinator's gRPC address?";
      default -> null;
    };
  }

  /**
   * After a stream ended with {@code status} (not a refusal): give up, or dial again after the next
   * backoff delay, which is logged with what the worker still holds.
   *
   * @param welcomed whether the hub had welcomed the stream (it was lost, not unreachable)
   */
  Next next(Status status, boolean welcomed, int running, int unacked) {
    if (welcomed) {
      offlineSince = nanoTime.getAsLong();
    }
    failedAttempts++;
    Duration wait = backoff.delay(failedAttempts, jitter);
    if (giveUpAfter != null
        && nanoTime.getAsLong() - offlineSince + wait.toNanos() > giveUpAfter.toNanos()) {
      return new GiveUp(
          "gave up: no connection to the coordinator at "
              + authority
              + " for "
              + seconds(giveUpAfter)
              + " (last error: "
              + describe(status)
              + ")");
    }
    if (status.getCode() == Status.Code.ALREADY_EXISTS) {
      LOG.warn(
          "the coordinator at {} holds this worker's id for another stream ({}); retrying in {}."
              + " If this worker was restarted, the id is free once its old stream's claim lapses;"
              + " if another worker runs with this id, give one of them another --id",
          authority,
          status.getDescription(),
          seconds(wait));
    } else if (welcomed) {
      LOG.warn(
          "lost the coordinator at {} ({}); {} chunks running, {} results unacknowledged;"
              + " reconnecting in {}",
          authority,
          describe(status),
          running,
          unacked,
          seconds(wait));
    } else {
      LOG.warn(
          "cannot reach the coordinator at {} ({}); attempt {} failed, retrying in {}",
          authority,
          describe(status),
          failedAttempts,
          seconds(wait));
    }
    return new Redial(wait);
  }

  /** {@code UNAVAILABLE: io exception (Connection refused)}. */
  private static String describe(Status status) {
    String text = status.getCode().name();
    if (status.getDescription() != null) {
      text += ": " + status.getDescription();
    }
    if (status.getCause() != null && status.getCause().getMessage() != null) {
      text += " (" + status.getCause().getMessage() + ")";
    }
    return text;
  }

  private static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
  }
}
