package gofarm.wire;

import gofarm.playout.PolicyParameter;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.rules.Rules;
import gofarm.stats.Spsa;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A validated {@code tune} job in core terms: the starting policy, the numbers tuned with their
 * SPSA gains, and what each pair of an iteration plays. Made by {@link JobSpecs#resolve}; every
 * point, perturbation, seed and opening is a function of the spec, the seed and the iteration's θ,
 * so the trajectory is the same on any number of workers.
 *
 * <h2>Chunks</h2>
 *
 * Iteration k (1-based) is a batch of {@link #batchPairs} pairs, pair j perturbed by {@link
 * #delta}(k, j). With the {@code match} objective pair j is one chunk, a colour-swapped game pair
 * of θ+ (the candidate) against θ− (the baseline); with {@code evaluation} it is two chunks,
 * position {@link #positionOf}(k, j) under θ+ then under θ−, with one seed for both so that their
 * difference has little noise.
 *
 * @param name the job's description, possibly empty
 * @param seed the job's seed
 * @param priority -100..100, higher first
 * @param rules the rules of every game and position
 * @param start the starting policy
 * @param parameters the tuned numbers, in spec order
 * @param spsa their ranges and gains, in the same order
 * @param batchPairs pairs per iteration
 * @param games with the match objective, the games of a pair (players at the starting policy,
 *     replaced per pair by {@link #players}); null with the evaluation objective
 * @param positions with the evaluation objective, the reference positions; empty otherwise
 * @param values each position's reference value, black's probability of winning, or NaN for the
 *     reference step to find
 * @param playouts playouts per evaluation (evaluation objective)
 * @param referencePlayouts the playouts of a reference search (evaluation objective)
 * @param confirm the confirmation match (candidate and baseline at the starting policy until the
 *     tuning ends, then {@link #players}), or null for none
 */
public record ResolvedTune(
    String name,
    long seed,
    int priority,
    Rules rules,
    PolicySpec start,
    List<PolicyParameter> parameters,
    Spsa spsa,
    int batchPairs,
    ResolvedMatch games,
    List<JobPosition> positions,
    List<Double> values,
    int playouts,
    long referencePlayouts,
    ResolvedMatch confirm)
    implements ResolvedJob {

  /** The name of the θ+ player in a tuning pair's games and SGF. */
  public static final String PLUS = "theta+";

  /** The name of the θ− player. */
  public static final String MINUS = "theta-";

  public ResolvedTune {
    parameters = List.copyOf(parameters);
    positions = List.copyOf(positions);
    values = List.copyOf(values);
    if ((games == null) == positions.isEmpty() || positions.size() != values.size()) {
      throw new IllegalArgumentException("a tune job has games or reference positions");
    }
  }

  /** Whether pairs are game pairs (the match objective) rather than evaluations. */
  public boolean byMatch() {
    return games != null;
  }

  /** "match" or "evaluation". */
  public String objective() {
    return byMatch() ? "match" : "evaluation";
  }

  /** N. */
  public int iterations() {
    return spsa.iterations();
  }

  /** Chunks of one iteration: a game pair per pair, or two evaluations per pair. */
  public int chunksPerIteration() {
    return byMatch() ? batchPairs : 2 * batchPairs;
  }

  /** θ at the start: each parameter's value in the starting policy. */
  public double[] startTheta() {
    double[] theta = new double[parameters.size()];
    for (int i = 0; i < theta.length; i++) {
      theta[i] = parameters.get(i).get(start);
    }
    return theta;
  }

  /** The policy at θ: the starting policy with each parameter set (rounded, clipped). */
  public PolicySpec policy(double[] theta) {
    PolicySpec p = start;
    for (int i = 0; i < theta.length; i++) {
      p = parameters.get(i).with(p, theta[i]);
    }
    return p;
  }

  /** δ of pair {@code pair} of iteration {@code k}: ±1 per parameter, from (seed, k, pair). */
  public int[] delta(int k, int pair) {
    SplittableRandom random =
        new SplittableRandom(Rng.mix(Chunking.chunkSeed(seed, k, pair, 0), 1));
    int[] delta = new int[parameters.size()];
    for (int i = 0; i < delta.length; i++) {
      delta[i] = random.nextBoolean() ? 1 : -1;
    }
    return delta;
  }

  /** The seed of pair {@code pair} of iteration {@code k} (both evaluations of a pair share it). */
  public long pairSeed(int k, int pair) {
    return Chunking.chunkSeed(seed, k, pair, 0);
  }

  /** The positions without a given value, in order: the reference step's searches. */
  public List<Integer> unvalued() {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (Double.isNaN(values.get(i))) {
        out.add(i);
      }
    }
    return out;
  }

  /** The seed of the reference search of position {@code position}. */
  public long referenceSeed(int position) {
    return Chunking.chunkSeed(seed, 0, 2, position);
  }

  /** The seed of confirmation pair {@code pair}. */
  public long confirmSeed(int pair) {
    return Chunking.chunkSeed(seed, 0, 1, pair);
  }

  /**
   * The reference position of pair {@code pair} of iteration {@code k}, drawn from (seed, k, pair).
   */
  public int positionOf(int k, int pair) {
    return new SplittableRandom(Rng.mix(pairSeed(k, pair), 2)).nextInt(positions.size());
  }

  /**
   * {@code match} with its search players on these two policies (same search settings and budget as
   * the template's), named {@code candidateName} and {@code baselineName}.
   */
  public static ResolvedMatch players(
      ResolvedMatch match,
      String candidateName,
      PolicySpec candidate,
      String baselineName,
      PolicySpec baseline) {
    return match.withPlayers(
        player(match.candidate(), candidateName, candidate),
        player(match.baseline(), baselineName, baseline));
  }

  private static ResolvedPlayer player(ResolvedPlayer template, String name, PolicySpec policy) {
    return new ResolvedPlayer(
        name, template.search().withPolicy(policy), template.budget(), List.of(), template.clock());
  }
}
