package gofarm.coordinator.web;

import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfReplayException;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.MatchResult;
import gofarm.report.BoardSvg;
import gofarm.rules.Game;
import gofarm.rules.Move;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * A match's games, or a tuning's or balancing's confirmation games: the list on the job's page
 * (each game's winner, score, length and how it was scored), and one game's board after any move,
 * drawn on the server, with links to step through it: it works without JavaScript.
 */
final class GamePage {
  private GamePage() {}

  /**
   * The games section of a page: one row per game of {@code match} (a match's, or a tuning's or
   * balancing's confirmation), in pair order, which is the order {@code GetGames} streams them in.
   */
  static String list(MatchResult match, String heading, String jobPath) {
    List<GamePairOutcome> pairs = match.getPairsList();
    if (pairs.isEmpty()) {
      return "";
    }
    String candidate = match.getSummary().getCandidate();
    String baseline = match.getSummary().getBaseline();
    StringBuilder out = new StringBuilder();
    out.append("<h2>").append(Html.text(heading)).append("</h2>\n<ol id=\"games\" start=\"0\">\n");
    for (GamePairOutcome p : pairs) {
      for (int g = 0; g < 2; g++) {
        GameOutcome o = g == 0 ? p.getFirst() : p.getSecond();
        int index = 2 * p.getPair() + g;
        out.append("<li><a class=\"game\" href=\"")
            .append(jobPath)
            .append("/games/")
            .append(index)
            .append("\">pair ")
            .append(p.getPair())
            .append(g == 0 ? ", candidate black" : ", baseline black")
            .append("</a>: ")
            .append(
                Html.text(outcome(o, g == 0 ? candidate : baseline, g == 0 ? baseline : candidate)))
            .append("</li>\n");
      }
    }
    return out.append("</ol>\n").toString();
  }

  /** {@code heavy (black) won by 4.5 in 61 moves, score (agreed)}. */
  static String outcome(GameOutcome o, String black, String white) {
    String winner =
        o.getCandidatePoints() == 0.5
            ? "draw"
            : (o.getWinner() == gofarm.proto.v1.Color.BLACK
                    ? black + " (black)"
                    : white + " (white)")
                + " won";
    String margin =
        o.getEnd().equals("score") || o.getEnd().equals("move limit")
            ? String.format(Locale.ROOT, " by %.1f", Math.abs(o.getScore()))
            : "";
    return String.format(
        Locale.ROOT,
        "%s%s in %d moves, %s%s",
        winner,
        margin,
        o.getMoves(),
        o.getEnd(),
        o.getScoredBy().isEmpty() ? "" : " (" + o.getScoredBy() + ")");
  }

  /**
   * One game after {@code move} of its moves: the board (the last move marked), links to the first,
   * previous, next and last positions, and the game's record.
   */
  static String body(GameRecord record, int move, String gamePath) {
    SgfGame sgf;
    try {
      sgf = Sgf.parse(record.getSgf()).get(0);
    } catch (RuntimeException e) {
      return "<p class=\"error\">"
          + Html.text("the record cannot be read: " + e.getMessage())
          + "</p>";
    }
    int last = sgf.moves().size();
    int k = Math.max(0, Math.min(last, move));
    Game game;
    try {
      game = sgf.replay(k);
    } catch (SgfReplayException e) {
      return "<p class=\"error\">"
          + Html.text("the record does not replay: " + e.getMessage())
          + "</p>";
    }
    BoardSvg board = new BoardSvg(game);
    if (k > 0) {
      Move m = sgf.moves().get(k - 1);
      if (m.point() != Point.PASS) {
        board.mark(m.point(), BoardSvg.Mark.CIRCLE);
      }
    }
    Geometry g = sgf.geometry();
    String said =
        k == 0
            ? "the start"
            : "move "
                + k
                + ": "
                + sgf.moves().get(k - 1).player()
                + " "
                + g.name(sgf.moves().get(k - 1).point());
    String svg =
        board
            .title("pair " + record.getPair() + ", game " + record.getGame() + ", after " + said)
            .toSvg();
    StringBuilder out = new StringBuilder();
    out.append("<p>Move <span id=\"move\">")
        .append(k)
        .append("</span> of ")
        .append(last)
        .append(sgf.result().map(r -> "; result " + Html.text(r)).orElse(""))
        .append(".</p>\n<p>")
        .append(step("first", 0, k > 0, gamePath))
        .append(' ')
        .append(step("prev", k - 1, k > 0, gamePath))
        .append(' ')
        .append(step("next", k + 1, k < last, gamePath))
        .append(' ')
        .append(step("last", last, k < last, gamePath))
        .append("</p>\n<img id=\"board\" alt=\"")
        .append(Html.text(said))
        .append("\" src=\"data:image/svg+xml;base64,")
        .append(Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8)))
        .append("\">\n<h2>Record</h2>\n<pre id=\"sgf\">")
        .append(Html.lines(record.getSgf()))
        .append("</pre>\n");
    return out.toString();
  }

  private static String step(String id, int move, boolean enabled, String gamePath) {
    String label = id.equals("prev") ? "◀ previous" : id.equals("next") ? "next ▶" : id;
    return enabled
        ? "<a id=\"" + id + "\" href=\"" + gamePath + "?move=" + move + "\">" + label + "</a>"
        : "<span class=\"off\">" + label + "</span>";
  }
}
