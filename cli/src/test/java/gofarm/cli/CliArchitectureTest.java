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
 *   console  <-  bench  <-  command  <-  gofarm.cli (Main)
 * </pre>
 *
 * (Tables, charts and pictures are the {@code report} module's, {@code gofarm.report}, which the
 * coordinator's pages draw with too.)
 */
class CliArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm.cli",
          Map.of(
              "console", Set.of(),
              "bench", Set.of("console"),
              "command", Set.of("console", "bench"),
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
