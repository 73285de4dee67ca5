package gofarm.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.auth.ServerTls;
import gofarm.coordinator.auth.TestCertificates;
import gofarm.coordinator.auth.Tokens;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP port over HTTPS ({@code --http-tls}) on 127.0.0.1, with the gRPC port's certificate made
 * by openssl and a client that trusts only the test CA: the health checks and {@code /metrics}
 * answer, the session cookie is {@code Secure} (on login and logout), and plain HTTP sent to the
 * port ends that connection while the port keeps answering HTTPS.
 */
class HttpsPortTest {
  private static final String READER = "reader-token-0123456789";

  @TempDir static Path dir;
  private static TestCertificates certs;
  private static HttpClient https;

  private Coordinator coordinator;

  @BeforeAll
  static void makeCertificates() throws Exception {
    certs = TestCertificates.make(dir);
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream in = Files.newInputStream(certs.ca())) {
      trust.setCertificateEntry(
          "gofarm test CA", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext client = SSLContext.getInstance("TLS");
    client.init(null, tmf.getTrustManagers(), null);
    https =
        HttpClient.newBuilder()
            .sslContext(client)
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @BeforeEach
  void start() throws Exception {
    Path tokens = Files.writeString(dir.resolve("tokens"), "reader reader " + READER + "\n");
    coordinator =
        Coordinator.start(
            InProcessServerBuilder.forName(InProcessServerBuilder.generateName()),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "test")
                .withTokens(Tokens.load(tokens), 0)
                .withHttpTls(ServerTls.httpContext(certs.serverCert(), certs.serverKey())));
  }

  @AfterEach
  void stop() {
    coordinator.close();
  }

  private URI url(String path) {
    return URI.create("https://127.0.0.1:" + coordinator.metricsPort() + path);
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(url(path)).timeout(Duration.ofSeconds(10));
    if (headers.length > 0) {
      b.headers(headers);
    }
    return https.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String form, String... headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(url(path))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/x-www-form-urlencoded");
    if (headers.length > 0) {
      b.headers(headers);
    }
    return https.send(
        b.POST(HttpRequest.BodyPublishers.ofString(form)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theHealthChecksAndMetricsAnswerOverHttps() throws Exception {
    for (String path : List.of("/-/healthy", "/-/ready")) {
      HttpResponse<String> r = get(path);
      assertEquals(200, r.statusCode(), path + ": " + r.body());
    }
    HttpResponse<String> metrics = get("/metrics");
    assertEquals(200, metrics.statusCode());
    assertTrue(metrics.body().contains("gofarm_coordinator_"), metrics.body());
  }

  @Test
  void theSessionCookieIsSecureOnLoginAndLogout() throws Exception {
    HttpResponse<String> login = post("/login", "token=" + READER + "&next=%2F");
    assertEquals(303, login.statusCode(), login.body());
    String cookie = login.headers().firstValue("Set-Cookie").orElseThrow();
    assertTrue(
        cookie.contains("; HttpOnly")
            && cookie.contains("; SameSite=Strict")
            && cookie.contains("; Secure"),
        cookie);
    String session = cookie.substring(0, cookie.indexOf(';'));

    HttpResponse<String> jobs = get("/", "Cookie", session);
    assertEquals(200, jobs.statusCode(), jobs.body());
    Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(jobs.body());
    assertTrue(csrf.find(), jobs.body());
    HttpResponse<String> logout = post("/logout", "csrf=" + csrf.group(1), "Cookie", session);
    assertEquals(303, logout.statusCode(), logout.body());
    String cleared = logout.headers().firstValue("Set-Cookie").orElseThrow();
    assertTrue(cleared.contains("Max-Age=0") && cleared.contains("; Secure"), cleared);
  }

  @Test
  void plainHttpToTheHttpsPortEndsItsConnectionAndThePortKeepsAnswering() throws Exception {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", coordinator.metricsPort()), 5000);
      s.setSoTimeout(5000);
      s.getOutputStream()
          .write(
              "GET /-/healthy HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                  .getBytes(StandardCharsets.US_ASCII));
      // The server answers with a TLS alert at most, never HTTP, and closes: the read ends
      // (a reset ends it too) well before the socket's timeout.
      String answer;
      try {
        answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
      } catch (java.net.SocketTimeoutException e) {
        throw new AssertionError("the port kept a plain HTTP connection open", e);
      } catch (IOException reset) {
        answer = "";
      }
      assertFalse(answer.startsWith("HTTP/"), answer);
    }
    HttpClient plain = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    assertThrows(
        IOException.class,
        () ->
            plain.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + coordinator.metricsPort() + "/-/healthy"))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString()));

    assertEquals(200, get("/-/healthy").statusCode());
    assertEquals(200, get("/metrics").statusCode());
  }
}
