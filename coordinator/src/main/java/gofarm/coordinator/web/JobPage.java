package gofarm.coordinator.web;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.report.Headline;
import gofarm.report.ResultsFiles;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * One job: its headline, the table {@code gofarm results} prints, the pictures it draws (each with
 * its caption), the files {@code gofarm results --out} writes as downloads, the spec, and a cancel
 * button while it runs. Everything is drawn by {@code gofarm.report}, as on the command line.
 */
final class JobPage {
  private JobPage() {}

  /** An evaluate job's ownership pictures shown (one per pair; a job may have thousands). */
  static final int PICTURES = 12;

  static String body(JobResults results, String csrf) {
    JobStatus s = results.getStatus();
    String id = URLEncoder.encode(s.getJobId(), StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder();
    out.append("<p>").append(Html.text(Headline.of(s))).append("</p>\n");
    if (!s.getOwner().isEmpty()) {
      out.append("<p>Submitted by ").append(Html.text(s.getOwner())).append(".</p>\n");
    }
    if ((s.getState() == JobState.QUEUED || s.getState() == JobState.RUNNING) && csrf != null) {
      out.append("<form method=\"post\" action=\"/jobs/")
          .append(Html.text(id))
          .append("/cancel\"><input type=\"hidden\" name=\"csrf\" value=\"")
          .append(Html.text(csrf))
          .append("\"><button id=\"cancel\">Cancel the job</button></form>\n");
    }
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
    if (results.hasMatch()) {
      out.append(GamePage.list(results, "/jobs/" + Html.text(id)));
    }
    out.append("<h2>Spec</h2>\n<pre id=\"spec\">")
        .append(Html.lines(spec(results)))
        .append("</pre>\n");
    return out.toString();
  }

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
