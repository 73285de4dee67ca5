package gofarm.coordinator.job;

import gofarm.rules.Player;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.wire.ResolvedMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * The games of a match job, one chunk per colour-swapped game pair in its one series, counted in
 * pair order: the candidate's pentanomial pair counts, its wins, draws and losses, the LLR of the
 * SPRT after each pair, every pair and every game record. Settled when the SPRT accepts a
 * hypothesis.
 *
 * <p>Counting in pair order (not arrival order) matters: short games finish first, and a test that
 * counted them first would see a biased sample. Here the decision after pair k depends only on
 * pairs 0..k, so a job stops at the same pair with the same figures however many workers played.
 */
public final class MatchTally implements Tally<PlayedPair, MatchReport> {
  /** LLR values kept in a job's status for a sparkline. */
  public static final int RECENT_LLR = 120;

  private final ResolvedMatch match;
  private Pentanomial pentanomial = Pentanomial.EMPTY;
  private final double[] llr;
  private final List<PlayedPair> pairs = new ArrayList<>();
  private final List<GameSgf> games = new ArrayList<>();
  private long wins;
  private long draws;
  private long losses;
  private long moves;
  private long blackWins;
  private int agreed;
  private int cleanups;
  private int refereed;
  private int estimated;
  private int disagreements;
  private Sprt.Decision decision = Sprt.Decision.CONTINUE;

  public MatchTally(ResolvedMatch match) {
    this.match = match;
    this.llr = new double[match.sprt() == null ? 0 : match.pairs()];
  }

  @Override
  public void count(int series, int chunk, PlayedPair pair) {
    for (GameResult g : List.of(pair.first(), pair.second())) {
      double points = g.candidatePoints();
      if (points == 1) {
        wins++;
      } else if (points == 0) {
        losses++;
      } else {
        draws++;
      }
      moves += g.moves();
      if (g.scoredBy() != null) {
        switch (g.scoredBy()) {
          case AGREED -> agreed++;
          case CLEANUP -> cleanups++;
          case REFEREE -> refereed++;
          case ESTIMATE -> estimated++;
        }
      }
      if (g.claimsDisagree()) {
        disagreements++;
      }
      if (g.winner() == Player.BLACK) {
        blackWins++;
      }
    }
    pentanomial =
        pentanomial.plus(
            Pentanomial.classify(pair.first().candidatePoints(), pair.second().candidatePoints()));
    pairs.add(pair);
    games.add(new GameSgf(chunk, 0, pair.first().sgf()));
    games.add(new GameSgf(chunk, 1, pair.second().sgf()));
    if (match.sprt() != null) {
      Sprt.Result test = match.sprt().test(pentanomial);
      llr[chunk] = test.llr();
      decision = test.decision();
    }
  }

  @Override
  public boolean settled(int series) {
    return decision != Sprt.Decision.CONTINUE;
  }

  /** Pairs counted. */
  public int pairs() {
    return pairs.size();
  }

  @Override
  public List<GameSgf> games() {
    return List.copyOf(games);
  }

  /**
   * The figures so far; a match has one series, so {@code seriesDone} adds nothing to {@code
   * finished}.
   */
  @Override
  public MatchReport report(
      IntPredicate seriesDone, boolean finished, double unitsPerSecond, boolean withStats) {
    int n = pairs();
    List<Double> recent = new ArrayList<>();
    for (int i = match.sprt() == null ? n : Math.max(0, n - RECENT_LLR); i < n; i++) {
      recent.add(llr[i]);
    }
    MatchReport.Details details = null;
    if (withStats) {
      List<Double> all = new ArrayList<>();
      for (int i = 0; i < Math.min(llr.length, n); i++) {
        all.add(llr[i]);
      }
      details = new MatchReport.Details(all, pairs);
    }
    return new MatchReport(
        match,
        n,
        wins,
        draws,
        losses,
        moves,
        blackWins,
        agreed,
        cleanups,
        refereed,
        estimated,
        disagreements,
        pentanomial,
        decision,
        finished,
        unitsPerSecond * 60,
        recent,
        details);
  }

  /** Why the match stopped before its last pair, or an empty text. */
  @Override
  public String stopMessage() {
    Sprt sprt = match.sprt();
    if (sprt == null || decision == Sprt.Decision.CONTINUE) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "SPRT [%s, %s] %s after %d pairs (LLR %.2f)",
        fmt(sprt.elo0()),
        fmt(sprt.elo1()),
        decision == Sprt.Decision.ACCEPT_H1 ? "accepted H1" : "accepted H0",
        pairs(),
        llr[pairs() - 1]);
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
