/**
 * The rules of a game on top of the board: {@link gofarm.rules.Game} (turn order, passes, superko,
 * handicap, undo, history), {@link gofarm.rules.Rules} (komi, ko rule, suicide), area {@link
 * gofarm.rules.Score}, and the {@link gofarm.rules.Player} enum used at the edges.
 *
 * <p>Depends on {@code gofarm.board} only. Not hot: idiomatic Java is fine here.
 */
package gofarm.rules;
