package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.WorkerHubGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Connections have budgets: thousands of sockets that never send a byte leave the coordinator
 * answering its clients and probes at once, and are closed after the idle time; a worker stream
 * that never says Hello is ended after {@link WorkerHubService#HELLO_DEADLINE}. Before, both stayed
 * open for good, and enough of them (the file descriptor limit) stopped the coordinator answering.
 */
class IdleConnectionsTest {
  private static final int SOCKETS = 5000;
  private static final Duration IDLE = Duration.ofSeconds(2);

  private Coordinator coordinator;
  private ManagedChannel channel;
  private final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void start() {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "test")
                .withIdleConnection(IDLE));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
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
  void silentSocketsAndStreamsWithoutHelloAreClosedAndLeaveTheCoordinatorAnswering()
      throws Exception {
    // A worker stream that never says Hello.
    CompletableFuture<Status> helloLess = new CompletableFuture<>();
    WorkerHubGrpc.newStub(channel)
        .connect(
            new StreamObserver<HubMessage>() {
              @Override
              public void onNext(HubMessage m) {}

              @Override
              public void onError(Throwable t) {
                helloLess.complete(Status.fromThrowable(t));
              }

              @Override
              public void onCompleted() {
                helloLess.complete(Status.OK);
              }
            });
    for (int i = 0; i < SOCKETS; i++) {
      sockets.add(new Socket("127.0.0.1", coordinator.port()));
    }

    // The coordinator first takes the sockets in (a burst: 2.7 s for 5,000 on this 2-vCPU machine
    // beside a match); once they are idle, clients and probes are answered within a second, on
    // the connection they had and on a new one.
    PlayoutFarmGrpc.newBlockingStub(channel)
        .withDeadlineAfter(60, TimeUnit.SECONDS)
        .listJobs(ListJobsRequest.getDefaultInstance());
    ManagedChannel fresh =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    long t = System.nanoTime();
    try {
      PlayoutFarmGrpc.newBlockingStub(fresh)
          .withDeadlineAfter(1, TimeUnit.SECONDS)
          .listJobs(ListJobsRequest.getDefaultInstance());
    } finally {
      fresh.shutdownNow();
    }
    assertEquals(
        HealthCheckResponse.ServingStatus.SERVING,
        HealthGrpc.newBlockingStub(channel)
            .withDeadlineAfter(1, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance())
            .getStatus());
    HttpResponse<String> ready =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + coordinator.metricsPort() + "/-/ready"))
                    .timeout(Duration.ofSeconds(1))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, ready.statusCode(), ready.body());
    assertTrue(System.nanoTime() - t < Duration.ofSeconds(3).toNanos(), "three calls, 1 s each");

    // Every silent socket is closed by the coordinator once idle.
    long deadline = System.nanoTime() + IDLE.plusSeconds(20).toNanos();
    for (Socket s : sockets) {
      assertTrue(closedByPeer(s, deadline), "socket " + sockets.indexOf(s) + " still open");
    }
    Status end =
        helloLess.get(
            WorkerHubService.HELLO_DEADLINE.plusSeconds(10).toMillis(), TimeUnit.MILLISECONDS);
    assertNotNull(end);
    assertEquals(Status.Code.DEADLINE_EXCEEDED, end.getCode(), end.toString());
    assertTrue(end.getDescription().contains("no Hello within"), end.toString());
  }

  /**
   * Reads (the server's HTTP/2 settings, then its GOAWAY) until the peer closes, or the deadline.
   */
  private static boolean closedByPeer(Socket s, long deadline) throws IOException {
    InputStream in = s.getInputStream();
    byte[] buffer = new byte[256];
    while (true) {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        return false;
      }
      s.setSoTimeout((int) Math.max(1, left));
      try {
        if (in.read(buffer) < 0) {
          return true;
        }
      } catch (SocketTimeoutException e) {
        return false;
      } catch (IOException reset) {
        return true; // reset by the peer: closed too
      }
    }
  }
}
