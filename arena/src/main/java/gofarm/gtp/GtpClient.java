package gofarm.gtp;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

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
 * <p><b>Timeouts.</b> A daemon thread per engine reads its standard output and hands each complete
 * answer to {@link #send}, which waits for it no longer than the timeout. A timed-out engine would
 * answer late and put every later answer out of step, so the client then destroys it; so does an
 * interrupt of the waiting thread, and any protocol failure. After that every call fails at once.
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

  /** What the reader thread hands over: an answer, or the end of the engine's output. */
  private record Incoming(String answer, IOException error) {
    static final Incoming END = new Incoming(null, null);
  }

  private final String program;
  private final Process process;
  private final OutputStream toEngine;
  private final Reader fromEngine;
  private final Duration timeout;
  private final BlockingQueue<Incoming> answers = new LinkedBlockingQueue<>();

  private int nextId = 1;
  private String failure; // why the client is unusable, or null

  private GtpClient(String program, Process process, Duration timeout) {
    this.program = program;
    this.process = process;
    this.toEngine = process.getOutputStream();
    this.fromEngine = new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8);
    this.timeout = timeout;
    Thread reader = new Thread(this::readAnswers, "gtp-reader " + program);
    reader.setDaemon(true); // never keeps the JVM alive; ends when the engine's output does
    reader.start();
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

  /**
   * The reader thread: splits the engine's output into answers (each up to its empty line, blank
   * lines before it skipped) until the output ends.
   */
  private void readAnswers() {
    StringBuilder answer = new StringBuilder();
    boolean lineEmpty = true;
    try {
      int c;
      while ((c = fromEngine.read()) >= 0) {
        if (c == '\r') {
          continue; // GTP: carriage returns carry no meaning, so "\r\n\r\n" ends an answer too
        }
        if (c == '\n') {
          if (lineEmpty && answer.length() > 0) {
            answer.setLength(answer.length() - 1); // the line break before the empty line
            answers.add(new Incoming(answer.toString(), null));
            answer.setLength(0);
          } else if (answer.length() > 0) {
            answer.append('\n');
          }
          lineEmpty = true;
        } else {
          answer.append((char) c);
          lineEmpty = false;
        }
      }
      answers.add(Incoming.END);
    } catch (IOException e) {
      answers.add(new Incoming(null, e));
    }
  }

  /** Waits for one complete answer, without its empty line. */
  private String readResponse(String command, long deadline, Duration timeout) {
    Incoming incoming;
    try {
      incoming = answers.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the flag stays set for the caller
      throw broken(command, "interrupted while waiting; engine stopped", null);
    }
    if (incoming == null) {
      throw broken(command, "no answer within " + timeout.toMillis() + " ms; engine stopped", null);
    }
    if (incoming.error() != null) {
      throw broken(
          command,
          "cannot read from the engine (" + incoming.error().getMessage() + ")",
          incoming.error());
    }
    if (incoming.answer() == null) {
      answers.add(Incoming.END); // every later call sees the end too
      try {
        process.waitFor(QUIT_GRACE.toMillis(), TimeUnit.MILLISECONDS); // for the exit status
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw broken(command, "engine exited" + exitNote() + " before answering", null);
    }
    return incoming.answer();
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
