package gofarm.report;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.MoveValue;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A job's results as people read them (a table) and as programs do (CSV, JSON): an evaluate job's
 * here, a match's by {@link MatchReport}, a tune job's by {@link TuneReport}, a fit job's by {@link
 * FitReport} and a balance job's by {@link BalanceReport}.
 */
public final class ResultsReport {
  private ResultsReport() {}

  /** Whether the results are a match's. */
  public static boolean isMatch(JobResults r) {
    return r.getSpec().hasMatch() || r.hasMatch() || r.getStatus().hasMatch();
  }

  /** Whether the results are a tune job's. */
  public static boolean isTune(JobResults r) {
    return TuneReport.isTune(r);
  }

  /** Whether the results are a fit job's. */
  public static boolean isFit(JobResults r) {
    return FitReport.isFit(r);
  }

  /** Whether the results are a balance job's. */
  public static boolean isBalance(JobResults r) {
    return BalanceReport.isBalance(r);
  }

  /**
   * Whether the job has games to download ({@code gofarm games}): a match's, or a tuning's
   * confirmation games (its tuning games are not kept).
   */
  public static boolean hasGames(JobResults r) {
    return isMatch(r)
        || (isTune(r) && r.getSpec().getTune().hasConfirm())
        || (isBalance(r) && r.getSpec().getBalance().hasConfirm());
  }

  /**
   * The results as an aligned text table: for an evaluate job one row per (position, policy), for a
   * match {@link MatchReport#table}, for a tune job {@link TuneReport#table}, for a fit job {@link
   * FitReport#table}, for a balance job {@link BalanceReport#table}.
   */
  public static String table(JobResults r) {
    if (isMatch(r)) {
      return MatchReport.table(r);
    }
    if (isTune(r)) {
      return TuneReport.table(r);
    }
    if (isFit(r)) {
      return FitReport.table(r);
    }
    if (isBalance(r)) {
      return BalanceReport.table(r);
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
    StringBuilder sb = new StringBuilder(Headline.of(r.getStatus())).append("\n\n");
    sb.append(
        Tables.align(rows, new boolean[] {false, false, true, true, true, true, true, false}));
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

  /**
   * One CSV row per (position, policy) with the main figures (RFC 4180 quoting); for a match one
   * row per game pair ({@link MatchReport#csv}), for a tune job one row per iteration with θ
   * ({@link TuneReport#csv}), for a fit job one row per table measured ({@link FitReport#csv}), for
   * a balance job one row per table measured ({@link BalanceReport#csv}).
   */
  public static String csv(JobResults r) {
    if (isMatch(r)) {
      return MatchReport.csv(r);
    }
    if (isTune(r)) {
      return TuneReport.csv(r);
    }
    if (isFit(r)) {
      return FitReport.csv(r);
    }
    if (isBalance(r)) {
      return BalanceReport.csv(r);
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
              Tables.csvText(r.getStatus().getJobId()),
              Integer.toString(p.getPosition()),
              Tables.csvText(p.getPositionLabel()),
              Integer.toString(p.getPolicy()),
              Tables.csvText(p.getPolicyName()),
              Tables.csvText(p.getPolicyRules()),
              Long.toString(p.getPlayouts()),
              Tables.number(p.getBlackWinRate()),
              Tables.number(p.getBlackWinLow()),
              Tables.number(p.getBlackWinHigh()),
              Tables.number(p.getScoreMean()),
              Tables.number(p.getScoreStddev()),
              Tables.number(p.getMeanLength()),
              top == null ? "" : top.getVertex(),
              top == null ? "" : Long.toString(top.getPlayouts()),
              top == null ? "" : Tables.number(top.getWinRate())));
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
        sb.append(Tables.csvText(p.getPositionLabel()))
            .append(',')
            .append(Tables.csvText(p.getPolicyName()))
            .append(',')
            .append(g.name(g.point(i)))
            .append(',')
            .append(Tables.number(p.getOwnership(i)))
            .append('\n');
      }
    }
    return sb.toString();
  }

  /** The results in the proto3 JSON mapping. */
  public static String json(JobResults r) {
    try {
      return TerminalText.escapeJson(JsonFormat.printer().print(r)) + "\n";
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("results cannot be printed as JSON: " + e.getMessage(), e);
    }
  }
}
