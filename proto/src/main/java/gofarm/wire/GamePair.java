package gofarm.wire;

import gofarm.match.Adjudication;
import gofarm.match.Opening;
import gofarm.match.PlayerSpec;
import gofarm.rules.Rules;

/**
 * A match chunk as a worker runs it, decoded from a {@code ChunkAssignment} by {@link
 * WorkerProtocol#gamePair}: two games between the candidate and the baseline from one opening, the
 * candidate black in the first.
 *
 * @param key which chunk this is, to send back with the result
 * @param rules the rules of both games
 * @param candidate the player under test
 * @param baseline the reference player
 * @param opening where both games start: the opening given, or the random one drawn from the seed
 * @param maxMoves moves per game after the opening before it is scored as it stands
 * @param seed the pair's seed: the random opening and both players' searches
 * @param adjudication how games that end on the board are scored
 * @param referee the referee engine of REFEREE, else null
 */
public record GamePair(
    ChunkKey key,
    Rules rules,
    PlayerSpec candidate,
    PlayerSpec baseline,
    Opening opening,
    int maxMoves,
    long seed,
    Adjudication adjudication,
    PlayerSpec.Gtp referee) {}
