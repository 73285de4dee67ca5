/**
 * Match statistics, in plain Java: game pairs as pentanomial counts ({@link
 * gofarm.stats.Pentanomial}) or single games as win/draw/loss counts ({@link
 * gofarm.stats.WinDrawLoss}), the Elo difference with its 95 % interval, the likelihood of
 * superiority and the normalized Elo ({@link gofarm.stats.EloEstimate}), and the generalized
 * sequential probability ratio test on them ({@link gofarm.stats.Sprt}, after Michel Van den
 * Bergh's notes, as Fishtest runs it), the Elo estimate once such a test has stopped, corrected for
 * the stop ({@link gofarm.stats.StopAwareElo}, on the Brownian model of the LLR in {@code
 * Brownian}), and the arithmetic of SPSA tuning with Fishtest's gains ({@link gofarm.stats.Spsa}).
 *
 * <p>Depends on the JDK only: no board, no game. The match runner ({@code gofarm.match}) and the
 * coordinator feed it counts; nothing here knows where they come from.
 */
package gofarm.stats;
