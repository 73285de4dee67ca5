/**
 * Playouts: Monte-Carlo games from a position to the end under a policy. A policy is data ({@link
 * gofarm.playout.PolicySpec}: rules of the kinds in {@link gofarm.playout.RuleKind} with rates and
 * parameters), compiled per thread into a {@link gofarm.playout.PlayoutPolicy}; {@link
 * gofarm.playout.Playout} runs games and adds their results to mergeable {@link
 * gofarm.playout.PlayoutStats}; policies that only ask which chains are in atari run through {@code
 * LightPolicy} on {@code LightBoard}, a pseudo-liberty board that plays exactly like {@link
 * gofarm.board.Board}. {@link gofarm.playout.FlatMonteCarlo} chooses moves from playouts.
 *
 * <p>Depends on {@code gofarm.board} and {@code gofarm.rules} (and may use {@code gofarm.life}).
 * Hot code: no allocation per playout or per move, no boxing, iterators, streams or lambdas in the
 * loop; every loop has a bound. Never spawns threads.
 */
package gofarm.playout;
