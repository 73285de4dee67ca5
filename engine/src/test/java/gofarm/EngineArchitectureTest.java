package gofarm;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layering of engine's packages (see {@link Layering}):
 *
 * <pre>
 *   board, rules (board-core)  <-  life  <-  playout  <-  learn  <-  search
 * </pre>
 *
 * <p>{@code learn} also reads game records ({@code gofarm.io}'s {@code SgfGame}): they are what a
 * fit learns from.
 */
class EngineArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm",
          Map.of(
              "life", Set.of("board", "rules"),
              "playout", Set.of("board", "rules", "life"),
              "learn", Set.of("board", "rules", "io", "life", "playout"),
              "search", Set.of("board", "rules", "life", "playout", "learn")));

  @Test
  void packagesDependOnlyOnTheLayersBelow() {
    LAYERS.assertPackagesDependOnlyOnTheLayersBelow();
  }

  @Test
  void everyPackageHasAPackageInfo() {
    LAYERS.assertEveryPackageHasAPackageInfo();
  }
}
