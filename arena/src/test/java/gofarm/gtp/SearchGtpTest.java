package gofarm.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.PolicySpec;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.SearchConfig;
import gofarm.search.SearchPlayer;
import gofarm.search.SearchResult;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Transcripts of the search behind GTP: genmove (moves pinned: one thread and a playout budget are
 * reproducible), resignation, and the GoGui analyze commands with their errors.
 */
class SearchGtpTest {
  private final List<SearchResult> searches = new ArrayList<>();

  private GtpEngine engine(int size, int playouts) {
    SearchPlayer player =
        new SearchPlayer(
            SearchConfig.of(PolicySpec.parse("uniform")), Budget.playouts(playouts), 1);
    return new SearchGtp(player, searches::add).engine(Rules.DEFAULT, size);
  }

  private static String run(GtpEngine engine, String input) {
    StringWriter out = new StringWriter();
    engine.run(new StringReader(input), out);
    return out.toString();
  }

  @Test
  void analyzeCommandsAreListedForGoGui() {
    GtpEngine engine = engine(9, 100);
    assertEquals(
        """
        = gfx/Search: win rates/gofarm-winrates
        gfx/Search: ownership/gofarm-ownership
        string/Search: statistics/gofarm-search

        = true

        = true

        """,
        run(
            engine,
            "gogui-analyze_commands\nknown_command gofarm-winrates\nknown_command"
                + " gogui-analyze_commands\n"));
    assertTrue(
        run(engine, "list_commands\n")
            .contains("\ngofarm-ownership\ngofarm-search\ngofarm-winrates\n"));
  }

  @Test
  void genmoveSearchesAndIsReproducible() {
    String game = "boardsize 9\nplay b e5\ngenmove w\ngenmove b\ngenmove w\n";
    String first = run(engine(9, 300), game);
    assertEquals(first, run(engine(9, 300), game));
    // Pinned: change these only when the search or the playouts change on purpose.
    assertEquals("=\n\n=\n\n= F2\n\n= F8\n\n= H4\n\n", first);
    assertEquals(3, searches.size() / 2, "one search per genmove");
  }

  /**
   * Under a clock genmove searches for the clock's share of the move, not the player's budget (a
   * million playouts here, minutes): 60 s sudden death gives a move about 1.7 s on an empty 9x9
   * board, and one period of Japanese byo-yomi (1 s) 0.65 s; the bounds below leave room for a
   * loaded machine. Without a limit again the player's own budget comes back.
   */
  @Test
  void genmoveUsesTheClockOnceThereIsOne() {
    GtpEngine engine = engine(9, 1_000_000);
    String out = run(engine, "time_settings 60 0 0\ngenmove b\n");
    assertTrue(out.matches("=\n\n= [A-HJ][1-9]\n\n"), out);
    SearchResult sudden = searches.get(0);
    assertTrue(sudden.playouts() < 1_000_000, "playouts " + sudden.playouts());
    assertTrue(sudden.elapsed().toMillis() < 5000, "elapsed " + sudden.elapsed());
    long left = engine.clock(Player.BLACK).mainLeft().toMillis();
    assertTrue(left > 50_000 && left < 60_000, "the engine counts its own time: " + left + " ms");
    run(engine, "kgs-time_settings byoyomi 0 5 1\ngenmove w\n");
    SearchResult byoyomi = searches.get(1);
    assertTrue(byoyomi.elapsed().toMillis() < 4950, "elapsed " + byoyomi.elapsed());
    assertEquals(1, engine.clock(Player.WHITE).periodsLeft(), "the move took less than a period");

    GtpEngine unlimited = engine(5, 500);
    run(unlimited, "time_settings 60 1 0\ngenmove b\n");
    assertEquals(500, searches.get(2).playouts(), "no time limit: the player's budget");
  }

  @Test
  void genmoveResignsALostGame() {
    // Black's wall and eyes around an empty hole: white cannot win.
    String setup =
        "boardsize 5\nkomi 0.5\nplay b b5\nplay b c5\nplay b d5\nplay b a4\nplay b e4\n"
            + "play b a3\nplay b e3\nplay b a2\nplay b e2\nplay b b1\nplay b c1\nplay b d1\n";
    String out = run(engine(5, 1000), setup + "genmove w\nlist_stones w\n");
    assertTrue(out.endsWith("= resign\n\n=\n\n"), out);
    assertTrue(searches.get(0).reason().startsWith("resign: "), searches.get(0).reason());
  }

  @Test
  void winRatesShowLabelsTheVariationAndASummary() {
    GtpEngine engine = engine(9, 500);
    String out = run(engine, "play b e5\ngofarm-winrates\n");
    String[] lines = out.substring("=\n\n= ".length()).strip().split("\n");
    assertTrue(lines[0].matches("LABEL( [A-HJ][1-9] \\d{1,3})+"), lines[0]);
    assertTrue(lines[1].matches("VAR w [A-HJ][1-9]( [bw] ([A-HJ][1-9]|pass))*"), lines[1]);
    assertTrue(
        lines[2].matches(
            "TEXT white [A-HJ][1-9] \\(best\\), win rate \\d+\\.\\d %, 500 playouts in .*"),
        lines[2]);
    assertEquals(3, lines.length, out);
    // The same position and colour: the search is not repeated, and genmove plays its move.
    String stats = run(engine, "gofarm-search w\ngenmove w\n");
    assertEquals(1, searches.size(), "one search for three commands");
    String move = lines[1].split(" ")[2];
    assertTrue(stats.startsWith("= white " + move + " (best)"), stats);
    assertTrue(stats.contains("\nmove     visits    win%     amaf   amaf%\n"), stats);
    assertTrue(stats.endsWith("= " + move + "\n\n"), stats);
  }

  @Test
  void ownershipHasAValueForEveryPoint() {
    GtpEngine engine = engine(5, 200);
    String out = run(engine, "play b c3\ngofarm-ownership b\n");
    String[] lines = out.substring("=\n\n= ".length()).strip().split("\n");
    String[] words = lines[0].split(" ");
    assertEquals("INFLUENCE", words[0]);
    assertEquals(1 + 2 * 25, words.length, lines[0]);
    assertEquals("A5", words[1]);
    for (int i = 2; i < words.length; i += 2) {
      double v = Double.parseDouble(words[i]);
      assertTrue(v >= -1 && v <= 1, words[i]);
    }
    assertTrue(
        lines[1].startsWith(
            "TEXT ownership of 200 playouts; area score without the stones it calls dead: "),
        lines[1]);
  }

  @Test
  void badArgumentsAreNamed() {
    assertEquals(
        """
        ? invalid color 'x': expected black, white, b or w

        ? gofarm-ownership takes 0 or 1 arguments (color), got 2

        ? gogui-analyze_commands takes no arguments, got 1

        """,
        run(engine(9, 10), "gofarm-winrates x\ngofarm-ownership b w\ngogui-analyze_commands 1\n"));
  }

  @Test
  void restrictedGenmoveChoosesAmongTheListedPointsWithoutPlaying() {
    // White's E5 in atari: among E4 (the capture) and A1 the search takes the capture; with only
    // occupied or illegal points listed it passes. The position is never changed.
    String setup = "play b d5\nplay w e5\nplay b f5\nplay b e6\n";
    GtpEngine engine = engine(9, 400);
    assertEquals(
        "=\n\n=\n\n=\n\n=\n\n= E4\n\n= PASS\n\n= E5\n\n",
        run(
            engine,
            setup + "restricted_genmove b e4 a1\nrestricted_genmove b e5 d5\nlist_stones w\n"));
    assertEquals(2, searches.size());
    // Over the same position a plain genmove searches again, every point open.
    run(engine, "genmove b\n");
    assertEquals(3, searches.size());
    assertTrue(searches.get(2).moves().size() > 2, "the plain search's root has every move");
    assertEquals(3, searches.get(0).moves().size(), "E4, A1 and the pass");
    assertEquals(
        """
        ? restricted_genmove needs a color and at least one vertex, got no arguments

        ? invalid color 'x': expected black, white, b or w

        ? no allowed vertex: restricted_genmove needs at least one after the color

        ? invalid coordinate: %s

        """
            .formatted(invalidVertex("z9")),
        run(
            engine(9, 10),
            "restricted_genmove\nrestricted_genmove x e4\nrestricted_genmove b\n"
                + "restricted_genmove b z9\n"));
  }

  private static String invalidVertex(String word) {
    try {
      gofarm.board.Geometry.of(9).parse(word);
      throw new AssertionError(word + " parsed");
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  @Test
  void registeringTwiceOrABadNameFails() {
    GtpEngine engine = engine(9, 10);
    for (String name : new String[] {"gofarm-search", "genmove", "two words", ""}) {
      IllegalArgumentException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalArgumentException.class, () -> engine.register(name, null, (g, a) -> ""));
      assertEquals("cannot register GTP command '" + name + "'", e.getMessage());
    }
  }
}
