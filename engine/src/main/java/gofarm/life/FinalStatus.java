package gofarm.life;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Score;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The final status of every stone of a finished game (alive, dead or in seki) and the game's area
 * score, decided in layers that read, each used only for the chains the ones before leave open.
 *
 * <pre>{@code
 * FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());  // or null: no playouts
 * FinalStatus.Statuses statuses = finalStatus.statuses(game);
 * statuses.dead();                                 // the stones taken off
 * Score score = finalStatus.score(game);           // as GTP final_score
 * }</pre>
 *
 * <h2>Layers</h2>
 *
 * <ol>
 *   <li><b>Benson</b>: pass-alive chains are alive, chains in the other colour's safe territory
 *       dead.
 *   <li><b>Eyes</b>: the chains of a group with two sure eyes ({@link EyeEstimator}'s minimum, its
 *       false-eye test fed by tactical reading) are alive, unless one of them is short of
 *       liberties.
 *   <li><b>Local reading</b>: a chain shut in a region of the other colour (the connected points
 *       not of that colour around it) of at most {@link #MAX_LOCAL_AREA} points, {@link
 *       #MAX_LOCAL_EMPTY} of them empty, is read there by {@link Reading#attackIn}: every point of
 *       the region, and the stones and liberties of the enemy chains around it that are not
 *       pass-alive, are moves for both sides. Dead if it is captured whoever moves first, alive if
 *       it cannot be captured even when the opponent moves first; this decides eye shapes, nakade,
 *       seki and capturing races inside the region exactly.
 *   <li><b>Tactics</b>: any other chain with at most three liberties is read by {@link Reading}'s
 *       tactical search (ladders, nets, captures, kos under the game's ko rule and history). It is
 *       dead if the opponent captures it even when its owner moves first; alive if it can be
 *       captured only by retaking a ko first ({@code KO_B}: after two passes the position stands,
 *       so a ko the opponent would have to win first keeps it on the board). Under simple ko the
 *       passes make the retake of a ko left open legal again: a stone in atari in a ko is won by
 *       whoever moves first, and goes to the next layer.
 *   <li><b>Who moves first</b>: when every chain that the local reading (or, for a ko under simple
 *       ko, the tactics) finds that whoever moves first wins hangs on one fight (they share an
 *       attack or a defence move), the player to move wins it, as play would go on; several such
 *       fights are left to the playouts.
 *   <li><b>Playouts</b>: what is still open gets an ownership estimate from the {@link Estimator}
 *       (heavy playouts from the position, the player to move first, so that fights are played
 *       out): {@link #QUICK_PLAYOUTS}, and {@link #FULL_PLAYOUTS} when a chain's share is near the
 *       threshold; a chain is dead if the other colour owns it in at least {@link #DEAD_SHARE} of
 *       them. Without an estimator such a chain is alive: without evidence, no stone is taken off.
 * </ol>
 *
 * Finally, living chains that are not pass-alive and share a liberty that neither side can fill
 * without putting itself in atari are in <b>seki</b>.
 *
 * <h2>Score</h2>
 *
 * {@link #score} counts by area after the play that would follow: the dead chains are captured by
 * their opponent filling their liberties (so the capturer's stones stay on a ko or a dame point it
 * takes while capturing), then the neutral points that one side can fill without putting itself in
 * atari are filled in turn, starting with the player to move, as both players would before counting
 * (GNU Go's aftermath does the same); shared liberties of a seki stay empty. Then stones and the
 * empty points that reach only one colour count (Tromp-Taylor), plus komi. Eyes inside a seki count
 * for their owner, as area scoring counts them.
 *
 * <p>Not thread-safe: one instance per thread (the estimator may hold scratch state).
 */
public final class FinalStatus {
  /** The largest region of the other colour in which a chain is read locally. */
  public static final int MAX_LOCAL_AREA = 20;

  /** The node budget of each local reading. */
  public static final long LOCAL_BUDGET = 5_000;

  /** The most empty points in a region read locally (the search grows with them). */
  public static final int MAX_LOCAL_EMPTY = 12;

  /** The share of playouts the other colour must own a chain in for playouts to call it dead. */
  public static final double DEAD_SHARE = 0.7;

  /** The playouts asked for first. */
  public static final int QUICK_PLAYOUTS = 250;

  /**
   * The playouts asked for when a chain's share after the first ones is within {@link #NEAR} of
   * {@link #DEAD_SHARE}, so that the answer is stable.
   */
  public static final int FULL_PLAYOUTS = 1000;

  /** How close to the threshold a share must be to ask for {@link #FULL_PLAYOUTS}. */
  public static final double NEAR = 0.15;

  /** The final status of a stone, in GTP's {@code final_status_list} words. */
  public enum Status {
    ALIVE("alive"),
    DEAD("dead"),
    SEKI("seki");

    private final String gtpName;

    Status(String gtpName) {
      this.gtpName = gtpName;
    }

    public String gtpName() {
      return gtpName;
    }
  }

  /** Which layer decided a chain's status. */
  public enum Layer {
    BENSON,
    EYES,
    TACTICS,
    READING,
    PLAYOUTS,
    /** Nothing decided it; it stays on the board. */
    UNREAD
  }

  /** An ownership estimate by playouts, asked for only when reading leaves chains open. */
  @FunctionalInterface
  public interface Estimator {
    /**
     * The ownership of the game's position from about this many playouts, the player to move first.
     */
    Ownership estimate(Game game, int playouts);
  }

  /**
   * The stones of each final status, and which layer decided each stone.
   *
   * @param alive stones that stay on the board and are not in seki
   * @param dead stones taken off before counting
   * @param seki living stones in seki
   * @param decidedBy per layer, the stones it decided
   */
  public record Statuses(
      PointSet alive, PointSet dead, PointSet seki, Map<Layer, PointSet> decidedBy) {
    /** The stones of {@code status} (a copy). */
    public PointSet of(Status status) {
      return switch (status) {
        case ALIVE -> alive.copy();
        case DEAD -> dead.copy();
        case SEKI -> seki.copy();
      };
    }

    /** The stones that layer decided (a copy). */
    public PointSet decidedBy(Layer layer) {
      return decidedBy.get(layer).copy();
    }
  }

  private static final byte OPEN = 0;
  private static final byte ALIVE = 1;
  private static final byte DEAD = 2;

  /** A chain that whoever moves first wins, with the attack and defence moves that do it. */
  private record Critical(int head, int attack, int defence, Layer by) {}

  private final Estimator estimator;

  /** Final status with playouts from {@code estimator} for what reading leaves open, or none. */
  public FinalStatus(Estimator estimator) {
    this.estimator = estimator;
  }

  /** The final status of every stone of the game's current position. */
  public Statuses statuses(Game game) {
    return statuses(game, game.toPlay().color());
  }

  /**
   * The final status of every stone of the game's current position if {@code toPlay} were to move
   * next (the search asks as if it had passed).
   */
  public Statuses statuses(Game game, byte toPlay) {
    Board board = game.board();
    Geometry g = board.geometry();
    Benson.Result settled = new Benson(g).compute(board);
    Reading reading = Reading.of(game);
    byte[] verdict = new byte[g.arraySize()];
    Layer[] layer = new Layer[g.arraySize()];
    int[] heads = chainHeads(board);
    for (int h : heads) {
      if (settled.isAlive(h)) {
        decide(verdict, layer, h, ALIVE, Layer.BENSON);
      } else if (settled.isDead(h)) {
        decide(verdict, layer, h, DEAD, Layer.BENSON);
      }
    }
    // Groups with two sure eyes (the eye estimate's minimum, its false-eye test fed by reading),
    // none of whose chains is short of liberties.
    List<Group> groups = new EyeEstimator(g).estimate(board);
    for (Group group : groups) {
      if (group.minEyes() < 2) {
        continue;
      }
      PointSet stones = group.stones();
      boolean roomy = true;
      for (int p = stones.next(0); p >= 0 && roomy; p = stones.next(p + 1)) {
        roomy = board.libertyCount(p) >= 2;
      }
      for (int p = stones.next(0); p >= 0 && roomy; p = stones.next(p + 1)) {
        int h = board.chainHead(p);
        if (verdict[h] == OPEN) {
          decide(verdict, layer, h, ALIVE, Layer.EYES);
        }
      }
    }
    List<Critical> critical = new ArrayList<>();
    boolean simpleKo = game.rules().koRule() == KoRule.SIMPLE;
    for (int h : heads) {
      if (verdict[h] != OPEN) {
        continue;
      }
      PointSet region = LocalLife.region(board, h);
      if (region.cardinality() <= MAX_LOCAL_AREA
          && region.copy().and(board.points(Color.EMPTY)).cardinality() <= MAX_LOCAL_EMPTY) {
        readLocally(board, settled, reading, h, region, verdict, layer, critical);
      } else if (board.libertyCount(h) <= 3) {
        readTactics(board, simpleKo, reading, h, verdict, layer, critical);
      }
    }
    resolveSingleFight(board, critical, toPlay, verdict, layer);
    boolean open = false;
    for (int h : heads) {
      open |= verdict[h] == OPEN;
    }
    if (open && estimator != null) {
      Ownership ownership = estimator.estimate(game, QUICK_PLAYOUTS);
      for (int h : heads) {
        if (verdict[h] == OPEN && Math.abs(enemyShare(board, ownership, h) - DEAD_SHARE) < NEAR) {
          ownership = estimator.estimate(game, FULL_PLAYOUTS);
          break;
        }
      }
      for (int h : heads) {
        if (verdict[h] == OPEN) {
          byte v = enemyShare(board, ownership, h) >= DEAD_SHARE ? DEAD : ALIVE;
          decide(verdict, layer, h, v, Layer.PLAYOUTS);
        }
      }
    }
    PointSet alive = new PointSet(g);
    PointSet dead = new PointSet(g);
    Map<Layer, PointSet> decidedBy = new EnumMap<>(Layer.class);
    for (Layer l : Layer.values()) {
      decidedBy.put(l, new PointSet(g));
    }
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (Color.isPlayer(board.color(p))) {
        int h = board.chainHead(p);
        (verdict[h] == DEAD ? dead : alive).add(p);
        decidedBy.get(layer[h] == null ? Layer.UNREAD : layer[h]).add(p);
      }
    }
    PointSet seki = seki(board, settled, alive);
    alive.andNot(seki);
    return new Statuses(alive, dead, seki, decidedBy);
  }

  /** The area score of the game's position after the play that would follow (class comment). */
  public Score score(Game game) {
    return score(game, statuses(game), game.toPlay().color());
  }

  /** The same if {@code toPlay} were to move next. */
  public Score score(Game game, byte toPlay) {
    return score(game, statuses(game, toPlay), toPlay);
  }

  /**
   * The area score of the game's position with these statuses, {@code toPlay} to move next (class
   * comment).
   */
  public static Score score(Game game, Statuses statuses, byte toPlay) {
    Board board = game.board();
    Geometry g = board.geometry();
    Marker marker = new Marker(g);
    Board b = new Board(g);
    b.copyFrom(board);
    captureDead(b, statuses.dead(), marker);
    byte[] colors = b.colors();
    PointSet dead = statuses.dead();
    for (int p = dead.next(0); p >= 0; p = dead.next(p + 1)) {
      if (colors[p] == board.color(p)) {
        colors[p] = Color.EMPTY; // a dead chain the filling could not capture
      }
    }
    Board counted = new Board(g);
    counted.setPosition(colors); // taking chains off never leaves another without liberties
    fillDame(counted, statuses.seki(), toPlay, marker);
    return Score.area(counted, game.rules().komi());
  }

  /**
   * A legal move of {@code player} that works towards capturing the dead enemy chains of {@code
   * statuses} (KGS's cleanup phase): the tactical attack move if {@link Reading} finds one, else a
   * liberty where the stone keeps two liberties or captures; {@code Point.NONE} when no dead enemy
   * stone is left or none of them can be approached.
   */
  public static int captureMove(Game game, byte player, Statuses statuses) {
    PointSet dead = statuses.dead();
    byte enemy = Color.opponent(player);
    Board board = game.board();
    Player mover = player == Color.BLACK ? Player.BLACK : Player.WHITE;
    Reading reading = Reading.of(game);
    Marker marker = new Marker(game.geometry());
    int[] libs = new int[game.geometry().pointCount()];
    boolean[] seen = new boolean[game.geometry().arraySize()];
    for (int p = dead.next(0); p >= 0; p = dead.next(p + 1)) {
      if (board.color(p) != enemy || seen[board.chainHead(p)]) {
        continue;
      }
      seen[board.chainHead(p)] = true;
      Reading.Result attack = reading.attack(p);
      if (attack.code() >= Reading.KO_A
          && attack.move() != Point.NONE
          && game.isLegal(mover, attack.move())) {
        return attack.move();
      }
      int n = board.liberties(p, libs, libs.length, marker);
      for (int i = 0; i < n; i++) {
        int l = libs[i];
        if (game.isLegal(mover, l)
            && (n == 1 || board.libertiesAfterPlay(l, player, 2, marker) >= 2)) {
          return l;
        }
      }
    }
    return Point.NONE;
  }

  // ---------------------------------------------------------------- layers

  private static void readTactics(
      Board board,
      boolean simpleKo,
      Reading reading,
      int h,
      byte[] verdict,
      Layer[] layer,
      List<Critical> critical) {
    reading.setBudget(Reading.DEFAULT_NODES);
    Reading.Result attack = reading.attack(h);
    if (!attack.exact()) {
      return;
    }
    if (attack.code() == Reading.KO_B) {
      decide(verdict, layer, h, ALIVE, Layer.TACTICS); // only a ko retake would capture it
    } else if (attack.code() >= Reading.KO_A) {
      Reading.Result defend = reading.defend(h);
      if (defend.exact() && defend.code() < Reading.KO_A) {
        decide(verdict, layer, h, DEAD, Layer.TACTICS);
      } else if (defend.exact()
          && simpleKo
          && (inKo(board, h, attack.move()) || retakesKo(board, h, attack.move()))) {
        // A ko left open at the end: under simple ko the passes made the retake legal again, so
        // whoever moves first takes it. The single-fight layer gives it to the player to move, as
        // play would go on (GNU Go's play-out after the passes does too). Under superko the
        // retake would repeat the board: KO_B above. The same for a chain that falls only to the
        // retake (its owner, moving first, connects the ko).
        critical.add(new Critical(h, attack.move(), defend.move(), Layer.TACTICS));
      }
    }
  }

  /**
   * Whether the chain at {@code h} is one stone in atari in a ko: the capture at its liberty would
   * leave the capturing stone with the captured point as its only liberty.
   */
  private static boolean inKo(Board board, int h, int liberty) {
    if (board.chainSize(h) != 1 || board.libertyCount(h) != 1 || liberty < 0) {
      return false;
    }
    byte own = board.color(h);
    for (int k = 0; k < 4; k++) {
      int n = board.geometry().neighbour(liberty, k);
      byte c = board.color(n);
      if (n != h && c != own && c != Color.WALL) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code move} against the chain at {@code h} retakes a ko: it captures a stone of that
   * chain's colour that is in atari in a ko ({@link #inKo}), not the chain itself.
   */
  private static boolean retakesKo(Board board, int h, int move) {
    if (move < 0) {
      return false;
    }
    for (int k = 0; k < 4; k++) {
      int n = board.geometry().neighbour(move, k);
      if (board.color(n) == board.color(h)
          && board.chainHead(n) != board.chainHead(h)
          && inKo(board, n, move)) {
        return true;
      }
    }
    return false;
  }

  private static void readLocally(
      Board board,
      Benson.Result settled,
      Reading reading,
      int h,
      PointSet region,
      byte[] verdict,
      Layer[] layer,
      List<Critical> critical) {
    PointSet area = localArea(board, settled, region);
    reading.setBudget(LOCAL_BUDGET);
    Reading.Result attack = reading.attackIn(h, area);
    if (!attack.exact()) {
      return;
    }
    if (attack.code() < Reading.KO_A) {
      decide(verdict, layer, h, ALIVE, Layer.READING);
      return;
    }
    Reading.Result defend = reading.defendIn(h, area);
    if (defend.exact() && defend.code() < Reading.KO_A) {
      decide(verdict, layer, h, DEAD, Layer.READING);
    } else if (defend.exact()) {
      critical.add(new Critical(h, attack.move(), defend.move(), Layer.READING));
    }
  }

  /**
   * When all the chains that whoever moves first wins hang on one fight (they share an attack or a
   * defence move), the player to move wins it, as play would go on. Several fights are left to the
   * playouts, which share them out between the players.
   */
  private static void resolveSingleFight(
      Board board, List<Critical> critical, byte toPlay, byte[] verdict, Layer[] layer) {
    critical.removeIf(c -> verdict[c.head()] != OPEN); // decided by a later layer
    if (critical.isEmpty()) {
      return;
    }
    Critical first = critical.get(0);
    for (Critical c : critical) {
      boolean linked =
          c.attack() == first.attack()
              || c.defence() == first.defence()
              || c.attack() == first.defence()
              || c.defence() == first.attack();
      if (!linked) {
        return;
      }
    }
    for (Critical c : critical) {
      byte v = board.color(c.head()) == toPlay ? ALIVE : DEAD;
      decide(verdict, layer, c.head(), v, c.by());
    }
  }

  /**
   * The moves of a local reading in {@code region} (a chain's own stones and the empty points
   * around them up to the enemy): its points, and the stones and liberties of the enemy chains next
   * to it that are not pass-alive. Stones are in it because they can be captured and their points
   * played again (a nakade after a capture); moves are tried only where the board is empty.
   */
  static PointSet localArea(Board board, Benson.Result settled, PointSet region) {
    PointSet area = region.copy();
    PointSet around = region.copy().dilate().andNot(region);
    for (int p = around.next(0); p >= 0; p = around.next(p + 1)) {
      if (Color.isPlayer(board.color(p)) && !settled.isAlive(p)) {
        PointSet chain = board.chainStones(p);
        area.or(chain).or(chain.copy().dilate().and(board.points(Color.EMPTY)));
      }
    }
    return area;
  }

  private static double enemyShare(Board board, Ownership ownership, int h) {
    byte enemy = Color.opponent(board.color(h));
    double sum = 0;
    int s = h;
    do {
      sum += ownership.share(s, enemy);
      s = board.nextInChain(s);
    } while (s != h);
    return sum / board.chainSize(h);
  }

  private static void decide(byte[] verdict, Layer[] layer, int h, byte v, Layer by) {
    verdict[h] = v;
    layer[h] = by;
  }

  private static int[] chainHeads(Board board) {
    Geometry g = board.geometry();
    int[] heads = new int[g.pointCount()];
    int n = 0;
    for (int i = 0; i < g.pointCount(); i++) {
      int p = g.point(i);
      if (Color.isPlayer(board.color(p)) && board.chainHead(p) == p) {
        heads[n++] = p;
      }
    }
    return Arrays.copyOf(heads, n);
  }

  // ---------------------------------------------------------------- seki

  /**
   * The living chains, not pass-alive, next to a shared liberty that neither side can fill without
   * putting itself in atari (or committing suicide).
   */
  private static PointSet seki(Board board, Benson.Result settled, PointSet alive) {
    Geometry g = board.geometry();
    int stride = g.stride();
    Marker marker = new Marker(g);
    PointSet seki = new PointSet(g);
    for (int i = 0; i < g.pointCount(); i++) {
      int l = g.point(i);
      if (board.color(l) != Color.EMPTY) {
        continue;
      }
      int[] around = {l - stride, l - 1, l + 1, l + stride};
      boolean black = false;
      boolean white = false;
      for (int n : around) {
        if (alive.contains(n) && !settled.isAlive(n)) {
          black |= board.color(n) == Color.BLACK;
          white |= board.color(n) == Color.WHITE;
        }
      }
      if (black
          && white
          && !fillable(board, l, Color.BLACK, marker)
          && !fillable(board, l, Color.WHITE, marker)) {
        for (int n : around) {
          if (alive.contains(n) && !settled.isAlive(n)) {
            seki.or(board.chainStones(n));
          }
        }
      }
    }
    return seki;
  }

  /** Whether {@code player} can play at l without suicide and keep two liberties, or capture. */
  private static boolean fillable(Board board, int l, byte player, Marker marker) {
    return !board.isSuicide(l, player)
        && (board.isCapture(l, player) || board.libertiesAfterPlay(l, player, 2, marker) >= 2);
  }

  // ---------------------------------------------------------------- the play before counting

  /**
   * Captures the dead chains as play would: the capturer fills their liberties (one that keeps its
   * stone two liberties, or the last one), and its stones stay where they are.
   */
  private static void captureDead(Board b, PointSet dead, Marker marker) {
    Geometry g = b.geometry();
    int[] libs = new int[g.pointCount()];
    for (int p = dead.next(0); p >= 0; p = dead.next(p + 1)) {
      byte c = b.color(p);
      if (!Color.isPlayer(c)) {
        continue;
      }
      byte capturer = Color.opponent(c);
      for (int guard = 0; b.color(p) == c && guard < g.pointCount(); guard++) {
        int n = b.liberties(p, libs, libs.length, marker);
        int chosen = -1;
        for (int i = 0; i < n && chosen < 0; i++) {
          int l = libs[i];
          if (!b.isSuicide(l, capturer)
              && (n == 1 || b.libertiesAfterPlay(l, capturer, 2, marker) >= 2)) {
            chosen = l;
          }
        }
        if (chosen < 0) {
          break;
        }
        if (chosen == b.koPoint() && capturer == b.koColor()) {
          b.pass(c); // the owner of a dead chain has no use for the ko ban
        }
        b.playAssumeLegal(chosen, capturer);
      }
    }
  }

  /** The largest empty region whose points are filled as dame before counting. */
  public static final int MAX_DAME_REGION = 4;

  /** Whether the empty region of p has at most MAX_DAME_REGION points (a gap, not open space). */
  private static boolean smallNeutral(Board b, int p) {
    Geometry g = b.geometry();
    PointSet region = PointSet.component(p, b.points(Color.EMPTY));
    return region.cardinality() <= MAX_DAME_REGION;
  }

  /**
   * Fills the neutral points (empty, next to both colours, not a liberty of a seki) in turn,
   * starting with {@code toPlay}: a player fills one where its stone keeps two liberties, or
   * passes; two passes end it.
   */
  private static void fillDame(Board b, PointSet seki, byte toPlay, Marker marker) {
    Geometry g = b.geometry();
    byte mover = toPlay;
    int passes = 0;
    while (passes < 2) {
      int chosen = -1;
      for (int i = 0; i < g.pointCount() && chosen < 0; i++) {
        int p = g.point(i);
        if (b.color(p) != Color.EMPTY || (p == b.koPoint() && mover == b.koColor())) {
          continue;
        }
        boolean black = false;
        boolean white = false;
        boolean sekiLiberty = false;
        for (int k = 0; k < 4; k++) {
          int n = g.neighbour(p, k);
          black |= b.color(n) == Color.BLACK;
          white |= b.color(n) == Color.WHITE;
          sekiLiberty |= seki.contains(n);
        }
        if (black
            && white
            && !sekiLiberty
            && smallNeutral(b, p)
            && !b.isSuicide(p, mover)
            && b.libertiesAfterPlay(p, mover, 2, marker) >= 2) {
          chosen = p;
        }
      }
      if (chosen < 0) {
        b.pass(mover);
        passes++;
      } else {
        b.playAssumeLegal(chosen, mover);
        passes = 0;
      }
      mover = Color.opponent(mover);
    }
  }
}
