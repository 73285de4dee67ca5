package gofarm.deploy;

import static gofarm.deploy.DeployFiles.PROMETHEUS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Prometheus files of {@code deploy/prometheus/} through Prometheus's own checker: {@code
 * promtool check config} on both scrape configs, {@code check rules} on the rule files and {@code
 * test rules} on their unit tests, which must cover every alert.
 */
class PrometheusConfigTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private static Tools.Result promtool(Path dir, String... args) throws Exception {
    Path promtool = Tools.require("promtool", "apt-get install prometheus");
    List<String> command = new ArrayList<>(List.of(promtool.toString()));
    command.addAll(List.of(args));
    return Tools.run(dir, TIMEOUT, command);
  }

  @Test
  void theLocalConfigIsValidAsTheLauncherInstallsIt(@TempDir Path dir) throws Exception {
    // cluster.sh copies prometheus.yml and rules/ into its state folder and writes targets/ there.
    Files.copy(PROMETHEUS.resolve("prometheus.yml"), dir.resolve("prometheus.yml"));
    Files.createDirectories(dir.resolve("rules"));
    for (Path f : DeployFiles.RULE_FILES) {
      Files.copy(f, dir.resolve("rules").resolve(f.getFileName()));
    }
    Files.createDirectories(dir.resolve("targets"));
    for (String t : List.of("coordinator", "workers", "prometheus")) {
      Files.writeString(
          dir.resolve("targets/" + t + ".json"), "[{\"targets\": [\"127.0.0.1:9091\"]}]\n");
    }
    Tools.Result r = promtool(dir, "check", "config", "prometheus.yml");
    assertEquals(0, r.exit(), r.output());
    assertTrue(r.output().contains("SUCCESS: 2 rule files found"), r.output());
    assertTrue(!r.output().contains("WARNING"), r.output());
  }

  @Test
  void theComposeConfigIsValid() throws Exception {
    Tools.Result r = promtool(PROMETHEUS, "check", "config", "prometheus-compose.yml");
    assertEquals(0, r.exit(), r.output());
    assertTrue(r.output().contains("SUCCESS: 2 rule files found"), r.output());
  }

  @Test
  void theRulesAreValid() throws Exception {
    List<String> args = new ArrayList<>(List.of("check", "rules"));
    DeployFiles.RULE_FILES.forEach(f -> args.add(PROMETHEUS.relativize(f).toString()));
    Tools.Result r = promtool(PROMETHEUS, args.toArray(String[]::new));
    assertEquals(0, r.exit(), r.output());
    assertTrue(r.output().contains("SUCCESS: 12 rules found"), r.output());
    assertTrue(r.output().contains("SUCCESS: 5 rules found"), r.output());
  }

  @Test
  void theRuleUnitTestsPassAndCoverEveryAlertAndRecordedName() throws Exception {
    List<Path> tests;
    try (Stream<Path> files = Files.list(PROMETHEUS.resolve("tests"))) {
      tests = files.filter(f -> f.toString().endsWith(".test.yml")).sorted().toList();
    }
    assertEquals(2, tests.size(), tests.toString());
    List<String> args = new ArrayList<>(List.of("test", "rules"));
    tests.forEach(f -> args.add(PROMETHEUS.relativize(f).toString()));
    Tools.Result r = promtool(PROMETHEUS, args.toArray(String[]::new));
    assertEquals(0, r.exit(), r.output());
    assertEquals(2, r.output().split("SUCCESS", -1).length - 1, r.output());

    // Every alert has a test where it fires (a non-empty exp_alerts) and one where it does not;
    // every recorded name is evaluated by some test.
    Set<String> fires = new HashSet<>();
    Set<String> quiet = new HashSet<>();
    Set<String> evaluated = new HashSet<>();
    for (Path t : tests) {
      for (Object test : DeployFiles.list(DeployFiles.map(DeployFiles.yaml(t)).get("tests"))) {
        Object alertTests = DeployFiles.at(test, "alert_rule_test");
        if (alertTests != null) {
          for (Object a : DeployFiles.list(alertTests)) {
            String name = (String) DeployFiles.at(a, "alertname");
            Object expected = DeployFiles.at(a, "exp_alerts");
            (expected == null || DeployFiles.list(expected).isEmpty() ? quiet : fires).add(name);
          }
        }
        Object exprTests = DeployFiles.at(test, "promql_expr_test");
        if (exprTests != null) {
          for (Object e : DeployFiles.list(exprTests)) {
            evaluated.addAll(PromQl.metricNames((String) DeployFiles.at(e, "expr")));
          }
        }
      }
    }
    for (Map<String, Object> rule : DeployFiles.rules()) {
      if (rule.get("alert") != null) {
        String alert = (String) rule.get("alert");
        assertTrue(fires.contains(alert), alert + " has no test where it fires");
        assertTrue(quiet.contains(alert), alert + " has no test where it stays quiet");
        assertTrue(rule.get("for") != null, alert + " has no 'for'");
        assertTrue(DeployFiles.at(rule, "labels", "severity") != null, alert + ": no severity");
        assertTrue(DeployFiles.at(rule, "annotations", "summary") != null, alert + ": no summary");
      }
    }
    for (String recorded : DeployFiles.recordedNames()) {
      assertTrue(evaluated.contains(recorded), recorded + " has no unit test");
    }
  }

  @Test
  void theAlertsCoverWhatTheFarmNeedsWatched() {
    Set<String> alerts = new HashSet<>();
    for (Map<String, Object> rule : DeployFiles.rules()) {
      if (rule.get("alert") != null) {
        alerts.add((String) rule.get("alert"));
      }
    }
    assertEquals(
        Set.of(
            "GofarmCoordinatorDown",
            "GofarmNoWorkersConnected",
            "GofarmJobStalled",
            "GofarmRequeueRateHigh",
            "GofarmWorkerReconnectStorm"),
        alerts);
  }
}
