package gofarm.coordinator.web;

import gofarm.proto.v1.WorkerSummary;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The workers: those connected, in the order they joined, with what they hold and have answered
 * (and so their pace), their labels, engines and version, and whose vote they are in spot checks;
 * then those quarantined, with the reason.
 */
final class WorkersPage {
  private WorkersPage() {}

  static String body(List<WorkerSummary> workers, Instant now) {
    if (workers.isEmpty()) {
      return "<p>No worker is connected: <code>gofarm worker -c HOST:PORT</code> adds one.</p>\n";
    }
    StringBuilder out = new StringBuilder();
    out.append("<table id=\"workers\">\n<thead><tr><th>worker</th><th>state</th>")
        .append("<th>threads</th><th>holds / credit</th><th>chunks answered</th>")
        .append("<th>chunks/min</th><th>labels</th><th>engines</th><th>version</th>")
        .append("<th>votes as</th></tr></thead>\n<tbody>\n");
    for (WorkerSummary w : workers) {
      boolean quarantined = !w.getQuarantined().isEmpty();
      double minutes =
          w.hasConnected() ? (now.getEpochSecond() - w.getConnected().getSeconds()) / 60.0 : 0;
      out.append("<tr data-worker=\"")
          .append(Html.text(w.getWorkerId()))
          .append("\"><td>")
          .append(Html.text(w.getWorkerId()))
          .append("</td><td>")
          .append(
              Html.text(
                  quarantined
                      ? "quarantined: " + w.getQuarantined()
                      : w.getDraining() ? "draining" : "working"))
          .append("</td><td class=\"num\">")
          .append(quarantined ? "" : w.getThreads())
          .append("</td><td class=\"num\">")
          .append(quarantined ? "" : w.getInFlight() + " / " + w.getCredit())
          .append("</td><td class=\"num\">")
          .append(quarantined ? "" : String.format(Locale.ROOT, "%,d", w.getChunksAnswered()))
          .append("</td><td class=\"num\">")
          .append(
              minutes > 0
                  ? String.format(Locale.ROOT, "%.1f", w.getChunksAnswered() / minutes)
                  : "")
          .append("</td><td>")
          .append(Html.text(labels(w.getLabelsMap())))
          .append("</td><td>")
          .append(Html.text(String.join(", ", w.getEnginesList())))
          .append("</td><td>")
          .append(Html.text(w.getVersion()))
          .append("</td><td>")
          .append(Html.text(w.getVoter()))
          .append("</td></tr>\n");
    }
    return out.append("</tbody>\n</table>\n").toString();
  }

  private static String labels(Map<String, String> labels) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
      out.append(out.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
    }
    return out.toString();
  }
}
