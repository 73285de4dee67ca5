package gofarm.worker;

/**
 * Why a {@link Worker} stopped for good instead of reconnecting: the hub refused it (another
 * protocol version, a bad hello, not a gofarm hub), or no coordinator answered within {@link
 * WorkerSettings#giveUpAfter()}. The message is meant for the person running the worker.
 */
public final class WorkerFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public WorkerFailedException(String message) {
    super(message);
  }
}
