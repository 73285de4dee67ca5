package gofarm.wire;

import gofarm.match.Adjudication;
import gofarm.rules.Rules;
import gofarm.stats.Sprt;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A validated {@code match} job in core terms: what the coordinator plans, leases and counts. Made
 * by {@link JobSpecs#resolve}.
 *
 * <p>Game pair {@code k} is one chunk: the candidate plays black in its first game and white in its
 * second, both from opening {@code k}; its seed is {@link #pairSeed}. All of it is a function of
 * the spec alone.
 *
 * @param name the job's description, possibly empty
 * @param seed the job's seed
 * @param priority -100..100, higher first
 * @param rules the rules of every game (komi, ko rule, suicide)
 * @param size the board size, 2..25
 * @param candidate the player under test
 * @param baseline the reference player
 * @param openings openings from SGF, used in turn, or an empty list for random openings
 * @param randomMoves with no SGF openings, random balanced moves before each pair (0: the empty
 *     board)
 * @param pairs game pairs to play at most, 1..100,000
 * @param sprt the stopping test, or null to play every pair
 * @param maxMoves moves per game after which it is scored as it stands
 * @param adjudication how games that end on the board are scored
 * @param referee the referee engine of {@link Adjudication#REFEREE} (an engine player), else null
 */
public record ResolvedMatch(
    String name,
    long seed,
    int priority,
    Rules rules,
    int size,
    ResolvedPlayer candidate,
    ResolvedPlayer baseline,
    List<JobPosition> openings,
    int randomMoves,
    int pairs,
    Sprt sprt,
    int maxMoves,
    Adjudication adjudication,
    ResolvedPlayer referee)
    implements ResolvedJob {

  public ResolvedMatch {
    openings = List.copyOf(openings);
  }

  /** This match between other players, everything else the same. */
  public ResolvedMatch withPlayers(ResolvedPlayer candidate, ResolvedPlayer baseline) {
    return with(candidate, baseline, pairs, sprt);
  }

  /** This match with another pair count and stopping test, everything else the same. */
  public ResolvedMatch withPairs(int pairs, Sprt sprt) {
    return with(candidate, baseline, pairs, sprt);
  }

  private ResolvedMatch with(
      ResolvedPlayer candidate, ResolvedPlayer baseline, int pairs, Sprt sprt) {
    return new ResolvedMatch(
        name,
        seed,
        priority,
        rules,
        size,
        candidate,
        baseline,
        openings,
        randomMoves,
        pairs,
        sprt,
        maxMoves,
        adjudication,
        referee);
  }

  /** The SGF opening of pair {@code pair}, or null when pairs start from random moves. */
  public JobPosition opening(int pair) {
    return openings.isEmpty() ? null : openings.get(pair % openings.size());
  }

  /** The seed of game pair {@code pair}. */
  public long pairSeed(int pair) {
    return Chunking.chunkSeed(seed, 0, 0, pair);
  }

  /** The engine programs a worker needs to play this match, in name order (often none). */
  public Set<String> engines() {
    Set<String> programs = new TreeSet<>();
    for (ResolvedPlayer p : List.of(candidate, baseline)) {
      if (p.isEngine()) {
        programs.add(p.program());
      }
    }
    if (referee != null) {
      programs.add(referee.program());
    }
    return programs;
  }

  /** Whether the games depend only on the spec (no player searches by time). */
  public boolean deterministic() {
    return candidate.deterministic() && baseline.deterministic();
  }
}
