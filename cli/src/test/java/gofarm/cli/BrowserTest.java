package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.Tokens;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.worker.Worker;
import gofarm.worker.WorkerSettings;
import gofarm.worker.metrics.WorkerMetrics;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web pages in a real browser: Debian's headless chromium, driven by its chromedriver through
 * Selenium, against a coordinator with {@code --auth} and a real worker on 127.0.0.1: a match's
 * figures move on the jobs page and on its own page without a reload. One browser for the class;
 * each test logs in as whom it needs. Fails under CI when chromium or chromedriver is missing (CI
 * installs them), skips elsewhere.
 *
 * <p>{@code -Dgofarm.screenshot=docs/web-match-page.png} writes the match page's screenshot there
 * (relative to the repository), for the README; without it the screenshot is only checked.
 */
class BrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  private static final String ADMIN = "admin-token-0123456789";
  private static final String ALICE = "alice-token-0123456789";
  private static final String BOB = "bob-token-01234567890";
  private static final String READER = "reader-token-0123456789";
  private static final String WORKER = "worker-token-0123456789";

  /** A name that tries markup and a terminal escape. */
  private static final String HOSTILE = "<script>alert(1)</script>\u001b[31mred";

  /** Long for a page; the machine may be loaded by other builds. */
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir static Path dir;
  private static Coordinator coordinator;
  private static ManagedChannel client;
  private static ManagedChannel workerChannel;
  private static Worker worker;
  private static CompletableFuture<WebDriver> starting;
  private static WebDriver browser;
  private static String matchJob;
  private static String hostileJob;
  private static String bobJob;

  @BeforeAll
  static void start() throws Exception {
    requireChromium();
    // The browser starts while the farm does: each takes seconds on a loaded machine.
    starting = CompletableFuture.supplyAsync(BrowserTest::chromium);
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
    client = NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port()).usePlaintext().build();
    workerChannel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port())
            .usePlaintext()
            .intercept(MetadataUtils.newAttachHeadersInterceptor(bearer(WORKER)))
            .build();
    // One thread: the other core stays for chromium and the coordinator on a shared machine.
    worker =
        new Worker(
            workerChannel,
            WorkerSettings.builder().id("browser-worker").threads(1).version("test").build(),
            new WorkerMetrics(new PrometheusRegistry(), false));
    worker.start();
    matchJob = submit(ALICE, matchSpec());
    bobJob = submit(BOB, evaluateSpec("bob's job"));
    hostileJob = submit(ALICE, evaluateSpec(HOSTILE));

    browser = starting.join();
    browser.manage().timeouts().pageLoadTimeout(WAIT);
  }

  private static WebDriver chromium() {
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            // The system driver, named: Selenium Manager would try to download one.
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .withLogOutput(OutputStream.nullOutputStream())
            .build();
    ChromeOptions options =
        new ChromeOptions()
            .setBinary(CHROMIUM.toFile())
            .addArguments(
                "--headless=new",
                // Root in a container: chromium's sandbox cannot start, and /dev/shm is small.
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--window-size=1280,1000",
                // Only 127.0.0.1 is reachable: no updates, sync or first-run calls elsewhere.
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-gpu");
    return new ChromeDriver(service, options);
  }

  /** Fails under CI (which installs them), skips elsewhere, as GnuGo does for gnugo. */
  private static void requireChromium() {
    if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
      return;
    }
    String message =
        CHROMIUM
            + " or "
            + CHROMEDRIVER
            + " not found: install them with 'apt-get install -y chromium chromium-driver'";
    if (System.getenv("CI") != null) {
      fail(message + " (CI is set, so this is a failure)");
    }
    System.err.println("*** SKIPPING the browser tests. " + message);
    Assumptions.abort(message);
  }

  @AfterAll
  static void stop() {
    if (starting != null) {
      // Also when the farm failed to start before the browser was taken.
      starting.thenAccept(WebDriver::quit).exceptionally(e -> null).join();
    }
    if (worker != null) {
      worker.close();
    }
    if (workerChannel != null) {
      workerChannel.shutdownNow();
    }
    if (client != null) {
      client.shutdownNow();
    }
    if (coordinator != null) {
      coordinator.close();
    }
  }

  private static Metadata bearer(String token) {
    Metadata headers = new Metadata();
    headers.put(
        Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    return headers;
  }

  private static PlayoutFarmGrpc.PlayoutFarmBlockingStub farm(String token) {
    return PlayoutFarmGrpc.newBlockingStub(client)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(bearer(token)));
  }

  private static String submit(String token, JobSpec spec) {
    return farm(token).submitJob(SubmitJobRequest.newBuilder().setSpec(spec).build()).getJobId();
  }

  private static JobState state(String id) {
    return farm(ADMIN).getJob(GetJobRequest.newBuilder().setJobId(id).build()).getState();
  }

  /** A match still running while the class runs: its LLR moves with every few pairs. */
  private static JobSpec matchSpec() {
    return SlowMatches.undecided("browser: match");
  }

  /** Far more playouts than the class lasts: the job stays unfinished. */
  private static JobSpec evaluateSpec(String name) {
    return JobSpec.newBuilder()
        .setName(name)
        .setSeed(3)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(9))
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .setPlayouts(100_000_000)
                .setChunkPlayouts(500))
        .build();
  }

  private static String url(String path) {
    return "http://127.0.0.1:" + coordinator.metricsPort() + path;
  }

  /**
   * A wait that polls through page loads: an element found just before the page is replaced (the
   * cancel form's redirect, a live update) is stale, and the next poll finds the new one.
   */
  private static WebDriverWait waiting() {
    WebDriverWait wait = new WebDriverWait(browser, WAIT, Duration.ofMillis(100));
    wait.ignoring(StaleElementReferenceException.class);
    return wait;
  }

  /** Logs in through the form as a person would, after dropping any earlier session. */
  private static void logIn(String token) {
    browser.manage().deleteAllCookies();
    browser.get(url("/login"));
    browser.findElement(By.cssSelector("input[name=token]")).sendKeys(token);
    browser.findElement(By.cssSelector("form[action='/login'] button")).click();
    waiting().until(d -> d.findElements(By.id("jobs")).size() == 1);
  }

  /** The status code of the page shown, fetched again by the page (a browser does not tell). */
  private static long status() {
    return (Long)
        ((JavascriptExecutor) browser)
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + " fetch(location.href, {credentials: 'same-origin'})"
                    + ".then(r => done(r.status), () => done(-1));");
  }

  private static String text(By by) {
    return browser.findElement(by).getText();
  }

  @Test
  void theLoginFormOpensTheJobs() {
    logIn(ALICE);
    assertEquals(url("/"), browser.getCurrentUrl());
    assertTrue(
        text(By.tagName("nav")).contains("token 'alice' (submitter)"), text(By.tagName("nav")));
    assertTrue(
        browser.findElements(By.cssSelector("tr[data-job='" + matchJob + "']")).size() == 1,
        "the match job's row");
  }

  @Test
  void aMatchsLlrMovesOnTheJobsPageWithoutAReload() {
    logIn(ALICE);
    // A reload would drop this mark.
    ((JavascriptExecutor) browser).executeScript("window.gofarmMark = 34;");
    By cell = By.cssSelector("tr[data-job='" + matchJob + "'] td[data-cell=headline]");
    Set<String> seen = new LinkedHashSet<>();
    seen.add(text(cell));
    waiting()
        .withMessage(() -> "the figures cell changed less than twice: " + seen)
        .until(
            d -> {
              String now = d.findElement(cell).getText();
              if (now.contains("LLR")) {
                seen.add(now);
              }
              // Three figures with an LLR: it changed at least twice.
              return seen.stream().filter(s -> s.contains("LLR")).count() >= 3;
            });
    assertEquals(34L, ((JavascriptExecutor) browser).executeScript("return window.gofarmMark;"));
  }

  @Test
  void aMatchsOwnPageFollowsItWithoutAReload() {
    logIn(ALICE);
    browser.get(url("/jobs/" + matchJob));
    // A reload would drop this mark.
    ((JavascriptExecutor) browser).executeScript("window.gofarmMark = 34;");
    By games = By.cssSelector("ol#games li");
    int listed = browser.findElements(games).size();
    Set<String> seen = new LinkedHashSet<>();
    waiting()
        .withMessage(() -> "the live line changed less than twice: " + seen)
        .until(
            d -> {
              String now = d.findElement(By.id("live")).getText();
              if (now.contains("LLR")) {
                seen.add(now);
              }
              // Three lines with an LLR (it changed at least twice) and a longer list of games:
              // the results were drawn again too.
              return seen.stream().filter(s -> s.contains("LLR")).count() >= 3
                  && d.findElements(games).size() > listed;
            });
    assertTrue(text(By.id("headline")).contains("RUNNING"), text(By.id("headline")));
    assertTrue(text(By.id("live")).contains("games/min"), text(By.id("live")));
    assertEquals(34L, ((JavascriptExecutor) browser).executeScript("return window.gofarmMark;"));
  }

  @Test
  void aSubmitterCancelsItsJob() {
    String id = submit(ALICE, evaluateSpec("to cancel"));
    logIn(ALICE);
    browser.get(url("/jobs/" + id));
    browser.findElement(By.id("cancel")).click();
    waiting()
        .withMessage(() -> "no CANCELLED on " + browser.getCurrentUrl())
        .until(d -> d.findElement(By.tagName("body")).getText().contains("CANCELLED"));
    assertEquals(JobState.CANCELLED, state(id));
  }

  @Test
  void aReaderIsOfferedNoCancelAndIsRefusedOne() {
    logIn(READER);
    browser.get(url("/jobs/" + matchJob));
    assertTrue(browser.findElements(By.id("cancel")).isEmpty(), "no cancel button for a reader");
    // The form a submitter would get, built in the page with the reader's own CSRF token.
    ((JavascriptExecutor) browser)
        .executeScript(
            "const f = document.createElement('form');"
                + " f.method = 'post'; f.action = location.pathname + '/cancel';"
                + " const c = document.createElement('input'); c.type = 'hidden'; c.name = 'csrf';"
                + " c.value = document.querySelector('input[name=csrf]').value;"
                + " f.appendChild(c); document.body.appendChild(f); f.submit();");
    waiting().until(d -> d.getTitle().contains("Refused"));
    assertTrue(
        text(By.tagName("body")).contains("needs a submitter or admin token"),
        text(By.tagName("body")));
    assertTrue(Set.of(JobState.QUEUED, JobState.RUNNING).contains(state(matchJob)));
  }

  @Test
  void aSubmitterIsRefusedAnothersJobPage() {
    logIn(ALICE);
    browser.get(url("/jobs/" + bobJob));
    assertTrue(browser.getTitle().contains("Refused"), browser.getTitle());
    assertEquals(403, status());
    assertFalse(browser.getPageSource().contains("bob's job"), browser.getPageSource());
  }

  @Test
  void aHostileNameIsText() {
    logIn(READER);
    for (String path : List.of("/", "/jobs/" + hostileJob)) {
      browser.get(url(path));
      assertThrows(NoAlertPresentException.class, () -> browser.switchTo().alert(), path);
      String body = text(By.tagName("body"));
      assertTrue(body.contains("<script>alert(1)</script>"), body);
      assertFalse(body.contains("\u001b"), body);
      assertTrue(body.contains("\\x1b[31mred"), body);
    }
  }

  /** A match's game opened from its page and stepped through on the board. */
  @Test
  void aGameStepsThroughItsMoves() {
    logIn(ALICE);
    // The list grows as pairs are counted; the page shows it as it was when loaded.
    waiting()
        .until(
            d -> {
              d.get(url("/jobs/" + matchJob));
              return !d.findElements(By.cssSelector("ol#games a.game")).isEmpty();
            });
    WebElement first = browser.findElement(By.cssSelector("ol#games a.game"));
    String game = first.getDomProperty("href");
    assertTrue(game.startsWith(url("/jobs/" + matchJob + "/games/")), game);
    first.click();
    assertEquals("img", browser.findElement(By.id("board")).getTagName());
    String move = text(By.id("move"));
    browser.findElement(By.id("next")).click();
    assertEquals(Integer.parseInt(move) + 1, Integer.parseInt(text(By.id("move"))));
    assertTrue(browser.getCurrentUrl().contains("?move="), browser.getCurrentUrl());
    browser.findElement(By.id("prev")).click();
    assertEquals(move, text(By.id("move")));
    assertTrue(
        (Boolean)
            ((JavascriptExecutor) browser)
                .executeScript(
                    "const b = document.getElementById('board');"
                        + " return b.complete && b.naturalWidth > 0;"),
        "the board is drawn");
  }

  @Test
  void aScreenshotOfTheMatchPage() throws Exception {
    logIn(ALICE);
    // The pictures need a few pairs.
    waiting()
        .until(
            d -> {
              d.get(url("/jobs/" + matchJob));
              return d.findElements(By.cssSelector("img")).size() >= 2;
            });
    waiting()
        .until(
            d ->
                (Boolean)
                    ((JavascriptExecutor) d)
                        .executeScript(
                            "return Array.from(document.images)"
                                + ".every(i => i.complete && i.naturalWidth > 0);"));
    byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(1280, image.getWidth());
    String to = System.getProperty("gofarm.screenshot");
    if (to != null && !to.isBlank()) {
      // Relative to the repository: the tests run in cli/.
      File file = Path.of("..").toAbsolutePath().normalize().resolve(to).toFile();
      Files.write(file.toPath(), png);
    }
  }
}
