package gofarm.wire;

import com.google.protobuf.Internal;
import gofarm.board.Geometry;
import gofarm.playout.FeatureSpace;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.Counter;
import gofarm.playout.PlayoutStats.FeatureSeries;
import gofarm.playout.PlayoutStats.PointSeries;
import gofarm.playout.PlayoutStats.RuleSeries;
import gofarm.proto.v1.RuleCounts;
import java.util.ArrayList;
import java.util.List;

/**
 * The mapping between board-core {@link PlayoutStats} and the {@code PlayoutStats} message, with
 * the checks a result from a worker must pass before it is added to a job's totals.
 *
 * <pre>{@code
 * gofarm.proto.v1.PlayoutStats wire = StatsCodec.toProto(stats);       // worker
 * List<String> problems = StatsCodec.problems(wire, aggregate);        // coordinator
 * if (problems.isEmpty()) {
 *   StatsCodec.mergeInto(aggregate, wire);                              // no intermediate object
 * }
 * }</pre>
 *
 * <h2>Checks</h2>
 *
 * A result must have the expected shape (board size, {@code maxLength = 3 * size * size}, one
 * {@code rules} entry per rule of the policy, one per-point entry per board point, histograms no
 * longer than their range) and consistent counts: none negative (except {@code scoreSum}), {@code
 * blackWins + whiteWins + draws == playouts}, both histograms summing to {@code playouts}, {@code
 * lengthSum}, {@code scoreSum} and {@code scoreSquares} equal to what the histograms give, passes
 * and ko captures at most {@code lengthSum}, captures at most {@code lengthSum + playouts *
 * points}; per point, owners and first players at most {@code playouts}, {@code ownedByWinner} at
 * most the owners and AMAF wins at most the AMAF playouts; per rule, {@code chosen <= fired <=
 * tried <= lengthSum * points} and candidates and vetoes at most {@code tried * points}, and all
 * rules together chose at most the moves played (passes excluded); a softmax policy's feature
 * entries in increasing id order below {@code featureCount}, none negative, candidates at most
 * {@code lengthSum * points} and moves played at most {@code lengthSum}. Problems read {@code
 * field: problem} with lowerCamelCase paths relative to the message; each array reports its first
 * bad entry only.
 *
 * <p>A message carries its histograms and per-point arrays as repeated fields ({@link #toProto}:
 * results for clients) or in its {@code dense} block ({@link #toDenseProto}: what workers send;
 * {@link DenseCounts}); both are checked and added alike. A malformed block is one more problem
 * ({@code dense: ...}).
 *
 * <p>Checking and merging read the message's primitive lists or block in place and allocate next to
 * nothing for a valid result, so a coordinator can aggregate tens of thousands of 19x19 results a
 * second.
 */
public final class StatsCodec {
  private static final String[] POINT_SERIES = {
    "ownedBlack",
    "ownedWhite",
    "ownedByWinner",
    "amafBlackFirst",
    "amafBlackFirstWins",
    "amafWhiteFirst",
    "amafWhiteFirstWins"
  };

  private static final String[] RULE_COUNTS = {"tried", "fired", "chosen", "candidates", "vetoes"};

  private StatsCodec() {}

  /**
   * The message of some statistics: every counter, the per-point arrays dense in row-major order
   * from the top left, and both histograms without their trailing zeros.
   */
  public static gofarm.proto.v1.PlayoutStats toProto(PlayoutStats stats) {
    int points = stats.geometry().pointCount();
    gofarm.proto.v1.PlayoutStats.Builder b = counters(stats);
    int lengths = stats.maxLength() + 1;
    while (lengths > 0 && stats.lengthCount(lengths - 1) == 0) {
      lengths--;
    }
    for (int i = 0; i < lengths; i++) {
      b.addLengthHistogram(stats.lengthCount(i));
    }
    int scores = 2 * points + 1;
    while (scores > 0 && stats.scoreCount(scores - 1 - points) == 0) {
      scores--;
    }
    for (int i = 0; i < scores; i++) {
      b.addScoreHistogram(stats.scoreCount(i - points));
    }
    for (int i = 0; i < points; i++) {
      b.addOwnedBlack(stats.get(PointSeries.OWNED_BLACK, i));
      b.addOwnedWhite(stats.get(PointSeries.OWNED_WHITE, i));
      b.addOwnedByWinner(stats.get(PointSeries.OWNED_BY_WINNER, i));
      b.addAmafBlackFirst(stats.get(PointSeries.AMAF_BLACK_FIRST, i));
      b.addAmafBlackFirstWins(stats.get(PointSeries.AMAF_BLACK_FIRST_WINS, i));
      b.addAmafWhiteFirst(stats.get(PointSeries.AMAF_WHITE_FIRST, i));
      b.addAmafWhiteFirstWins(stats.get(PointSeries.AMAF_WHITE_FIRST_WINS, i));
    }
    return b.build();
  }

  /**
   * The message of some statistics with the histograms and per-point arrays in its {@code dense}
   * block ({@link DenseCounts}): what a worker sends a hub that reads it.
   */
  public static gofarm.proto.v1.PlayoutStats toDenseProto(PlayoutStats stats) {
    return counters(stats).setDense(DenseCounts.encode(stats)).build();
  }

  /**
   * The message of a worker's result as a hub that does not read {@code dense} needs it: {@code
   * stats} itself unless it is dense, else the same statistics as repeated fields.
   *
   * @throws IllegalArgumentException if a dense message is not valid on its own
   */
  public static gofarm.proto.v1.PlayoutStats expand(gofarm.proto.v1.PlayoutStats stats) {
    return stats.getDense().isEmpty() ? stats : toProto(decode(stats));
  }

  /** A builder with every counter, the rules' and the features' counts of {@code stats}. */
  private static gofarm.proto.v1.PlayoutStats.Builder counters(PlayoutStats stats) {
    Geometry g = stats.geometry();
    gofarm.proto.v1.PlayoutStats.Builder b =
        gofarm.proto.v1.PlayoutStats.newBuilder()
            .setSize(g.size())
            .setMaxLength(stats.maxLength())
            .setPlayouts(stats.get(Counter.PLAYOUTS))
            .setBlackWins(stats.get(Counter.BLACK_WINS))
            .setWhiteWins(stats.get(Counter.WHITE_WINS))
            .setDraws(stats.get(Counter.DRAWS))
            .setLengthSum(stats.get(Counter.LENGTH_SUM))
            .setPasses(stats.get(Counter.PASSES))
            .setCaptures(stats.get(Counter.CAPTURES))
            .setKoCaptures(stats.get(Counter.KO_CAPTURES))
            .setScoreSum(stats.get(Counter.SCORE_SUM))
            .setScoreSquares(stats.get(Counter.SCORE_SQUARES));
    for (int r = 0; r < stats.ruleCount(); r++) {
      b.addRules(
          RuleCounts.newBuilder()
              .setTried(stats.get(RuleSeries.TRIED, r))
              .setFired(stats.get(RuleSeries.FIRED, r))
              .setChosen(stats.get(RuleSeries.CHOSEN, r))
              .setCandidates(stats.get(RuleSeries.CANDIDATES, r))
              .setVetoes(stats.get(RuleSeries.VETOES, r)));
    }
    b.setFeatureCount(stats.featureCount());
    for (int f = 0; f < stats.featureCount(); f++) {
      long candidates = stats.get(FeatureSeries.CANDIDATES, f);
      long chosen = stats.get(FeatureSeries.CHOSEN, f);
      if ((candidates | chosen) != 0) {
        b.addFeatureIds(f).addFeatureCandidates(candidates).addFeatureChosen(chosen);
      }
    }
    return b;
  }

  /**
   * Decodes a message on its own, taking the shape from it (size 2..25, {@code maxLength} {@code 3
   * * size * size}, as many rules as it lists).
   *
   * @throws IllegalArgumentException listing every problem (see the class comment)
   */
  public static PlayoutStats decode(gofarm.proto.v1.PlayoutStats proto) {
    int size = proto.getSize();
    if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
      throw new IllegalArgumentException(
          "size: must be " + Geometry.MIN_SIZE + ".." + Geometry.MAX_SIZE + " (got " + size + ")");
    }
    Geometry g = Geometry.of(size);
    if (proto.getFeatureCount() != 0 && proto.getFeatureCount() != FeatureSpace.size()) {
      throw new IllegalArgumentException(
          "featureCount: must be 0 or "
              + FeatureSpace.size()
              + " (got "
              + proto.getFeatureCount()
              + ")");
    }
    PlayoutStats stats =
        new PlayoutStats(g, proto.getRulesCount(), proto.getFeatureCount(), Playout.maxLength(g));
    List<String> problems = problems(proto, stats);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    mergeInto(stats, proto);
    return stats;
  }

  /**
   * The problems of a message that should add to statistics shaped like {@code shape} (its
   * geometry, rule count and maximum length): empty when it is valid, a list of {@code field:
   * problem} texts otherwise. A wrong shape is reported alone, since the counts cannot be checked
   * then.
   */
  public static List<String> problems(gofarm.proto.v1.PlayoutStats proto, PlayoutStats shape) {
    Geometry g = shape.geometry();
    int points = g.pointCount();
    List<String> problems = null;
    if (proto.getSize() != g.size()) {
      return List.of("size: must be " + g.size() + " (got " + proto.getSize() + ")");
    }
    if (proto.getMaxLength() != shape.maxLength()) {
      return List.of(
          "maxLength: must be " + shape.maxLength() + " (got " + proto.getMaxLength() + ")");
    }
    problems =
        count(
            problems,
            "rules",
            proto.getRulesCount(),
            shape.ruleCount(),
            "one entry per rule of the policy");
    if (proto.getFeatureCount() != shape.featureCount()) {
      problems =
          add(
              problems,
              "featureCount: must be "
                  + shape.featureCount()
                  + " (got "
                  + proto.getFeatureCount()
                  + ")");
    }
    if (proto.getFeatureCandidatesCount() != proto.getFeatureIdsCount()
        || proto.getFeatureChosenCount() != proto.getFeatureIdsCount()) {
      problems =
          add(
              problems,
              "featureIds, featureCandidates, featureChosen: must have one length (got "
                  + proto.getFeatureIdsCount()
                  + ", "
                  + proto.getFeatureCandidatesCount()
                  + ", "
                  + proto.getFeatureChosenCount()
                  + ")");
    }
    int[] pointCounts = {
      proto.getOwnedBlackCount(),
      proto.getOwnedWhiteCount(),
      proto.getOwnedByWinnerCount(),
      proto.getAmafBlackFirstCount(),
      proto.getAmafBlackFirstWinsCount(),
      proto.getAmafWhiteFirstCount(),
      proto.getAmafWhiteFirstWinsCount()
    };
    boolean dense = !proto.getDense().isEmpty();
    for (int k = 0; k < pointCounts.length; k++) {
      if (!dense) {
        problems =
            count(problems, POINT_SERIES[k], pointCounts[k], points, "one entry per board point");
      } else if (pointCounts[k] != 0) {
        problems =
            add(
                problems,
                POINT_SERIES[k] + ": must be empty with dense (got " + pointCounts[k] + ")");
      }
    }
    if (dense && (proto.getLengthHistogramCount() | proto.getScoreHistogramCount()) != 0) {
      problems = add(problems, "lengthHistogram, scoreHistogram: must be empty with dense");
    }
    if (proto.getLengthHistogramCount() > shape.maxLength() + 1) {
      problems =
          add(
              problems,
              "lengthHistogram: at most "
                  + (shape.maxLength() + 1)
                  + " entries (got "
                  + proto.getLengthHistogramCount()
                  + ")");
    }
    if (proto.getScoreHistogramCount() > 2 * points + 1) {
      problems =
          add(
              problems,
              "scoreHistogram: at most "
                  + (2 * points + 1)
                  + " entries (got "
                  + proto.getScoreHistogramCount()
                  + ")");
    }
    if (problems != null) {
      return problems;
    }
    try {
      problems = counts(proto, points, shape.maxLength(), problems);
    } catch (ArithmeticException e) {
      problems = add(problems, "counts overflow 64 bits");
    } catch (IllegalArgumentException e) {
      // A malformed dense block: what was read before it is not worth reporting.
      problems = add(problems, e.getMessage());
    }
    return problems == null ? List.of() : problems;
  }

  /** The consistency checks; see the class comment. Throws ArithmeticException on overflow. */
  private static List<String> counts(
      gofarm.proto.v1.PlayoutStats proto, int points, int maxLength, List<String> problems) {
    long n = proto.getPlayouts();
    problems = nonNegative(problems, "playouts", n);
    problems = nonNegative(problems, "blackWins", proto.getBlackWins());
    problems = nonNegative(problems, "whiteWins", proto.getWhiteWins());
    problems = nonNegative(problems, "draws", proto.getDraws());
    problems = nonNegative(problems, "lengthSum", proto.getLengthSum());
    problems = nonNegative(problems, "passes", proto.getPasses());
    problems = nonNegative(problems, "captures", proto.getCaptures());
    problems = nonNegative(problems, "koCaptures", proto.getKoCaptures());
    problems = nonNegative(problems, "scoreSquares", proto.getScoreSquares());
    if (problems != null) {
      return problems;
    }
    long games =
        Math.addExact(Math.addExact(proto.getBlackWins(), proto.getWhiteWins()), proto.getDraws());
    if (games != n) {
      problems =
          add(
              problems,
              "blackWins + whiteWins + draws: must equal playouts (got "
                  + proto.getBlackWins()
                  + " + "
                  + proto.getWhiteWins()
                  + " + "
                  + proto.getDraws()
                  + " = "
                  + games
                  + ", playouts "
                  + n
                  + ")");
    }
    if (proto.getPasses() > proto.getLengthSum()) {
      problems =
          add(
              problems,
              "passes: must be at most lengthSum "
                  + proto.getLengthSum()
                  + " (got "
                  + proto.getPasses()
                  + ")");
    }
    if (proto.getKoCaptures() > proto.getLengthSum()) {
      problems =
          add(
              problems,
              "koCaptures: must be at most lengthSum "
                  + proto.getLengthSum()
                  + " (got "
                  + proto.getKoCaptures()
                  + ")");
    }

    // Every captured stone was played in a playout or stood on the board at its start.
    long capturable = Math.addExact(proto.getLengthSum(), Math.multiplyExact(n, points));
    if (proto.getCaptures() > capturable) {
      problems =
          add(
              problems,
              "captures: must be at most lengthSum + playouts * points "
                  + capturable
                  + " (got "
                  + proto.getCaptures()
                  + ")");
    }
    if (proto.getDense().isEmpty()) {
      problems =
          lengths(
              proto,
              DenseCounts.of(proto.getLengthHistogramList()),
              0,
              proto.getLengthHistogramCount(),
              n,
              problems);
      problems =
          scores(
              proto,
              DenseCounts.of(proto.getScoreHistogramList()),
              0,
              proto.getScoreHistogramCount(),
              points,
              n,
              problems);
      problems =
          points(
              DenseCounts.of(proto.getOwnedBlackList()),
              DenseCounts.of(proto.getOwnedWhiteList()),
              DenseCounts.of(proto.getOwnedByWinnerList()),
              DenseCounts.of(proto.getAmafBlackFirstList()),
              DenseCounts.of(proto.getAmafBlackFirstWinsList()),
              DenseCounts.of(proto.getAmafWhiteFirstList()),
              DenseCounts.of(proto.getAmafWhiteFirstWinsList()),
              points,
              n,
              problems);
    } else {
      // One reader for all: the block holds the arrays in the order the checks read them.
      DenseCounts.Reader r = new DenseCounts.Reader(proto.getDense());
      int first = r.index(maxLength + 1, "the length histogram's first index");
      int count = r.index(maxLength + 1 - first, "the length histogram's entry count");
      problems = lengths(proto, r, first, count, n, problems);
      first = r.index(2 * points + 1, "the score histogram's first index");
      count = r.index(2 * points + 1 - first, "the score histogram's entry count");
      problems = scores(proto, r, first, count, points, n, problems);
      problems = densePoints(r, points, n, problems);
      r.finish();
    }
    problems = rules(proto, points, problems);
    problems = features(proto, points, problems);
    return problems;
  }

  private static List<String> features(
      gofarm.proto.v1.PlayoutStats proto, int points, List<String> problems) {
    long maxCandidates = Math.multiplyExact(proto.getLengthSum(), points);
    long moves = proto.getLengthSum();
    int previous = -1;
    for (int i = 0; i < proto.getFeatureIdsCount(); i++) {
      int id = proto.getFeatureIds(i);
      long candidates = proto.getFeatureCandidates(i);
      long chosen = proto.getFeatureChosen(i);
      String path = "featureIds[" + i + "]";
      if (id <= previous || id >= proto.getFeatureCount()) {
        return add(
            problems,
            path
                + ": ids must increase and be below featureCount "
                + proto.getFeatureCount()
                + " (got "
                + id
                + " after "
                + previous
                + ")");
      }
      if (candidates < 0 || chosen < 0 || candidates > maxCandidates || chosen > moves) {
        return add(
            problems,
            "feature "
                + id
                + ": candidates must be 0.."
                + maxCandidates
                + " and moves played 0.."
                + moves
                + " (got "
                + candidates
                + ", "
                + chosen
                + ")");
      }
      previous = id;
    }
    return problems;
  }

  /** Reads {@code count} entries of {@code entries}, which hold lengths {@code first} onwards. */
  private static List<String> lengths(
      gofarm.proto.v1.PlayoutStats proto,
      DenseCounts.Entries entries,
      int first,
      int count,
      long n,
      List<String> problems) {
    long lengthCount = 0;
    long lengthSum = 0;
    for (int k = 0; k < count; k++) {
      int i = first + k;
      long c = entries.get(k);
      if (c < 0) {
        skip(entries, k + 1, count);
        return add(problems, "lengthHistogram[" + i + "]: must not be negative (got " + c + ")");
      }
      lengthCount = Math.addExact(lengthCount, c);
      lengthSum = Math.addExact(lengthSum, Math.multiplyExact(c, i));
    }
    if (lengthCount != n) {
      problems =
          add(
              problems,
              "lengthHistogram: must sum to playouts " + n + " (got " + lengthCount + ")");
    } else if (lengthSum != proto.getLengthSum()) {
      problems =
          add(
              problems,
              "lengthSum: must equal the sum over the length histogram "
                  + lengthSum
                  + " (got "
                  + proto.getLengthSum()
                  + ")");
    }
    return problems;
  }

  /** Reads {@code count} entries of {@code entries}, which hold indices {@code first} onwards. */
  private static List<String> scores(
      gofarm.proto.v1.PlayoutStats proto,
      DenseCounts.Entries entries,
      int first,
      int count,
      int points,
      long n,
      List<String> problems) {
    long scoreCount = 0;
    long scoreSum = 0;
    long scoreSquares = 0;
    for (int k = 0; k < count; k++) {
      int i = first + k;
      long c = entries.get(k);
      if (c < 0) {
        skip(entries, k + 1, count);
        return add(problems, "scoreHistogram[" + i + "]: must not be negative (got " + c + ")");
      }
      long d = i - points;
      scoreCount = Math.addExact(scoreCount, c);
      scoreSum = Math.addExact(scoreSum, Math.multiplyExact(c, d));
      scoreSquares = Math.addExact(scoreSquares, Math.multiplyExact(c, d * d));
    }
    if (scoreCount != n) {
      problems =
          add(problems, "scoreHistogram: must sum to playouts " + n + " (got " + scoreCount + ")");
    } else {
      if (scoreSum != proto.getScoreSum()) {
        problems =
            add(
                problems,
                "scoreSum: must equal the sum over the score histogram "
                    + scoreSum
                    + " (got "
                    + proto.getScoreSum()
                    + ")");
      }
      if (scoreSquares != proto.getScoreSquares()) {
        problems =
            add(
                problems,
                "scoreSquares: must equal the sum over the score histogram "
                    + scoreSquares
                    + " (got "
                    + proto.getScoreSquares()
                    + ")");
      }
    }
    return problems;
  }

  /**
   * Reads entries {@code from} to {@code count - 1}, so that a dense block's next array starts
   * right.
   */
  private static void skip(DenseCounts.Entries entries, int from, int count) {
    for (int k = from; k < count; k++) {
      entries.get(k);
    }
  }

  /**
   * Reads a point's seven counts in this order, from seven repeated fields or seven times from one
   * dense block.
   */
  private static List<String> points(
      DenseCounts.Entries ownedBlack,
      DenseCounts.Entries ownedWhite,
      DenseCounts.Entries ownedByWinner,
      DenseCounts.Entries amafBlackFirst,
      DenseCounts.Entries amafBlackFirstWins,
      DenseCounts.Entries amafWhiteFirst,
      DenseCounts.Entries amafWhiteFirstWins,
      int points,
      long n,
      List<String> problems) {
    // One pass over the points; the first bad point of each check is reported.
    boolean negative = false;
    boolean owners = false;
    boolean winner = false;
    boolean first = false;
    boolean blackWins = false;
    boolean whiteWins = false;
    for (int i = 0; i < points; i++) {
      long ob = ownedBlack.get(i);
      long ow = ownedWhite.get(i);
      long obw = ownedByWinner.get(i);
      long bf = amafBlackFirst.get(i);
      long bfw = amafBlackFirstWins.get(i);
      long wf = amafWhiteFirst.get(i);
      long wfw = amafWhiteFirstWins.get(i);
      if ((ob | ow | obw | bf | bfw | wf | wfw) < 0) {
        if (!negative) {
          negative = true;
          problems = add(problems, negativeEntry(i, ob, ow, obw, bf, bfw, wf, wfw));
        }
        continue;
      }
      if (!owners && Math.addExact(ob, ow) > n) {
        owners = true;
        problems =
            add(
                problems,
                "ownedBlack["
                    + i
                    + "] + ownedWhite["
                    + i
                    + "]: must be at most playouts "
                    + n
                    + " (got "
                    + ob
                    + " + "
                    + ow
                    + ")");
      }
      if (!winner && obw > Math.addExact(ob, ow)) {
        winner = true;
        problems =
            add(
                problems,
                "ownedByWinner["
                    + i
                    + "]: must be at most ownedBlack + ownedWhite "
                    + (ob + ow)
                    + " (got "
                    + obw
                    + ")");
      }
      if (!first && Math.addExact(bf, wf) > n) {
        first = true;
        problems =
            add(
                problems,
                "amafBlackFirst["
                    + i
                    + "] + amafWhiteFirst["
                    + i
                    + "]: must be at most playouts "
                    + n
                    + " (got "
                    + bf
                    + " + "
                    + wf
                    + ")");
      }
      if (!blackWins && bfw > bf) {
        blackWins = true;
        problems =
            add(
                problems,
                "amafBlackFirstWins["
                    + i
                    + "]: must be at most amafBlackFirst "
                    + bf
                    + " (got "
                    + bfw
                    + ")");
      }
      if (!whiteWins && wfw > wf) {
        whiteWins = true;
        problems =
            add(
                problems,
                "amafWhiteFirstWins["
                    + i
                    + "]: must be at most amafWhiteFirst "
                    + wf
                    + " (got "
                    + wfw
                    + ")");
      }
    }
    return problems;
  }

  /**
   * The per-point checks of a dense block: one quick pass over its decoded entries that only says
   * whether every point passes, and {@link #points} (for its messages) only if one does not.
   */
  private static List<String> densePoints(
      DenseCounts.Reader r, int points, long n, List<String> problems) {
    int o = r.require(7 * points);
    // Below 2^62 playouts, counts that are each at most n add up without overflow.
    if (n < 1L << 62 && pointsPass(r.values(), o, points, n)) {
      r.skip(7 * points);
      return problems;
    }
    return points(r, r, r, r, r, r, r, points, n, problems);
  }

  /**
   * Whether every point's seven counts, from {@code v[o]} on, pass the checks of {@link #points}.
   */
  private static boolean pointsPass(long[] v, int o, int points, long n) {
    boolean pass = true;
    for (int end = o + 7 * points; o < end; o += 7) {
      long ob = v[o];
      long ow = v[o + 1];
      long obw = v[o + 2];
      long bf = v[o + 3];
      long bfw = v[o + 4];
      long wf = v[o + 5];
      long wfw = v[o + 6];
      pass &=
          (ob | ow | obw | bf | bfw | wf | wfw) >= 0
              & ob <= n
              & ow <= n
              & bf <= n
              & wf <= n
              & ob + ow <= n
              & obw <= ob + ow
              & bf + wf <= n
              & bfw <= bf
              & wfw <= wf;
    }
    return pass;
  }

  private static String negativeEntry(int i, long... values) {
    for (int k = 0; k < values.length; k++) {
      if (values[k] < 0) {
        return POINT_SERIES[k] + "[" + i + "]: must not be negative (got " + values[k] + ")";
      }
    }
    throw new IllegalStateException("no negative entry");
  }

  private static List<String> rules(
      gofarm.proto.v1.PlayoutStats proto, int points, List<String> problems) {
    // A rule is tried at most once per point on each move, and finds or vetoes at most every point
    // each time: bounds that keep every sum far from overflowing, however many chunks are added.
    long maxTried = Math.multiplyExact(proto.getLengthSum(), points);
    long chosen = 0;
    for (int r = 0; r < proto.getRulesCount(); r++) {
      RuleCounts c = proto.getRules(r);
      String path = "rules[" + r + "]";
      if ((c.getTried() | c.getFired() | c.getChosen() | c.getCandidates() | c.getVetoes()) < 0) {
        long[] values = {
          c.getTried(), c.getFired(), c.getChosen(), c.getCandidates(), c.getVetoes()
        };
        int k = 0;
        while (values[k] >= 0) {
          k++;
        }
        problems =
            add(
                problems,
                path + "." + RULE_COUNTS[k] + ": must not be negative (got " + values[k] + ")");
        continue;
      }
      if (c.getChosen() > c.getFired() || c.getFired() > c.getTried()) {
        problems =
            add(
                problems,
                path
                    + ": must have chosen <= fired <= tried (got "
                    + c.getChosen()
                    + ", "
                    + c.getFired()
                    + ", "
                    + c.getTried()
                    + ")");
      }
      long perTry = Math.multiplyExact(c.getTried(), points);
      if (c.getTried() > maxTried) {
        problems =
            add(
                problems,
                path
                    + ".tried: must be at most lengthSum * points "
                    + maxTried
                    + " (got "
                    + c.getTried()
                    + ")");
      } else if (c.getCandidates() > perTry || c.getVetoes() > perTry) {
        problems =
            add(
                problems,
                path
                    + ": candidates and vetoes must be at most tried * points "
                    + perTry
                    + " (got "
                    + c.getCandidates()
                    + ", "
                    + c.getVetoes()
                    + ")");
      }
      chosen = Math.addExact(chosen, c.getChosen());
    }
    long moves = proto.getLengthSum() - proto.getPasses();
    if (moves >= 0 && chosen > moves) {
      problems =
          add(
              problems,
              "rules: chose "
                  + chosen
                  + " moves in all, more than the "
                  + moves
                  + " moves played (lengthSum - passes)");
    }
    return problems;
  }

  /**
   * Adds a message's counts to {@code target}, reading the message in place.
   *
   * <p>Precondition: {@link #problems} found nothing for this message and target; only the shape is
   * checked again here.
   *
   * @throws IllegalArgumentException if the shapes differ
   */
  public static void mergeInto(PlayoutStats target, gofarm.proto.v1.PlayoutStats proto) {
    Geometry g = target.geometry();
    int points = g.pointCount();
    boolean dense = !proto.getDense().isEmpty();
    int pointEntries = dense ? 0 : points;
    if (proto.getSize() != g.size()
        || proto.getMaxLength() != target.maxLength()
        || proto.getRulesCount() != target.ruleCount()
        || proto.getFeatureCount() != target.featureCount()
        || proto.getFeatureCandidatesCount() != proto.getFeatureIdsCount()
        || proto.getFeatureChosenCount() != proto.getFeatureIdsCount()
        || proto.getOwnedBlackCount() != pointEntries
        || proto.getOwnedWhiteCount() != pointEntries
        || proto.getOwnedByWinnerCount() != pointEntries
        || proto.getAmafBlackFirstCount() != pointEntries
        || proto.getAmafBlackFirstWinsCount() != pointEntries
        || proto.getAmafWhiteFirstCount() != pointEntries
        || proto.getAmafWhiteFirstWinsCount() != pointEntries
        || proto.getLengthHistogramCount() > (dense ? 0 : target.maxLength() + 1)
        || proto.getScoreHistogramCount() > (dense ? 0 : 2 * points + 1)) {
      throw new IllegalArgumentException(
          "statistics of "
              + proto.getSize()
              + "x"
              + proto.getSize()
              + " with "
              + proto.getRulesCount()
              + " rules do not fit "
              + g
              + " with "
              + target.ruleCount()
              + " rules; check problems() first");
    }
    target.add(Counter.PLAYOUTS, proto.getPlayouts());
    target.add(Counter.BLACK_WINS, proto.getBlackWins());
    target.add(Counter.WHITE_WINS, proto.getWhiteWins());
    target.add(Counter.DRAWS, proto.getDraws());
    target.add(Counter.LENGTH_SUM, proto.getLengthSum());
    target.add(Counter.PASSES, proto.getPasses());
    target.add(Counter.CAPTURES, proto.getCaptures());
    target.add(Counter.KO_CAPTURES, proto.getKoCaptures());
    target.add(Counter.SCORE_SUM, proto.getScoreSum());
    target.add(Counter.SCORE_SQUARES, proto.getScoreSquares());
    for (int r = 0; r < proto.getRulesCount(); r++) {
      RuleCounts c = proto.getRules(r);
      target.add(RuleSeries.TRIED, r, c.getTried());
      target.add(RuleSeries.FIRED, r, c.getFired());
      target.add(RuleSeries.CHOSEN, r, c.getChosen());
      target.add(RuleSeries.CANDIDATES, r, c.getCandidates());
      target.add(RuleSeries.VETOES, r, c.getVetoes());
    }
    for (int i = 0; i < proto.getFeatureIdsCount(); i++) {
      int id = proto.getFeatureIds(i);
      target.add(FeatureSeries.CANDIDATES, id, proto.getFeatureCandidates(i));
      target.add(FeatureSeries.CHOSEN, id, proto.getFeatureChosen(i));
    }
    if (dense) {
      addDense(target, new DenseCounts.Reader(proto.getDense()));
      return;
    }
    addLengths(target, proto.getLengthHistogramList());
    addScores(target, proto.getScoreHistogramList());
    // A method per array rather than one long method of loops: the JIT compiles a long method's
    // loops one at a time (on-stack replacement) and deoptimizes at every loop it has not yet
    // seen, which kept a cold coordinator ten times slower for its first 50,000 results.
    addPoints(target, PointSeries.OWNED_BLACK, proto.getOwnedBlackList());
    addPoints(target, PointSeries.OWNED_WHITE, proto.getOwnedWhiteList());
    addPoints(target, PointSeries.OWNED_BY_WINNER, proto.getOwnedByWinnerList());
    addPoints(target, PointSeries.AMAF_BLACK_FIRST, proto.getAmafBlackFirstList());
    addPoints(target, PointSeries.AMAF_BLACK_FIRST_WINS, proto.getAmafBlackFirstWinsList());
    addPoints(target, PointSeries.AMAF_WHITE_FIRST, proto.getAmafWhiteFirstList());
    addPoints(target, PointSeries.AMAF_WHITE_FIRST_WINS, proto.getAmafWhiteFirstWinsList());
  }

  /** Adds a dense block: two histograms, then seven counts a point. */
  private static void addDense(PlayoutStats target, DenseCounts.Reader r) {
    int points = target.geometry().pointCount();
    int first = r.index(target.maxLength() + 1, "the length histogram's first index");
    int count = r.index(target.maxLength() + 1 - first, "the length histogram's entry count");
    for (int i = first; i < first + count; i++) {
      target.addLengthCount(i, r.next());
    }
    first = r.index(2 * points + 1, "the score histogram's first index");
    count = r.index(2 * points + 1 - first, "the score histogram's entry count");
    for (int i = first; i < first + count; i++) {
      target.addScoreCount(i - points, r.next());
    }
    addDensePoints(target, r, points);
    r.finish();
  }

  private static void addDensePoints(PlayoutStats target, DenseCounts.Reader r, int points) {
    int o = r.require(7 * points);
    long[] v = r.values();
    for (int i = 0; i < points; i++, o += 7) {
      target.addPointCounts(i, v[o], v[o + 1], v[o + 2], v[o + 3], v[o + 4], v[o + 5], v[o + 6]);
    }
    r.skip(7 * points);
  }

  private static void addPoints(PlayoutStats target, PointSeries series, List<Long> values) {
    if (values instanceof Internal.LongList longs) {
      // Generated messages hold primitive lists: read them without boxing.
      for (int i = 0; i < longs.size(); i++) {
        target.add(series, i, longs.getLong(i));
      }
    } else {
      for (int i = 0; i < values.size(); i++) {
        target.add(series, i, values.get(i));
      }
    }
  }

  private static void addLengths(PlayoutStats target, List<Long> values) {
    if (values instanceof Internal.LongList longs) {
      for (int i = 0; i < longs.size(); i++) {
        target.addLengthCount(i, longs.getLong(i));
      }
    } else {
      for (int i = 0; i < values.size(); i++) {
        target.addLengthCount(i, values.get(i));
      }
    }
  }

  private static void addScores(PlayoutStats target, List<Long> values) {
    int points = target.geometry().pointCount();
    if (values instanceof Internal.LongList longs) {
      for (int i = 0; i < longs.size(); i++) {
        target.addScoreCount(i - points, longs.getLong(i));
      }
    } else {
      for (int i = 0; i < values.size(); i++) {
        target.addScoreCount(i - points, values.get(i));
      }
    }
  }

  private static List<String> count(
      List<String> problems, String field, int got, int expected, String what) {
    if (got == expected) {
      return problems;
    }
    return add(problems, field + ": must list " + what + ": " + expected + " (got " + got + ")");
  }

  private static List<String> nonNegative(List<String> problems, String field, long value) {
    return value >= 0
        ? problems
        : add(problems, field + ": must not be negative (got " + value + ")");
  }

  /** Adds to a list created on the first problem, so a valid message allocates nothing. */
  private static List<String> add(List<String> problems, String problem) {
    List<String> list = problems == null ? new ArrayList<>() : problems;
    list.add(problem);
    return list;
  }
}
