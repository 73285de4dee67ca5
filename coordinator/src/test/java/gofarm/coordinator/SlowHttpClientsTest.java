package gofarm.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Slow clients on the metrics port do not starve the health checks: a hundred connections that send
 * half a request and wait leave {@code /-/healthy}, {@code /-/ready} and {@code /metrics} answering
 * within a second each. Before, the metrics server had ten threads, each held by a slow client
 * until it finished its request (never), and the eleventh slow client stopped its accepting thread
 * too: every probe timed out. Its listen backlog of 3 also made a burst of new connections wait for
 * the kernel's SYN retries.
 */
class SlowHttpClientsTest {
  private static final int SLOW_CLIENTS = 100;

  private Coordinator coordinator;
  private final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void start() {
    coordinator =
        Coordinator.start(
            InProcessServerBuilder.forName(InProcessServerBuilder.generateName()),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "test"));
  }

  @AfterEach
  void stop() throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
    coordinator.close();
  }

  @Test
  void halfSentRequestsLeaveTheHealthChecksAnswering() throws Exception {
    // All at once: before, the sixth waited for the kernel's SYN retry (the listen backlog was
    // 3), and the eleventh slow client stopped the server accepting at all (ten threads).
    byte[] half =
        "GET /-/healthy HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < SLOW_CLIENTS; i++) {
      Socket s = new Socket();
      sockets.add(s);
      s.connect(new InetSocketAddress("127.0.0.1", coordinator.metricsPort()), 1000);
      OutputStream out = s.getOutputStream();
      out.write(half);
      out.flush();
    }

    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    for (String path : List.of("/-/healthy", "/-/ready", "/metrics", "/-/healthy")) {
      long t = System.nanoTime();
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + coordinator.metricsPort() + path))
                  .timeout(Duration.ofSeconds(1))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), path + ": " + r.body());
      assertTrue(
          System.nanoTime() - t < Duration.ofSeconds(1).toNanos(), path + " within a second");
    }

    // The oldest slow clients made room: more of them than the exchanges allowed at once.
    int cut = 0;
    for (Socket s : sockets) {
      if (closedByPeer(s)) {
        cut++;
      }
    }
    assertTrue(
        cut >= SLOW_CLIENTS - HttpExchanges.MAX_EXCHANGES,
        cut
            + " slow clients cut, expected at least "
            + (SLOW_CLIENTS - HttpExchanges.MAX_EXCHANGES));
  }

  /** Whether the peer has closed {@code s}: its end or a reset, read without waiting long. */
  private static boolean closedByPeer(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    s.setSoTimeout(20);
    try {
      return in.read(new byte[256]) < 0;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }
}
