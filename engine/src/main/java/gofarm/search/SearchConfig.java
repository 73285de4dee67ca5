package gofarm.search;

import gofarm.playout.PolicySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings of a search: the playout policy and the tree's selection, expansion, resignation and
 * reuse parameters. Immutable; {@link #of(PolicySpec)} gives the defaults, the {@code with} methods
 * change one field.
 *
 * <pre>{@code
 * SearchConfig config = SearchConfig.of(PolicySpec.parse("heavy")).withResignThreshold(0.05);
 * }</pre>
 *
 * <h2>Selection</h2>
 *
 * A child's value for the player choosing it blends its Monte-Carlo win rate Q (n visits) with its
 * AMAF win rate Q̃ (ñ AMAF samples) as {@code (1 − β)·Q + β·Q̃}, with Silver's minimum-MSE schedule
 * {@code β = ñ / (n + ñ + n·ñ/k)} (Silver's thesis 2009, section 8.4.1; Gelly and Silver 2011, with
 * {@code 4b² = 1/k}, b the RAVE bias): β is 1 while the child is unvisited, ½ near n = k when AMAF
 * samples abound, and goes to 0 as n grows. The UCB1 term {@code c·√(ln N / n)} (Kocsis and
 * Szepesvári 2006) is added for visited children when c &gt; 0; with RAVE its best value is near 0
 * (Gelly and Silver 2011), which is the default. A child with neither visits nor AMAF samples has
 * the first-play urgency (Gelly and Wang 2006) as its value.
 *
 * <h2>Prior knowledge</h2>
 *
 * With {@code prior} w &gt; 0 a child also gains Chaslot's progressive bias {@code w·π / (n + 1)}
 * (Chaslot et al., "Progressive strategies for Monte-Carlo tree search", 2008), where π is the
 * probability the softmax policy gives its move among the node's moves: the pattern knowledge Crazy
 * Stone, Erica and Pachi feed into the tree, strong while a move has few visits and fading as they
 * grow. π comes from the playout policy's γ table when it is a softmax policy, else from the table
 * gofarm ships.
 *
 * @param policy the playout policy
 * @param exploration the UCB1 constant c, 0..10 (default 0)
 * @param raveEquivalence k of the β schedule, the visits at which Q and Q̃ weigh the same, 1..10^9
 *     (default {@value #DEFAULT_RAVE_EQUIVALENCE})
 * @param firstPlayUrgency the value of a child without any sample, 0..2 (default 1: try it soon)
 * @param expandAfter visits of a leaf before its children are built, 1..10^6 (default {@value
 *     #DEFAULT_EXPAND_AFTER}, as Michi does: keeps the tree to a fraction of the playouts)
 * @param virtualLoss visits without wins added to every node on a simulation's path while it runs,
 *     so that other threads spread out, 0..100 (default 3)
 * @param resignThreshold resign when the best move wins less than this share of its simulations
 *     (and has at least {@link Search#MIN_RESIGN_VISITS} of them), 0..1; 0 never resigns (default
 *     0.1)
 * @param treeReuse keep the subtree of the moves played since the last search (default true)
 * @param passRule when the search may pass ({@link PassRule}; default {@link
 *     PassRule#FINAL_STATUS})
 * @param prior the weight of the softmax policy's move probabilities in the tree, 0..100 (default
 *     0: none); see the class comment
 * @param earlyStop when a search may end before its budget is spent ({@link EarlyStop}; default
 *     {@link EarlyStop#TIMED}: for budgets with a time limit)
 */
public record SearchConfig(
    PolicySpec policy,
    double exploration,
    double raveEquivalence,
    double firstPlayUrgency,
    int expandAfter,
    int virtualLoss,
    double resignThreshold,
    boolean treeReuse,
    PassRule passRule,
    double prior,
    EarlyStop earlyStop) {

  public static final double DEFAULT_RAVE_EQUIVALENCE = 1000;
  public static final int DEFAULT_EXPAND_AFTER = 8;

  /**
   * Validates every field.
   *
   * @throws IllegalArgumentException listing each field out of range
   */
  public SearchConfig {
    List<String> problems = new ArrayList<>();
    if (policy == null) {
      problems.add("policy: missing");
    }
    if (passRule == null) {
      problems.add("passRule: missing");
    }
    if (earlyStop == null) {
      problems.add("earlyStop: missing");
    }
    check(problems, "exploration", exploration, 0, 10);
    check(problems, "raveEquivalence", raveEquivalence, 1, 1e9);
    check(problems, "firstPlayUrgency", firstPlayUrgency, 0, 2);
    check(problems, "expandAfter", expandAfter, 1, 1_000_000);
    check(problems, "virtualLoss", virtualLoss, 0, 100);
    check(problems, "resignThreshold", resignThreshold, 0, 1);
    check(problems, "prior", prior, 0, 100);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
  }

  private static void check(List<String> problems, String name, double v, double lo, double hi) {
    if (!(v >= lo && v <= hi)) {
      String got = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : "" + v;
      problems.add(name + ": must be " + format(lo) + ".." + format(hi) + " (got " + got + ")");
    }
  }

  private static String format(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  /** The defaults with this playout policy. */
  public static SearchConfig of(PolicySpec policy) {
    return new SearchConfig(
        policy,
        0,
        DEFAULT_RAVE_EQUIVALENCE,
        1.0,
        DEFAULT_EXPAND_AFTER,
        3,
        0.1,
        true,
        PassRule.FINAL_STATUS,
        0,
        EarlyStop.TIMED);
  }

  public SearchConfig withPolicy(PolicySpec p) {
    return new SearchConfig(
        p,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withExploration(double c) {
    return new SearchConfig(
        policy,
        c,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withRaveEquivalence(double k) {
    return new SearchConfig(
        policy,
        exploration,
        k,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withFirstPlayUrgency(double fpu) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        fpu,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withExpandAfter(int visits) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        visits,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withVirtualLoss(int visits) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        visits,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withResignThreshold(double threshold) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        threshold,
        treeReuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withTreeReuse(boolean reuse) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        reuse,
        passRule,
        prior,
        earlyStop);
  }

  public SearchConfig withPrior(double weight) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        weight,
        earlyStop);
  }

  public SearchConfig withPassRule(PassRule rule) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        rule,
        prior,
        earlyStop);
  }

  public SearchConfig withEarlyStop(EarlyStop rule) {
    return new SearchConfig(
        policy,
        exploration,
        raveEquivalence,
        firstPlayUrgency,
        expandAfter,
        virtualLoss,
        resignThreshold,
        treeReuse,
        passRule,
        prior,
        rule);
  }
}
