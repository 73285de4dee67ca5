package gofarm.cli;

import gofarm.Layering;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layering of the client's packages (see {@link Layering}); nothing of {@code gofarm.cli} calls
 * back into the layer above it:
 *
 * <pre>
 *   console  <-  report  <-  bench  <-  command  <-  gofarm.cli (Main)
 * </pre>
 */
class CliArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm.cli",
          Map.of(
              "console", Set.of(),
              "report", Set.of("console"),
              "bench", Set.of("console", "report"),
              "command", Set.of("console", "report", "bench"),
              "", Set.of("command", "console")));

  @Test
  void packagesDependOnlyOnTheLayersBelow() {
    LAYERS.assertPackagesDependOnlyOnTheLayersBelow();
  }

  @Test
  void everyPackageHasAPackageInfo() {
    LAYERS.assertEveryPackageHasAPackageInfo();
  }
}
