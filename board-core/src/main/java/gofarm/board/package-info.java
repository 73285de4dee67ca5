/**
 * The fast board: points in a padded one-dimensional layout ({@link gofarm.board.Geometry}),
 * colours as bytes ({@link gofarm.board.Color}), incremental chains with exact liberties and undo
 * ({@link gofarm.board.Board}), bitsets ({@link gofarm.board.PointSet}), O(1)-clear marks ({@link
 * gofarm.board.Marker}) and fixed Zobrist keys ({@link gofarm.board.Zobrist}).
 *
 * <p>Depends on the JDK only and on no other gofarm package. Hot code: no allocation per move, no
 * boxing, no streams or lambdas in the move loop. The board knows simple ko only; everything else
 * about the rules is in {@code gofarm.rules}.
 */
package gofarm.board;
