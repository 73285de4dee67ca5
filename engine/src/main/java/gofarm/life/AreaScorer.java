package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.PointSet;
import gofarm.rules.Score;

/**
 * An area score of a finished game that first takes off the stones that are dead by Benson or by an
 * ownership estimate (the other colour owns them in at least {@link #OWNED} of the playouts), so
 * its quality is that of the estimate; then it counts stones and the empty regions that reach only
 * one colour (Tromp-Taylor), plus komi.
 *
 * <h2>Final status of a chain</h2>
 *
 * Decided per chain (all its stones alike), in this order:
 *
 * <ol>
 *   <li>{@code alive} if {@link Benson} calls it pass-alive, {@code dead} if it lies in the other
 *       colour's Benson-safe territory;
 *   <li>{@code dead} if the other colour owns its stones in at least 90 % of the playouts on
 *       average, {@code alive} if its own colour does;
 *   <li>{@code seki} if neither colour reaches 90 % and it shares a liberty with an enemy chain
 *       that neither colour reaches 90 % on either: two undecided chains living off the same
 *       liberties are the mark of a seki, which playouts resolve either way at random;
 *   <li>{@code alive} otherwise: without evidence, a stone is not taken off the board.
 * </ol>
 *
 * Without an ownership estimate only Benson decides, and everything else is alive. Seki stones stay
 * on the board and their shared liberties, which reach both colours, are dame.
 */
public final class AreaScorer {
  /** The share of playouts a colour must own a chain in for the estimate to decide it. */
  public static final double OWNED = 0.9;

  /**
   * The stones of each final status.
   *
   * @param alive stones that stay on the board and count
   * @param dead stones taken off before counting
   * @param seki stones that stay on the board in seki
   */
  public record Statuses(PointSet alive, PointSet dead, PointSet seki) {
    /** The stones of {@code status}. */
    public PointSet of(FinalStatus.Status status) {
      return switch (status) {
        case ALIVE -> alive.copy();
        case DEAD -> dead.copy();
        case SEKI -> seki.copy();
      };
    }
  }

  private final Geometry geometry;
  private final Benson benson;

  public AreaScorer(Geometry geometry) {
    this.geometry = geometry;
    this.benson = new Benson(geometry);
  }

  /**
   * The final status of every stone on {@code board}.
   *
   * @param ownership the estimate, or null to let Benson alone decide
   * @throws IllegalArgumentException if the board or the estimate is of another size
   */
  public Statuses statuses(Board board, Ownership ownership) {
    if (board.geometry() != geometry || (ownership != null && ownership.geometry() != geometry)) {
      throw new IllegalArgumentException(
          "AreaScorer for "
              + geometry
              + " cannot score a "
              + (board.geometry() != geometry ? board.geometry() : ownership.geometry())
              + " "
              + (board.geometry() != geometry ? "board" : "ownership estimate"));
    }
    Benson.Result settled = benson.compute(board);
    byte[] verdict = new byte[geometry.arraySize()]; // per chain head: 0 undecided, 1 alive, 2 dead
    for (int i = 0; i < geometry.pointCount(); i++) {
      int h = geometry.point(i);
      byte c = board.color(h);
      if (!Color.isPlayer(c) || board.chainHead(h) != h) {
        continue;
      }
      if (settled.isAlive(h)) {
        verdict[h] = 1;
      } else if (settled.isDead(h)) {
        verdict[h] = 2;
      } else if (ownership == null) {
        verdict[h] = 1;
      } else {
        double own = 0;
        double other = 0;
        int s = h;
        do {
          own += ownership.share(s, c);
          other += ownership.share(s, Color.opponent(c));
          s = board.nextInChain(s);
        } while (s != h);
        int n = board.chainSize(h);
        verdict[h] = other / n >= OWNED ? (byte) 2 : own / n >= OWNED ? (byte) 1 : (byte) 0;
      }
    }
    PointSet alive = new PointSet(geometry);
    PointSet dead = new PointSet(geometry);
    PointSet seki = new PointSet(geometry);
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (!Color.isPlayer(board.color(p))) {
        continue;
      }
      int h = board.chainHead(p);
      switch (verdict[h]) {
        case 1 -> alive.add(p);
        case 2 -> dead.add(p);
        default -> (sharesLibertyWithUndecidedEnemy(board, h, verdict) ? seki : alive).add(p);
      }
    }
    return new Statuses(alive, dead, seki);
  }

  /** The area score of {@code board} with the dead stones taken off. */
  public Score score(Board board, Ownership ownership, double komi) {
    PointSet dead = statuses(board, ownership).dead();
    byte[] colors = board.colors();
    for (int p = dead.next(0); p >= 0; p = dead.next(p + 1)) {
      colors[p] = Color.EMPTY;
    }
    Board cleaned = new Board(geometry);
    cleaned.setPosition(colors); // taking chains off never leaves another without liberties
    return Score.area(cleaned, komi);
  }

  private boolean sharesLibertyWithUndecidedEnemy(Board board, int head, byte[] verdict) {
    byte enemy = Color.opponent(board.color(head));
    int s = head;
    do {
      for (int k = 0; k < 4; k++) {
        int e = geometry.neighbour(s, k);
        if (board.color(e) != Color.EMPTY) {
          continue;
        }
        for (int j = 0; j < 4; j++) {
          int a = geometry.neighbour(e, j);
          if (board.color(a) == enemy && verdict[board.chainHead(a)] == 0) {
            return true;
          }
        }
      }
      s = board.nextInChain(s);
    } while (s != head);
    return false;
  }
}
