package gofarm.gtp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A GTP controller: runs an external Go engine (GNU Go, KataGo, another gofarm) as a process and
 * sends it one command at a time.
 *
 * <pre>{@code
 * try (GtpClient gnugo = GtpClient.start(List.of("/usr/games/gnugo", "--mode", "gtp"))) {
 *   gnugo.send("boardsize 9");
 *   gnugo.send("play black E5");
 *   String reply = gnugo.send("genmove white", Duration.ofMinutes(1)); // e.g. "C3"
 * } // close() sends quit and makes sure the process is gone
 * }</pre>
 *
 * <p><b>Protocol (GTP 2).</b> Each command goes out as one line with a fresh numeric id; the engine
 * answers {@code =id text} or {@code ?id message}, ended by an empty line. {@link #send} returns
 * the text (multi-line answers keep their line breaks) or throws {@link GtpException} with the
 * engine's message. Carriage returns are dropped and blank lines before an answer are skipped; an
 * answer that starts with anything but {@code =} or {@code ?}, or carries another id, is a protocol
 * error.
 *
 * <p><b>Timeouts without a thread.</b> board-core starts no threads (the JDK's process reaper is
 * the JDK's own), so the client never blocks in a read: it takes only the bytes that {@link
 * InputStream#available()} reports and otherwise waits with a short backoff (spin, yield, then
 * sub-millisecond parks) until the answer is complete, the process exits, or the deadline passes. A
 * timed-out engine would answer late and put every later answer out of step, so the client then
 * destroys it; so does an interrupt of the waiting thread, and any protocol failure. After that
 * every call fails at once.
 *
 * <p>The engine's standard error goes where the caller says ({@link
 * ProcessBuilder.Redirect#DISCARD} by default, or a file); it is never left in a pipe that nobody
 * reads, where a chatty engine would block once the pipe is full. Not thread-safe: one client per
 * thread.
 */
public final class GtpClient implements AutoCloseable {
  /** The default per-command timeout. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  /** How long {@link #close} waits for the engine to answer {@code quit} and exit. */
  private static final Duration QUIT_GRACE = Duration.ofSeconds(2);

  // Backoff while waiting: a few spins (short answers come within microseconds), a few yields
  // (the engine may need this core), then parks doubling from 5 us to 0.5 ms, so a long genmove
  // costs no CPU. Measured with GnuGoDifferentialTest on 2 cores: longer spinning slowed the
  // engine down, and parking at once added ~50 us (the timer slack) to every answer.
  private static final int SPIN_POLLS = 20;
  private static final int YIELD_POLLS = 40;
  private static final long MIN_PARK_NANOS = 5_000;
  private static final long MAX_PARK_NANOS = 500_000;

  private final String program;
  private final Process process;
  private final OutputStream toEngine;
  private final InputStream fromEngine;
  private final Duration timeout;

  // Bytes read from the engine but not yet consumed, carriage returns already dropped.
  private byte[] inbox = new byte[8192];
  private int inboxLength;
  private int nextId = 1;
  private String failure; // why the client is unusable, or null

  private GtpClient(String program, Process process, Duration timeout) {
    this.program = program;
    this.process = process;
    this.toEngine = process.getOutputStream();
    this.fromEngine = process.getInputStream();
    this.timeout = timeout;
  }

  /** Starts an engine with the {@link #DEFAULT_TIMEOUT} and its standard error discarded. */
  public static GtpClient start(List<String> commandLine) {
    return start(commandLine, DEFAULT_TIMEOUT, ProcessBuilder.Redirect.DISCARD);
  }

  /**
   * Starts an engine.
   *
   * @param commandLine the program and its arguments
   * @param timeout the time each command may take unless {@link #send(String, Duration)} says
   *     otherwise
   * @param stderr where the engine's standard error goes: {@link ProcessBuilder.Redirect#DISCARD},
   *     a file, or {@link ProcessBuilder.Redirect#INHERIT}; never a pipe
   * @throws GtpException if the program cannot be started
   * @throws IllegalArgumentException for an empty command line, a non-positive timeout or a pipe
   */
  public static GtpClient start(
      List<String> commandLine, Duration timeout, ProcessBuilder.Redirect stderr) {
    if (commandLine.isEmpty()) {
      throw new IllegalArgumentException("engine command line is empty");
    }
    checkTimeout(timeout);
    if (stderr.type() == ProcessBuilder.Redirect.Type.PIPE) {
      throw new IllegalArgumentException(
          "engine stderr must be discarded, inherited or sent to a file, not a pipe nobody reads");
    }
    String program = commandLine.get(0);
    try {
      Process process = new ProcessBuilder(commandLine).redirectError(stderr).start();
      return new GtpClient(program, process, timeout);
    } catch (IOException e) {
      throw new GtpException(
          "cannot start engine " + String.join(" ", commandLine) + ": " + e.getMessage(),
          null,
          null,
          e);
    }
  }

  /** Sends a command with the client's timeout; see {@link #send(String, Duration)}. */
  public String send(String command) {
    return send(command, timeout);
  }

  /**
   * Sends one command and waits for its answer.
   *
   * @param command a GTP command with its arguments, without id or line break ({@code play b C3})
   * @param timeout how long the engine may take to answer
   * @return the answer's text after {@code =} and the id: leading spaces of the first line and
   *     trailing white space removed, line breaks kept; empty for commands without output
   * @throws GtpException if the engine answers {@code ?}, times out, exits, breaks the protocol, or
   *     an earlier failure made the client unusable
   * @throws IllegalArgumentException if the command is blank or holds control characters
   */
  public String send(String command, Duration timeout) {
    checkCommand(command);
    checkTimeout(timeout);
    if (failure != null) {
      throw fail(command, "engine is unusable after an earlier failure (" + failure + ")");
    }
    int id = nextId++;
    try {
      toEngine.write((id + " " + command + "\n").getBytes(StandardCharsets.UTF_8));
      toEngine.flush();
    } catch (IOException e) {
      throw broken(command, "cannot write to the engine (" + e.getMessage() + ")" + exitNote(), e);
    }
    String response = readResponse(command, System.nanoTime() + timeout.toNanos(), timeout);
    return parse(command, id, response);
  }

  /** Whether the engine process is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Sends {@code quit} (if the engine is still usable), closes its input and waits up to two
   * seconds for it to exit; destroys it if it does not. Never throws for engine failures.
   */
  @Override
  public void close() {
    if (failure == null && process.isAlive()) {
      try {
        send("quit", QUIT_GRACE);
      } catch (GtpException e) {
        // The engine is going away in any case; destroy() below makes sure of it.
      }
    }
    failure = failure == null ? "closed" : failure;
    try {
      toEngine.close();
    } catch (IOException e) {
      // Already closed by the engine's exit.
    }
    try {
      if (!process.waitFor(QUIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroy();
        if (!process.waitFor(QUIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly().waitFor(QUIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      fromEngine.close();
    } catch (IOException e) {
      // Nothing left to read.
    }
  }

  // ------------------------------------------------------------------ reading

  /** Waits for one complete answer (up to its empty line) and returns it without the blank line. */
  private String readResponse(String command, long deadline, Duration timeout) {
    int idle = 0;
    long park = MIN_PARK_NANOS;
    while (true) {
      String response = takeResponse();
      if (response != null) {
        return response;
      }
      if (readAvailable(command) > 0) {
        idle = 0;
        park = MIN_PARK_NANOS;
        continue;
      }
      if (!process.isAlive()) {
        // The answer may have arrived just before the exit (quit does this).
        while (readAvailable(command) > 0) {
          // drain
        }
        response = takeResponse();
        if (response != null) {
          return response;
        }
        throw broken(command, "engine exited" + exitNote() + " before answering", null);
      }
      if (Thread.currentThread().isInterrupted()) {
        // The flag stays set for the caller; the answer would arrive out of step.
        throw broken(command, "interrupted while waiting; engine stopped", null);
      }
      if (System.nanoTime() - deadline > 0) {
        throw broken(
            command, "no answer within " + timeout.toMillis() + " ms; engine stopped", null);
      }
      if (idle < SPIN_POLLS) {
        Thread.onSpinWait();
      } else if (idle < YIELD_POLLS) {
        Thread.yield();
      } else {
        LockSupport.parkNanos(park);
        park = Math.min(2 * park, MAX_PARK_NANOS);
      }
      idle++;
    }
  }

  /** Reads the bytes available without blocking into the inbox; returns how many were read. */
  private int readAvailable(String command) {
    try {
      int available = fromEngine.available();
      if (available <= 0) {
        return 0;
      }
      if (inboxLength + available > inbox.length) {
        inbox = Arrays.copyOf(inbox, Math.max(inbox.length * 2, inboxLength + available));
      }
      int n = fromEngine.read(inbox, inboxLength, available);
      if (n <= 0) {
        return 0;
      }
      // GTP: carriage returns carry no meaning; drop them so "\r\n\r\n" ends an answer too.
      int end = inboxLength;
      for (int i = inboxLength; i < inboxLength + n; i++) {
        if (inbox[i] != '\r') {
          inbox[end++] = inbox[i];
        }
      }
      inboxLength = end;
      return n;
    } catch (IOException e) {
      throw broken(command, "cannot read from the engine (" + e.getMessage() + ")", e);
    }
  }

  /** Removes and returns the first complete answer in the inbox, or null if there is none yet. */
  private String takeResponse() {
    int start = 0;
    while (start < inboxLength && inbox[start] == '\n') {
      start++; // blank lines between answers
    }
    for (int i = start; i + 1 < inboxLength; i++) {
      if (inbox[i] == '\n' && inbox[i + 1] == '\n') {
        String response = new String(inbox, start, i - start, StandardCharsets.UTF_8);
        int consumed = i + 2;
        System.arraycopy(inbox, consumed, inbox, 0, inboxLength - consumed);
        inboxLength -= consumed;
        return response;
      }
    }
    if (start > 0) {
      System.arraycopy(inbox, start, inbox, 0, inboxLength - start);
      inboxLength -= start;
    }
    return null;
  }

  /** Checks the status character and the id, and returns the text or throws the engine's error. */
  private String parse(String command, int id, String response) {
    char status = response.charAt(0);
    if (status != '=' && status != '?') {
      throw broken(command, "answer does not start with '=' or '?': " + firstLine(response), null);
    }
    int i = 1;
    while (i < response.length() && Character.isDigit(response.charAt(i))) {
      i++;
    }
    // GTP requires the id to be echoed; an engine that omits it is accepted, a wrong one is not.
    if (i > 1 && !response.substring(1, i).equals(Integer.toString(id))) {
      throw broken(command, "answer has id " + response.substring(1, i) + ", expected " + id, null);
    }
    while (i < response.length() && (response.charAt(i) == ' ' || response.charAt(i) == '\t')) {
      i++;
    }
    String text = response.substring(i).stripTrailing();
    if (status == '?') {
      String message = text.isEmpty() ? "(no message)" : text;
      throw new GtpException(
          program + ": '" + command + "' failed: " + message, command, message, null);
    }
    return text;
  }

  // ------------------------------------------------------------------ failures

  /** Marks the client unusable, destroys the engine and returns the exception to throw. */
  private GtpException broken(String command, String why, Throwable cause) {
    failure = why;
    process.destroyForcibly();
    return new GtpException(program + ": '" + command + "': " + why, command, null, cause);
  }

  private GtpException fail(String command, String why) {
    return new GtpException(program + ": '" + command + "': " + why, command, null, null);
  }

  private String exitNote() {
    return process.isAlive() ? "" : " (exit status " + process.exitValue() + ")";
  }

  private static String firstLine(String text) {
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }

  private static void checkCommand(String command) {
    if (command.isBlank()) {
      throw new IllegalArgumentException("GTP command is blank");
    }
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      // A line break would smuggle in a second command and desynchronise the answers.
      if (c < ' ' && c != '\t' || c == 127) {
        throw new IllegalArgumentException(
            "GTP command holds control character " + (int) c + ": " + command.strip());
      }
    }
  }

  private static void checkTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("GTP timeout must be positive (got " + timeout + ")");
    }
  }
}
