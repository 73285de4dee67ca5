/**
 * Playouts: Monte-Carlo games from a position to the end under a policy. A policy is data ({@link
 * gofarm.playout.PolicySpec}: rules of the kinds in {@link gofarm.playout.RuleKind} with rates and
 * parameters), compiled per thread into a {@link gofarm.playout.PlayoutPolicy}; {@link
 * gofarm.playout.Playout} runs games and adds their results to mergeable {@link
 * gofarm.playout.PlayoutStats}; policies that only ask which chains are in atari run through {@code
 * LightPolicy} on {@code LightBoard}, a pseudo-liberty board that plays exactly like {@link
 * gofarm.board.Board}. {@link gofarm.playout.FlatMonteCarlo} chooses moves from playouts. The
 * softmax policy ({@link gofarm.playout.SoftmaxPolicy}, the rule {@code softmax}) draws every move
 * with probability proportional to the product of its features' γ ({@link
 * gofarm.playout.FeatureGroup}, {@link gofarm.playout.FeatureSpace}, {@link
 * gofarm.playout.PatternKeys}), from a {@link gofarm.playout.GammaTable} that {@code gofarm.learn}
 * fits to game records; it keeps its strengths per point and updates those a move changes.
 *
 * <p>Where each rule lives (each written once):
 *
 * <ul>
 *   <li>{@code PlayoutRules}, the base of both policies: the local capture, the local extension
 *       with its rescue of a chain in atari ({@code save}: counter-captures, then the extension on
 *       its liberty), and the random rule with the eye rule.
 *   <li>{@link gofarm.playout.PlayoutPolicy} alone (they need exact liberties): the global capture
 *       and extension, two-lib, nakade ({@code Nakade}), the 3x3 patterns ({@code Pattern3}),
 *       ladder reading for extensions ({@code Ladder}), and the self-atari and settled filters.
 *   <li>The board queries the rules ask (colour, chain, atari, last liberty, legality, the eye
 *       shape, liberties after a play) are answered by {@link gofarm.board.Board} and {@code
 *       LightBoard}, each from its own representation; {@code LightBoardTest} checks that they
 *       agree and that both policies choose the same moves draw for draw.
 * </ul>
 *
 * <p>Depends on {@code gofarm.board} and {@code gofarm.rules} (and may use {@code gofarm.life}).
 * Hot code: no allocation per playout or per move, no boxing, iterators, streams or lambdas in the
 * loop; every loop has a bound. Never spawns threads.
 */
package gofarm.playout;
