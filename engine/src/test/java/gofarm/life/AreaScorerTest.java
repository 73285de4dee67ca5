package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.io.Diagram;
import gofarm.rules.Score;
import org.junit.jupiter.api.Test;

/** {@link AreaScorer} and {@link Ownership} on diagrams, with hand-made ownership estimates. */
class AreaScorerTest {

  /** An estimate over {@code playouts} playouts where each point's owner is given as a diagram. */
  private static Ownership ownership(Geometry g, String owners, int black, int white) {
    Diagram d = Diagram.parse(owners);
    long[] b = new long[g.arraySize()];
    long[] w = new long[g.arraySize()];
    byte[] colors = d.colors();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      // X: black owns it in `black` of 100 playouts, O: white in `white`, '.': half each.
      if (colors[p] == Color.BLACK) {
        b[p] = black;
        w[p] = 100 - black;
      } else if (colors[p] == Color.WHITE) {
        w[p] = white;
        b[p] = 100 - white;
      } else {
        b[p] = 50;
        w[p] = 50;
      }
    }
    return new Ownership(g, 100, b, w);
  }

  private static String statuses(Board board, AreaScorer.Statuses s) {
    Geometry g = board.geometry();
    StringBuilder sb = new StringBuilder();
    for (int y = 0; y < g.size(); y++) {
      for (int x = 0; x < g.size(); x++) {
        int p = g.point(x, y);
        char ch =
            s.alive().contains(p)
                ? 'A'
                : s.dead().contains(p) ? 'D' : s.seki().contains(p) ? 'S' : '.';
        sb.append(ch).append(x + 1 < g.size() ? " " : "\n");
      }
    }
    return sb.toString();
  }

  @Test
  void withoutAnEstimateBensonAloneTakesStonesOff() {
    // Black and white are both pass-alive; white's B5 is dead in black's eye; row 3 is dame.
    Board board =
        Diagram.parse(
                """
                . O . X .
                X X X X X
                . . . . .
                O O O O O
                . O . O .
                """)
            .board();
    AreaScorer scorer = new AreaScorer(board.geometry());
    assertEquals(
        """
        . D . A .
        A A A A A
        . . . . .
        A A A A A
        . A . A .
        """,
        statuses(board, scorer.statuses(board, null)));
    // Black: 6 stones and A5 B5 C5 E5; white: 7 stones and A1 C1 E1; row 3 reaches both.
    Score score = scorer.score(board, null, 0.5);
    assertEquals(new Score(10, 10, 0.5), score);
    assertEquals("W+0.5", score.toString());
    assertEquals(
        scorer.statuses(board, null).dead(),
        scorer.statuses(board, null).of(FinalStatus.Status.DEAD));
  }

  @Test
  void theEstimateTakesOffWhatTheOtherColourOwnsInNinetyPercent() {
    Board board =
        Diagram.parse(
                """
                . . . . .
                . O O O .
                . O X . .
                . O O O .
                . . . . .
                """)
            .board();
    Geometry g = board.geometry();
    AreaScorer scorer = new AreaScorer(g);
    // Every point white's in 95 of 100 playouts.
    String allWhite = "O O O O O\nO O O O O\nO O O O O\nO O O O O\nO O O O O";
    Ownership mostlyWhite = ownership(g, allWhite, 0, 95);
    assertEquals(
        """
        . . . . .
        . A A A .
        . A D . .
        . A A A .
        . . . . .
        """,
        statuses(board, scorer.statuses(board, mostlyWhite)));
    assertEquals("W+25.5", scorer.score(board, mostlyWhite, 0.5).toString());
    // At 89 % nothing is decided, and the black stone and the white chain share the liberty D3:
    // both are seki by the rule, and nothing is taken off.
    Ownership unsure = ownership(g, allWhite, 0, 89);
    assertEquals(
        """
        . . . . .
        . S S S .
        . S S . .
        . S S S .
        . . . . .
        """,
        statuses(board, scorer.statuses(board, unsure)));
  }

  @Test
  void undecidedChainsThatShareALibertyAreSekiAndTheOthersAlive() {
    // Black A4-C4 and white A3-B3 are undecided and share the liberty C3: seki. Black D3-E3 and
    // white D2-E2 are decided alive by the estimate.
    Board board =
        Diagram.parse(
                """
                . . . . .
                X X X . .
                O O . X X
                . . . O O
                . . . . .
                """)
            .board();
    Geometry g = board.geometry();
    long[] b = new long[g.arraySize()];
    long[] w = new long[g.arraySize()];
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      b[p] = 50;
      w[p] = 50;
    }
    for (String v : new String[] {"D3", "E3"}) {
      b[g.parse(v)] = 95;
      w[g.parse(v)] = 5;
    }
    for (String v : new String[] {"D2", "E2"}) {
      b[g.parse(v)] = 5;
      w[g.parse(v)] = 95;
    }
    Ownership estimate = new Ownership(g, 100, b, w);
    assertEquals(
        """
        . . . . .
        S S S . .
        S S . A A
        . . . A A
        . . . . .
        """,
        statuses(board, new AreaScorer(g).statuses(board, estimate)));
  }

  @Test
  void errorsNameTheProblem() {
    Geometry g = Geometry.of(5);
    long[] counts = new long[g.arraySize()];
    assertEquals(
        "an ownership estimate needs at least 1 playout (got 0)",
        assertThrows(IllegalArgumentException.class, () -> new Ownership(g, 0, counts, counts))
            .getMessage());
    assertEquals(
        "ownership counts have the wrong size for 5x5",
        assertThrows(IllegalArgumentException.class, () -> new Ownership(g, 1, new long[3], counts))
            .getMessage());
    long[] tooMany = new long[g.arraySize()];
    tooMany[g.parse("C3")] = 2;
    assertEquals(
        "ownership counts of C3 must be 0..1 in all (got 2 black, 0 white)",
        assertThrows(IllegalArgumentException.class, () -> new Ownership(g, 1, tooMany, counts))
            .getMessage());
    AreaScorer scorer = new AreaScorer(Geometry.of(9));
    assertEquals(
        "AreaScorer for 9x9 cannot score a 5x5 board",
        assertThrows(IllegalArgumentException.class, () -> scorer.statuses(new Board(5), null))
            .getMessage());
    Ownership small = new Ownership(g, 1, counts, counts);
    assertEquals(
        "AreaScorer for 9x9 cannot score a 5x5 ownership estimate",
        assertThrows(IllegalArgumentException.class, () -> scorer.statuses(new Board(9), small))
            .getMessage());
  }
}
