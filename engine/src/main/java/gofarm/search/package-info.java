/**
 * The search player: Monte-Carlo tree search with UCT and RAVE over the playouts of {@code
 * gofarm.playout}. {@link gofarm.search.Search} is the tree of one position with a thread-safe
 * {@link gofarm.search.Search#runPlayout} step and the pass and resignation rules of {@link
 * gofarm.search.Search#decide}; {@link gofarm.search.SearchContext} is one thread's scratch state;
 * {@link gofarm.search.SearchPlayer} runs a {@link gofarm.search.Budget} (playouts or time) on the
 * caller's threads and keeps the tree between moves; {@link gofarm.search.SearchConfig} holds the
 * parameters (β schedule, first-play urgency, expansion, virtual loss, resignation, {@link
 * gofarm.search.EarlyStop}); {@link gofarm.search.SearchResult} is what a search found. Game
 * clocks: {@link gofarm.search.TimeSettings} (none, absolute, Canadian or Japanese byo-yomi),
 * {@link gofarm.search.GameClock} (one player's time under them) and {@link
 * gofarm.search.TimeAllocator} (a move's budget from the clock), shared by GTP and match games.
 *
 * <p>Depends on {@code gofarm.board}, {@code gofarm.rules}, {@code gofarm.life} (Benson and the
 * area scorer behind the pass rule) and {@code gofarm.playout}. Never starts a thread: callers hand
 * in an executor or loop on {@code runPlayout} themselves. The tree allocates its nodes; the
 * simulation loop allocates nothing else.
 */
package gofarm.search;
