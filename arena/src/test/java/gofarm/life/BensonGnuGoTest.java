package gofarm.life;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.gtp.GnuGo;
import gofarm.gtp.GtpClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benson against GNU Go 3.8's {@code unconditional_status} on random games (40% played to their
 * end, where pass-alive groups abound): GNU Go's unconditional life (it lets the opponent fill
 * every liberty it can and keeps what survives) may find more, but every stone Benson calls alive
 * must be {@code alive} for GNU Go too. Benson's dead stones and territory agree with GNU Go's as
 * well: no difference was ever found, so any is a failure. The stones GNU Go calls alive and Benson
 * does not are counted and printed.
 */
class BensonGnuGoTest {
  @TempDir Path dir;

  @Test
  void everyStoneBensonCallsAliveIsAliveForGnuGo() throws IOException {
    int[] sizes = {9, 9, 9, 7, 13, 19};
    int compared = 0;
    int onlyGnuGo = 0;
    List<String> other = new ArrayList<>();
    try (GtpClient gnugo = GnuGo.start()) {
      for (int i = 0; i < 120; i++) {
        long seed = 0x6A06L * 1000 + i;
        SplittableRandom random = new SplittableRandom(seed);
        Geometry g = Geometry.of(sizes[i % sizes.length]);
        Board board = RandomPositions.game(g, random);
        Benson.Result result = new Benson(g).compute(board);
        Path file = dir.resolve("position.sgf");
        Files.writeString(file, setupSgf(board), StandardCharsets.UTF_8);
        gnugo.send("loadsgf " + file);
        for (int k = 0; k < g.pointCount(); k++) {
          int p = g.point(k);
          Benson.Status status = result.status(p);
          if (status == Benson.Status.UNDECIDED) {
            if (board.color(p) != Color.EMPTY
                && gnugo.send("unconditional_status " + g.name(p)).equals("alive")) {
              onlyGnuGo++;
            }
            continue;
          }
          String theirs = gnugo.send("unconditional_status " + g.name(p));
          if (status == Benson.Status.ALIVE) {
            compared++;
            if (!theirs.equals("alive")) {
              fail(
                  "seed "
                      + seed
                      + ": "
                      + g.name(p)
                      + " is alive for Benson, "
                      + theirs
                      + " for GNU Go\n"
                      + board);
            }
          } else if (!theirs.equals(status.gtpName())) {
            other.add("seed " + seed + " " + g.name(p) + ": " + status.gtpName() + " vs " + theirs);
          }
        }
      }
    }
    System.out.println(
        "GNU Go agrees on "
            + compared
            + " stones Benson calls alive and calls "
            + onlyGnuGo
            + " more alive");
    assertTrue(other.isEmpty(), "dead or territory differs:\n" + String.join("\n", other));
    assertTrue(compared > 5000, "too few alive stones compared: " + compared);
  }

  /** An SGF record that sets up the board's stones (GNU Go's loadsgf reads AB and AW). */
  static String setupSgf(Board board) {
    Geometry g = board.geometry();
    StringBuilder black = new StringBuilder();
    StringBuilder white = new StringBuilder();
    for (int k = 0; k < g.pointCount(); k++) {
      int p = g.point(k);
      String coordinate = "[" + (char) ('a' + g.x(p)) + (char) ('a' + g.y(p)) + "]";
      if (board.color(p) == Color.BLACK) {
        black.append(coordinate);
      } else if (board.color(p) == Color.WHITE) {
        white.append(coordinate);
      }
    }
    return "(;GM[1]FF[4]SZ["
        + g.size()
        + "]"
        + (black.length() > 0 ? "AB" + black : "")
        + (white.length() > 0 ? "AW" + white : "")
        + ")";
  }
}
