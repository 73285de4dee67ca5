package gofarm.cli.command;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.io.SgfReplayException;
import gofarm.life.Benson;
import gofarm.life.EyeEstimator;
import gofarm.life.EyeSpace;
import gofarm.life.Group;
import gofarm.report.BoardSvg;
import gofarm.rules.Game;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm analyze}: what is settled in a position of an SGF game: the board with Benson's
 * pass-alive stones and safe territory, and every group with its estimated minimum and maximum
 * eyes, its eye spaces and vital points; with {@code --svg}, the same as a picture.
 *
 * <pre>
 * ./gofarm analyze examples/games/9x9-gnugo-a.sgf --move 40 --svg move40.svg
 * </pre>
 */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
      "Shows what is settled in a position of an SGF game: pass-alive stones and safe territory"
          + " (Benson), and the minimum and maximum eyes of every group with its vital points.",
      "Board: X O pass-alive stones, x o other stones, b w black's and white's safe territory,"
          + " * a vital point of an unsettled group."
    })
public final class AnalyzeCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE.sgf", description = "The game (its first record).")
  Path file;

  @Option(
      names = "--move",
      paramLabel = "N",
      description = "Analyse the position after N moves, 0..moves (default: the end).")
  Integer move;

  @Option(
      names = "--svg",
      paramLabel = "OUT.svg",
      description = "Also write the position as an SVG picture to this file.")
  Path svg;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    PrintWriter out = commandSpec.commandLine().getOut();
    SgfGame record = read();
    int moves = record.moves().size();
    int n = move == null ? moves : move;
    if (n < 0 || n > moves) {
      throw new ParameterException(
          commandSpec.commandLine(), "--move must be 0.." + moves + " (got " + n + ")");
    }
    Game game;
    try {
      game = record.replay(n);
    } catch (SgfReplayException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
    Board board = game.board();
    Benson.Result settled = new Benson(board.geometry()).compute(board);
    List<Group> groups = new EyeEstimator(board.geometry()).estimate(board);
    out.printf(
        Locale.ROOT,
        "%s after move %d of %d: %s, komi %s, %s to play%n%n",
        file.getFileName(),
        n,
        moves,
        board.geometry(),
        komiText(game.rules().komi()),
        game.toPlay());
    out.print(board(board, settled, groups));
    out.println();
    out.println("X O pass-alive stones   x o other stones   b w safe territory   * vital point");
    out.println();
    out.print(groupTable(board, settled, groups));
    if (svg != null) {
      String picture = picture(board, settled, groups, file.getFileName() + " after move " + n);
      try {
        Files.writeString(svg, picture, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + svg + ": " + e.getMessage(), e);
      }
      out.println();
      out.println("wrote " + svg);
    }
    out.flush();
    return 0;
  }

  /** The file's first game; a file that cannot be read or parsed is an error, not a usage one. */
  private SgfGame read() {
    try {
      return Sgf.read(file).get(0);
    } catch (UncheckedIOException e) {
      throw new UncheckedIOException(
          "cannot read " + file + ": " + e.getCause().getMessage(), e.getCause());
    } catch (SgfParseException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static String komiText(double komi) {
    return komi == Math.rint(komi) ? Long.toString((long) komi) : Double.toString(komi);
  }

  /** The board in the notation of the legend, with coordinates. */
  static String board(Board board, Benson.Result settled, List<Group> groups) {
    Geometry g = board.geometry();
    PointSet vital = new PointSet(g);
    for (Group group : groups) {
      vital.or(group.vitalPoints());
    }
    String letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ".substring(0, g.size()).replace("", " ").strip();
    StringBuilder sb = new StringBuilder("   ").append(letters).append('\n');
    for (int y = 0; y < g.size(); y++) {
      sb.append(String.format(Locale.ROOT, "%2d", g.size() - y));
      for (int x = 0; x < g.size(); x++) {
        int p = g.point(x, y);
        sb.append(' ').append(symbol(board, settled, vital, p));
      }
      sb.append(String.format(Locale.ROOT, " %d%n", g.size() - y));
    }
    return sb.append("   ").append(letters).append('\n').toString();
  }

  private static char symbol(Board board, Benson.Result settled, PointSet vital, int p) {
    byte c = board.color(p);
    if (c != Color.EMPTY) {
      char ch = Color.symbol(c);
      return settled.isAlive(p) ? ch : Character.toLowerCase(ch);
    }
    if (vital.contains(p)) {
      return '*';
    }
    byte owner = settled.owner(p);
    return owner == Color.BLACK ? 'b' : owner == Color.WHITE ? 'w' : '.';
  }

  /** One line per group: colour, first stone, size, verdict, eye spaces. */
  static String groupTable(Board board, Benson.Result settled, List<Group> groups) {
    Geometry g = board.geometry();
    StringBuilder sb =
        new StringBuilder("groups (pass-alive and dead: Benson; eyes min..max: ")
            .append("eye estimate)\n");
    int number = 0;
    for (Group group : groups) {
      number++;
      int first = group.stones().next(0);
      int stones = group.stones().cardinality();
      StringBuilder verdict = new StringBuilder();
      if (group.passAlive()) {
        verdict.append("pass-alive");
      } else if (group.stones().isSubsetOf(settled.dead(group.color()))) {
        verdict.append("dead (in ").append(group.color() == Color.BLACK ? "white" : "black");
        verdict.append("'s safe territory)");
      } else {
        verdict.append("eyes ").append(group.minEyes()).append("..").append(group.maxEyes());
        if (!group.vitalPoints().isEmpty()) {
          verdict.append("  vital ").append(names(g, group.vitalPoints()));
        }
        if (group.open()) {
          verdict.append("  open");
        }
      }
      List<String> spaces = new ArrayList<>();
      for (EyeSpace space : group.eyeSpaces()) {
        spaces.add(
            names(g, space.centre())
                + " "
                + space.shape()
                + " "
                + space.value()
                + (space.defect() == EyeSpace.Defect.NONE
                    ? ""
                    : " " + space.defect().name().toLowerCase(Locale.ROOT)));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "%3d. %s %-4s %3d stone%s  %s%s%n",
              number,
              group.color() == Color.BLACK ? "black" : "white",
              g.name(first),
              stones,
              stones == 1 ? " " : "s",
              verdict,
              spaces.isEmpty() ? "" : "  | " + String.join(" · ", spaces)));
    }
    return sb.toString();
  }

  private static String names(Geometry g, PointSet points) {
    List<String> names = new ArrayList<>();
    for (int p = points.next(0); p >= 0; p = points.next(p + 1)) {
      names.add(g.name(p));
    }
    return String.join(" ", names);
  }

  /**
   * The picture: safe territory shaded (black's dark, white's light), dead stones crossed, vital
   * points marked with a triangle, unsettled groups numbered on their first stone as in the table.
   */
  static String picture(Board board, Benson.Result settled, List<Group> groups, String title) {
    BoardSvg svg = new BoardSvg(board).title(title);
    Geometry g = board.geometry();
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      byte owner = settled.owner(p);
      if (owner != Color.EMPTY && board.color(p) != owner) {
        svg.heat(p, owner == Color.BLACK ? 0.6 : -0.6);
      }
      if (settled.isDead(p)) {
        svg.mark(p, BoardSvg.Mark.CROSS);
      }
    }
    int number = 0;
    for (Group group : groups) {
      number++;
      PointSet vital = group.vitalPoints();
      for (int p = vital.next(0); p >= 0; p = vital.next(p + 1)) {
        svg.mark(p, BoardSvg.Mark.TRIANGLE);
      }
      if (group.isUnsettled() && number < 1000) {
        svg.label(group.stones().next(0), Integer.toString(number));
      }
    }
    return svg.toSvg();
  }
}
