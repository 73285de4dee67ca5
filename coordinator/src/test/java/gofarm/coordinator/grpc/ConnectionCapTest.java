package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.ServerTls;
import gofarm.coordinator.auth.TestCertificates;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connections have budgets: beyond {@code --max-connections} the gRPC port closes a new connection
 * at once and counts it, while the connections it holds keep working and the health checks answer.
 * Before, every connection was taken in, up to the file descriptor limit.
 */
class ConnectionCapTest {
  private static final int MAX = 8;
  private static final int FLOOD = 30;

  private Coordinator coordinator;
  private ManagedChannel channel;
  private final HttpClient http = HttpClient.newHttpClient();
  private final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void start() {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "test")
                .withMaxConnections(MAX));
    channel = channel();
  }

  @AfterEach
  void stop() throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
    channel.shutdownNow();
    coordinator.close();
  }

  @Test
  void connectionsBeyondTheCapAreClosedAtOnceWhileTheOthersWork() throws Exception {
    listJobs(channel, 5); // the client's connection, taken in before the flood
    for (int i = 0; i < FLOOD; i++) {
      sockets.add(new Socket("127.0.0.1", coordinator.port()));
    }

    // The sockets beyond the cap are refused, counted and scraped.
    int refused = FLOOD - (MAX - 1);
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (scraped("gofarm_coordinator_connections_refused_total") < refused
        && System.nanoTime() < deadline) {
      Thread.sleep(20); // polling a scrape: nothing here to wait on
    }
    assertEquals(refused, scraped("gofarm_coordinator_connections_refused_total"));
    assertEquals(MAX, scraped("gofarm_coordinator_connections"));
    int closed = 0;
    for (Socket s : sockets) {
      if (closedByPeer(s)) {
        closed++;
      }
    }
    assertEquals(refused, closed, "sockets closed by the coordinator");

    // Meanwhile the connection held answers, and so do both health checks.
    long t = System.nanoTime();
    listJobs(channel, 1);
    assertEquals(
        HealthCheckResponse.ServingStatus.SERVING,
        HealthGrpc.newBlockingStub(channel)
            .withDeadlineAfter(1, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance())
            .getStatus());
    assertEquals(200, get("/-/healthy").statusCode());
    assertTrue(System.nanoTime() - t < Duration.ofSeconds(3).toNanos(), "three calls, 1 s each");

    // A new connection is refused, then taken once others have closed.
    ManagedChannel late = channel();
    try {
      StatusRuntimeException e =
          assertThrows(StatusRuntimeException.class, () -> listJobs(late, 1));
      assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode(), e.toString());
    } finally {
      late.shutdownNow();
    }
    for (Socket s : sockets) {
      s.close();
    }
    deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (scraped("gofarm_coordinator_connections") > 1 && System.nanoTime() < deadline) {
      Thread.sleep(20); // polling a scrape: nothing here to wait on
    }
    ManagedChannel later = channel();
    try {
      listJobs(later, 1);
    } finally {
      later.shutdownNow();
    }
  }

  @Test
  void theTlsPortRefusesBeforeAnyHandshake(@TempDir Path dir) throws Exception {
    TestCertificates certs = TestCertificates.make(dir);
    try (Coordinator tls =
        Coordinator.start(
            NettyServerBuilder.forAddress(
                new InetSocketAddress("127.0.0.1", 0),
                ServerTls.credentials(certs.serverCert(), certs.serverKey(), null)),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(30), "test")
                .withMaxConnections(1))) {
      ManagedChannel secure =
          NettyChannelBuilder.forAddress(
                  "localhost",
                  tls.port(),
                  TlsChannelCredentials.newBuilder().trustManager(certs.ca().toFile()).build())
              .build();
      try {
        listJobs(secure, 5);
        // A TLS server sends nothing before the client's hello: an end at once is a refusal.
        try (Socket late = new Socket("127.0.0.1", tls.port())) {
          assertTrue(closedByPeer(late), "the second connection is closed");
        }
        listJobs(secure, 1);
      } finally {
        secure.shutdownNow();
      }
    }
  }

  private ManagedChannel channel() {
    return NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
  }

  private static void listJobs(ManagedChannel on, int seconds) {
    PlayoutFarmGrpc.newBlockingStub(on)
        .withDeadlineAfter(seconds, TimeUnit.SECONDS)
        .listJobs(ListJobsRequest.getDefaultInstance());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator.metricsPort() + path))
            .timeout(Duration.ofSeconds(1))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The value of a metric without labels in a scrape of {@code /metrics}. */
  private double scraped(String name) throws Exception {
    HttpResponse<String> metrics = get("/metrics");
    assertEquals(200, metrics.statusCode());
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + " (\\S+)$").matcher(metrics.body());
    assertTrue(m.find(), name + " not in the scrape");
    return Double.parseDouble(m.group(1));
  }

  /**
   * Whether the peer has closed {@code s}: the refused get their end at once; the others get the
   * server's HTTP/2 settings and then wait.
   */
  private static boolean closedByPeer(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    s.setSoTimeout(150);
    byte[] buffer = new byte[256];
    try {
      while (true) {
        if (in.read(buffer) < 0) {
          return true;
        }
      }
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }
}
