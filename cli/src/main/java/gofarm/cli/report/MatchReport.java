package gofarm.cli.report;

import gofarm.proto.v1.Color;
import gofarm.proto.v1.GameOutcome;
import gofarm.proto.v1.GamePairOutcome;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.MatchSummary;
import gofarm.proto.v1.SprtDecision;
import gofarm.proto.v1.SprtSpec;
import gofarm.stats.EloModel;
import gofarm.stats.Sprt;
import gofarm.wire.MatchSpecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A match job's results and progress as people read them (a table, a live line with a sparkline)
 * and as programs do (CSV, one row per game pair). The figures are the coordinator's ({@code
 * MatchSummary}); only their presentation is made here.
 *
 * <pre>
 * candidate    heavy 200 po
 * baseline     uniform 200 po
 * pairs        36 of 400 (72 games)
 * W-D-L        48-3-21 (the candidate's games)
 * ptnml(0-2)   3, 0, 15, 3, 15
 * score        68.75 %
 * Elo          +136.96 ± 83.68 (95 %: +60.92 .. +228.28)
 * LOS          99.99 %
 * nElo         +149.40 ± 80.25 (95 %)
 * SPRT         logistic Elo [0, 50], alpha 0.05, beta 0.05
 * LLR          3.06 [-2.94, 2.94]
 * decision     H1 accepted (the candidate is at least elo1 stronger)
 * ...
 * </pre>
 */
final class MatchReport {
  /** Block elements from low to high, for the LLR sparkline. */
  private static final String SPARKS = "▁▂▃▄▅▆▇█";

  /** The most characters of the live line's sparkline. */
  static final int SPARKLINE_WIDTH = 20;

  private MatchReport() {}

  /** The match's SPRT with its defaults filled in, or null when the match has none. */
  static Sprt sprt(JobResults results) {
    MatchSpec m = results.getSpec().getMatch();
    return m.hasSprt() ? sprt(m.getSprt()) : null;
  }

  /** An SPRT as a spec states it, with its defaults filled in. */
  static Sprt sprt(SprtSpec s) {
    return new Sprt(
        s.getElo0(),
        s.getElo1(),
        s.getAlpha() == 0 ? MatchSpecs.DEFAULT_ERROR : s.getAlpha(),
        s.getBeta() == 0 ? MatchSpecs.DEFAULT_ERROR : s.getBeta(),
        s.getModel() == gofarm.proto.v1.EloModel.NORMALIZED
            ? EloModel.NORMALIZED
            : EloModel.LOGISTIC);
  }

  /** The results as a two-column table under the job's headline. */
  static String table(JobResults r) {
    JobStatus status = r.getStatus();
    MatchSummary m = r.getMatch().hasSummary() ? r.getMatch().getSummary() : status.getMatch();
    List<String[]> rows = rows(m, sprt(r), status.getState(), status.getChunksTotal());
    return Headline.of(status) + "\n\n" + Tables.align(rows, new boolean[] {false, false});
  }

  /**
   * The rows of the table (name, value): the players, the counts and statistics, the SPRT and its
   * decision given the job's state, the speed and the scoring.
   *
   * @param sprt the match's test, or null
   * @param pairsTotal the most pairs the match plays
   */
  static List<String[]> rows(MatchSummary m, Sprt sprt, JobState state, int pairsTotal) {
    List<String[]> rows = new ArrayList<>();
    row(rows, "candidate", m.getCandidate());
    row(rows, "baseline", m.getBaseline());
    row(
        rows,
        "pairs",
        String.format(
            Locale.ROOT,
            "%,d of %,d (%,d games)",
            m.getPairs(),
            Math.max(pairsTotal, m.getPairs()),
            m.getGames()));
    if (m.getPairs() > 0) {
      row(
          rows,
          "W-D-L",
          String.format(
              Locale.ROOT,
              "%d-%d-%d (the candidate's games)",
              m.getWins(),
              m.getDraws(),
              m.getLosses()));
      row(rows, "ptnml(0-2)", pentanomial(m));
      // score, Elo, LOS and nElo as gofarm sprt prints them
      row(rows, "score", String.format(Locale.ROOT, "%.2f %%", 100 * m.getScore()));
      row(
          rows,
          "Elo",
          String.format(
              Locale.ROOT,
              "%s ± %s (95 %%: %s .. %s)",
              elo(m.getElo(), 2),
              magnitude((m.getEloHigh() - m.getEloLow()) / 2, 2),
              elo(m.getEloLow(), 2),
              elo(m.getEloHigh(), 2)));
      row(rows, "LOS", String.format(Locale.ROOT, "%.2f %%", 100 * m.getLos()));
      row(
          rows,
          "nElo",
          String.format(
              Locale.ROOT,
              "%s ± %s (95 %%)",
              elo(m.getNormalizedElo(), 2),
              magnitude(m.getNormalizedHalfWidth(), 2)));
    }
    if (sprt != null) {
      row(
          rows,
          "SPRT",
          String.format(
              Locale.ROOT,
              "%s Elo [%s, %s], alpha %s, beta %s",
              sprt.model().id(),
              number(sprt.elo0()),
              number(sprt.elo1()),
              number(sprt.alpha()),
              number(sprt.beta())));
      row(rows, "LLR", llr(m));
      row(rows, "decision", decision(m.getDecision(), state));
    }
    if (m.getGames() > 0) {
      row(rows, "speed", String.format(Locale.ROOT, "%.1f games/min", m.getGamesPerMinute()));
      row(
          rows,
          "game length",
          String.format(Locale.ROOT, "%.1f moves per game (mean)", m.getMeanLength()));
      row(
          rows,
          "black wins",
          String.format(Locale.ROOT, "%.1f %% of the games", 100 * m.getBlackWinRate()));
      row(rows, "scoring", scoring(m));
    }
    return rows;
  }

  /**
   * How the games that ended on the board were scored, e.g. {@code CLEANUP: 12 agreed, 3 after a
   * cleanup phase (2 disagreements)}.
   */
  static String scoring(MatchSummary m) {
    String rule =
        m.getAdjudication() == gofarm.proto.v1.Adjudication.ADJUDICATION_UNSPECIFIED
            ? "CLEANUP"
            : m.getAdjudication().name();
    List<String> parts = new ArrayList<>();
    if (m.getGamesAgreed() > 0) {
      parts.add(m.getGamesAgreed() + " agreed");
    }
    if (m.getGamesCleanup() > 0) {
      parts.add(m.getGamesCleanup() + " after a cleanup phase");
    }
    if (m.getGamesRefereed() > 0) {
      parts.add(m.getGamesRefereed() + " by the referee");
    }
    if (m.getGamesEstimated() > 0) {
      parts.add(m.getGamesEstimated() + " by the estimate");
    }
    String counts = parts.isEmpty() ? "no game ended on the board" : String.join(", ", parts);
    return rule
        + ": "
        + counts
        + (m.getDisagreements() > 0
            ? " (" + m.getDisagreements() + " disagreements between the players)"
            : "");
  }

  private static void row(List<String[]> rows, String name, String value) {
    rows.add(new String[] {name, value});
  }

  /** {@code 1, 0, 12, 0, 25}: the pair counts, lowest class first, as Fishtest prints them. */
  static String pentanomial(MatchSummary m) {
    List<String> parts = new ArrayList<>();
    for (long c : m.getPentanomialList()) {
      parts.add(Long.toString(c));
    }
    return String.join(", ", parts);
  }

  /** Whether a match's status carries an SPRT (its bounds are never 0). */
  static boolean hasSprt(MatchSummary m) {
    return m.getLlrLower() != 0 || m.getLlrUpper() != 0;
  }

  /** {@code 1.23 [-2.94, 2.94]}. */
  static String llr(MatchSummary m) {
    return String.format(
        Locale.ROOT, "%.2f [%.2f, %.2f]", m.getLlr(), m.getLlrLower(), m.getLlrUpper());
  }

  /** What the decision means, in Fishtest's words. */
  static String decision(SprtDecision d, JobState state) {
    return switch (d) {
      case ACCEPT_H1 -> "H1 accepted (the candidate is at least elo1 stronger)";
      case ACCEPT_H0 -> "H0 accepted (the candidate is at most elo0 stronger)";
      case INCONCLUSIVE -> "inconclusive (every pair played without reaching a bound)";
      default ->
          switch (state) {
            case QUEUED, RUNNING -> "continue (neither bound reached yet)";
            default -> "none (the match ended before the test decided)";
          };
    };
  }

  /**
   * The live part of a match's progress line: the candidate's W-D-L, its Elo with the 95 %
   * half-width, and with an SPRT the LLR against its bounds and a sparkline of its recent values.
   */
  static String live(MatchSummary m, boolean withSprt) {
    if (m.getPairs() == 0) {
      return "";
    }
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "W-D-L %d-%d-%d  Elo %s ± %s",
                m.getWins(),
                m.getDraws(),
                m.getLosses(),
                elo(m.getElo(), 1),
                magnitude((m.getEloHigh() - m.getEloLow()) / 2, 1)));
    if (withSprt) {
      sb.append("  LLR ").append(llr(m));
      String spark =
          sparkline(m.getRecentLlrList(), m.getLlrLower(), m.getLlrUpper(), SPARKLINE_WIDTH);
      if (!spark.isEmpty()) {
        sb.append(' ').append(spark);
      }
    }
    return sb.toString();
  }

  /**
   * A sparkline of {@code values} on the fixed scale {@code low..high} (values outside are drawn at
   * the ends), at most {@code width} characters: with more values, each character shows the last
   * value of its share of them, so the line spans the whole series.
   */
  static String sparkline(List<Double> values, double low, double high, int width) {
    int n = Math.min(width, values.size());
    if (n == 0 || !(high > low)) {
      return "";
    }
    StringBuilder sb = new StringBuilder(n);
    int levels = SPARKS.length();
    for (int i = 0; i < n; i++) {
      double v = values.get((int) ((long) (i + 1) * values.size() / n) - 1);
      double f = (v - low) / (high - low);
      int level = (int) Math.floor(f * levels);
      sb.append(SPARKS.charAt(Math.max(0, Math.min(levels - 1, level))));
    }
    return sb.toString();
  }

  /** One CSV row per game pair counted, in pair order, with the LLR after it (with an SPRT). */
  static String csv(JobResults r) {
    return csv(r.getStatus().getJobId(), r.getMatch());
  }

  /** The CSV of a match result's game pairs under the given job id. */
  static String csv(String jobId, MatchResult match) {
    StringBuilder sb =
        new StringBuilder(
            "job_id,pair,pair_class,candidate_points_1,candidate_points_2,winner_1,winner_2,"
                + "score_1,score_2,moves_1,moves_2,end_1,end_2,seconds_1,seconds_2,llr\n");
    String job = Tables.quote(jobId);
    for (int i = 0; i < match.getPairsCount(); i++) {
      GamePairOutcome p = match.getPairs(i);
      GameOutcome a = p.getFirst();
      GameOutcome b = p.getSecond();
      sb.append(
              String.join(
                  ",",
                  job,
                  Integer.toString(p.getPair()),
                  Long.toString(Math.round(2 * (a.getCandidatePoints() + b.getCandidatePoints()))),
                  points(a.getCandidatePoints()),
                  points(b.getCandidatePoints()),
                  winner(a.getWinner()),
                  winner(b.getWinner()),
                  Tables.number(a.getScore()),
                  Tables.number(b.getScore()),
                  Integer.toString(a.getMoves()),
                  Integer.toString(b.getMoves()),
                  Tables.quote(a.getEnd()),
                  Tables.quote(b.getEnd()),
                  String.format(Locale.ROOT, "%.3f", a.getSeconds()),
                  String.format(Locale.ROOT, "%.3f", b.getSeconds()),
                  i < match.getLlrCount() ? Tables.number(match.getLlr(i)) : ""))
          .append('\n');
    }
    return sb.toString();
  }

  private static String points(double p) {
    return p == 0.5 ? "0.5" : Long.toString(Math.round(p));
  }

  /** {@code B}, {@code W}, or empty for a draw. */
  static String winner(Color c) {
    return switch (c) {
      case BLACK -> "B";
      case WHITE -> "W";
      default -> "";
    };
  }

  /** {@code +35.2}, {@code -4.0}, {@code +∞}: an Elo difference with its sign. */
  static String elo(double v, int decimals) {
    if (Double.isInfinite(v)) {
      return v > 0 ? "+∞" : "-∞";
    }
    return String.format(Locale.ROOT, "%+." + decimals + "f", v + 0.0); // + 0.0: no "-0.0"
  }

  private static String magnitude(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "∞";
  }

  /** {@code 0}, {@code 50}, {@code 0.05}: a bound as the user wrote it. */
  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
