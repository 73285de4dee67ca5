package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Board;
import gofarm.board.Point;
import gofarm.io.Diagram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Vital points of small eye spaces: in each diagram the empty area inside white's wall is the eye
 * space, {@code *} marks its vital point (or there is none: {@code -}), and {@code e} marks the
 * empty point the search starts from when the vital point is elsewhere.
 */
class NakadeTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "straight three | O O O O O O/O e * . O O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "bent three     | O O O O O O/O e * O O O/O O . O O O/O O O O O O/. . . . . ./. . . . . .",
        "pyramid four   | O O O O O O/O e * . O O/O O . O O O/O O O O O O/. . . . . ./. . . . . .",
        "bulky five     | O O O O O O/O e . O O O/O . * . O O/O O O O O O/. . . . . ./. . . . . .",
        "crossed five   | O O O O O O/O O e O O O/O . * . O O/O O . O O O/O O O O O O/. . . . . .",
        "rabbity six    | O O O O O O/O O e O O O/O . * . O O/O O . . O O/O O O O O O/. . . . . .",
        "square four    | O O O O O O/O e . O O O/O . . O O O/O O O O O O/. . . . . ./. . . . . .",
        "straight four  | O O O O O O/O e . . . O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "bent four      | O O O O O O/O e . . O O/O O O . O O/O O O O O O/. . . . . ./. . . . . .",
        "two points     | O O O O O O/O e . O O O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "seven points   | O O O O O O/O e . . . O/O . . . O O/O O O O O O/. . . . . ./. . . . . .",
        "both colours   | O O O O O O/O e . X O O/O O O O O O/. . . . . ./. . . . . ./. . . . . .",
        "corner three   | e * . O . ./O O O O . ./. . . . . ./. . . . . ./. . . . . ./. . . . . .",
      })
  void vitalPoint(String shape, String rows) {
    Diagram d = Diagram.parse(rows.replace('/', '\n'));
    Board board = d.board();
    int start = d.point('e');
    int expected = d.marked('*').isEmpty() ? Point.NONE : d.point('*');
    assertEquals(expected, new Nakade(d.geometry()).vitalPoint(board, start), shape);
  }
}
