package gofarm.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MoveValue;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A job's results as people read them (a table) and as programs do (CSV, JSON). */
final class ResultsReport {
  private ResultsReport() {}

  /**
   * One line about the job: id, name, state, playouts (games for a match, whose playout counts are
   * games) and time.
   */
  static String headline(JobStatus s) {
    double seconds =
        s.hasStarted() && s.hasFinished()
            ? (s.getFinished().getSeconds() - s.getStarted().getSeconds())
                + (s.getFinished().getNanos() - s.getStarted().getNanos()) / 1e9
            : 0;
    boolean match = s.hasMatch();
    String time =
        seconds > 0
            ? String.format(
                Locale.ROOT,
                match ? " in %s (%s games/min)" : " in %s (%s playouts/s)",
                ProgressBar.duration(seconds),
                match
                    ? String.format(Locale.ROOT, "%.1f", 60 * s.getPlayoutsDone() / seconds)
                    : ProgressBar.human(s.getPlayoutsDone() / seconds))
            : "";
    return String.format(
        Locale.ROOT,
        "job %s · %s · %s · %,d of %,d %s%s%s",
        s.getJobId(),
        s.getName().isEmpty() ? "(no name)" : s.getName(),
        s.getState(),
        s.getPlayoutsDone(),
        s.getPlayoutsTotal(),
        match ? "games" : "playouts",
        time,
        s.getMessage().isEmpty() ? "" : " · " + s.getMessage());
  }

  /** Whether the results are a match's (else an evaluate job's). */
  static boolean isMatch(JobResults r) {
    return r.getSpec().hasMatch() || r.hasMatch() || r.getStatus().hasMatch();
  }

  /**
   * The results as an aligned text table: for an evaluate job one row per (position, policy), for a
   * match {@link MatchReport#table}.
   */
  static String table(JobResults r) {
    if (isMatch(r)) {
      return MatchReport.table(r);
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "position",
          "policy",
          "playouts",
          "black wins",
          "95 % interval",
          "score (B-W-komi)",
          "moves",
          "best first moves of the player to move (AMAF win rate)"
        });
    for (PairResult p : r.getPairsList()) {
      rows.add(
          new String[] {
            p.getPositionLabel(),
            p.getPolicyName(),
            String.format(Locale.ROOT, "%,d", p.getPlayouts()),
            percent(p.getBlackWinRate()),
            percent(p.getBlackWinLow()) + " - " + percent(p.getBlackWinHigh()),
            String.format(Locale.ROOT, "%+.1f ± %.1f", p.getScoreMean(), p.getScoreStddev()),
            String.format(Locale.ROOT, "%.1f", p.getMeanLength()),
            topMoves(p.getTopMovesList(), 3)
          });
    }
    StringBuilder sb = new StringBuilder(headline(r.getStatus())).append("\n\n");
    sb.append(align(rows, new boolean[] {false, false, true, true, true, true, true, false}));
    return sb.toString();
  }

  static String topMoves(List<MoveValue> moves, int n) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < Math.min(n, moves.size()); i++) {
      parts.add(moves.get(i).getVertex() + " " + percent(moves.get(i).getWinRate()));
    }
    return parts.isEmpty() ? "-" : String.join(", ", parts);
  }

  static String percent(double x) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * x);
  }

  /** Pads every column to its widest cell; right-aligned where {@code right} says so. */
  static String align(List<String[]> rows, boolean[] right) {
    int[] width = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int c = 0; c < row.length; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < row.length; c++) {
        String cell = row[c];
        String pad = " ".repeat(width[c] - cell.length());
        line.append(right[c] ? pad + cell : cell + (c + 1 < row.length ? pad : ""));
        if (c + 1 < row.length) {
          line.append("  ");
        }
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  /**
   * One CSV row per (position, policy) with the main figures (RFC 4180 quoting); for a match one
   * row per game pair ({@link MatchReport#csv}).
   */
  static String csv(JobResults r) {
    if (isMatch(r)) {
      return MatchReport.csv(r);
    }
    StringBuilder sb =
        new StringBuilder(
            "job_id,position,position_label,policy,policy_name,policy_rules,playouts,black_win_rate,"
                + "black_win_low,black_win_high,score_mean,score_stddev,mean_length,top_move,"
                + "top_move_playouts,top_move_win_rate\n");
    for (PairResult p : r.getPairsList()) {
      MoveValue top = p.getTopMovesCount() > 0 ? p.getTopMoves(0) : null;
      sb.append(
          String.join(
              ",",
              quote(r.getStatus().getJobId()),
              Integer.toString(p.getPosition()),
              quote(p.getPositionLabel()),
              Integer.toString(p.getPolicy()),
              quote(p.getPolicyName()),
              quote(p.getPolicyRules()),
              Long.toString(p.getPlayouts()),
              number(p.getBlackWinRate()),
              number(p.getBlackWinLow()),
              number(p.getBlackWinHigh()),
              number(p.getScoreMean()),
              number(p.getScoreStddev()),
              number(p.getMeanLength()),
              top == null ? "" : top.getVertex(),
              top == null ? "" : Long.toString(top.getPlayouts()),
              top == null ? "" : number(top.getWinRate())));
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Per point ownership, one row per (position, policy, point). */
  static String ownershipCsv(JobResults r) {
    StringBuilder sb = new StringBuilder("position_label,policy_name,vertex,ownership\n");
    for (PairResult p : r.getPairsList()) {
      Position position = r.getPositions(p.getPosition()).getPosition();
      gofarm.board.Geometry g = gofarm.board.Geometry.of(position.getSize());
      for (int i = 0; i < p.getOwnershipCount(); i++) {
        sb.append(quote(p.getPositionLabel()))
            .append(',')
            .append(quote(p.getPolicyName()))
            .append(',')
            .append(g.name(g.point(i)))
            .append(',')
            .append(number(p.getOwnership(i)))
            .append('\n');
      }
    }
    return sb.toString();
  }

  /** The results in the proto3 JSON mapping. */
  static String json(JobResults r) {
    try {
      return JsonFormat.printer().print(r) + "\n";
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("results cannot be printed as JSON: " + e.getMessage(), e);
    }
  }

  static String number(double x) {
    return String.format(Locale.ROOT, "%.6g", x);
  }

  static String quote(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n")
        ? "\"" + s.replace("\"", "\"\"") + "\""
        : s;
  }
}
