package gofarm.coordinator.grpc;

import gofarm.coordinator.metrics.CoordinatorMetrics;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.Channel;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandler;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioIoHandler;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cap on the TCP connections a Netty gRPC server keeps open at once: one more is closed as soon
 * as it is accepted, before TLS or HTTP/2 spend anything on it, counted in {@code
 * gofarm_coordinator_connections_refused_total} and logged, at most one line per {@link #LOG_EVERY}
 * (a flood cannot fill the log).
 *
 * <pre>{@code
 * ConnectionLimit limit = new ConnectionLimit(10_000, metrics);
 * limit.applyTo(nettyServerBuilder); // ... and limit.close() once the server has stopped
 * }</pre>
 *
 * <p>How: gRPC has no such option (grpc-java issue 1886), and a {@code ServerTransportFilter} hears
 * of a connection only after its handshake and cannot close it. So the server's listening channel
 * comes from {@link NettyServerBuilder#channelFactory}, a supported option, with this handler first
 * in its pipeline: it sees each accepted connection before Netty's acceptor registers it, and
 * closes it unregistered the way that acceptor closes one it cannot register. Netty wants the event
 * loops given with the channel factory, so this owns them: NIO, which every platform has (gRPC's
 * default would be epoll on Linux), one accepting thread and Netty's default number of workers.
 *
 * <p>Thread-safe; one limit may serve several listening addresses.
 */
@ChannelHandler.Sharable
public final class ConnectionLimit extends ChannelInboundHandlerAdapter implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimit.class);

  /** How often refusals are logged, summed, while they go on. */
  public static final Duration LOG_EVERY = Duration.ofSeconds(10);

  private final int max;
  private final CoordinatorMetrics metrics;
  private final AtomicInteger open = new AtomicInteger();
  private final EventLoopGroup boss =
      new MultiThreadIoEventLoopGroup(
          1, new DefaultThreadFactory("grpc-accept", true), NioIoHandler.newFactory());
  private final EventLoopGroup workers =
      new MultiThreadIoEventLoopGroup(
          0, new DefaultThreadFactory("grpc-worker", true), NioIoHandler.newFactory());

  /** Refusals since the last line logged. Guarded by {@code this}. */
  private long refusedSinceLog;

  /** Whether a summary line is due: refusals are being counted, not logged. Guarded by this. */
  private boolean summing;

  /**
   * @param max the connections kept open at once, at least 1
   */
  public ConnectionLimit(int max, CoordinatorMetrics metrics) {
    if (max < 1) {
      throw new IllegalArgumentException(
          "the connections at once must be at least 1 (got " + max + ")");
    }
    this.max = max;
    this.metrics = metrics;
  }

  /** Makes {@code builder}'s server listen through this limit, on this limit's event loops. */
  public void applyTo(NettyServerBuilder builder) {
    builder
        .bossEventLoopGroup(boss)
        .workerEventLoopGroup(workers)
        .channelFactory(
            () -> {
              NioServerSocketChannel listening = new NioServerSocketChannel();
              listening.pipeline().addFirst(this);
              return listening;
            });
  }

  /** The connections open now. */
  public int open() {
    return open.get();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object accepted) {
    Channel connection = (Channel) accepted;
    if (open.incrementAndGet() > max) {
      open.decrementAndGet();
      SocketAddress from = connection.remoteAddress();
      connection.unsafe().closeForcibly();
      metrics.connectionRefused();
      refused(ctx, from);
      return;
    }
    metrics.connectionsOpen(1);
    connection
        .closeFuture()
        .addListener(
            closed -> {
              open.decrementAndGet();
              metrics.connectionsOpen(-1);
            });
    ctx.fireChannelRead(connection);
  }

  /**
   * Logs the first refusal after a quiet spell at once, then every {@link #LOG_EVERY} how many more
   * there were, until a spell without any.
   */
  private synchronized void refused(ChannelHandlerContext ctx, SocketAddress from) {
    if (summing) {
      refusedSinceLog++;
      return;
    }
    summing = true;
    LOG.warn(
        "refused a connection from {}: {} are open, the most --max-connections allows; further"
            + " refusals are logged every {} s, summed",
        from,
        max,
        LOG_EVERY.toSeconds());
    scheduleSummary(ctx);
  }

  private void scheduleSummary(ChannelHandlerContext ctx) {
    try {
      ctx.executor().schedule(() -> summary(ctx), LOG_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stopping) {
      summing = false; // the server is stopping: no more refusals to sum
    }
  }

  private synchronized void summary(ChannelHandlerContext ctx) {
    if (refusedSinceLog == 0) {
      summing = false;
      return;
    }
    LOG.warn(
        "refused {} more connections in the last {} s: {} are open, the most --max-connections"
            + " allows",
        refusedSinceLog,
        LOG_EVERY.toSeconds(),
        max);
    refusedSinceLog = 0;
    scheduleSummary(ctx);
  }

  /** Stops the event loops: call once the server has terminated. */
  @Override
  public void close() {
    boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }
}
