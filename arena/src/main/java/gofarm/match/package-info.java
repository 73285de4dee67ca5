/**
 * Games between players, for experiments: {@link gofarm.match.MatchGame} plays one game, or a
 * colour-swapped pair from the same {@link gofarm.match.Opening}, between two {@link
 * gofarm.match.MatchPlayer}s built from {@link gofarm.match.PlayerSpec}s (a search player with a
 * policy and a budget, or an external GTP engine such as GNU Go), and returns each game as a {@link
 * gofarm.match.GameRecord} with its SGF; a {@link gofarm.match.PairResult} gives the pair's
 * pentanomial class for {@code gofarm.stats}. A game that ends on the board is scored by an {@link
 * gofarm.match.Adjudication}: the players' agreeing {@code final_score} or a cleanup phase ({@code
 * CLEANUP}), a {@link gofarm.match.Referee} engine ({@code REFEREE}), or the old estimate ({@code
 * ESTIMATE}); each record says how ({@link gofarm.match.Scoring}). Players may play on a game clock
 * ({@code gofarm.search.TimeSettings}), which the game referees: a move that outlasts it loses on
 * time.
 *
 * <p>Depends on every other board-core package: {@code search} for the players, {@code gtp} for the
 * external engines ({@code GtpClient} runs them as processes, the only thing started here; no
 * thread is), {@code life} and {@code playout} to score finished games, {@code io} for SGF, {@code
 * stats} for the pair classes. Not hot: idiomatic Java.
 */
package gofarm.match;
