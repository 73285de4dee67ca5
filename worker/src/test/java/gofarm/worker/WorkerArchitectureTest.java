package gofarm.worker;

import gofarm.Layering;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layering of the worker's packages (see {@link Layering}): the playout engine and the metrics
 * know nothing of the worker that uses them.
 *
 * <pre>
 *   engine, metrics  <-  gofarm.worker (Worker, HubConnection, ChunkQueue, ...)
 * </pre>
 */
class WorkerArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm.worker",
          Map.of(
              "engine", Set.of(),
              "metrics", Set.of(),
              "", Set.of("engine", "metrics")));

  @Test
  void packagesDependOnlyOnTheLayersBelow() {
    LAYERS.assertPackagesDependOnlyOnTheLayersBelow();
  }

  @Test
  void everyPackageHasAPackageInfo() {
    LAYERS.assertEveryPackageHasAPackageInfo();
  }
}
