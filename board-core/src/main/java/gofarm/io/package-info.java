/**
 * Text formats of positions and games: SGF game records ({@link gofarm.io.Sgf} reads and writes
 * them, {@link gofarm.io.SgfGame} is one game along its main line, made of {@link
 * gofarm.io.SgfNode}s, replayed into a {@code Game}) and ASCII diagrams ({@link
 * gofarm.io.Diagram}). Pictures are drawn by the client, not here.
 *
 * <p>Depends on {@code gofarm.board} and {@code gofarm.rules}. Every parser validates its input and
 * fails with a message that names the line, the column and what was expected ({@link
 * gofarm.io.SgfParseException}); a record whose moves break its rules fails when it is replayed,
 * naming the move ({@link gofarm.io.SgfReplayException}). Not hot: idiomatic Java.
 */
package gofarm.io;
