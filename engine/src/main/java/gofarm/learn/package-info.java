/**
 * Learning the strengths of a softmax move policy: the minorization-maximization arithmetic of
 * Coulom's generalised Bradley-Terry model over the policy's features (the features themselves, and
 * the playouts that use them, live in {@code gofarm.playout}).
 *
 * <p>{@link gofarm.learn.FeatureLayout} names the feature groups and numbers their values; {@link
 * gofarm.learn.DecisionSet} stores decisions (the candidates of a position, each a team of feature
 * values, and the one chosen) in primitive arrays; {@link gofarm.learn.MinorizationMaximization}
 * turns a range of decisions into {@link gofarm.learn.MmSums} for one group and the added sums into
 * that group's new strengths. {@link gofarm.learn.GameDecisions} turns game records into decisions
 * as the softmax policy sees them, and {@link gofarm.learn.FitShard} is the work of one fit chunk.
 * Workers compute sums over shards of decisions, the coordinator adds them in a fixed order and
 * updates; the same inputs give the same bits.
 *
 * <p>References: R. Coulom, "Computing Elo Ratings of Move Patterns in the Game of Go", ICGA
 * Journal 30(4), 2007; D. R. Hunter, "MM algorithms for generalized Bradley-Terry models", Annals
 * of Statistics 32(1), 2004.
 *
 * <p>Pure arithmetic: no threads, no I/O. May use {@code gofarm.board}, {@code gofarm.rules},
 * {@code gofarm.io} (game records, as parsed values), {@code gofarm.life} and {@code
 * gofarm.playout}; {@code gofarm.search} may use it.
 */
package gofarm.learn;
