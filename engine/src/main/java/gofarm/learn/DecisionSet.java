package gofarm.learn;

import java.util.Arrays;

/**
 * A growable store of decisions: positions in which a player chose one move among candidates, each
 * candidate described by its feature values, one per group of a {@link FeatureLayout} or none.
 *
 * <pre>{@code
 * DecisionSet data = new DecisionSet(layout);     // groups of ids 0..999 and 1000..1002
 * data.startDecision();
 * data.addCandidate(new int[] {12, -1});          // candidate 0: value 12, nothing in group 1
 * data.addCandidate(new int[] {7, 1001});         // candidate 1
 * data.endDecision(1);                            // the player chose candidate 1
 * }</pre>
 *
 * <p>Struct of arrays, no object per candidate: candidate {@code k} (numbered over the whole store)
 * has its feature ids at {@code features[k * groupCount + g]} ({@link #NONE} for no value in group
 * g); decision {@code d} owns candidates {@code [first[d], first[d + 1])} and chose {@code
 * chosen[d]}. Arrays grow by doubling, so 10^7 candidates of 10 groups take 400 MB of ints (plus
 * the old array while one grows). A decision needs at least one candidate; one with a single
 * candidate is kept but {@link MinorizationMaximization#accumulate} skips it (a forced choice says
 * nothing about the strengths). Not thread-safe: filled by one thread, then only read.
 */
public final class DecisionSet {
  /** The feature id of "no value in this group". */
  public static final int NONE = -1;

  // The largest array length every JVM allows.
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private final FeatureLayout layout;
  private final int groups;

  // Package-private for MinorizationMaximization's loop; only this class writes them.
  int[] features;
  int[] first;
  int[] chosen;

  private int candidateCount;
  private int decisionCount;
  private boolean open;
  private int maxCandidates;

  /** An empty store for candidates described by {@code layout}. */
  public DecisionSet(FeatureLayout layout) {
    this(layout, 16, 256);
  }

  /** An empty store with room for the given numbers before it first grows. */
  public DecisionSet(FeatureLayout layout, int decisionCapacity, int candidateCapacity) {
    if (decisionCapacity < 1 || candidateCapacity < 1) {
      throw new IllegalArgumentException(
          "capacities must be >= 1 (got "
              + decisionCapacity
              + " decisions, "
              + candidateCapacity
              + " candidates)");
    }
    this.layout = layout;
    this.groups = layout.groupCount();
    if ((long) candidateCapacity * groups > MAX_ARRAY || decisionCapacity >= MAX_ARRAY) {
      throw new IllegalArgumentException("capacity too large for one array");
    }
    features = new int[candidateCapacity * groups];
    first = new int[decisionCapacity + 1];
    chosen = new int[decisionCapacity];
  }

  /** Opens a decision; candidates added until {@link #endDecision} belong to it. */
  public void startDecision() {
    if (open) {
      throw new IllegalStateException("decision " + decisionCount + " is still open");
    }
    open = true;
    first[decisionCount] = candidateCount;
  }

  /**
   * Adds a candidate to the open decision: {@code featuresByGroup[g]} is its value in group g (an
   * id in {@code [layout.start(g), layout.end(g))}) or {@link #NONE}. The array is copied.
   *
   * @return the candidate's index within the decision, as {@link #endDecision} takes it
   * @throws IllegalArgumentException if the array's length is not the group count or an id is
   *     outside its group's range (nothing is stored then)
   * @throws IllegalStateException if no decision is open
   */
  public int addCandidate(int[] featuresByGroup) {
    if (!open) {
      throw new IllegalStateException("addCandidate outside a decision: call startDecision first");
    }
    if (featuresByGroup.length != groups) {
      throw new IllegalArgumentException(
          "a candidate needs one feature per group: "
              + groups
              + " groups, got "
              + featuresByGroup.length);
    }
    for (int g = 0; g < groups; g++) {
      int id = featuresByGroup[g];
      if (id != NONE && (id < layout.start(g) || id >= layout.end(g))) {
        throw new IllegalArgumentException(
            "group "
                + g
                + " ('"
                + layout.groupName(g)
                + "'): feature id "
                + id
                + " outside ["
                + layout.start(g)
                + ", "
                + layout.end(g)
                + ") and not NONE");
      }
    }
    int at = ensureCandidateRoom();
    System.arraycopy(featuresByGroup, 0, features, at, groups);
    candidateCount++;
    return candidateCount - 1 - first[decisionCount];
  }

  /**
   * Closes the open decision with its chosen candidate.
   *
   * @param chosenCandidate the index within the decision, as {@link #addCandidate} returned it
   * @throws IllegalArgumentException if the index is not one of the decision's candidates (the
   *     decision stays open)
   * @throws IllegalStateException if no decision is open
   */
  public void endDecision(int chosenCandidate) {
    if (!open) {
      throw new IllegalStateException("endDecision without startDecision");
    }
    int n = candidateCount - first[decisionCount];
    if (chosenCandidate < 0 || chosenCandidate >= n) {
      throw new IllegalArgumentException(
          "decision "
              + decisionCount
              + ": chosen candidate "
              + chosenCandidate
              + " outside its "
              + n
              + " candidates [0, "
              + n
              + ")");
    }
    ensureDecisionRoom();
    chosen[decisionCount] = first[decisionCount] + chosenCandidate;
    decisionCount++;
    first[decisionCount] = candidateCount;
    maxCandidates = Math.max(maxCandidates, n);
    open = false;
  }

  public FeatureLayout layout() {
    return layout;
  }

  /** Closed decisions. */
  public int decisionCount() {
    return decisionCount;
  }

  /** Candidates stored, those of an open decision included. */
  public int candidateCount() {
    return candidateCount;
  }

  /** The most candidates of any closed decision (0 if none). */
  public int maxCandidatesPerDecision() {
    return maxCandidates;
  }

  /** Whether a decision is open (started and not ended). */
  public boolean isOpen() {
    return open;
  }

  /** The store index of decision {@code d}'s first candidate. */
  public int firstCandidate(int d) {
    checkDecision(d);
    return first[d];
  }

  /** The number of candidates of decision {@code d}. */
  public int candidateCount(int d) {
    checkDecision(d);
    return first[d + 1] - first[d];
  }

  /** The store index of the candidate decision {@code d} chose. */
  public int chosenCandidate(int d) {
    checkDecision(d);
    return chosen[d];
  }

  /** The value of candidate {@code k} (a store index) in group {@code g}, or {@link #NONE}. */
  public int feature(int k, int g) {
    if (k < 0 || k >= candidateCount) {
      throw new IllegalArgumentException("candidate " + k + " outside [0, " + candidateCount + ")");
    }
    if (g < 0 || g >= groups) {
      throw new IllegalArgumentException("group " + g + " outside [0, " + groups + ")");
    }
    return features[k * groups + g];
  }

  private void checkDecision(int d) {
    if (d < 0 || d >= decisionCount) {
      throw new IllegalArgumentException("decision " + d + " outside [0, " + decisionCount + ")");
    }
  }

  /** Room for one more candidate; returns its offset in {@code features}. */
  private int ensureCandidateRoom() {
    long need = (long) (candidateCount + 1) * groups;
    if (need > features.length) {
      features = Arrays.copyOf(features, grown(features.length, need, "candidates"));
    }
    return candidateCount * groups;
  }

  private void ensureDecisionRoom() {
    // first holds one more entry than chosen: the end of the last decision.
    if (decisionCount + 1 >= first.length) {
      int length = grown(first.length, decisionCount + 2L, "decisions");
      first = Arrays.copyOf(first, length);
      chosen = Arrays.copyOf(chosen, length - 1);
    }
  }

  private static int grown(int length, long need, String what) {
    if (need > MAX_ARRAY) {
      throw new IllegalStateException("too many " + what + " for one array (" + need + ")");
    }
    return (int) Math.min(MAX_ARRAY, Math.max(need, 2L * length));
  }
}
