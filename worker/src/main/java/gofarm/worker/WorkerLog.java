package gofarm.worker;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one logger of the worker's parts ({@link Worker}, {@link HubConnection}, {@link Reconnects},
 * {@link ChunkDispatch}, {@link Drain}): they tell one story, under the name the worker has always
 * logged under, so the lines and their logger column read as before the worker was split, and no
 * part needs a reference to the class that composes it.
 */
final class WorkerLog {
  static final Logger LOG = LoggerFactory.getLogger("gofarm.worker.Worker");

  private WorkerLog() {}
}
