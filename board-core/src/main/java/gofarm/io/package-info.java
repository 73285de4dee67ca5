/**
 * Text formats of positions and games: SGF game records ({@code Sgf}), ASCII diagrams ({@link
 * gofarm.io.Diagram}) and point names.
 *
 * <p>Depends on {@code gofarm.board} and {@code gofarm.rules}. Every parser validates its input and
 * fails with a message that names the line, the column and what was expected.
 */
package gofarm.io;
