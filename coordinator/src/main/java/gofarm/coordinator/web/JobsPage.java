package gofarm.coordinator.web;

import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchSummary;
import gofarm.report.BalanceReport;
import gofarm.report.FitReport;
import gofarm.report.Headline;
import gofarm.report.MatchReport;
import gofarm.report.TuneReport;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The jobs, newest first, as {@code gofarm jobs} lists them, with each kind's headline figure (a
 * match's W-D-L, Elo and LLR; a tuning's objective; a fit's log-likelihood; a balancing's error; a
 * tuning's or balancing's confirmation match as a match's). The table updates itself from {@code
 * /api/jobs} every two seconds; without JavaScript it is the state at load.
 */
final class JobsPage {
  private JobsPage() {}

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

  /** The page of {@code jobs}, asked for {@code limit}: a full page links to the next. */
  static String body(List<JobStatus> jobs, int limit) {
    if (jobs.isEmpty()) {
      return "<p>No jobs here: <code>gofarm submit SPEC.json</code> adds one.</p>\n";
    }
    StringBuilder out = new StringBuilder();
    out.append("<table id=\"jobs\">\n<thead><tr><th>job</th><th>submitted (UTC)</th>")
        .append("<th>state</th><th>progress</th><th>done</th><th>figures</th><th>owner</th>")
        .append("<th>name</th></tr></thead>\n<tbody>\n");
    for (JobStatus s : jobs) {
      String id = Html.text(s.getJobId());
      out.append("<tr data-job=\"")
          .append(id)
          .append("\"><td><a href=\"/jobs/")
          .append(Html.text(URLEncoder.encode(s.getJobId(), StandardCharsets.UTF_8)))
          .append("\">")
          .append(id)
          .append("</a></td><td>")
          .append(TIME.format(Instant.ofEpochSecond(s.getSubmitted().getSeconds())))
          .append("</td><td data-cell=\"state\">")
          .append(s.getState().name())
          .append("</td><td class=\"num\" data-cell=\"progress\">")
          .append(Html.text(Headline.progress(s)))
          .append("</td><td class=\"num\" data-cell=\"done\">")
          .append(Html.text(Headline.done(s)))
          .append("</td><td data-cell=\"headline\">")
          .append(Html.text(figure(s)))
          .append("</td><td>")
          .append(Html.text(s.getOwner()))
          .append("</td><td>")
          .append(Html.text(s.getName()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    if (jobs.size() == limit) {
      String last = jobs.get(jobs.size() - 1).getJobId();
      out.append("<p><a id=\"older\" href=\"/?limit=")
          .append(limit)
          .append("&amp;after=")
          .append(Html.text(URLEncoder.encode(last, StandardCharsets.UTF_8)))
          .append("\">older jobs</a></p>\n");
    }
    return out.append("<script src=\"/static/jobs.js\"></script>\n").toString();
  }

  /** The kind's headline figure, as the live line of {@code gofarm watch} shows it. */
  static String figure(JobStatus s) {
    if (s.hasMatch()) {
      return MatchReport.live(s.getMatch(), MatchReport.hasSprt(s.getMatch()));
    }
    if (s.hasTune()) {
      return withConfirmation(TuneReport.live(s.getTune()), s.getTune().getConfirm());
    }
    if (s.hasFit()) {
      return FitReport.live(s.getFit());
    }
    if (s.hasBalance()) {
      return withConfirmation(BalanceReport.live(s.getBalance()), s.getBalance().getConfirm());
    }
    return s.getMessage();
  }

  /** A tuning's or balancing's figure, then its confirmation match's once a pair is counted. */
  private static String withConfirmation(String figure, MatchSummary confirm) {
    String match = MatchReport.live(confirm, MatchReport.hasSprt(confirm));
    return match.isEmpty() ? figure : figure + " · confirmation " + match;
  }

  /**
   * Refreshes the rows' cells from {@code /api/jobs}; text only ({@code textContent}), never
   * markup. New jobs appear on the next load.
   */
  static final String SCRIPT =
      """
      "use strict";
      (function () {
        const table = document.getElementById("jobs");
        if (!table) { return; }
        async function refresh() {
          try {
            const answer = await fetch("/api/jobs" + location.search, {credentials: "same-origin"});
            if (!answer.ok) { return; }
            const jobs = (await answer.json()).jobs;
            for (const job of jobs) {
              const row = table.querySelector("tr[data-job=\\"" + CSS.escape(job.id) + "\\"]");
              if (!row) { continue; }
              for (const cell of ["state", "progress", "done", "headline"]) {
                const td = row.querySelector("td[data-cell=" + cell + "]");
                if (td && td.textContent !== job[cell]) { td.textContent = job[cell]; }
              }
            }
          } catch (e) {
            // The coordinator restarts or the network drops: the next round tries again.
          }
        }
        setInterval(refresh, 2000);
      })();
      """;
}
