/**
 * Life and death: what is settled on a board. {@link gofarm.life.Benson} finds the chains that are
 * unconditionally alive (pass-alive, Benson 1976) with their safe territory and the dead stones in
 * it; {@link gofarm.life.EyeEstimator} estimates the minimum and maximum number of eyes of every
 * group from its eye spaces (false and half eyes, and the small shapes of {@link
 * gofarm.life.EyeShape} with GNU Go style four-digit values and vital points); {@link
 * gofarm.life.AreaScorer} gives every stone its final status and counts a finished game by area
 * without the stones that Benson or an ownership estimate from playouts ({@link
 * gofarm.life.Ownership}) calls dead.
 *
 * <p>Depends on {@code gofarm.board} and {@code gofarm.rules} only; {@code gofarm.playout} and
 * {@code gofarm.gtp} use it, never the reverse. {@code Benson} is fast enough to run at the root of
 * every evaluation (reusable scratch arrays, no allocation but its result); the rest is plain Java.
 * Never spawns threads; one instance of each class per thread.
 */
package gofarm.life;
