package gofarm.report;

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
import gofarm.proto.v1.StopAwareElo;
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
 * candidate          heavy 200 po
 * baseline           uniform 200 po
 * pairs              36 of 400 (72 games)
 * W-D-L              48-3-21 (the candidate's games)
 * ptnml(0-2)         3, 0, 15, 3, 15
 * score              68.75 %
 * Elo                +127.36 (95 %: +37.39 .. +236.79), stop-aware: median-unbiased given ...
 * LOS                99.75 % (stop-aware)
 * fixed-sample Elo   +136.96 ± 83.68 (95 %: +60.92 .. +228.28), as if the 36 pairs had been ...
 * fixed-sample LOS   99.99 %
 * fixed-sample nElo  +149.40 ± 80.25 (95 %)
 * SPRT               logistic Elo [0, 50], alpha 0.05, beta 0.05
 * LLR                3.06 [-2.94, 2.94]
 * decision           H1 accepted: Elo 50 rather than 0 (the candidate's Elo is above 0)
 * ...
 * </pre>
 *
 * <p>Once the SPRT has ended, the Elo and LOS are the stop-aware ones ({@code StopAwareElo}, named
 * with its method) and the fixed-sample figures follow under that label, since the stop biases
 * them. While the test runs (or after a cancellation) the Elo is the fixed-sample one, labelled as
 * such; a match without an SPRT has only that estimate, and it is the right one.
 */
public final class MatchReport {
  /** Block elements from low to high, for the LLR sparkline. */
  private static final String SPARKS = "▁▂▃▄▅▆▇█";

  /** The most characters of the live line's sparkline. */
  public static final int SPARKLINE_WIDTH = 20;

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
   * @param spec the match's test as its spec states it, or null (the summary's own is preferred)
   * @param pairsTotal the most pairs the match plays
   */
  static List<String[]> rows(MatchSummary m, Sprt spec, JobState state, int pairsTotal) {
    Sprt sprt = sprt(m, spec);
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
      String prefix = "";
      if (m.hasStopAware()) {
        StopAwareElo s = m.getStopAware();
        row(rows, "Elo", stopAwareElo(s, 2) + ", stop-aware: " + s.getMethod());
        row(rows, "LOS", String.format(Locale.ROOT, "%.2f %% (stop-aware)", 100 * s.getLos()));
        prefix = "fixed-sample ";
      }
      String fixed = fixedSampleElo(m, 2);
      if (m.hasStopAware()) {
        fixed +=
            String.format(
                Locale.ROOT,
                ", as if the %,d pairs had been fixed in advance: biased by the SPRT's stopping rule",
                m.getPairs());
      } else if (sprt != null) {
        fixed +=
            state == JobState.QUEUED || state == JobState.RUNNING
                ? ", fixed-sample (interim: the stop-aware Elo follows the SPRT's end)"
                : ", fixed-sample (the match ended before its SPRT did)";
      }
      row(rows, prefix + "Elo", fixed);
      row(rows, prefix + "LOS", String.format(Locale.ROOT, "%.2f %%", 100 * m.getFixedSampleLos()));
      row(
          rows,
          prefix + "nElo",
          String.format(
              Locale.ROOT,
              "%s ± %s (95 %%)",
              elo(m.getFixedSampleNormalizedElo(), 2),
              magnitude(m.getFixedSampleNormalizedHalfWidth(), 2)));
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
      row(rows, "decision", decision(m.getDecision(), state, sprt));
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
  public static String scoring(MatchSummary m) {
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
  public static boolean hasSprt(MatchSummary m) {
    return m.getLlrLower() != 0 || m.getLlrUpper() != 0;
  }

  /** {@code 1.23 [-2.94, 2.94]}. */
  public static String llr(MatchSummary m) {
    return String.format(
        Locale.ROOT, "%.2f [%.2f, %.2f]", m.getLlr(), m.getLlrLower(), m.getLlrUpper());
  }

  /**
   * The test a summary states (the coordinator sends it with the figures), else {@code fallback}
   * (the spec's, for results of a coordinator that did not send it); null if neither has one.
   */
  static Sprt sprt(MatchSummary m, Sprt fallback) {
    return m.hasSprt() ? sprt(m.getSprt()) : fallback;
  }

  /**
   * What the decision means, with the test's numbers: accepting H1 means elo1 fits the results
   * better than elo0, so the Elo is above elo0 (a candidate at elo0 passes with probability α); it
   * does not mean the Elo is elo1 or more. Accepting H0 means it is below elo1, likewise.
   *
   * @param sprt the test, for its bounds; null words them without numbers
   */
  static String decision(SprtDecision d, JobState state, Sprt sprt) {
    return switch (d) {
      case ACCEPT_H1 -> "H1 accepted: " + accepted(sprt, true, "the candidate's", "");
      case ACCEPT_H0 -> "H0 accepted: " + accepted(sprt, false, "the candidate's", "");
      case INCONCLUSIVE -> "inconclusive (every pair played without reaching a bound)";
      default ->
          switch (state) {
            case QUEUED, RUNNING -> "continue (neither bound reached yet)";
            default -> "none (the match ended before the test decided)";
          };
    };
  }

  /**
   * What an accepted hypothesis says, with the bounds: {@code Elo 50 rather than 0 (the candidate's
   * Elo is above 0)}.
   *
   * @param h1 whether H1 was accepted (else H0)
   * @param whose whose Elo, for the words: {@code the candidate's}
   * @param over against whom, after the unit: empty, or {@code over the start}
   */
  static String accepted(Sprt sprt, boolean h1, String whose, String over) {
    if (sprt == null) {
      return h1
          ? "elo1 fits better than elo0 (" + whose + " Elo" + over + " is above elo0)"
          : "elo0 fits better than elo1 (" + whose + " Elo" + over + " is below elo1)";
    }
    String unit = sprt.model() == EloModel.NORMALIZED ? "normalized Elo" : "Elo";
    String elo0 = number(sprt.elo0());
    String elo1 = number(sprt.elo1());
    String subject = " (" + whose + " " + unit + over + " is ";
    return h1
        ? unit + " " + elo1 + " rather than " + elo0 + subject + "above " + elo0 + ")"
        : unit + " " + elo0 + " rather than " + elo1 + subject + "below " + elo1 + ")";
  }

  /** {@code +136.96 ± 83.68 (95 %: +60.92 .. +228.28)}: the fixed-sample Elo and its interval. */
  static String fixedSampleElo(MatchSummary m, int decimals) {
    return String.format(
        Locale.ROOT,
        "%s ± %s (95 %%: %s .. %s)",
        elo(m.getFixedSampleElo(), decimals),
        magnitude((m.getFixedSampleEloHigh() - m.getFixedSampleEloLow()) / 2, decimals),
        elo(m.getFixedSampleEloLow(), decimals),
        elo(m.getFixedSampleEloHigh(), decimals));
  }

  /** {@code +127.36 (95 %: +37.39 .. +236.79)}: the stop-aware Elo and its interval. */
  static String stopAwareElo(StopAwareElo s, int decimals) {
    return String.format(
        Locale.ROOT,
        "%s (95 %%: %s .. %s)",
        elo(s.getElo(), decimals),
        elo(s.getEloLow(), decimals),
        elo(s.getEloHigh(), decimals));
  }

  /**
   * The live part of a match's progress line: the candidate's W-D-L, its Elo and with an SPRT the
   * LLR against its bounds and a sparkline of its recent values. The Elo is the fixed-sample one
   * with its 95 % half-width while the test runs (the interim figure), and the stop-aware one with
   * its interval once the test has ended.
   */
  public static String live(MatchSummary m, boolean withSprt) {
    if (m.getPairs() == 0) {
      return "";
    }
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "W-D-L %d-%d-%d  %s",
                m.getWins(),
                m.getDraws(),
                m.getLosses(),
                m.hasStopAware()
                    ? String.format(
                        Locale.ROOT,
                        "Elo %s (95 %%: %s .. %s, stop-aware)",
                        elo(m.getStopAware().getElo(), 1),
                        elo(m.getStopAware().getEloLow(), 1),
                        elo(m.getStopAware().getEloHigh(), 1))
                    : String.format(
                        Locale.ROOT,
                        "Elo %s ± %s",
                        elo(m.getFixedSampleElo(), 1),
                        magnitude((m.getFixedSampleEloHigh() - m.getFixedSampleEloLow()) / 2, 1))));
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
  public static String sparkline(List<Double> values, double low, double high, int width) {
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
    String job = Tables.csvText(jobId);
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
                  Tables.csvText(a.getEnd()),
                  Tables.csvText(b.getEnd()),
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
  public static String elo(double v, int decimals) {
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
