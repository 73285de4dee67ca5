package gofarm.deploy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/** The files under {@code deploy/} as the tests read them: YAML and JSON trees, and PromQL. */
final class DeployFiles {
  private DeployFiles() {}

  /** The repository root (tests run in the {@code cli} module's directory). */
  static final Path ROOT = findRoot();

  static final Path DEPLOY = ROOT.resolve("deploy");
  static final Path PROMETHEUS = DEPLOY.resolve("prometheus");
  static final Path DASHBOARD = DEPLOY.resolve("grafana/dashboards/gofarm.json");
  static final List<Path> RULE_FILES =
      List.of(
          PROMETHEUS.resolve("rules/gofarm-recording.yml"),
          PROMETHEUS.resolve("rules/gofarm-alerts.yml"));

  private static Path findRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("deploy"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no deploy/ folder above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  static Object yaml(Path file) {
    try {
      return newYaml().load(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Object yaml(String text) {
    return newYaml().load(text);
  }

  /** Every document of a multi-document YAML stream (as kubectl kustomize prints). */
  static List<Map<String, Object>> documents(String text) {
    List<Map<String, Object>> docs = new ArrayList<>();
    for (Object doc : newYaml().loadAll(text)) {
      if (doc != null) {
        docs.add(map(doc));
      }
    }
    return docs;
  }

  private static Yaml newYaml() {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setCodePointLimit(16 * 1024 * 1024);
    return new Yaml(options);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    assertTrue(o instanceof Map, "expected a mapping, got " + o);
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    assertTrue(o instanceof List, "expected a list, got " + o);
    return (List<Object>) o;
  }

  /** {@code map.get(a).get(b)...}, or null when a key is missing. */
  static Object at(Object node, String... keys) {
    Object o = node;
    for (String k : keys) {
      if (!(o instanceof Map<?, ?> m)) {
        return null;
      }
      o = m.get(k);
    }
    return o;
  }

  /** The {@code groups} of every rule file, in order. */
  static List<Object> ruleGroups() {
    List<Object> groups = new ArrayList<>();
    for (Path f : RULE_FILES) {
      groups.addAll(list(map(yaml(f)).get("groups")));
    }
    return groups;
  }

  /** Every rule (recording and alerting) of the rule files. */
  static List<Map<String, Object>> rules() {
    List<Map<String, Object>> rules = new ArrayList<>();
    for (Object g : ruleGroups()) {
      for (Object r : list(map(g).get("rules"))) {
        rules.add(map(r));
      }
    }
    return rules;
  }

  /** The names the recording rules define. */
  static Set<String> recordedNames() {
    Set<String> names = new LinkedHashSet<>();
    for (Map<String, Object> r : rules()) {
      if (r.get("record") != null) {
        names.add((String) r.get("record"));
      }
    }
    return names;
  }

  /** Every PromQL expression of the dashboard's panels (rows' nested panels too). */
  static List<String> dashboardExpressions() {
    List<String> exprs = new ArrayList<>();
    collectExpressions(yaml(DASHBOARD), exprs);
    return exprs;
  }

  private static void collectExpressions(Object node, List<String> out) {
    if (node instanceof Map<?, ?> m) {
      if (m.get("targets") instanceof List<?> targets) {
        for (Object t : targets) {
          Object expr = at(t, "expr");
          if (expr instanceof String s) {
            out.add(s);
          }
        }
      }
      for (Object v : m.values()) {
        collectExpressions(v, out);
      }
    } else if (node instanceof List<?> l) {
      for (Object v : l) {
        collectExpressions(v, out);
      }
    }
  }

  static List<Path> shellScripts() throws IOException {
    List<Path> scripts = new java.util.ArrayList<>();
    for (Path dir : List.of(DEPLOY, ROOT.resolve("tools"))) {
      try (Stream<Path> files = Files.walk(dir)) {
        files.filter(f -> f.toString().endsWith(".sh")).sorted().forEach(scripts::add);
      }
    }
    return scripts;
  }
}
