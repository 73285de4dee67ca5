package gofarm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/**
 * The layering of board-core's packages (see {@link Layering}):
 *
 * <pre>
 *   board  <-  rules  <-  io
 * </pre>
 */
class BoardCoreArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm",
          Map.of(
              "board", Set.of(),
              "rules", Set.of("board"),
              "io", Set.of("board", "rules")));

  @Test
  void packagesDependOnlyOnTheLayersBelow() {
    LAYERS.assertPackagesDependOnlyOnTheLayersBelow();
  }

  @Test
  void everyPackageHasAPackageInfo() {
    LAYERS.assertEveryPackageHasAPackageInfo();
  }

  /**
   * The checker itself: a dependency hidden in a comment or a string is no dependency, and one in
   * code is, imported or fully qualified.
   */
  @Test
  void blankingKeepsCodeAndDropsCommentsAndStrings() {
    String source =
        """
        package gofarm.board;
        import gofarm.rules.Game; // gofarm.io in a comment
        /** {@link gofarm.io.Diagram} */
        class X { String s = "gofarm.io.Sgf \\" gofarm.io"; char c = '"'; Object o = new gofarm.life.Benson(); }
        """;
    String code = Layering.blankCommentsAndStrings(source);
    List<String> found = new ArrayList<>();
    Matcher m = Layering.GOFARM_REFERENCE.matcher(code);
    while (m.find()) {
      found.add(m.group());
    }
    assertEquals(List.of("gofarm.board", "gofarm.rules.Game", "gofarm.life.Benson"), found);
    assertEquals(source.length(), code.length(), "positions are kept");
  }
}
