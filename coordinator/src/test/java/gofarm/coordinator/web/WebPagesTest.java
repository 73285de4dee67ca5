package gofarm.coordinator.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.Tokens;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.Hello;
import gofarm.proto.v1.HubMessage;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.proto.v1.WorkerHubGrpc;
import gofarm.proto.v1.WorkerMessage;
import gofarm.wire.WorkerProtocol;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web pages over real HTTP on 127.0.0.1, against a coordinator with {@code --auth}: every route
 * without a token, with the wrong role and with a forged CSRF token; a submitter's own jobs only; a
 * hostile job name shown as text. No workers: the jobs stay queued.
 */
class WebPagesTest {
  private static final String ADMIN = "admin-token-0123456789";
  private static final String ALICE = "alice-token-0123456789";
  private static final String BOB = "bob-token-01234567890";
  private static final String READER = "reader-token-0123456789";
  private static final String WORKER = "worker-token-0123456789";

  /** A name that tries markup, a terminal escape and a right-to-left override. */
  private static final String HOSTILE = "<script>alert(1)</script>\u001b[31mred\u202Eevil";

  private Coordinator coordinator;
  private ManagedChannel channel;
  private final HttpClient http =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
  private String aliceJob;
  private String bobJob;

  @BeforeEach
  void start(@TempDir Path dir) throws Exception {
    Path tokens =
        Files.writeString(
            dir.resolve("tokens"),
            String.join(
                "\n",
                "admin admin " + ADMIN,
                "submitter alice " + ALICE,
                "submitter bob " + BOB,
                "reader reader " + READER,
                "worker w " + WORKER,
                ""));
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
            new CoordinatorSettings("127.0.0.1", 0, null, Duration.ofSeconds(30), "test")
                .withTokens(Tokens.load(tokens), 0));
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    aliceJob = submit(ALICE, HOSTILE);
    bobJob = submit(BOB, "bob's job");
  }

  @AfterEach
  void stop() {
    channel.shutdownNow();
    coordinator.close();
  }

  private static Metadata headers(String token) {
    Metadata headers = new Metadata();
    headers.put(
        Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    return headers;
  }

  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm(String token) {
    return PlayoutFarmGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers(token)));
  }

  private String submit(String token, String name) {
    JobSpec spec =
        JobSpec.newBuilder()
            .setName(name)
            .setSeed(3)
            .setEvaluate(
                EvaluateSpec.newBuilder()
                    .addPositions(PositionSource.newBuilder().setEmpty(5))
                    .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                    .setPlayouts(200))
            .build();
    return farm(token).submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()).getJobId();
  }

  private JobState state(String id) {
    return farm(ADMIN).getJob(GetJobRequest.newBuilder().setJobId(id).build()).getState();
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(url(path)).GET();
    if (headers.length > 0) {
      b.headers(headers);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String form, String... headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(url(path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form));
    if (headers.length > 0) {
      b.headers(headers);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private URI url(String path) {
    return URI.create("http://127.0.0.1:" + coordinator.metricsPort() + path);
  }

  private static String[] bearer(String token) {
    return new String[] {"Authorization", "Bearer " + token};
  }

  /** Logs in with the form; returns the session cookie ({@code gofarm_session=...}). */
  private String login(String token) throws Exception {
    HttpResponse<String> r =
        post("/login", "token=" + URLEncoder.encode(token, StandardCharsets.UTF_8) + "&next=%2F");
    assertEquals(303, r.statusCode(), r.body());
    String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
    assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
    // Over plain HTTP a Secure cookie would never come back (HttpsPortTest has the Secure one).
    assertFalse(cookie.contains("Secure"), cookie);
    return cookie.substring(0, cookie.indexOf(';'));
  }

  private static String csrf(String page) {
    Matcher m = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page);
    assertTrue(m.find(), "the page has a form with a CSRF token");
    return m.group(1);
  }

  @Test
  void withoutATokenEveryRouteSendsToTheLoginOrSays401() throws Exception {
    for (String path :
        new String[] {"/", "/jobs/" + aliceJob, "/jobs/" + aliceJob + "/files/results.txt"}) {
      HttpResponse<String> r = get(path);
      assertEquals(303, r.statusCode(), path);
      assertEquals(
          "/login?next=" + URLEncoder.encode(path, StandardCharsets.UTF_8),
          r.headers().firstValue("Location").orElseThrow());
    }
    assertEquals(401, get("/api/jobs").statusCode());
    assertEquals(303, post("/jobs/" + aliceJob + "/cancel", "csrf=x").statusCode());
    assertEquals(JobState.QUEUED, state(aliceJob));
    assertEquals(200, get("/login").statusCode());
    // Health and metrics stay open, as for probes and Prometheus.
    assertEquals(200, get("/-/healthy").statusCode());
    assertEquals(200, get("/metrics").statusCode());
  }

  @Test
  void theLoginPageSaysATokenCrossesInPlaintextOnlyOverHttpFromAnotherMachine() throws Exception {
    InetAddress other = InetAddress.getByName("192.0.2.7");
    InetAddress local = InetAddress.getByName("127.0.0.1");
    assertTrue(WebPages.tokenCrossesInPlaintext(true, false, other));
    assertFalse(WebPages.tokenCrossesInPlaintext(true, true, other), "over HTTPS");
    assertFalse(WebPages.tokenCrossesInPlaintext(true, false, local), "from this machine");
    assertFalse(WebPages.tokenCrossesInPlaintext(false, false, other), "no tokens to type");
    assertTrue(WebPages.loginPage("/", null, true).contains(WebPages.PLAINTEXT_WARNING));
    // This test's visitor is on this machine: its login page carries no warning.
    String page = get("/login").body();
    assertTrue(page.contains("name=\"token\""), page);
    assertFalse(page.contains(WebPages.PLAINTEXT_WARNING), page);
  }

  @Test
  void aWrongOrUnknownTokenIsRefused() throws Exception {
    assertEquals(401, get("/", bearer("nobody-token-0123456789")).statusCode());
    HttpResponse<String> worker = get("/", bearer(WORKER));
    assertEquals(403, worker.statusCode());
    assertTrue(worker.body().contains("is a worker"), worker.body());
    assertEquals(401, post("/login", "token=nobody-token-0123456789").statusCode());
    HttpResponse<String> workerLogin = post("/login", "token=" + WORKER);
    assertEquals(403, workerLogin.statusCode());
    assertTrue(workerLogin.headers().firstValue("Set-Cookie").isEmpty());
  }

  @Test
  void aReaderSeesEveryJobWithHostileNamesAsTextAndMayNotCancel() throws Exception {
    HttpResponse<String> page = get("/", bearer(READER));
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains(aliceJob) && page.body().contains(bobJob), page.body());
    assertTrue(page.body().contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page.body());
    assertFalse(page.body().contains("<script>alert"), page.body());
    assertFalse(page.body().contains("\u001b") || page.body().contains("\u202E"), page.body());
    assertTrue(
        page.headers()
            .firstValue("Content-Security-Policy")
            .orElseThrow()
            .contains("script-src 'self'"));
    HttpResponse<String> job = get("/jobs/" + aliceJob, bearer(READER));
    assertEquals(200, job.statusCode());
    assertFalse(job.body().contains("<script>alert"), job.body());
    assertTrue(job.body().contains("Files"), job.body());
    // Tables and the spec keep their lines; only what is in them is escaped.
    assertTrue(job.body().contains("<pre id=\"spec\">{\n  &quot;name&quot;: "), job.body());
    assertFalse(job.body().contains("\\n"), job.body());

    String cookie = login(READER);
    String jobPage = get("/jobs/" + aliceJob, "Cookie", cookie).body();
    assertFalse(jobPage.contains("id=\"cancel\""), "no cancel button for a reader");
    assertTrue(jobPage.contains("token &#39;reader&#39; (reader)"), jobPage);
    HttpResponse<String> cancel =
        post("/jobs/" + aliceJob + "/cancel", "csrf=" + csrf(jobPage), "Cookie", cookie);
    assertEquals(403, cancel.statusCode(), cancel.body());
    assertTrue(cancel.body().contains("needs a submitter or admin token"), cancel.body());
    assertEquals(JobState.QUEUED, state(aliceJob));
  }

  @Test
  void aSubmitterSeesAndCancelsItsOwnJobsOnlyAndAForgedCsrfTokenChangesNothing() throws Exception {
    String cookie = login(ALICE);
    HttpResponse<String> list = get("/", "Cookie", cookie);
    assertEquals(200, list.statusCode());
    assertTrue(list.body().contains(aliceJob), list.body());
    assertFalse(list.body().contains(bobJob), list.body());
    HttpResponse<String> others = get("/jobs/" + bobJob, "Cookie", cookie);
    assertEquals(403, others.statusCode(), others.body());

    String page = get("/jobs/" + aliceJob, "Cookie", cookie).body();
    assertTrue(page.contains("id=\"cancel\""), "its submitter is offered the cancel");
    String csrf = csrf(page);
    HttpResponse<String> forged =
        post("/jobs/" + aliceJob + "/cancel", "csrf=forged-" + csrf, "Cookie", cookie);
    assertEquals(403, forged.statusCode());
    assertEquals(403, post("/jobs/" + aliceJob + "/cancel", "", "Cookie", cookie).statusCode());
    assertEquals(JobState.QUEUED, state(aliceJob));
    HttpResponse<String> othersCancel =
        post("/jobs/" + bobJob + "/cancel", "csrf=" + csrf, "Cookie", cookie);
    assertEquals(403, othersCancel.statusCode());
    assertEquals(JobState.QUEUED, state(bobJob));

    HttpResponse<String> cancel =
        post("/jobs/" + aliceJob + "/cancel", "csrf=" + csrf, "Cookie", cookie);
    assertEquals(303, cancel.statusCode(), cancel.body());
    assertEquals(JobState.CANCELLED, state(aliceJob));

    // Logged out, the cookie opens nothing.
    assertEquals(303, post("/logout", "csrf=" + csrf, "Cookie", cookie).statusCode());
    assertEquals(303, get("/", "Cookie", cookie).statusCode());
  }

  @Test
  void scriptsReadTheJobsAsJsonAndFilesWithABearerHeader() throws Exception {
    HttpResponse<String> json = get("/api/jobs", bearer(BOB));
    assertEquals(200, json.statusCode());
    assertTrue(json.body().contains("\"id\":\"" + bobJob + "\""), json.body());
    assertFalse(json.body().contains(aliceJob), json.body());
    HttpResponse<String> file = get("/jobs/" + bobJob + "/files/results.json", bearer(BOB));
    assertEquals(200, file.statusCode(), file.body());
    assertTrue(file.body().contains("\"jobId\": \"" + bobJob + "\""), file.body());
    assertEquals(404, get("/jobs/" + bobJob + "/files/nothing.txt", bearer(BOB)).statusCode());
    // A script's cancel needs no CSRF token: no browser sends its header for it.
    assertEquals(303, post("/jobs/" + bobJob + "/cancel", "", bearer(BOB)).statusCode());
    assertEquals(JobState.CANCELLED, state(bobJob));
  }

  @Test
  void aJobsOwnJsonFollowsThePagesRules() throws Exception {
    String api = "/api/jobs/" + aliceJob;
    assertEquals(401, get(api).statusCode());
    assertEquals(401, get(api, bearer("nobody-token-0123456789")).statusCode());
    assertEquals(403, get(api, bearer(WORKER)).statusCode());
    assertEquals(403, get(api, bearer(BOB)).statusCode(), "another submitter's job");
    assertEquals(404, get("/api/jobs/19990101-000000-zzzz", bearer(ADMIN)).statusCode());

    HttpResponse<String> r = get(api, bearer(READER));
    assertEquals(200, r.statusCode(), r.body());
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
    JsonObject job = JsonParser.parseString(r.body()).getAsJsonObject();
    assertEquals(aliceJob, job.get("id").getAsString());
    assertEquals("QUEUED", job.get("state").getAsString());
    assertFalse(job.get("finished").getAsBoolean());
    assertTrue(job.get("live").getAsString().startsWith("QUEUED · 0 % · 0"), r.body());
    // The name as the page shows it: escaped for the terminal, once; markup is the page's to
    // escape, and its script sets it as text.
    String headline = job.get("headline").getAsString();
    assertTrue(headline.contains("<script>alert(1)</script>\\x1b[31mred\\u202eevil"), headline);
    assertFalse(headline.contains("\u001b") || headline.contains("\u202E"), headline);
    assertFalse(r.body().contains("<script>"), "JSON with markup characters as escapes");

    // The page names its JSON and script while the job runs, and shows the same line.
    String page = get("/jobs/" + aliceJob, "Cookie", login(ALICE)).body();
    assertTrue(page.contains("data-api=\"" + api + "\""), page);
    assertTrue(page.contains("<script src=\"/static/job.js\"></script>"), page);
    Matcher shown = Pattern.compile("<p id=\"headline\">([^<]*)</p>").matcher(page);
    assertTrue(shown.find(), page);
    assertTrue(shown.group(1).contains("&lt;script&gt;alert(1)&lt;/script&gt;\\x1b[31mred"), page);
    assertFalse(shown.group(1).contains("\\\\x1b"), "escaped for the terminal once");
    HttpResponse<String> script = get("/static/job.js", bearer(READER));
    assertEquals(200, script.statusCode());
    assertTrue(script.body().contains("textContent"), script.body());

    // Finished: the JSON says so, and a page loaded now has nothing to follow.
    assertEquals(303, post("/jobs/" + aliceJob + "/cancel", "", bearer(ALICE)).statusCode());
    JsonObject cancelled = JsonParser.parseString(get(api, bearer(ALICE)).body()).getAsJsonObject();
    assertEquals("CANCELLED", cancelled.get("state").getAsString());
    assertTrue(cancelled.get("finished").getAsBoolean());
    String after = get("/jobs/" + aliceJob, bearer(ALICE)).body();
    assertFalse(after.contains("data-api") || after.contains("job.js"), after);
  }

  /** A worker that says hello over the hub with labels and waits for its welcome. */
  private StreamObserver<WorkerMessage> worker(String id, Map<String, String> labels)
      throws Exception {
    CountDownLatch welcomed = new CountDownLatch(1);
    StreamObserver<WorkerMessage> out =
        WorkerHubGrpc.newStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers(WORKER)))
            .connect(
                new StreamObserver<HubMessage>() {
                  @Override
                  public void onNext(HubMessage m) {
                    if (m.hasWelcome()) {
                      welcomed.countDown();
                    }
                  }

                  @Override
                  public void onError(Throwable t) {}

                  @Override
                  public void onCompleted() {}
                });
    out.onNext(
        WorkerMessage.newBuilder()
            .setHello(
                Hello.newBuilder()
                    .setWorkerId(id)
                    .setThreads(3)
                    .setProtocolVersion(WorkerProtocol.VERSION)
                    .setVersion("1.2.3")
                    .putAllLabels(labels))
            .build());
    assertTrue(welcomed.await(20, TimeUnit.SECONDS), "welcomed");
    return out;
  }

  @Test
  void theWorkersPageShowsWhoIsConnectedToReadersNotToWorkers() throws Exception {
    StreamObserver<WorkerMessage> w = worker("rack-7", Map.of("zone", "<i>eu</i>"));
    try {
      HttpResponse<String> page = get("/workers", bearer(READER));
      assertEquals(200, page.statusCode(), page.body());
      assertTrue(page.body().contains("<tr data-worker=\"rack-7\">"), page.body());
      assertTrue(page.body().contains("zone=&lt;i&gt;eu&lt;/i&gt;"), page.body());
      assertTrue(page.body().contains("1.2.3") && page.body().contains("token w"), page.body());
      assertEquals(403, get("/workers", bearer(WORKER)).statusCode());
      assertEquals(303, get("/workers").statusCode());
    } finally {
      w.onCompleted();
    }
  }

  @Test
  void theJobsComeInPagesNewestFirst() throws Exception {
    String third = submit(ADMIN, "third");
    HttpResponse<String> first = get("/?limit=2", bearer(ADMIN));
    assertTrue(first.body().contains(third) && first.body().contains(bobJob), first.body());
    assertFalse(first.body().contains(aliceJob), first.body());
    Matcher older = Pattern.compile("id=\"older\" href=\"([^\"]+)\"").matcher(first.body());
    assertTrue(older.find(), first.body());
    HttpResponse<String> next = get(older.group(1).replace("&amp;", "&"), bearer(ADMIN));
    assertTrue(next.body().contains(aliceJob), next.body());
    assertFalse(next.body().contains(third) || next.body().contains(bobJob), next.body());
    assertFalse(next.body().contains("id=\"older\""), "the last page links nowhere");
    assertEquals(404, get("/?after=19990101-000000-zzzz", bearer(ADMIN)).statusCode());
    assertEquals(400, get("/?after=%3Cx%3E", bearer(ADMIN)).statusCode());
  }

  @Test
  void aLoginSendsOnlyWithinTheSite() throws Exception {
    HttpResponse<String> r = post("/login", "token=" + ALICE + "&next=%2F%2Fevil.example%2F");
    assertEquals("/", r.headers().firstValue("Location").orElseThrow());
  }
}
