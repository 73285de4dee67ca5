package gofarm.search;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.life.AreaScorer;
import gofarm.life.Benson;
import gofarm.life.FinalStatus;
import gofarm.life.Ownership;
import gofarm.playout.GammaTable;
import gofarm.playout.PlayoutOwnership;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.SoftmaxPolicy;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Score;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A Monte-Carlo tree search from one position: UCT (Kocsis and Szepesvári, "Bandit based
 * Monte-Carlo planning", ECML 2006) with RAVE/AMAF values (Gelly and Silver, "Combining online and
 * offline knowledge in UCT", ICML 2007; "Monte-Carlo tree search and rapid action value estimation
 * in computer Go", AIJ 2011) blended by the minimum-MSE schedule of Silver's thesis (see {@link
 * SearchConfig}), over the playouts of {@code gofarm.playout}.
 *
 * <pre>{@code
 * Search search = new Search(SearchConfig.of(PolicySpec.parse("heavy")), game, Player.BLACK);
 * SearchContext context = search.newContext(seed);   // one per thread
 * for (int i = 0; i < 10_000; i++) {
 *   search.runPlayout(context);                       // thread-safe: call it from N threads
 * }
 * SearchResult result = search.decide();              // the move, pass or resign, and why
 * }</pre>
 *
 * <h2>One simulation</h2>
 *
 * {@link #runPlayout} copies the root onto the context's board and walks down from the root,
 * choosing at each node the child of highest value for the player to move there (ties go to the
 * first in point order) and playing it, until it reaches a leaf. A leaf with at least {@code
 * expandAfter} visits is expanded first: its children are the legal moves (simple ko, no suicide)
 * that neither fill one of the mover's own one-point eyes nor lie on a point Benson settles at the
 * root (Fuego never plays inside a Benson-safe area, GO-DIGEST §E.7). A playout of the policy then
 * finishes the game; the result goes back up the path, and every node on it updates the AMAF counts
 * of its children: a child whose move the node's player made first at that point, anywhere later in
 * the simulation, counts the simulation (Gelly and Silver; Dailey's first-play rule).
 *
 * <h2>The root</h2>
 *
 * The root's children are the moves {@link Game#isLegal} allows, so the search is superko-aware
 * where it matters, filtered like the other nodes, plus a pass (searched like any move but without
 * AMAF). Deeper in the tree and in playouts only simple ko is checked. {@link #decide} turns the
 * statistics into a move: see there for the pass and resignation rules.
 *
 * <h2>Threads</h2>
 *
 * The search starts no thread. Callers run {@link #runPlayout} from as many threads as they like,
 * each with its own {@link SearchContext}; virtual loss spreads them over the tree. With one thread
 * and a playout budget the result depends only on the position, the configuration and the seed.
 */
public final class Search {
  /** The visits the best move needs before its win rate may make the player resign. */
  public static final int MIN_RESIGN_VISITS = 50;

  /** The longest principal variation reported. */
  public static final int MAX_VARIATION = 12;

  private final SearchConfig config;
  private final Game game;
  private final Geometry geometry;
  private final Player player;
  private final byte me;
  private final PlayoutRoot root;
  private final byte[] settledOwner;
  private final Node rootNode;
  private final int maxDepth;
  private final boolean opponentPassed;
  private final double fpu;
  private final double inverseEquivalence;
  private final double exploration;
  private final int expandAfter;
  private final int virtualLoss;
  private final double priorWeight;
  private final GammaTable priorTable;
  private final List<SearchContext> contexts = new CopyOnWriteArrayList<>();
  private final long startNanos = System.nanoTime();

  /** A search for {@code player} (not necessarily the player to move) in the game's position. */
  public Search(SearchConfig config, Game game, Player player) {
    this(config, game, player, null);
  }

  /**
   * A search that continues from {@code reused}, a node of an earlier search whose position is the
   * game's current one (tree reuse), or from a new root if it is null.
   */
  Search(SearchConfig config, Game game, Player player, Node reused) {
    this(config, game, player, reused, null);
  }

  /**
   * Like {@link #Search(SearchConfig, Game, Player, Node)}, the root's points limited to {@code
   * allowed} (GNU Go's {@code restricted_genmove}); the pass stays. Null allows every point.
   */
  Search(SearchConfig config, Game game, Player player, Node reused, PointSet allowed) {
    this.config = config;
    this.game = game;
    this.geometry = game.geometry();
    this.player = player;
    this.me = player.color();
    List<Move> moves = game.moves();
    int last = moves.isEmpty() ? Point.NONE : moves.get(moves.size() - 1).point();
    int second = moves.size() < 2 ? Point.NONE : moves.get(moves.size() - 2).point();
    this.root = PlayoutRoot.of(game.board(), player, last, second, game.rules().komi());
    this.opponentPassed =
        !moves.isEmpty()
            && moves.get(moves.size() - 1).isPass()
            && moves.get(moves.size() - 1).player() == player.opponent();
    Benson.Result settled = root.settled();
    this.settledOwner = new byte[geometry.arraySize()];
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      settledOwner[p] = settled.owner(p);
    }
    this.maxDepth = gofarm.playout.Playout.maxLength(geometry);
    this.fpu = config.firstPlayUrgency();
    this.inverseEquivalence = 1.0 / config.raveEquivalence();
    this.exploration = config.exploration();
    this.expandAfter = config.expandAfter();
    this.virtualLoss = config.virtualLoss();
    this.priorWeight = config.prior();
    this.priorTable =
        priorWeight == 0
            ? null
            : config.policy().isSoftmax()
                ? config.policy().gammaTable()
                : GammaTable.defaultTable();
    this.rootNode = reused != null ? reused : new Node(Point.NONE);
    rootNode.tryStartExpansion();
    rootNode.setChildren(rootChildren(game, reused, allowed));
  }

  /**
   * The root's children: legal by the game's rules (superko), filtered, within {@code allowed}
   * unless it is null, then a pass.
   */
  private Node[] rootChildren(Game game, Node reused, PointSet allowed) {
    Board board = game.board();
    List<Node> children = new ArrayList<>();
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (board.color(p) == Color.EMPTY
          && (allowed == null || allowed.contains(p))
          && settledOwner[p] == Color.EMPTY
          && !board.isSimpleEye(p, me)
          && game.isLegal(player, p)) {
        Node old = reused == null ? null : reused.child(p);
        children.add(old != null ? old : new Node(p));
      }
    }
    Node pass = reused == null ? null : reused.child(Point.PASS);
    children.add(pass != null ? pass : new Node(Point.PASS));
    Node[] built = children.toArray(Node.NO_CHILDREN);
    if (priorTable != null) {
      List<Move> moves = game.moves();
      int last = moves.isEmpty() ? Point.NONE : moves.get(moves.size() - 1).point();
      int second = moves.size() < 2 ? Point.NONE : moves.get(moves.size() - 2).point();
      SoftmaxPolicy policy = new SoftmaxPolicy(priorTable, geometry);
      Board scratch = new Board(geometry);
      scratch.copyFrom(board);
      setPriors(policy, scratch, me, last, second, built, new double[geometry.arraySize()]);
    }
    return built;
  }

  /** The table of the tree's prior knowledge, or null without one. */
  GammaTable priorTable() {
    return priorTable;
  }

  /**
   * Gives each child the softmax policy's probability of its move (the pass gets 0) in the position
   * on {@code board}, {@code toPlay} to move.
   */
  private static void setPriors(
      SoftmaxPolicy policy,
      Board board,
      byte toPlay,
      int last,
      int secondLast,
      Node[] children,
      double[] probabilities) {
    policy.setPosition(board);
    policy.probabilities(board, toPlay, last, secondLast, probabilities);
    for (Node child : children) {
      child.prior = child.move > Point.PASS ? (float) probabilities[child.move] : 0f;
    }
  }

  public SearchConfig config() {
    return config;
  }

  public Geometry geometry() {
    return geometry;
  }

  public Player player() {
    return player;
  }

  Node rootNode() {
    return rootNode;
  }

  /**
   * A context for one thread, with its own random sequence; the search keeps it to sum its
   * statistics in {@link #decide}.
   */
  public SearchContext newContext(long seed) {
    SearchContext context = new SearchContext(this, seed);
    contexts.add(context);
    return context;
  }

  /** Simulations run so far by all contexts. */
  public long playouts() {
    long n = 0;
    for (SearchContext c : contexts) {
      n += c.playouts;
    }
    return n;
  }

  // ------------------------------------------------------------------ one simulation

  /**
   * Runs one simulation: down the tree, one playout, and back up. Thread-safe as long as each
   * thread passes its own context.
   */
  public void runPlayout(SearchContext context) {
    Board board = context.board;
    board.copyFrom(root.board());
    context.trace.clear();
    Node[] path = context.path;
    Node node = rootNode;
    path[0] = node;
    int depth = 0;
    byte toPlay = me;
    int last = root.lastMove();
    int secondLast = root.secondLastMove();
    while (depth < maxDepth) {
      Node[] children = node.children();
      if (children == null) {
        // This thread's own virtual loss on the node does not count as a visit.
        int visits = node.visits() - (depth > 0 ? virtualLoss : 0);
        if (visits < expandAfter || !node.tryStartExpansion()) {
          break;
        }
        children = expand(board, toPlay);
        if (context.priorPolicy != null && children.length > 0) {
          setPriors(context.priorPolicy, board, toPlay, last, secondLast, children, context.priors);
        }
        node.setChildren(children);
      }
      if (children.length == 0) {
        break;
      }
      Node child = select(node, children);
      child.addVisits(virtualLoss);
      int move = child.move;
      if (move == Point.PASS) {
        board.pass(toPlay);
      } else {
        board.playAssumeLegal(move, toPlay);
      }
      context.trace.add(move);
      secondLast = last;
      last = move;
      toPlay = Color.opponent(toPlay);
      path[++depth] = child;
      node = child;
    }
    byte winner = context.playout.playFrom(root, board, toPlay, last, secondLast, context.trace);
    backUp(context, depth, winner);
    countOwners(context);
    context.playouts++;
    if (winner == Color.EMPTY) {
      context.draws++;
    }
  }

  /** The children of a leaf whose position is on {@code board}, {@code toPlay} to move. */
  private Node[] expand(Board board, byte toPlay) {
    int n = 0;
    int points = geometry.pointCount();
    int[] moves = new int[points];
    for (int i = 0; i < points; i++) {
      int p = geometry.point(i);
      if (settledOwner[p] == Color.EMPTY
          && board.isLegal(p, toPlay)
          && !board.isSimpleEye(p, toPlay)) {
        moves[n++] = p;
      }
    }
    if (n == 0) {
      return Node.NO_CHILDREN;
    }
    Node[] children = new Node[n];
    for (int i = 0; i < n; i++) {
      children[i] = new Node(moves[i]);
    }
    return children;
  }

  /** The child of highest value for the player to move at {@code parent}; ties: the first. */
  private Node select(Node parent, Node[] children) {
    double logParent = exploration > 0 ? Math.log(Math.max(1, parent.visits())) : 0;
    Node best = children[0];
    double bestValue = Double.NEGATIVE_INFINITY;
    for (Node child : children) {
      double value = value(child, logParent);
      if (value > bestValue) {
        bestValue = value;
        best = child;
      }
    }
    return best;
  }

  /**
   * A child's value: {@code (1 − β)·Q + β·Q̃} with the minimum-MSE β, plus the UCB1 term for a
   * visited child; the first-play urgency without any sample; plus the progressive bias of the
   * prior, {@code w·π / (n + 1)} (0 without a prior).
   */
  private double value(Node child, double logParent) {
    int n = child.visits();
    int amafN = child.amafVisits;
    if (n == 0 && amafN == 0) {
      return fpu + priorWeight * child.prior;
    }
    double q = n == 0 ? 0 : child.halfWins() / (2.0 * n);
    double value;
    if (amafN == 0) {
      value = q;
    } else {
      double amafQ = child.amafHalfWins / (2.0 * amafN);
      double beta = amafN / (n + amafN + n * (double) amafN * inverseEquivalence);
      value = q + beta * (amafQ - q);
    }
    if (exploration > 0 && n > 0) {
      value += exploration * Math.sqrt(logParent / n);
    }
    return value + priorWeight * child.prior / (n + 1);
  }

  /**
   * Adds the result to every node on the path (taking back the virtual losses) and the AMAF counts
   * to the children of every node on it. Walking the moves backwards leaves, for each point, the
   * colour of its first play from the current depth on.
   */
  private void backUp(SearchContext context, int depth, byte winner) {
    Node[] path = context.path;
    byte opponent = Color.opponent(me);
    for (int d = 1; d <= depth; d++) {
      byte mover = (d & 1) == 1 ? me : opponent; // path[d]'s move is move d-1 of the trace
      path[d].addResult(1 - virtualLoss, reward(winner, mover));
    }
    path[0].addResult(1, reward(winner, opponent));

    int[] firstStamp = context.firstStamp;
    byte[] firstColor = context.firstColor;
    if (++context.stamp == Integer.MAX_VALUE) {
      java.util.Arrays.fill(firstStamp, 0);
      context.stamp = 1;
    }
    int stamp = context.stamp;
    var trace = context.trace;
    int i = trace.length();
    for (int d = depth - 1; d >= 0; d--) {
      while (i > d) {
        i--;
        int m = trace.move(i);
        if (m != Point.PASS) {
          firstStamp[m] = stamp;
          firstColor[m] = (i & 1) == 0 ? me : opponent;
        }
      }
      byte mover = (d & 1) == 0 ? me : opponent;
      int half = reward(winner, mover);
      Node[] children = path[d].children();
      for (Node child : children) {
        int m = child.move;
        if (m != Point.PASS && firstStamp[m] == stamp && firstColor[m] == mover) {
          child.amafVisits++;
          child.amafHalfWins += half;
        }
      }
    }
  }

  private static int reward(byte winner, byte mover) {
    return winner == mover ? 2 : winner == Color.EMPTY ? 1 : 0;
  }

  private void countOwners(SearchContext context) {
    var trace = context.trace;
    long[] black = context.ownedBlack;
    long[] white = context.ownedWhite;
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      byte o = trace.owner(p);
      if (o == Color.BLACK) {
        black[p]++;
      } else if (o == Color.WHITE) {
        white[p]++;
      }
    }
  }

  // ------------------------------------------------------------------ the decision

  /**
   * The ownership map of the simulations so far (summed over the contexts), or null before the
   * first one.
   */
  public Ownership ownership() {
    long n = 0;
    long[] black = new long[geometry.arraySize()];
    long[] white = new long[geometry.arraySize()];
    for (SearchContext c : contexts) {
      n += c.playouts;
      for (int p = 0; p < black.length; p++) {
        black[p] += c.ownedBlack[p];
        white[p] += c.ownedWhite[p];
      }
    }
    return n == 0 ? null : new Ownership(geometry, n, black, white);
  }

  /**
   * Chooses the move from the statistics; call it when no simulation is running. In this order:
   *
   * <ol>
   *   <li>pass when no move is left (every legal move fills an own eye or a settled area);
   *   <li>pass when the opponent has just passed and the game would be won: the estimate (area
   *       without the stones the search's ownership map calls dead, {@link AreaScorer}) wins, and
   *       so does GTP's {@code final_score} of the position as if this player had passed ({@link
   *       FinalStatus} with {@link PlayoutOwnership}, the opponent to move next);
   *   <li>pass when every point is settled (by Benson, or owned by one colour in at least {@link
   *       AreaScorer#OWNED} of the playouts) and the estimate does not lose: playing on can only
   *       fill territory;
   *   <li>resign when the most visited move has at least {@link #MIN_RESIGN_VISITS} visits and wins
   *       less than the configured threshold;
   *   <li>otherwise the most visited move (ties: the higher win rate); if that is the pass, it is
   *       played only if the estimate does not lose, else the most visited point.
   * </ol>
   *
   * Under {@link PassRule#TROMP_TAYLOR} every pass also needs the plain area count of the board (no
   * stone taken off) to give the same result.
   *
   * @throws IllegalStateException before the first simulation
   */
  public SearchResult decide() {
    Ownership ownership = ownership();
    if (ownership == null) {
      throw new IllegalStateException("no playout was run: a search needs at least one");
    }
    Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
    List<SearchResult.MoveStats> stats = moveStats();
    List<Integer> pv = principalVariation();
    long playouts = playouts();
    Node[] children = rootNode.children();
    Node pass = rootNode.child(Point.PASS);
    Node best = mostVisited(children, false);
    Node bestPoint = mostVisited(children, true);
    if (bestPoint == null) {
      return result(Point.PASS, false, "pass: no move left", pass, stats, pv, playouts, elapsed);
    }
    // The estimate from the search's own ownership map decides whether a pass would do. A pass
    // that ends the game (the opponent has just passed) is made only if GTP's final_score, counted
    // as if this player had passed (fresh seeded playouts for what reading leaves open), agrees: so
    // the game never ends on a claim the engine's own final_score contradicts. Under TROMP_TAYLOR
    // the plain area count of the board must agree too, for every pass.
    boolean settled = allSettled(ownership);
    Score score = new AreaScorer(geometry).score(root.board(), ownership, root.komi());
    if (config.passRule() == PassRule.TROMP_TAYLOR) {
      score = worse(score, Score.area(root.board(), root.komi()));
    }
    if (opponentPassed && mine(score) > 0) {
      score = claimedScore();
    }
    double margin = mine(score);

    if (opponentPassed && margin > 0) {
      return result(
          Point.PASS,
          false,
          "pass: the opponent passed and " + score + " wins",
          pass,
          stats,
          pv,
          playouts,
          elapsed);
    }
    if (margin >= 0 && settled) {
      return result(
          Point.PASS,
          false,
          "pass: every point is settled and " + score + " does not lose",
          pass,
          stats,
          pv,
          playouts,
          elapsed);
    }
    Node chosen = best.move == Point.PASS && margin < 0 ? bestPoint : best;
    if (config.resignThreshold() > 0
        && chosen.visits() >= MIN_RESIGN_VISITS
        && chosen.winRate() < config.resignThreshold()) {
      return result(
          chosen.move,
          true,
          String.format(
              java.util.Locale.ROOT,
              "resign: the best move wins %.1f %% < %.1f %%",
              100 * chosen.winRate(),
              100 * config.resignThreshold()),
          chosen,
          stats,
          pv,
          playouts,
          elapsed);
    }
    String reason =
        chosen.move == Point.PASS
            ? "pass: the most visited move, and " + score + " does not lose"
            : SearchResult.BEST;
    return result(chosen.move, false, reason, chosen, stats, pv, playouts, elapsed);
  }

  /** This player's lead in a score. */
  private double mine(Score score) {
    return me == Color.BLACK ? score.margin() : -score.margin();
  }

  /**
   * The score this player would claim by passing and ending the game: GTP's {@code final_score}
   * ({@link FinalStatus} with {@link PlayoutOwnership}) with the opponent to move next; under
   * {@link PassRule#TROMP_TAYLOR} the worse, for this player, of that and the plain area count.
   */
  private Score claimedScore() {
    Score finalScore = new FinalStatus(new PlayoutOwnership()).score(game, Color.opponent(me));
    return config.passRule() == PassRule.FINAL_STATUS
        ? finalScore
        : worse(finalScore, Score.area(root.board(), root.komi()));
  }

  /** The worse of two scores for this player. */
  private Score worse(Score a, Score b) {
    return mine(b) < mine(a) ? b : a;
  }

  private SearchResult result(
      int move,
      boolean resign,
      String reason,
      Node node,
      List<SearchResult.MoveStats> stats,
      List<Integer> pv,
      long playouts,
      Duration elapsed) {
    double winRate = node == null || node.visits() == 0 ? 0.5 : node.winRate();
    return new SearchResult(
        player, move, resign, reason, winRate, playouts, elapsed, stats, pv, ownership());
  }

  /** The most visited child (ties: the higher win rate, then the first); points only if asked. */
  private static Node mostVisited(Node[] children, boolean pointsOnly) {
    Node best = null;
    for (Node c : children) {
      if (pointsOnly && c.move == Point.PASS) {
        continue;
      }
      if (best == null
          || c.visits() > best.visits()
          || (c.visits() == best.visits() && c.winRate() > best.winRate())) {
        best = c;
      }
    }
    return best;
  }

  /**
   * Whether nothing is left to play for: every point is settled by Benson or owned by one colour in
   * at least {@link AreaScorer#OWNED} of the playouts, and no chain is in atari (a capture still
   * pending is work to do: random playouts take for granted that it will be made).
   */
  private boolean allSettled(Ownership ownership) {
    Board board = root.board();
    for (int i = 0; i < geometry.pointCount(); i++) {
      int p = geometry.point(i);
      if (board.color(p) != Color.EMPTY && board.libertyCount(p) == 1) {
        return false;
      }
      if (settledOwner[p] == Color.EMPTY
          && ownership.share(p, Color.BLACK) < AreaScorer.OWNED
          && ownership.share(p, Color.WHITE) < AreaScorer.OWNED) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the root's choice by visits is settled: the most visited move would stay the most
   * visited, and when it is the pass the most visited point would stay the most visited point, even
   * if every one of {@code playoutsLeft} more simulations went to its closest rival. Reads visit
   * counts only, so it may run between simulations while other threads search (their virtual losses
   * are the caller's to allow for).
   *
   * <p>{@link #decide} takes the most visited move (ties: the higher win rate), or the most visited
   * point when the pass leads but would lose; a lead of more than {@code playoutsLeft} visits
   * leaves no tie to break, so those choices cannot change. Its pass and resignation rules also
   * read the ownership map and win rates, which more playouts could still move.
   */
  boolean leadHolds(long playoutsLeft) {
    Node[] children = rootNode.children();
    if (children.length == 1) {
      return true; // the pass alone: nothing to choose
    }
    Node best = null;
    long first = -1;
    long second = -1;
    long firstPoint = -1;
    long secondPoint = -1;
    for (Node c : children) {
      long v = c.visits();
      if (v > first) {
        second = first;
        first = v;
        best = c;
      } else if (v > second) {
        second = v;
      }
      if (c.move != Point.PASS) {
        if (v > firstPoint) {
          secondPoint = firstPoint;
          firstPoint = v;
        } else if (v > secondPoint) {
          secondPoint = v;
        }
      }
    }
    if (first - second <= playoutsLeft) {
      return false;
    }
    return best.move != Point.PASS || secondPoint < 0 || firstPoint - secondPoint > playoutsLeft;
  }

  /** Statistics of every root move, most visited first (ties: point order). */
  public List<SearchResult.MoveStats> moveStats() {
    List<SearchResult.MoveStats> list = new ArrayList<>();
    for (Node c : rootNode.children()) {
      int a = c.amafVisits;
      list.add(
          new SearchResult.MoveStats(
              c.move, c.visits(), c.winRate(), a, a == 0 ? 0.5 : c.amafHalfWins / (2.0 * a)));
    }
    list.sort(Comparator.comparingInt(SearchResult.MoveStats::visits).reversed());
    return list;
  }

  /** The most visited line from the root, while the nodes have visits. */
  public List<Integer> principalVariation() {
    List<Integer> line = new ArrayList<>();
    Node node = rootNode;
    while (line.size() < MAX_VARIATION) {
      Node[] children = node.children();
      if (children == null || children.length == 0) {
        break;
      }
      Node next = mostVisited(children, false);
      if (next.visits() == 0) {
        break;
      }
      line.add(next.move);
      node = next;
    }
    return line;
  }
}
