package gofarm.match;

/**
 * How a match game that ends with two passes (or at the move limit) is scored.
 *
 * <ul>
 *   <li>{@link #CLEANUP} (the default): each player that can is asked {@code final_score}; if both
 *       answer and agree, that is the result. Otherwise the game goes on in a cleanup phase where
 *       both sides play {@code kgs-genmove_cleanup} (gofarm's search captures the dead stones it
 *       sees; an engine without the command plays {@code genmove}) until two more passes, and the
 *       board is then counted by plain area (Tromp-Taylor: stones and surrounded empty points,
 *       nothing taken off). No estimate can change a result: either both players say so, or the
 *       stones are really captured on the board.
 *   <li>{@link #REFEREE}: a referee engine (e.g. {@code gnugo --mode gtp --chinese-rules}) is given
 *       the game and its {@code final_score} is the result.
 *   <li>{@link #ESTIMATE}: the rule before adjudication existed, fast and fallible: Benson, then
 *       {@link MatchGame#ESTIMATE_PLAYOUTS} light playouts from the final position, stones the
 *       other colour owns in 90 % of them taken off, then counted by area.
 * </ul>
 */
public enum Adjudication {
  CLEANUP,
  REFEREE,
  ESTIMATE
}
