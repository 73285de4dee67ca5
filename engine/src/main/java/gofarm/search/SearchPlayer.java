package gofarm.search;

import gofarm.board.PointSet;
import gofarm.playout.Rng;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A Go player that searches each move with {@link Search} under a {@link Budget}, on the calling
 * thread and, if it was given an executor, on more threads of the caller's; it keeps the subtree of
 * the moves played since its last search when the configuration asks for tree reuse.
 *
 * <pre>{@code
 * SearchPlayer player = new SearchPlayer(SearchConfig.of(PolicySpec.parse("heavy")),
 *     Budget.playouts(10_000), seed);                    // one thread: reproducible
 * SearchResult r = player.decide(game, game.toPlay());
 * if (!r.resign()) game.play(r.player(), r.move());
 *
 * ExecutorService pool = Executors.newFixedThreadPool(3); // the caller's threads
 * SearchPlayer fast = new SearchPlayer(config, Budget.time(Duration.ofSeconds(1)), seed, 4, pool);
 * }</pre>
 *
 * <p>The seed of a move's search is {@code Rng.mix(seed, moves played so far)}, and thread t's
 * random sequence is {@code Rng.mix(thatSeed, t)}: with one thread and a playout budget the same
 * game gives the same moves on any machine. With more threads, or a time budget, the moves depend
 * on timing. Not thread-safe: one game at a time.
 *
 * <p>A search stops before its budget is spent when the configuration's {@link EarlyStop} applies
 * to the budget and the most visited move can no longer be overtaken; on one thread that is still a
 * function of the seed, and the move is the one the full budget would choose.
 */
public final class SearchPlayer {
  private final SearchConfig config;
  private final Budget budget;
  private final long seed;
  private final int threads;
  private final Executor executor;

  // A playout budget's limit when it has none, and the claim count that stops every thread: far
  // apart, and far from overflowing however many threads claim past it.
  private static final long NO_LIMIT = Long.MAX_VALUE / 4;
  private static final long STOPPED = Long.MAX_VALUE / 2;

  /** Claims between two early-stop checks: a check reads every root child, a playout far more. */
  static final int EARLY_STOP_INTERVAL = 16;

  // Tree reuse: the root of the last search and the moves of the game it was made for.
  private Node reusable;
  private List<Move> reusableMoves;
  private Rules reusableRules;
  private gofarm.board.Geometry reusableGeometry;
  private Player reusablePlayer;
  private SearchResult lastResult;

  /** A player that searches on the calling thread only. */
  public SearchPlayer(SearchConfig config, Budget budget, long seed) {
    this(config, budget, seed, 1, null);
  }

  /**
   * A player that searches on {@code threads} threads: the calling one and {@code threads - 1}
   * tasks handed to {@code executor}, which must be able to run them at the same time. {@code
   * budget} is what {@link #decide(Game, Player)} spends; null for a player that is always given
   * one (a player on a game clock).
   *
   * @throws IllegalArgumentException if threads is not 1..1024, or more than one without executor
   */
  public SearchPlayer(
      SearchConfig config, Budget budget, long seed, int threads, Executor executor) {
    if (threads < 1 || threads > 1024) {
      throw new IllegalArgumentException("threads must be 1..1024 (got " + threads + ")");
    }
    if (threads > 1 && executor == null) {
      throw new IllegalArgumentException(
          "an executor is needed for " + threads + " threads (board-core starts none)");
    }
    this.config = config;
    this.budget = budget;
    this.seed = seed;
    this.threads = threads;
    this.executor = executor;
  }

  public SearchConfig config() {
    return config;
  }

  public Budget budget() {
    return budget;
  }

  public int threads() {
    return threads;
  }

  /** The result of the last {@link #decide}, or null before the first. */
  public SearchResult lastResult() {
    return lastResult;
  }

  /** Forgets the kept subtree (a new game, or a position set up by other means). */
  public void clearTree() {
    reusable = null;
    reusableMoves = null;
  }

  /**
   * Searches the game's position for {@code player} under the budget and decides. The game is not
   * changed (its board is read, and its superko test plays and takes back each root move).
   */
  public SearchResult decide(Game game, Player player) {
    if (budget == null) {
      throw new IllegalStateException("this player has no budget of its own: pass one to decide");
    }
    return decide(game, player, budget);
  }

  /**
   * Like {@link #decide(Game, Player)}, under {@code budget} instead of the player's own: how a
   * game clock gives each move its share ({@link TimeAllocator}).
   */
  public SearchResult decide(Game game, Player player, Budget budget) {
    return decide(game, player, budget, null);
  }

  /**
   * Like {@link #decide(Game, Player)}, choosing only among the points of {@code allowed} or a pass
   * (GNU Go's {@code restricted_genmove}): the root has no other children, below it the search is
   * the usual one.
   */
  public SearchResult decide(Game game, Player player, PointSet allowed) {
    if (budget == null) {
      throw new IllegalStateException("this player has no budget of its own: pass one to decide");
    }
    return decide(game, player, budget, allowed);
  }

  private SearchResult decide(Game game, Player player, Budget budget, PointSet allowed) {
    Search search = new Search(config, game, player, reusedRoot(game, player), allowed);
    run(search, Rng.mix(seed, game.moves().size()), budget);
    SearchResult result = search.decide();
    lastResult = result;
    if (config.treeReuse()) {
      reusable = search.rootNode();
      reusableMoves = List.copyOf(game.moves());
      reusableRules = game.rules();
      reusableGeometry = game.geometry();
      reusablePlayer = player;
    }
    return result;
  }

  /**
   * The node of the kept tree for the game's position: found by following the moves played since
   * the last search, if they extend that game and alternate as the tree does; else null.
   */
  private Node reusedRoot(Game game, Player player) {
    if (!config.treeReuse() || reusable == null) {
      return null;
    }
    List<Move> moves = game.moves();
    int from = reusableMoves.size();
    if (game.geometry() != reusableGeometry
        || !game.rules().equals(reusableRules)
        || moves.size() <= from
        || !moves.subList(0, from).equals(reusableMoves)) {
      return null;
    }
    Node node = reusable;
    Player mover = reusablePlayer;
    for (int i = from; i < moves.size(); i++) {
      Move m = moves.get(i);
      if (m.player() != mover) {
        return null;
      }
      node = node.child(m.point());
      if (node == null) {
        return null;
      }
      mover = mover.opponent();
    }
    return mover == player ? node : null;
  }

  /**
   * Runs simulations until the budget is spent, or, when the configuration's {@link EarlyStop}
   * applies to it, until the most visited move cannot change ({@link Stop}), on the calling thread
   * and the executor's.
   */
  private void run(Search search, long moveSeed, Budget budget) {
    long limit = budget.playouts() > 0 ? budget.playouts() : NO_LIMIT;
    long start = System.nanoTime();
    // No deadline is a deadline a century away: nanoTime differences never overflow then.
    long deadline =
        start
            + (budget.time() == null
                ? 100L * 365 * 24 * 3600 * 1_000_000_000L
                : budget.time().toNanos());
    Stop stop =
        config.earlyStop().appliesTo(budget)
            ? new Stop(search, limit, budget.time() != null, start, deadline, threads, config)
            : null;
    AtomicLong claimed = new AtomicLong();
    List<SearchContext> contexts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      contexts.add(search.newContext(Rng.mix(moveSeed, t)));
    }
    // The first simulation runs whatever the time, so that there is something to decide on.
    claimed.incrementAndGet();
    search.runPlayout(contexts.get(0));
    if (threads == 1) {
      loop(search, contexts.get(0), claimed, limit, deadline, stop);
      return;
    }
    CountDownLatch done = new CountDownLatch(threads - 1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int t = 1; t < threads; t++) {
      SearchContext context = contexts.get(t);
      executor.execute(
          () -> {
            try {
              loop(search, context, claimed, limit, deadline, stop);
            } catch (Throwable e) {
              failure.compareAndSet(null, e);
              claimed.set(STOPPED); // stops the others
            } finally {
              done.countDown();
            }
          });
    }
    try {
      loop(search, contexts.get(0), claimed, limit, deadline, stop);
    } catch (RuntimeException | Error e) {
      claimed.set(STOPPED);
      failure.compareAndSet(null, e);
    }
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
        claimed.set(STOPPED);
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable e = failure.get();
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error err) {
      throw err;
    }
    if (e != null) {
      throw new IllegalStateException(e);
    }
  }

  private static void loop(
      Search search,
      SearchContext context,
      AtomicLong claimed,
      long limit,
      long deadline,
      Stop stop) {
    long n;
    while ((n = claimed.incrementAndGet()) <= limit && System.nanoTime() - deadline < 0) {
      if (stop != null && n % EARLY_STOP_INTERVAL == 0 && stop.settled(n)) {
        claimed.set(STOPPED);
        break;
      }
      search.runPlayout(context);
    }
  }

  /**
   * Early stopping: whether the most visited root move can still be overtaken in what is left of
   * the budget ({@link Search#leadHolds}). A playout budget leaves its unclaimed playouts; a time
   * budget the playouts its time left would run at the rate so far (so the stop there is an
   * estimate, as in Pachi). Checked every {@link #EARLY_STOP_INTERVAL} claims, at fixed counts, so
   * that a search on one thread stays a function of its seed and stops after a prefix of the
   * playouts the full budget would run. With more threads the simulations in flight are added to
   * what is left, and their virtual losses to the lead they may overstate.
   */
  private static final class Stop {
    private final Search search;
    private final long limit;
    private final boolean timed;
    private final long start;
    private final long deadline;
    private final long slack;

    Stop(
        Search search,
        long limit,
        boolean timed,
        long start,
        long deadline,
        int threads,
        SearchConfig config) {
      this.search = search;
      this.limit = limit;
      this.timed = timed;
      this.start = start;
      this.deadline = deadline;
      this.slack = (threads - 1) * (long) (config.virtualLoss() + 1);
    }

    /** Whether the search may stop at claim {@code n} (n - 1 simulations claimed before it). */
    boolean settled(long n) {
      long left = limit == NO_LIMIT ? Long.MAX_VALUE : limit - n + 1;
      if (timed) {
        long now = System.nanoTime();
        double rate = (n - 1) / (double) Math.max(1, now - start);
        left = Math.min(left, (long) Math.ceil(rate * Math.max(0, deadline - now)));
      }
      return left < NO_LIMIT && search.leadHolds(left + slack);
    }
  }
}
