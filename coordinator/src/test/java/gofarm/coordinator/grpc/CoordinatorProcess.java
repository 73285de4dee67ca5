package gofarm.coordinator.grpc;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * A coordinator in a JVM of its own, for tests that need its heap alone ({@code -Xmx}): gRPC on
 * 127.0.0.1 at a free port, default limits, no metrics; {@code --data-dir DIR} as the command's.
 * Prints {@code port N} once it serves. On standard input it answers {@code heap} with {@code heap
 * B}, the bytes of heap in use after a full collection; at {@code quit} or the end of input it
 * stops.
 */
public final class CoordinatorProcess {
  private CoordinatorProcess() {}

  public static void main(String[] args) throws Exception {
    // Logback's default is DEBUG for everything: the coordinator's own INFO is enough.
    ((Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)).setLevel(Level.INFO);
    for (String noisy : List.of("io.grpc", "io.netty", "org.apache.pekko")) {
      ((Logger) LoggerFactory.getLogger(noisy)).setLevel(Level.WARN);
    }
    Path dataDir = args.length == 2 && args[0].equals("--data-dir") ? Path.of(args[1]) : null;
    Coordinator coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", -1, dataDir, Duration.ofSeconds(60), "test"));
    System.out.println("port " + coordinator.port());
    System.out.flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
      if (line.equals("heap")) {
        // Twice: the first collection may leave what finalization and reference queues free.
        System.gc();
        System.gc();
        long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.println("heap " + used);
        System.out.flush();
      }
    }
    coordinator.close();
  }
}
