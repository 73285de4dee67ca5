package gofarm;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layering of arena's packages (see {@link Layering}):
 *
 * <pre>
 *   stats uses no other package (the JDK only)
 *   gtp may use board-core and engine
 *   match (games between players and their statistics) may use all of them
 * </pre>
 */
class ArenaArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm",
          Map.of(
              "stats", Set.of(),
              "gtp", Set.of("board", "rules", "io", "life", "playout", "search"),
              "match",
                  Set.of("board", "rules", "io", "life", "playout", "search", "gtp", "stats")));

  @Test
  void packagesDependOnlyOnTheLayersBelow() {
    LAYERS.assertPackagesDependOnlyOnTheLayersBelow();
  }

  @Test
  void everyPackageHasAPackageInfo() {
    LAYERS.assertEveryPackageHasAPackageInfo();
  }
}
