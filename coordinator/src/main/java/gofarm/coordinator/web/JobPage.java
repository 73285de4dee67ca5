package gofarm.coordinator.web;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.report.BalanceReport;
import gofarm.report.Figures;
import gofarm.report.FitReport;
import gofarm.report.Headline;
import gofarm.report.ResultsFiles;
import gofarm.report.TuneReport;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One job: its headline and live line (state, progress, rate, the kind's figure), the table {@code
 * gofarm results} prints, the pictures it draws (each with its caption), the files {@code gofarm
 * results --out} writes as downloads, the games it played (a match's, a tuning's or balancing's
 * confirmation), the spec, and a cancel button while it runs. Everything is drawn by {@code
 * gofarm.report}, as on the command line. While the job runs its script keeps the page up to date;
 * without JavaScript the page is the state at load.
 */
final class JobPage {
  private JobPage() {}

  /** An evaluate job's ownership pictures shown (one per pair; a job may have thousands). */
  static final int PICTURES = 12;

  static String body(JobResults results, String csrf) {
    JobStatus s = results.getStatus();
    String id = URLEncoder.encode(s.getJobId(), StandardCharsets.UTF_8);
    boolean running = !finished(s.getState());
    StringBuilder out = new StringBuilder();
    out.append("<p id=\"headline\">").append(Html.shown(Headline.of(s))).append("</p>\n");
    out.append("<p id=\"live\"");
    if (running) {
      // What the script follows; a finished job's page has nothing left to follow.
      out.append(" data-api=\"/api/jobs/")
          .append(Html.text(id))
          .append("\" data-counted=\"")
          .append(Html.text(counted(s)))
          .append('"');
    }
    out.append('>').append(Html.text(live(s))).append("</p>\n");
    if (!s.getOwner().isEmpty()) {
      out.append("<p>Submitted by ").append(Html.text(s.getOwner())).append(".</p>\n");
    }
    if (running && csrf != null) {
      out.append("<form method=\"post\" action=\"/jobs/")
          .append(Html.text(id))
          .append("/cancel\"><input type=\"hidden\" name=\"csrf\" value=\"")
          .append(Html.text(csrf))
          .append("\"><button id=\"cancel\">Cancel the job</button></form>\n");
    }
    // Everything that grows with the results, in one element that the script replaces whole.
    out.append("<div id=\"results\">\n");
    Map<String, String> files = ResultsFiles.files(results, PICTURES);
    String table = files.get("results.txt");
    if (table != null) {
      out.append("<h2>Results</h2>\n<pre id=\"table\">")
          .append(Html.lines(table))
          .append("</pre>\n");
    }
    boolean pictures = false;
    for (Map.Entry<String, String> f : files.entrySet()) {
      if (f.getKey().endsWith(".svg")) {
        if (!pictures) {
          out.append("<h2>Pictures</h2>\n");
          pictures = true;
        }
        // As an image, never inline markup: a picture's text cannot run or restyle the page.
        out.append("<figure><img alt=\"")
            .append(Html.text(f.getKey()))
            .append("\" src=\"data:image/svg+xml;base64,")
            .append(
                Base64.getEncoder().encodeToString(f.getValue().getBytes(StandardCharsets.UTF_8)))
            .append("\"><figcaption>")
            .append(Html.text(f.getKey()))
            .append("</figcaption></figure>\n");
      }
    }
    if (s.getPairsCount() > PICTURES && pictures) {
      out.append("<p>The first ")
          .append(PICTURES)
          .append(" pairs' pictures; <code>gofarm results ")
          .append(Html.text(s.getJobId()))
          .append(" --out DIR</code> draws all of them.</p>\n");
    }
    out.append("<h2>Files</h2>\n<ul>\n");
    for (String name : files.keySet()) {
      out.append("<li><a href=\"/jobs/")
          .append(Html.text(id))
          .append("/files/")
          .append(Html.text(name))
          .append("\">")
          .append(Html.text(name))
          .append("</a></li>\n");
    }
    out.append("</ul>\n");
    String jobPath = "/jobs/" + Html.text(id);
    if (results.hasMatch()) {
      out.append(GamePage.list(results.getMatch(), "Games", jobPath));
    } else if (results.getTune().hasConfirm()) {
      out.append(GamePage.list(results.getTune().getConfirm(), "Confirmation games", jobPath));
    } else if (results.getBalance().hasConfirm()) {
      out.append(GamePage.list(results.getBalance().getConfirm(), "Confirmation games", jobPath));
    }
    out.append("</div>\n<h2>Spec</h2>\n<pre id=\"spec\">")
        .append(Html.lines(spec(results)))
        .append("</pre>\n");
    if (running) {
      out.append("<script src=\"/static/job.js\"></script>\n");
    }
    return out.toString();
  }

  static boolean finished(JobState state) {
    return state != JobState.QUEUED && state != JobState.RUNNING;
  }

  /**
   * Where the job stands, as {@code gofarm watch}'s line: state, progress, work done, rate and ETA
   * while it runs, and the kind's headline figure (a match's W-D-L, Elo and LLR, ...).
   */
  static String live(JobStatus s) {
    List<String> parts = new ArrayList<>();
    parts.add(s.getState().name());
    parts.add(Headline.progress(s));
    parts.add(Headline.done(s));
    if (s.getState() == JobState.RUNNING) {
      parts.add(rate(s));
      if (s.getEtaSeconds() > 0) {
        parts.add("ETA " + Figures.duration(s.getEtaSeconds()));
      }
    }
    String figure = JobsPage.figure(s);
    if (!figure.isEmpty()) {
      parts.add(figure);
    }
    return String.join(" · ", parts);
  }

  /** The rate {@code gofarm watch} shows: a confirmation's games while it plays. */
  private static String rate(JobStatus s) {
    if (s.hasMatch()) {
      return gamesPerMinute(s.getMatch());
    }
    if (s.hasTune()) {
      return s.getTune().getPhase().equals("confirming")
          ? gamesPerMinute(s.getTune().getConfirm())
          : TuneReport.rate(s);
    }
    if (s.hasFit()) {
      return FitReport.rate(s);
    }
    if (s.hasBalance()) {
      return s.getBalance().getPhase().equals("confirming")
          ? gamesPerMinute(s.getBalance().getConfirm())
          : BalanceReport.rate(s);
    }
    return Figures.human(s.getPlayoutsPerSecond()) + " playouts/s";
  }

  private static String gamesPerMinute(MatchSummary m) {
    return String.format(Locale.ROOT, "%.1f games/min", m.getGamesPerMinute());
  }

  /** Changes whenever a result is counted or the state changes: when the page is out of date. */
  static String counted(JobStatus s) {
    return s.getState().name() + ":" + s.getChunksDone() + ":" + s.getPlayoutsDone();
  }

  /**
   * Follows a running job from {@code /api/jobs/ID} every two seconds: the headline and live line
   * as text ({@code textContent}, never markup). When results were counted (at most every six
   * seconds, so that a fast job does not redraw its pictures at each poll) and once the job has
   * finished, it loads the page again in the background and puts its results, the same server-drawn
   * element, in place of the old; then, the job finished, it stops. A page loaded once the job had
   * finished has nothing to follow and no script.
   */
  static final String SCRIPT =
      """
      "use strict";
      (function () {
        const live = document.getElementById("live");
        if (!live || !live.dataset.api) { return; }
        const api = live.dataset.api;
        let counted = live.dataset.counted;
        let drawn = Date.now();
        let busy = false;
        let timer = null;
        function show(id, text) {
          const e = document.getElementById(id);
          if (e && e.textContent !== text) { e.textContent = text; }
        }
        async function redraw() {
          const answer = await fetch(location.pathname, {credentials: "same-origin"});
          if (!answer.ok) { return false; }
          const page = new DOMParser().parseFromString(await answer.text(), "text/html");
          const next = page.getElementById("results");
          const now = document.getElementById("results");
          if (!next || !now) { return false; }
          now.replaceWith(document.adoptNode(next));
          drawn = Date.now();
          return true;
        }
        async function follow() {
          if (busy) { return; }
          busy = true;
          try {
            const answer = await fetch(api, {credentials: "same-origin"});
            if (!answer.ok) { return; }
            const job = await answer.json();
            show("headline", job.headline);
            show("live", job.live);
            if (job.finished) {
              clearInterval(timer);
              const cancel = document.getElementById("cancel");
              if (cancel) { cancel.closest("form").remove(); }
              await redraw();
            } else if (job.counted !== counted && Date.now() - drawn >= 6000) {
              if (await redraw()) { counted = job.counted; }
            }
          } catch (e) {
            // The coordinator restarts or the network drops: the next round tries again.
          } finally {
            busy = false;
          }
        }
        timer = setInterval(follow, 2000);
      })();
      """;

  /** A file of the page's list by its name, or null. */
  static String download(JobResults results, String name) {
    return ResultsFiles.files(results, PICTURES).get(name);
  }

  static String contentType(String name) {
    if (name.endsWith(".json")) {
      return "application/json; charset=utf-8";
    }
    if (name.endsWith(".csv")) {
      return "text/csv; charset=utf-8";
    }
    if (name.endsWith(".svg")) {
      return "image/svg+xml; charset=utf-8";
    }
    return "text/plain; charset=utf-8";
  }

  private static String spec(JobResults results) {
    try {
      return JsonFormat.printer().print(results.getSpec());
    } catch (InvalidProtocolBufferException e) {
      return "(the spec cannot be shown as JSON: " + e.getMessage() + ")";
    }
  }
}
