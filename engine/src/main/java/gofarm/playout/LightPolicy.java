package gofarm.playout;

import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;

/**
 * The policies that need to know no more than which chains are in atari, run on a {@link
 * LightBoard}: local capture and local extension (without ladder reading) at any rate, in any
 * order, then the random rule; {@code uniform} and {@code atari-local} among the presets. The rules
 * themselves are {@link PlayoutRules}', shared with {@link PlayoutPolicy}; this class answers their
 * queries from the light board and runs them in the spec's order. It makes {@link PlayoutPolicy}'s
 * choices draw for draw (the same rate draws, candidates in the same order, the same counters once
 * {@link #countPlayout} has added those it keeps per playout), so a playout gives the same
 * statistics on either board; {@code LightBoardTest} plays both side by side. Every other spec runs
 * on {@link PlayoutPolicy}.
 *
 * <p>Thread-confined; one per {@link Playout}.
 */
final class LightPolicy extends PlayoutRules {
  private static final int CAPTURE = RuleKind.CAPTURE.ordinal();
  private static final int EXTEND = RuleKind.EXTEND.ordinal();
  private static final int RANDOM = RuleKind.RANDOM.ordinal();

  private final int[] kind;
  private final int[] threshold;
  private final boolean[] counter;
  // atari-local's rules (capture, extend, random, the first two always tried), which chooseMove
  // runs without the rule loop, counting per playout what it does on every move.
  private final boolean captureExtendRandom;
  private int capturesChosen;
  private int extensionsChosen;
  private final Marker scratch;
  // The board of the move being chosen, bound by chooseMove and randomMove.
  private LightBoard board;

  private LightPolicy(PolicySpec spec, Geometry geometry) {
    super(geometry);
    int rules = spec.rules().size();
    kind = new int[rules];
    threshold = new int[rules];
    counter = new boolean[rules];
    for (int i = 0; i < rules; i++) {
      RuleSpec r = spec.rules().get(i);
      kind[i] = r.kind().ordinal();
      threshold[i] = PlayoutPolicy.rateThreshold(r.rate());
      counter[i] = r.kind() == RuleKind.EXTEND && r.intParam("counter") == 1;
    }
    captureExtendRandom =
        rules == 3
            && kind[0] == CAPTURE
            && kind[1] == EXTEND
            && kind[2] == RANDOM
            && threshold[0] >= PlayoutPolicy.ALWAYS
            && threshold[1] >= PlayoutPolicy.ALWAYS;
    scratch = new Marker(geometry);
  }

  /** The light policy for {@code spec}, or null when the spec needs exact liberties. */
  static LightPolicy of(PolicySpec spec, Geometry geometry) {
    for (RuleSpec r : spec.rules()) {
      boolean light =
          switch (r.kind()) {
            case RANDOM -> true;
            case CAPTURE -> r.intParam("scope") == 0;
            case EXTEND -> r.intParam("scope") == 0 && r.intParam("ladder") == 0;
            default -> false;
          };
      if (!light) {
        return null;
      }
    }
    return new LightPolicy(spec, geometry);
  }

  /** Whether the spec is the random rule alone ({@code uniform}). */
  boolean randomOnly() {
    return kind.length == 1;
  }

  /**
   * {@link PlayoutPolicy#chooseMove} for these rules. The counters of what {@code uniform} and
   * {@code atari-local} do on every move are left to {@link #countPlayout}.
   */
  int chooseMove(LightBoard board, byte me, int last, Rng rng, PlayoutStats stats) {
    this.board = board;
    if (randomOnly()) {
      return randomMove(board, me, rng);
    }
    if (captureExtendRandom) {
      return chooseCaptureExtendRandom(me, last, rng, stats);
    }
    boolean lastOnBoard = last > Point.PASS;
    for (int rule = 0; rule < kind.length; rule++) {
      if (kind[rule] == RANDOM) {
        stats.ruleTried[rule]++;
        int p = randomMove(board, me, rng);
        if (p != Point.PASS) {
          stats.ruleFired[rule]++;
          stats.ruleChosen[rule]++;
        }
        return p;
      }
      if (threshold[rule] < PlayoutPolicy.ALWAYS && rng.next16() >= threshold[rule]) {
        continue;
      }
      if (!lastOnBoard) {
        continue; // both rules answer the last move
      }
      stats.ruleTried[rule]++;
      int n = kind[rule] == CAPTURE ? capture(me, last) : extend(me, last, counter[rule], 0);
      if (n != 0) {
        return chosen(rule, n, rng, stats);
      }
    }
    return Point.PASS;
  }

  /** {@link #chooseMove} for capture, extend, random, the first two always tried. */
  private int chooseCaptureExtendRandom(byte me, int last, Rng rng, PlayoutStats stats) {
    if (last > Point.PASS) {
      int n = capture(me, last);
      if (n != 0) {
        capturesChosen++;
        return chosen(0, n, rng, stats);
      }
      n = extend(me, last, counter[1], 0);
      if (n != 0) {
        extensionsChosen++;
        return chosen(1, n, rng, stats);
      }
    }
    return randomMove(board, me, rng);
  }

  /**
   * The random rule on {@code board}: {@code uniform}'s move, which {@link Playout} draws without
   * the rule loop (its counters added by {@link #countPlayout}). The light rules have neither the
   * settled filter nor the self-atari veto, so the board's own loop ({@link LightBoard#randomMove})
   * is {@code PlayoutPolicy}'s random rule without them.
   */
  int randomMove(LightBoard board, byte me, Rng rng) {
    return board.randomMove(me, rng);
  }

  /**
   * Adds the counters {@link #chooseMove} leaves to the end of a playout, for {@code uniform} and
   * {@code atari-local}: every move tried the random rule or answered the last move, so a few
   * totals give them all (one increment per move each cost a few per cent of the speed).
   *
   * @param moves the moves chosen in the playout, passes included
   * @param passes how many of them were passes (only the random rule passes)
   * @param answered how many of them followed a move on the board
   */
  void countPlayout(PlayoutStats stats, int moves, int passes, int answered) {
    if (randomOnly()) {
      stats.ruleTried[0] += moves;
      stats.ruleFired[0] += moves - passes;
      stats.ruleChosen[0] += moves - passes;
    } else if (captureExtendRandom) {
      int random = moves - capturesChosen - extensionsChosen;
      stats.ruleTried[0] += answered;
      stats.ruleTried[1] += answered - capturesChosen;
      stats.ruleTried[2] += random;
      stats.ruleFired[2] += random - passes;
      stats.ruleChosen[2] += random - passes;
      capturesChosen = 0;
      extensionsChosen = 0;
    }
  }

  /** Counts a rule that found n candidates and draws the move among them. */
  private int chosen(int rule, int n, Rng rng, PlayoutStats stats) {
    stats.ruleFired[rule]++;
    stats.ruleCandidates[rule] += n;
    stats.ruleChosen[rule]++;
    return candidates[rng.nextInt(n)];
  }

  // ------------------------------------------------------------------ PlayoutRules' queries

  @Override
  byte color(int p) {
    return board.color(p);
  }

  @Override
  boolean inAtari(int p) {
    return board.inAtariAt(p);
  }

  @Override
  int chainHead(int p) {
    return board.chainHead(p);
  }

  @Override
  int nextInChain(int p) {
    return board.nextInChain(p);
  }

  @Override
  int lastLiberty(int p) {
    return board.lastLiberty(p);
  }

  @Override
  int ownInAtariSides(byte me, int last) {
    LightBoard b = board;
    return (ownInAtari(b, me, last - stride) ? 1 : 0)
        | (ownInAtari(b, me, last - 1) ? 2 : 0)
        | (ownInAtari(b, me, last + 1) ? 4 : 0)
        | (ownInAtari(b, me, last + stride) ? 8 : 0);
  }

  // The atari test first: it is nearly always false, where the colour is any of four, so the
  // branch on the colour is taken only in the rare case instead of on every neighbour (9x9
  // atari-local about 1.06 times as fast). Empty points and walls read the sink's pairs, which
  // mean nothing: the colour test rules them out.
  private static boolean ownInAtari(LightBoard board, byte me, int q) {
    return board.inAtariAt(q) && board.color(q) == me;
  }

  // ------------------------------------------------------------------ PlayoutRules' hooks

  /** A capture is never suicide: only ko can forbid it. */
  @Override
  int addCapture(byte me, int p, int n) {
    if (!isCandidate(p, n) && !board.isKoBanned(p, me)) {
      candidates[n++] = p;
    }
    return n;
  }

  /** Two liberties after the move make it legal unless ko forbids it; no ladders here. */
  @Override
  int addExtension(byte me, int liberty, int ladder, int n) {
    if (isCandidate(liberty, n)
        || board.isKoBanned(liberty, me)
        || !board.twoLibertiesAfterPlay(liberty, me, scratch)) {
      return n;
    }
    candidates[n] = liberty;
    return n + 1;
  }

  // A rule has a handful of candidates at most, so a scan replaces a marker (whose clearing, once
  // per rule and move, cost more than the scans).
  private boolean isCandidate(int p, int n) {
    for (int i = 0; i < n; i++) {
      if (candidates[i] == p) {
        return true;
      }
    }
    return false;
  }
}
