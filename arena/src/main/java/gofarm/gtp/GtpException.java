package gofarm.gtp;

/**
 * A GTP command that did not get a successful answer from the engine: the engine answered {@code ?
 * message}, or it timed out, exited, or broke the protocol. The message names the engine, the
 * command and what went wrong ({@code gnugo: 'play black A1' failed: illegal move}).
 */
public final class GtpException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String command;
  private final String engineMessage;

  /**
   * @param message the whole message
   * @param command the command that failed, or null when no command was involved (start-up)
   * @param engineMessage the text after the engine's {@code ?}, or null if it did not answer so
   * @param cause the I/O error behind the failure, or null
   */
  public GtpException(String message, String command, String engineMessage, Throwable cause) {
    super(message, cause);
    this.command = command;
    this.engineMessage = engineMessage;
  }

  /** The command that failed, or null when none was involved. */
  public String command() {
    return command;
  }

  /** The engine's error text (after {@code ?}), or null if it did not answer with an error. */
  public String engineMessage() {
    return engineMessage;
  }
}
