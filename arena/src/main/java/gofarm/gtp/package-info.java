/**
 * The engine side of the Go Text Protocol, version 2: {@link gofarm.gtp.GtpEngine} reads commands
 * and answers them over a reader and a writer, holding one {@link gofarm.rules.Game} and, once a
 * controller sets one, both colours' game clocks; {@link gofarm.gtp.MoveGenerator} is the search it
 * asks for {@code genmove}.
 *
 * <p>Depends on {@code gofarm.board}, {@code gofarm.rules}, {@code gofarm.io} (SGF for {@code
 * loadsgf} and {@code printsgf}), {@code gofarm.playout} and {@code gofarm.search} (the move
 * generator, the clocks); nothing in board-core depends on it. Not hot: idiomatic Java. Never logs:
 * everything goes into the responses.
 */
package gofarm.gtp;
