package gofarm.coordinator.web;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpsExchange;
import gofarm.coordinator.auth.AuthInterceptor;
import gofarm.coordinator.auth.Caller;
import gofarm.coordinator.auth.Role;
import gofarm.coordinator.auth.Tokens;
import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.ListWorkersRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.WorkerSummary;
import gofarm.report.Headline;
import gofarm.report.TerminalText;
import io.grpc.CallCredentials;
import io.grpc.Channel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routes of the web pages (see the package comment); {@code /-/...} goes to {@code fallback}
 * (the health checks); {@code /metrics} has a context of its own and never comes here. Each request
 * is answered on the HTTP server's thread.
 */
public final class WebPages implements HttpHandler {
  private static final Logger LOG = LoggerFactory.getLogger(WebPages.class);

  /** The session cookie's name. */
  static final String COOKIE = "gofarm_session";

  /** Said on the login page served over plain HTTP to another machine. */
  static final String PLAINTEXT_WARNING =
      "<p class=\"error\">This page came over plain HTTP: a token typed here crosses the network"
          + " as typed, readable by anyone on the way. Run the coordinator with --http-tls (or"
          + " behind a TLS proxy), and open https://.</p>\n";

  /** A form body larger than this is refused: a login form is a token and a path. */
  static final int MOST_FORM_BYTES = 16 * 1024;

  private static final long DEADLINE_SECONDS = 15;

  /** Writes {@code <}, {@code >} and {@code &} in strings as escapes: no markup in any answer. */
  private static final Gson JSON = new Gson();

  private final Channel farm;
  private final Tokens tokens;
  private final WebSessions sessions;
  private final HttpHandler fallback;

  /** Without {@code --auth}, the one CSRF token of this coordinator's forms. */
  private final String localCsrf;

  /**
   * @param farm a channel to this coordinator's client API, through its auth gate
   * @param tokens the {@code --auth} tokens, or null (then only loopback callers are answered)
   * @param fallback what answers the health checks, {@code /-/...}
   */
  public WebPages(Channel farm, Tokens tokens, HttpHandler fallback) {
    this(farm, tokens, new WebSessions(java.time.Clock.systemUTC()), fallback);
  }

  WebPages(Channel farm, Tokens tokens, WebSessions sessions, HttpHandler fallback) {
    this.farm = farm;
    this.tokens = tokens;
    this.sessions = sessions;
    this.fallback = fallback;
    this.localCsrf = sessions.secret();
  }

  /**
   * Draws the jobs page once for a visitor without a token, its answer thrown away: called before
   * the coordinator says it is ready, so that the first visitor after a start does not pay for
   * loading the pages', the in-process channel's and the reports' classes (the first page after a
   * restart took 110-160 ms on the 2-vCPU machine, the next ones 15-60; docs/web.md). With {@code
   * --auth} the gate refuses the call, which still loads the channel and the gate. Never throws.
   */
  public void warm() {
    Visitor nobody = new Visitor(null, null, false);
    try {
      page(nobody, "Jobs", JobsPage.body(listJobs(nobody, 100, null), 100));
    } catch (RuntimeException e) {
      LOG.debug("the jobs page was not drawn in advance: {}", e.toString());
    }
  }

  /** Who asks: a token (null without {@code --auth}), and the session it came from, if any. */
  private record Visitor(String token, WebSessions.Session session, boolean bearer) {}

  /**
   * Who the visitor is, as the gate will see it: its token's name and role, the local admin without
   * {@code --auth}, or empty for a token the file no longer holds (the gate refuses it next).
   */
  private java.util.Optional<Caller> caller(Visitor v) {
    return tokens == null ? java.util.Optional.of(Caller.LOCAL) : tokens.authenticate(v.token());
  }

  /** For the navigation: {@code token 'alice' (submitter)}, or nothing without {@code --auth}. */
  private String who(Visitor v) {
    return tokens == null ? null : caller(v).map(Caller::describe).orElse(null);
  }

  /**
   * Whether the page offers a cancel: to roles that may cancel (a submitter sees only its own jobs'
   * pages). The gate decides all the same; a form sent without the button is refused there.
   */
  private boolean mayCancel(Visitor v) {
    return caller(v).map(c -> c.role() == Role.SUBMITTER || c.role() == Role.ADMIN).orElse(false);
  }

  /** An answer already chosen (an error page, a redirect): thrown to leave a route. */
  private static final class Answer extends RuntimeException {
    final int code;
    final String body;
    final String location;

    Answer(int code, String body, String location) {
      super(null, null, false, false);
      this.code = code;
      this.body = body;
      this.location = location;
    }
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    String path = ex.getRequestURI().getRawPath();
    String method = ex.getRequestMethod();
    if (path.startsWith("/-/")) { // health: open to probes, as it always was
      fallback.handle(ex);
      return;
    }
    try (ex) {
      try {
        route(ex, method, path);
      } catch (Answer a) {
        if (a.location != null) {
          ex.getResponseHeaders().set("Location", a.location);
        }
        send(ex, a.code, "text/html; charset=utf-8", a.body == null ? "" : a.body);
      } catch (RuntimeException e) {
        LOG.warn("web page {} {} failed", method, path, e);
        send(
            ex,
            500,
            "text/html; charset=utf-8",
            error("something went wrong on the coordinator; its log says what"));
      }
    }
  }

  private void route(HttpExchange ex, String method, String path) throws IOException {
    if (!allowedHere(ex)) {
      throw new Answer(
          403,
          error(
              "this coordinator runs without --auth, so its pages answer only on this machine"
                  + " (127.0.0.1); run it with --auth TOKENS-FILE to serve them to others"),
          null);
    }
    if (path.equals("/login")) {
      if (method.equals("POST")) {
        login(ex);
      } else {
        send(ex, 200, "text/html; charset=utf-8", loginPage(ex, query(ex).get("next"), null));
      }
      return;
    }
    if (path.equals("/logout") && method.equals("POST")) {
      Visitor v = visitor(ex);
      if (v != null && v.session() != null) {
        checkCsrf(v, form(ex));
        sessions.close(v.session().id());
      }
      ex.getResponseHeaders()
          .add("Set-Cookie", COOKIE + "=; Path=/; Max-Age=0" + cookieAttributes(ex));
      throw new Answer(303, null, "/login");
    }
    Visitor v = visitor(ex);
    if (v == null) {
      if (path.startsWith("/api/")) {
        throw new Answer(401, null, null);
      }
      throw new Answer(303, null, "/login?next=" + URLEncoder.encode(path, StandardCharsets.UTF_8));
    }
    if (path.equals("/") && method.equals("GET")) {
      int limit = limit(ex);
      List<JobStatus> jobs = listJobs(v, limit, query(ex).get("after"));
      send(ex, 200, "text/html; charset=utf-8", page(v, "Jobs", JobsPage.body(jobs, limit)));
    } else if (path.equals("/workers") && method.equals("GET")) {
      List<WorkerSummary> workers =
          call(v, s -> s.listWorkers(ListWorkersRequest.getDefaultInstance())).getWorkersList();
      send(
          ex,
          200,
          "text/html; charset=utf-8",
          page(v, "Workers", WorkersPage.body(workers, java.time.Instant.now())));
    } else if (path.equals("/api/jobs") && method.equals("GET")) {
      send(ex, 200, "application/json", jobsJson(listJobs(v, limit(ex), query(ex).get("after"))));
    } else if (path.startsWith("/api/jobs/") && method.equals("GET")) {
      String id = path.substring("/api/jobs/".length());
      JobStatus status = call(v, s -> s.getJob(GetJobRequest.newBuilder().setJobId(id).build()));
      send(ex, 200, "application/json", jobJson(status));
    } else if (path.equals("/static/jobs.js") && method.equals("GET")) {
      send(ex, 200, "text/javascript; charset=utf-8", JobsPage.SCRIPT);
    } else if (path.equals("/static/job.js") && method.equals("GET")) {
      send(ex, 200, "text/javascript; charset=utf-8", JobPage.SCRIPT);
    } else if (path.startsWith("/jobs/")) {
      job(ex, v, method, path.substring("/jobs/".length()));
    } else {
      throw new Answer(404, error("no page " + path), null);
    }
  }

  /** {@code /jobs/ID}, {@code /jobs/ID/files/NAME}, {@code POST /jobs/ID/cancel}. */
  private void job(HttpExchange ex, Visitor v, String method, String rest) throws IOException {
    int slash = rest.indexOf('/');
    String id = slash < 0 ? rest : rest.substring(0, slash);
    String sub = slash < 0 ? "" : rest.substring(slash + 1);
    GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
    if (sub.isEmpty() && method.equals("GET")) {
      JobResults results = call(v, s -> s.getResults(request));
      send(
          ex,
          200,
          "text/html; charset=utf-8",
          page(v, "Job " + id, JobPage.body(results, mayCancel(v) ? csrf(v) : null)));
    } else if (sub.equals("cancel") && method.equals("POST")) {
      checkCsrf(v, form(ex));
      call(v, s -> s.cancelJob(request));
      throw new Answer(303, null, "/jobs/" + URLEncoder.encode(id, StandardCharsets.UTF_8));
    } else if (sub.startsWith("games/") && method.equals("GET")) {
      int index = number(sub.substring("games/".length()), "game");
      String move = query(ex).get("move");
      GameRecord game =
          call(
              v,
              s -> {
                Iterator<GameRecord> games = s.getGames(request);
                for (int i = 0; games.hasNext(); i++) {
                  GameRecord g = games.next();
                  if (i == index) {
                    return g;
                  }
                }
                return null;
              });
      if (game == null) {
        throw new Answer(404, error("job " + id + " has no game " + index + " (yet)"), null);
      }
      String path = "/jobs/" + URLEncoder.encode(id, StandardCharsets.UTF_8) + "/games/" + index;
      send(
          ex,
          200,
          "text/html; charset=utf-8",
          page(
              v,
              "Job " + id + ", game " + index,
              "<p><a href=\"/jobs/"
                  + Html.text(URLEncoder.encode(id, StandardCharsets.UTF_8))
                  + "\">the job</a></p>\n"
                  + GamePage.body(game, move == null ? 0 : number(move, "move"), path)));
    } else if (sub.startsWith("files/") && method.equals("GET")) {
      String name = sub.substring("files/".length());
      JobResults results = call(v, s -> s.getResults(request));
      String content = JobPage.download(results, name);
      if (content == null) {
        throw new Answer(404, error("job " + id + " has no file " + name), null);
      }
      ex.getResponseHeaders()
          .set(
              "Content-Disposition",
              "attachment; filename=\"" + name.replaceAll("[^A-Za-z0-9._-]", "_") + "\"");
      send(ex, 200, JobPage.contentType(name), content);
    } else {
      throw new Answer(404, error("no page /jobs/" + rest), null);
    }
  }

  // ------------------------------------------------------------------ who asks

  /**
   * Without {@code --auth}, only callers on this machine, as the gRPC port (bound to loopback
   * unless told otherwise); with it, anyone who shows a token.
   */
  private boolean allowedHere(HttpExchange ex) {
    if (tokens != null) {
      return true;
    }
    InetSocketAddress remote = ex.getRemoteAddress();
    return remote != null && remote.getAddress().isLoopbackAddress();
  }

  /** The visitor, or null when it showed no credentials (with {@code --auth}). */
  private Visitor visitor(HttpExchange ex) {
    if (tokens == null) {
      return new Visitor(null, null, false);
    }
    List<String> auth = ex.getRequestHeaders().get("Authorization");
    if (auth != null && !auth.isEmpty()) {
      String header = auth.get(0);
      if (auth.size() != 1 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
        throw new Answer(401, error("send exactly one 'Authorization: Bearer TOKEN' header"), null);
      }
      return new Visitor(header.substring(7), null, true);
    }
    WebSessions.Session s = sessions.find(cookie(ex, COOKIE));
    return s == null ? null : new Visitor(s.token(), s, false);
  }

  /** The CSRF token the visitor's forms carry: its session's, or this coordinator's locally. */
  private String csrf(Visitor v) {
    if (v.session() != null) {
      return v.session().csrf();
    }
    return v.bearer() ? null : localCsrf;
  }

  /**
   * A form that changes something must carry the visitor's CSRF token: another site's page can make
   * a browser send the cookie, not read the token. A script with a bearer header needs none.
   */
  private void checkCsrf(Visitor v, Map<String, String> form) {
    if (v.bearer()) {
      return;
    }
    if (!WebSessions.sameSecret(form.get("csrf"), csrf(v))) {
      throw new Answer(
          403, error("this form is stale or was not sent from this site: reload the page"), null);
    }
  }

  private void login(HttpExchange ex) throws IOException {
    Map<String, String> form = form(ex);
    String token = form.getOrDefault("token", "").strip();
    String next = safeNext(form.get("next"));
    if (tokens == null) {
      throw new Answer(303, null, next);
    }
    if (tokens.authenticate(token).isEmpty()) {
      send(
          ex,
          401,
          "text/html; charset=utf-8",
          loginPage(ex, next, "the coordinator does not know this token"));
      return;
    }
    try {
      listJobs(new Visitor(token, null, true), 1, null);
    } catch (Answer a) {
      send(
          ex,
          403,
          "text/html; charset=utf-8",
          loginPage(ex, next, "this token may not read jobs (a worker token?)"));
      return;
    }
    WebSessions.Session s = sessions.open(token);
    ex.getResponseHeaders()
        .add(
            "Set-Cookie",
            COOKIE
                + "="
                + s.id()
                + "; Path=/; Max-Age="
                + WebSessions.LIFETIME.toSeconds()
                + cookieAttributes(ex));
    throw new Answer(303, null, next);
  }

  /** Only a path of this site: a login must not send the browser elsewhere. */
  private static String safeNext(String next) {
    return next != null && next.startsWith("/") && !next.startsWith("//") ? next : "/";
  }

  /**
   * The session cookie's attributes: {@code Secure} over HTTPS, so that the browser never sends it
   * over plain HTTP; over plain HTTP without it, or the cookie would never come back.
   */
  private static String cookieAttributes(HttpExchange ex) {
    return "; HttpOnly; SameSite=Strict" + (ex instanceof HttpsExchange ? "; Secure" : "");
  }

  /**
   * Whether a token typed into the login form would cross the network as typed: with {@code
   * --auth}, over plain HTTP, from another machine (a TLS proxy on this machine comes from
   * loopback).
   */
  static boolean tokenCrossesInPlaintext(boolean tokens, boolean https, InetAddress visitor) {
    return tokens && !https && visitor != null && !visitor.isLoopbackAddress();
  }

  private String loginPage(HttpExchange ex, String next, String problem) {
    InetSocketAddress remote = ex.getRemoteAddress();
    boolean plaintext =
        tokenCrossesInPlaintext(
            tokens != null,
            ex instanceof HttpsExchange,
            remote == null ? null : remote.getAddress());
    return loginPage(next, problem, plaintext);
  }

  static String loginPage(String next, String problem, boolean plaintext) {
    return Html.page(
        "Log in",
        (problem == null ? "" : "<p class=\"error\">" + Html.text(problem) + "</p>\n")
            + (plaintext ? PLAINTEXT_WARNING : "")
            + "<form method=\"post\" action=\"/login\">\n"
            + "<p><label>Token <input type=\"password\" name=\"token\" autocomplete=\"off\""
            + " autofocus></label>\n"
            + "<input type=\"hidden\" name=\"next\" value=\""
            + Html.text(safeNext(next))
            + "\"> <button>Log in</button></p>\n"
            + "<p>A token of the coordinator's --auth file (as GOFARM_TOKEN gives the command"
            + " line). It is kept on the coordinator, not in this browser.</p>\n</form>\n",
        null,
        null);
  }

  // ------------------------------------------------------------------ the API

  private interface Call<T> {
    T on(PlayoutFarmGrpc.PlayoutFarmBlockingStub stub);
  }

  /** A call to the client API as the visitor; its refusals become answers with the same words. */
  private <T> T call(Visitor v, Call<T> call) {
    PlayoutFarmGrpc.PlayoutFarmBlockingStub stub =
        PlayoutFarmGrpc.newBlockingStub(farm).withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS);
    if (v.token() != null) {
      stub = stub.withCallCredentials(bearer(v.token()));
    }
    try {
      return call.on(stub);
    } catch (StatusRuntimeException e) {
      Status s = e.getStatus();
      String why = s.getDescription() == null ? s.getCode().toString() : s.getDescription();
      switch (s.getCode()) {
        case UNAUTHENTICATED -> {
          if (v.session() != null) {
            sessions.close(v.session().id());
            throw new Answer(303, null, "/login");
          }
          throw new Answer(401, error(why), null);
        }
        case PERMISSION_DENIED -> throw new Answer(403, error(why), null);
        case NOT_FOUND -> throw new Answer(404, error(why), null);
        case INVALID_ARGUMENT -> throw new Answer(400, error(why), null);
        case FAILED_PRECONDITION -> throw new Answer(409, error(why), null);
        default -> throw new Answer(503, error("the coordinator did not answer: " + why), null);
      }
    }
  }

  /** Up to {@code limit} jobs, newest first, those after job {@code after} if it is not null. */
  private List<JobStatus> listJobs(Visitor v, int limit, String after) {
    ListJobsRequest.Builder request = ListJobsRequest.newBuilder().setLimit(limit);
    if (after != null) {
      request.setAfterJobId(after);
    }
    return call(v, s -> s.listJobs(request.build())).getJobsList();
  }

  /** A number of the path or query: 400 naming {@code what} if it is none. */
  private static int number(String text, String what) {
    try {
      int n = Integer.parseInt(text);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new Answer(
        400, error("the " + what + " must be a number from 0, not '" + text + "'"), null);
  }

  private static int limit(HttpExchange ex) {
    String limit = query(ex).get("limit");
    try {
      return limit == null ? 100 : Math.max(1, Math.min(1000, Integer.parseInt(limit)));
    } catch (NumberFormatException e) {
      throw new Answer(
          400, error("limit must be a number from 1 to 1000, not '" + limit + "'"), null);
    }
  }

  /** The jobs' cells as the page shows them, for its script to update the table. */
  private static String jobsJson(List<JobStatus> jobs) {
    JsonArray array = new JsonArray();
    for (JobStatus s : jobs) {
      JsonObject o = new JsonObject();
      o.addProperty("id", s.getJobId());
      o.addProperty("state", s.getState().name());
      o.addProperty("progress", Headline.progress(s));
      o.addProperty("done", Headline.done(s));
      o.addProperty("headline", TerminalText.escape(JobsPage.figure(s)));
      array.add(o);
    }
    JsonObject out = new JsonObject();
    out.add("jobs", array);
    return JSON.toJson(out);
  }

  /**
   * A job's headline and live line as its page shows them, for its script; {@code counted} changes
   * when the page's tables and pictures are out of date.
   */
  private static String jobJson(JobStatus s) {
    JsonObject o = new JsonObject();
    o.addProperty("id", s.getJobId());
    o.addProperty("state", s.getState().name());
    o.addProperty("finished", JobPage.finished(s.getState()));
    // Headline.of escapes for the terminal already.
    o.addProperty("headline", Headline.of(s));
    o.addProperty("live", TerminalText.escape(JobPage.live(s)));
    o.addProperty("counted", JobPage.counted(s));
    return JSON.toJson(o);
  }

  private static CallCredentials bearer(String token) {
    return new CallCredentials() {
      @Override
      public void applyRequestMetadata(RequestInfo info, Executor executor, MetadataApplier out) {
        Metadata headers = new Metadata();
        headers.put(AuthInterceptor.AUTHORIZATION, "Bearer " + token);
        out.apply(headers);
      }
    };
  }

  // ------------------------------------------------------------------ HTTP

  private String page(Visitor v, String title, String body) {
    return Html.page(title, body, who(v), v.session() != null ? v.session().csrf() : null);
  }

  private static String error(String message) {
    return Html.page("Refused", "<p class=\"error\">" + Html.text(message) + "</p>\n", null, null);
  }

  private static void send(HttpExchange ex, int code, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    var h = ex.getResponseHeaders();
    h.set("Content-Type", type);
    h.set("Cache-Control", "no-store");
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "no-referrer");
    // Scripts only from this site's own file, pictures inline: a name that slipped through an
    // escape still could not run.
    h.set(
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:;"
            + " style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    if (ex.getRequestMethod().equals("HEAD") || code == 303) {
      ex.sendResponseHeaders(code, -1);
      return;
    }
    ex.sendResponseHeaders(code, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  private static Map<String, String> query(HttpExchange ex) {
    return decode(ex.getRequestURI().getRawQuery());
  }

  private static Map<String, String> form(HttpExchange ex) throws IOException {
    try (InputStream in = ex.getRequestBody()) {
      byte[] body = in.readNBytes(MOST_FORM_BYTES + 1);
      if (body.length > MOST_FORM_BYTES) {
        throw new Answer(413, error("a form of over " + MOST_FORM_BYTES + " bytes"), null);
      }
      return decode(new String(body, StandardCharsets.UTF_8));
    }
  }

  private static Map<String, String> decode(String encoded) {
    Map<String, String> out = new HashMap<>();
    if (encoded == null || encoded.isEmpty()) {
      return out;
    }
    for (String pair : encoded.split("&")) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      try {
        out.putIfAbsent(
            URLDecoder.decode(key, StandardCharsets.UTF_8),
            URLDecoder.decode(value, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw new Answer(400, error("a malformed form or query"), null);
      }
    }
    return out;
  }

  private static String cookie(HttpExchange ex, String name) {
    List<String> headers = ex.getRequestHeaders().get("Cookie");
    if (headers == null) {
      return null;
    }
    for (String header : headers) {
      for (String part : header.split(";")) {
        String p = part.strip();
        if (p.startsWith(name + "=")) {
          return p.substring(name.length() + 1);
        }
      }
    }
    return null;
  }
}
