package gofarm.wire;

import gofarm.proto.v1.Position;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;

/**
 * One position of a resolved job, after SGF sources are read and {@code everyMove} is expanded: its
 * label and the position as workers receive it.
 *
 * <p>The position is kept in its wire form only (a few bytes a move), not as a board, so that a
 * coordinator holding many queued jobs of 1000 positions stays small; {@link #game} rebuilds the
 * board when someone needs to look at it.
 *
 * @param label the unique name of the position in the job, for tables and file names
 * @param position the validated, normalized position sent to workers in every chunk: setup in
 *     row-major order, the moves since the setup, the player to move always set
 */
public record JobPosition(String label, Position position) {
  public int size() {
    return position.getSize();
  }

  public Player toPlay() {
    return position.getToPlay() == gofarm.proto.v1.Color.WHITE ? Player.WHITE : Player.BLACK;
  }

  /**
   * The game of the position under the job's rules (validated when the job was resolved).
   *
   * @throws IllegalStateException if the position is not valid under these rules
   */
  public Game game(Rules rules) {
    Violations v = new Violations();
    Game game = Codec.game(position, rules, "position", v);
    if (game == null) {
      throw new IllegalStateException("position " + label + " is not valid: " + v.description());
    }
    return game;
  }
}
