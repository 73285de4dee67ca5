/**
 * Life and death: what is settled on a board, and the final status of every stone at the end of a
 * game. {@link gofarm.life.Benson} finds the chains that are unconditionally alive (pass-alive,
 * Benson 1976) with their safe territory and the dead stones in it; {@link
 * gofarm.life.EyeEstimator} estimates the minimum and maximum number of eyes of every group from
 * its eye spaces (false and half eyes judged by reading, and the small shapes of {@link
 * gofarm.life.EyeShape} with GNU Go style four-digit values and vital points); {@link
 * gofarm.life.Reading} reads chains by search (tactics, and life and death or races in an area,
 * with GNU Go's ko result codes and a komaster), {@link gofarm.life.Semeai} reports a capturing
 * race as GNU Go's pair; {@link gofarm.life.FinalStatus} decides every stone of a finished game in
 * layers (Benson, eyes, local reading, tactics, then playouts through its {@code Estimator} for
 * what is left) and counts the area score; {@link gofarm.life.AreaScorer} is the older estimate
 * (Benson, then an ownership threshold), kept for match games scored by {@code ESTIMATE}.
 *
 * <p>Depends on {@code gofarm.board} and {@code gofarm.rules} only; {@code gofarm.playout} and
 * {@code gofarm.gtp} use it, never the reverse (the playouts behind {@code FinalStatus}'s last
 * layer come in through its {@code Estimator}). {@code Benson} is fast enough to run at the root of
 * every evaluation (reusable scratch arrays, no allocation but its result); the rest is plain Java.
 * Never spawns threads; one instance of each class per thread.
 */
package gofarm.life;
