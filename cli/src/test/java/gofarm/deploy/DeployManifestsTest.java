package gofarm.deploy;

import static gofarm.deploy.DeployFiles.DEPLOY;
import static gofarm.deploy.DeployFiles.ROOT;
import static gofarm.deploy.DeployFiles.at;
import static gofarm.deploy.DeployFiles.list;
import static gofarm.deploy.DeployFiles.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gofarm.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The container and Kubernetes files against the real {@code gofarm} command line: every command
 * line in the Dockerfile, compose.yaml and the rendered kustomization must parse with {@link
 * Main#commandLine()} (an option {@code gofarm} does not know fails), and ports, probes, image
 * names, service names and the monitoring selectors must agree with what those command lines make
 * the processes do.
 */
class DeployManifestsTest {
  private static final Path DOCKER = DEPLOY.resolve("docker");
  private static final String IMAGE = "gofarm:dev";
  private static final Pattern HOST_PORT = Pattern.compile("([A-Za-z0-9.-]+):(\\d{1,5})");

  /** The kustomize output of deploy/k8s, one map per object. */
  private static List<Map<String, Object>> k8s;

  @BeforeAll
  static void renderKustomization() throws Exception {
    Path kubectl = Tools.require("kubectl", "apt-get install kubectl (or any kubectl >= 1.27)");
    Tools.Result r =
        Tools.run(
            ROOT, Duration.ofSeconds(60), List.of(kubectl.toString(), "kustomize", "deploy/k8s"));
    assertEquals(0, r.exit(), r.output());
    k8s = DeployFiles.documents(r.output());
  }

  // ------------------------------------------------------------------ the command line

  /** Parses a gofarm command line as {@code gofarm ARGS...} would; fails on an unknown option. */
  private static ParseResult parse(List<String> args) {
    try {
      ParseResult top = Main.commandLine().parseArgs(args.toArray(String[]::new));
      assertTrue(top.hasSubcommand(), "no subcommand in " + args);
      return top.subcommand();
    } catch (CommandLine.ParameterException e) {
      throw new AssertionError("gofarm refuses " + args + ": " + e.getMessage(), e);
    }
  }

  private static <T> T option(ParseResult r, String name) {
    return r.matchedOptionValue(name, r.commandSpec().findOption(name).getValue());
  }

  private static int defaultPort(String command, String option) {
    return Integer.parseInt(
        Main.commandLine()
            .getSubcommands()
            .get(command)
            .getCommandSpec()
            .findOption(option)
            .defaultValue());
  }

  @Test
  void theCheckCatchesAnOptionGofarmDoesNotKnow() {
    AssertionError e =
        org.junit.jupiter.api.Assertions.assertThrows(
            AssertionError.class, () -> parse(List.of("worker", "--thread=2")));
    assertTrue(e.getMessage().contains("--thread=2"), e.getMessage());
    org.junit.jupiter.api.Assertions.assertThrows(
        AssertionError.class, () -> parse(List.of("coordinator", "--port=seventy")));
  }

  // ------------------------------------------------------------------ Dockerfile

  /** The Dockerfile's instructions, continuation lines joined, comments dropped. */
  private static List<String[]> dockerfile() throws Exception {
    List<String[]> instructions = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : Files.readAllLines(DOCKER.resolve("Dockerfile"))) {
      if (line.strip().startsWith("#") || line.isBlank()) {
        continue;
      }
      if (line.endsWith("\\")) {
        current.append(line, 0, line.length() - 1).append(' ');
        continue;
      }
      current.append(line);
      String text = current.toString().strip();
      current.setLength(0);
      int space = text.indexOf(' ');
      instructions.add(new String[] {text.substring(0, space), text.substring(space + 1).strip()});
    }
    return instructions;
  }

  @SuppressWarnings("unchecked")
  private static List<String> execForm(String json) {
    Object parsed = DeployFiles.yaml(json);
    assertTrue(parsed instanceof List, "not the exec form (a JSON array): " + json);
    return (List<String>) parsed;
  }

  @Test
  void theDockerfileBuildsWithTheWrapperAndRunsTheJarAsANonRootUserWithAHealthcheck()
      throws Exception {
    List<String[]> all = dockerfile();
    int lastFrom = -1;
    int froms = 0;
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i)[0].equals("FROM")) {
        lastFrom = i;
        froms++;
      }
    }
    assertEquals(2, froms, "a build stage and a run stage");
    String args = String.join("\n", all.stream().map(a -> a[0] + " " + a[1]).toList());
    assertTrue(args.contains("ARG JDK_IMAGE=eclipse-temurin:17-jdk"), args);
    assertTrue(args.contains("ARG JRE_IMAGE=eclipse-temurin:25-jre"), args);
    assertEquals("${JRE_IMAGE}", all.get(lastFrom)[1], "the run stage is the JRE");
    assertTrue(args.contains("./mvnw -B -q -DskipTests -pl cli -am package"), args);

    String jarInImage = null;
    String user = null;
    String healthcheck = null;
    List<String> entrypoint = null;
    List<String> cmd = null;
    for (int i = 0; i < all.size(); i++) {
      String op = all.get(i)[0];
      String arg = all.get(i)[1];
      if (op.equals("COPY")) {
        List<String> words = new ArrayList<>(List.of(arg.split("\\s+")));
        boolean fromStage = words.get(0).startsWith("--from=");
        words.removeIf(w -> w.startsWith("--"));
        String dest = words.get(words.size() - 1);
        for (String src : words.subList(0, words.size() - 1)) {
          if (fromStage) {
            assertEquals("/src/cli/target/gofarm.jar", src, "the jar the build stage makes");
            jarInImage = dest;
          } else {
            assertTrue(Files.exists(ROOT.resolve(src)), "COPY of a missing path: " + src);
          }
        }
      }
      if (i > lastFrom) {
        switch (op) {
          case "USER" -> user = arg;
          case "HEALTHCHECK" -> healthcheck = arg;
          case "ENTRYPOINT" -> entrypoint = execForm(arg);
          case "CMD" -> cmd = execForm(arg);
          default -> {}
        }
      }
    }
    assertNotNull(user, "no USER in the run stage");
    assertFalse(user.startsWith("0") || user.startsWith("root"), "runs as root: " + user);
    assertNotNull(healthcheck, "no HEALTHCHECK");
    assertTrue(healthcheck.contains("CMD [\"/opt/gofarm/healthcheck.sh\"]"), healthcheck);
    assertEquals("/opt/gofarm/gofarm.jar", jarInImage);
    assertEquals("java", entrypoint.get(0));
    assertEquals(jarInImage, entrypoint.get(entrypoint.indexOf("-jar") + 1));
    assertEquals(List.of("--help"), cmd);
    assertTrue(Main.commandLine().parseArgs(cmd.toArray(String[]::new)).isUsageHelpRequested());
    assertTrue(args.contains("EXPOSE 7070 9091 9464"), args);
    assertEquals(7070, defaultPort("coordinator", "--port"));
    assertEquals(9091, defaultPort("coordinator", "--metrics-port"));
    assertTrue(args.contains("ENV GOFARM_HEALTH_PORT=9091"), args);
  }

  // ------------------------------------------------------------------ compose

  @Test
  void composeIsValidForDockerCompose() throws Exception {
    Path compose = Tools.require("docker-compose", "apt-get install docker-compose");
    Tools.Result r =
        Tools.run(
            DOCKER,
            Duration.ofSeconds(60),
            List.of(compose.toString(), "-f", "compose.yaml", "config", "-q"));
    assertEquals(0, r.exit(), r.output());
  }

  @Test
  void composeCommandsPortsAndMountsAgreeWithTheCliAndTheConfigs() {
    Map<String, Object> services =
        map(at(DeployFiles.yaml(DOCKER.resolve("compose.yaml")), "services"));
    assertEquals(
        List.of("coordinator", "worker", "prometheus", "grafana"), List.copyOf(services.keySet()));

    Map<String, Object> coordinator = map(services.get("coordinator"));
    assertEquals(IMAGE, coordinator.get("image"));
    assertEquals("deploy/docker/Dockerfile", at(coordinator, "build", "dockerfile"));
    assertTrue(Files.isDirectory(DOCKER.resolve((String) at(coordinator, "build", "context"))));
    ParseResult c = parse(strings(coordinator.get("command")));
    assertEquals("coordinator", c.commandSpec().name());
    int grpc = option(c, "--port");
    int coordinatorMetrics = option(c, "--metrics-port");
    assertEquals(
        Integer.toString(coordinatorMetrics), at(coordinator, "environment", "GOFARM_HEALTH_PORT"));
    assertTrue(strings(coordinator.get("ports")).contains(grpc + ":" + grpc));
    assertComposeSecret(coordinator, option(c, "--auth"));
    assertComposeSecret(coordinator, option(c, "--tls-cert"));
    assertComposeSecret(coordinator, option(c, "--tls-key"));

    Map<String, Object> worker = map(services.get("worker"));
    assertEquals(IMAGE, worker.get("image"));
    assertNull(worker.get("container_name"), "a scaled service cannot have a container name");
    assertNull(worker.get("ports"), "a scaled service cannot publish fixed ports");
    ParseResult w = parse(strings(worker.get("command")));
    assertEquals("worker", w.commandSpec().name());
    Matcher target = HOST_PORT.matcher(option(w, "--coordinator"));
    assertTrue(target.matches());
    assertEquals("coordinator", target.group(1));
    assertEquals(grpc, Integer.parseInt(target.group(2)));
    int workerMetrics = option(w, "--metrics-port");
    assertEquals(Integer.toString(workerMetrics), at(worker, "environment", "GOFARM_HEALTH_PORT"));
    assertComposeSecret(worker, option(w, "--tls-ca"));
    assertComposeSecret(worker, option(w, "--token-file"));
    double drain = option(w, "--drain-timeout");
    assertTrue(seconds((String) worker.get("stop_grace_period")) > drain + 5, "grace vs drain");

    // Prometheus: the compose config finds both services on their metrics ports.
    Map<String, Object> prometheus = map(services.get("prometheus"));
    Map<String, String> mounts = mounts(prometheus);
    String config =
        strings(prometheus.get("command")).stream()
            .filter(a -> a.startsWith("--config.file="))
            .findFirst()
            .orElseThrow()
            .substring("--config.file=".length());
    Path configOnHost = hostPath(mounts, config);
    assertEquals(DeployFiles.PROMETHEUS.resolve("prometheus-compose.yml"), configOnHost);
    Map<String, Object> jobs = new HashMap<>();
    for (Object job : list(at(DeployFiles.yaml(configOnHost), "scrape_configs"))) {
      jobs.put((String) at(job, "job_name"), job);
    }
    assertDnsTarget(jobs.get("gofarm-coordinator"), "coordinator", coordinatorMetrics);
    assertDnsTarget(jobs.get("gofarm-worker"), "worker", workerMetrics);

    // Grafana: provisioning mounted where Grafana reads it, the dashboards where it points.
    Map<String, Object> grafana = map(services.get("grafana"));
    Map<String, String> g = mounts(grafana);
    assertEquals(
        DEPLOY.resolve("grafana/provisioning/datasources"),
        hostPath(g, "/etc/grafana/provisioning/datasources"));
    assertEquals(
        DEPLOY.resolve("grafana/provisioning/dashboards"),
        hostPath(g, "/etc/grafana/provisioning/dashboards"));
    String dashboards = (String) at(grafana, "environment", "GOFARM_DASHBOARDS");
    assertEquals(DEPLOY.resolve("grafana/dashboards"), hostPath(g, dashboards));
    assertEquals("http://prometheus:9090", at(grafana, "environment", "GOFARM_PROMETHEUS_URL"));
    assertTrue(
        Files.isRegularFile(
            hostPath(
                g,
                (String) at(grafana, "environment", "GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"))));
  }

  /**
   * {@code file} is a compose secret of the service (/run/secrets/NAME), made by deploy/secrets.sh
   * into deploy/docker/secrets/.
   */
  private static void assertComposeSecret(Map<String, Object> service, Path file) {
    assertEquals(Path.of("/run/secrets"), file.getParent(), file.toString());
    String name = file.getFileName().toString();
    assertTrue(
        strings(service.get("secrets")).contains(name), name + " is not given to " + service);
    Object source = at(DeployFiles.yaml(DOCKER.resolve("compose.yaml")), "secrets", name, "file");
    assertNotNull(source, "no top-level secret " + name);
    assertTrue(((String) source).startsWith("./secrets/"), source.toString());
  }

  private static void assertDnsTarget(Object job, String name, int port) {
    Object sd = list(at(job, "dns_sd_configs")).get(0);
    assertEquals(List.of(name), at(sd, "names"));
    assertEquals(port, at(sd, "port"));
  }

  /** A service's bind mounts: container path -> host path (relative to deploy/docker). */
  private static Map<String, String> mounts(Map<String, Object> service) {
    Map<String, String> mounts = new LinkedHashMap<>();
    for (String v : strings(service.get("volumes"))) {
      String[] parts = v.split(":");
      if (parts[0].startsWith(".")) {
        mounts.put(parts[1], parts[0]);
      }
    }
    return mounts;
  }

  /** The host file behind a path inside a container, through the bind mounts. */
  private static Path hostPath(Map<String, String> mounts, String inContainer) {
    for (Map.Entry<String, String> m : mounts.entrySet()) {
      if (inContainer.equals(m.getKey()) || inContainer.startsWith(m.getKey() + "/")) {
        Path p =
            DOCKER
                .resolve(m.getValue())
                .resolve(inContainer.substring(m.getKey().length()).replaceFirst("^/", ""))
                .normalize();
        assertTrue(Files.exists(p), inContainer + " is mounted from missing " + p);
        return p;
      }
    }
    throw new AssertionError(inContainer + " is not mounted from the repository: " + mounts);
  }

  private static double seconds(String duration) {
    assertTrue(duration.matches("\\d+s"), duration);
    return Double.parseDouble(duration.substring(0, duration.length() - 1));
  }

  private static List<String> strings(Object o) {
    List<String> out = new ArrayList<>();
    for (Object x : list(o)) {
      out.add(String.valueOf(x));
    }
    return out;
  }

  // ------------------------------------------------------------------ Kubernetes

  private static Map<String, Object> object(String kind, String name) {
    return k8s.stream()
        .filter(o -> kind.equals(o.get("kind")) && name.equals(at(o, "metadata", "name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
  }

  private static Map<String, Object> container(Map<String, Object> deployment) {
    List<Object> containers = list(at(deployment, "spec", "template", "spec", "containers"));
    assertEquals(1, containers.size());
    return map(containers.get(0));
  }

  /** The container's args with every $(VAR) replaced as the kubelet would. */
  private static List<String> expandedArgs(Map<String, Object> container) {
    Map<String, String> env = new HashMap<>();
    for (Object e : list(container.get("env"))) {
      String name = (String) at(e, "name");
      if (at(e, "value") != null) {
        env.put(name, (String) at(e, "value"));
      } else if (at(e, "valueFrom", "configMapKeyRef") != null) {
        Map<String, Object> ref = map(at(e, "valueFrom", "configMapKeyRef"));
        Object value =
            at(object("ConfigMap", (String) ref.get("name")), "data", (String) ref.get("key"));
        assertNotNull(value, name + ": no key " + ref);
        env.put(name, (String) value);
      } else if (at(e, "valueFrom", "resourceFieldRef") != null) {
        Map<String, Object> ref = map(at(e, "valueFrom", "resourceFieldRef"));
        assertEquals(container.get("name"), ref.get("containerName"), name);
        assertEquals("limits.cpu", ref.get("resource"), name);
        assertEquals("1", ref.get("divisor"), name);
        env.put(
            name, Integer.toString(cores((String) at(container, "resources", "limits", "cpu"))));
      } else if (at(e, "valueFrom", "fieldRef") != null) {
        assertEquals("metadata.name", at(e, "valueFrom", "fieldRef", "fieldPath"));
        env.put(name, "gofarm-worker-7d9c8b6f4-x2x9k");
      } else {
        fail("env " + name + " has no value this test knows: " + e);
      }
    }
    List<String> args = new ArrayList<>();
    Pattern ref = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    for (String a : strings(container.get("args"))) {
      Matcher m = ref.matcher(a);
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        assertTrue(env.containsKey(m.group(1)), "args use an undefined $(" + m.group(1) + ")");
        m.appendReplacement(sb, Matcher.quoteReplacement(env.get(m.group(1))));
      }
      m.appendTail(sb);
      args.add(sb.toString());
    }
    return args;
  }

  /** limits.cpu through a divisor of 1, as the downward API rounds it: up to whole cores. */
  private static int cores(String cpu) {
    double v =
        cpu.endsWith("m")
            ? Double.parseDouble(cpu.substring(0, cpu.length() - 1)) / 1000
            : Double.parseDouble(cpu);
    return (int) Math.ceil(v);
  }

  private static int containerPort(Map<String, Object> container, String name) {
    for (Object p : list(container.get("ports"))) {
      if (name.equals(at(p, "name"))) {
        return (Integer) at(p, "containerPort");
      }
    }
    throw new AssertionError("no container port named " + name);
  }

  /** {@code file} lies in a volume mounted from the Secret {@code secret}, not readable by all. */
  private static void assertSecretMounted(
      Map<String, Object> deployment, Map<String, Object> container, Path file, String secret) {
    for (Object m : list(container.get("volumeMounts"))) {
      if (file.getParent().toString().equals(at(m, "mountPath"))) {
        for (Object v : list(at(deployment, "spec", "template", "spec", "volumes"))) {
          if (at(m, "name").equals(at(v, "name"))) {
            assertEquals(secret, at(v, "secret", "secretName"), file.toString());
            int mode = (Integer) at(v, "secret", "defaultMode");
            assertEquals(0, mode & 07, file + " must not be readable by others");
            return;
          }
        }
      }
    }
    throw new AssertionError(file + " is not in a mounted Secret");
  }

  private static void assertHealthyProbe(
      Map<String, Object> container, String probe, int metricsPort) {
    assertProbe(container, probe, "/-/healthy", metricsPort);
  }

  private static void assertProbe(
      Map<String, Object> container, String probe, String path, int metricsPort) {
    Object http = at(container, probe, "httpGet");
    assertNotNull(http, probe + " is not an HTTP probe");
    assertEquals(path, at(http, "path"), probe);
    Object port = at(http, "port");
    int number = port instanceof Integer i ? i : containerPort(container, (String) port);
    assertEquals(metricsPort, number, probe);
  }

  @Test
  void everyObjectIsInTheFarmsNamespaceAndEveryImageIsTheFarmsImage() {
    assertTrue(k8s.size() >= 10, "rendered " + k8s.size() + " objects");
    for (Map<String, Object> o : k8s) {
      if (!"Namespace".equals(o.get("kind"))) {
        assertEquals(
            "gofarm",
            at(o, "metadata", "namespace"),
            o.get("kind") + " " + at(o, "metadata", "name"));
      }
      assertEquals("gofarm", at(o, "metadata", "labels", "app.kubernetes.io/part-of"));
      if ("Deployment".equals(o.get("kind"))) {
        Map<String, Object> c = container(o);
        assertEquals(IMAGE, c.get("image"));
        assertNull(c.get("command"), "the image's ENTRYPOINT runs the jar; set args only");
        assertEquals(true, at(o, "spec", "template", "spec", "securityContext", "runAsNonRoot"));
        assertNotNull(at(c, "resources", "requests", "cpu"));
        assertNotNull(at(c, "resources", "limits", "memory"));
      }
    }
  }

  @Test
  void theCoordinatorDeploymentAndServiceAgreeWithItsCommandLine() {
    Map<String, Object> deployment = object("Deployment", "gofarm-coordinator");
    assertEquals(1, at(deployment, "spec", "replicas"));
    assertEquals("Recreate", at(deployment, "spec", "strategy", "type"));
    Map<String, Object> c = container(deployment);
    ParseResult args = parse(expandedArgs(c));
    assertEquals("coordinator", args.commandSpec().name());
    int grpc = option(args, "--port");
    int metrics = option(args, "--metrics-port");
    int lease = option(args, "--lease-seconds");
    assertTrue(lease >= 5, "the coordinator refuses a lease under 5 s");
    assertEquals(grpc, containerPort(c, "grpc"));
    assertEquals(metrics, containerPort(c, "metrics"));
    // Readiness, not liveness; over HTTP, as the kubelet's gRPC probe speaks no TLS.
    assertProbe(c, "readinessProbe", "/-/ready", metrics);
    assertSecretMounted(deployment, c, option(args, "--auth"), "gofarm-coordinator-secrets");
    assertSecretMounted(deployment, c, option(args, "--tls-cert"), "gofarm-coordinator-secrets");
    assertSecretMounted(deployment, c, option(args, "--tls-key"), "gofarm-coordinator-secrets");
    assertHealthyProbe(c, "livenessProbe", metrics);
    assertHealthyProbe(c, "startupProbe", metrics);
    Path dataDir = option(args, "--data-dir");
    boolean mounted = false;
    for (Object m : list(c.get("volumeMounts"))) {
      mounted |= dataDir.toString().equals(at(m, "mountPath"));
    }
    assertTrue(mounted, "--data-dir is a mounted volume");

    Map<String, Object> service = object("Service", "gofarm-coordinator");
    Map<String, Object> podLabels = map(at(deployment, "spec", "template", "metadata", "labels"));
    map(at(service, "spec", "selector")).forEach((k, v) -> assertEquals(v, podLabels.get(k), k));
    for (Object p : list(at(service, "spec", "ports"))) {
      containerPort(c, (String) at(p, "targetPort"));
    }
  }

  @Test
  void workersDialTheServiceWithOneThreadPerCpuOfTheirLimitAndDrainInTime() {
    Map<String, Object> deployment = object("Deployment", "gofarm-worker");
    assertNull(at(deployment, "spec", "replicas"), "the HorizontalPodAutoscaler sets replicas");
    Map<String, Object> c = container(deployment);
    assertTrue(strings(c.get("args")).contains("--threads=$(GOFARM_THREADS)"));
    List<String> expanded = expandedArgs(c);
    ParseResult args = parse(expanded);
    assertEquals("worker", args.commandSpec().name());
    int threads = option(args, "--threads");
    assertEquals(cores((String) at(c, "resources", "limits", "cpu")), threads);
    String id = option(args, "--id");
    assertTrue(id.matches("[A-Za-z0-9._:-]{1,128}"), id);

    Matcher target = HOST_PORT.matcher(option(args, "--coordinator"));
    assertTrue(target.matches(), expanded.toString());
    Map<String, Object> service = object("Service", target.group(1));
    int servicePort = Integer.parseInt(target.group(2));
    Object grpcPort =
        list(at(service, "spec", "ports")).stream()
            .filter(p -> Integer.valueOf(servicePort).equals(at(p, "port")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("the Service has no port " + servicePort));
    assertEquals("grpc", at(grpcPort, "targetPort"));

    assertSecretMounted(deployment, c, option(args, "--tls-ca"), "gofarm-worker-secrets");
    assertSecretMounted(deployment, c, option(args, "--token-file"), "gofarm-worker-secrets");
    int metrics = option(args, "--metrics-port");
    assertEquals(metrics, containerPort(c, "metrics"));
    assertHealthyProbe(c, "readinessProbe", metrics);
    assertHealthyProbe(c, "livenessProbe", metrics);
    double drain = option(args, "--drain-timeout");
    int grace =
        (Integer) at(deployment, "spec", "template", "spec", "terminationGracePeriodSeconds");
    assertTrue(
        grace >= drain + 10, "grace " + grace + " s leaves no room after a " + drain + " s drain");

    Map<String, Object> hpa = object("HorizontalPodAutoscaler", "gofarm-worker");
    assertEquals("autoscaling/v2", hpa.get("apiVersion"));
    assertEquals("Deployment", at(hpa, "spec", "scaleTargetRef", "kind"));
    assertEquals("gofarm-worker", at(hpa, "spec", "scaleTargetRef", "name"));
    assertTrue((Integer) at(hpa, "spec", "minReplicas") >= 1);
  }

  @Test
  void theMonitorsSelectTheFarmAndLabelJobsAsTheRulesExpect() {
    Map<String, Object> service = object("Service", "gofarm-coordinator");
    Map<String, Object> serviceMonitor = object("ServiceMonitor", "gofarm-coordinator");
    assertEquals(
        "gofarm-coordinator",
        at(service, "metadata", "labels", (String) at(serviceMonitor, "spec", "jobLabel")));
    map(at(serviceMonitor, "spec", "selector", "matchLabels"))
        .forEach((k, v) -> assertEquals(v, at(service, "metadata", "labels", k), k));
    Object endpoint = list(at(serviceMonitor, "spec", "endpoints")).get(0);
    assertEquals("/metrics", at(endpoint, "path"));
    assertTrue(
        list(at(service, "spec", "ports")).stream()
            .anyMatch(p -> at(endpoint, "port").equals(at(p, "name"))),
        "the ServiceMonitor's port is a port name of the Service");

    Map<String, Object> worker = object("Deployment", "gofarm-worker");
    Map<String, Object> podLabels = map(at(worker, "spec", "template", "metadata", "labels"));
    Map<String, Object> podMonitor = object("PodMonitor", "gofarm-worker");
    assertEquals("gofarm-worker", podLabels.get(at(podMonitor, "spec", "jobLabel")));
    map(at(podMonitor, "spec", "selector", "matchLabels"))
        .forEach((k, v) -> assertEquals(v, podLabels.get(k), k));
    Object podEndpoint = list(at(podMonitor, "spec", "podMetricsEndpoints")).get(0);
    assertEquals("/metrics", at(podEndpoint, "path"));
    containerPort(container(worker), (String) at(podEndpoint, "port"));
  }

  @Test
  void thePrometheusRuleIsTheShippedRules() {
    Map<String, Object> rule = object("PrometheusRule", "gofarm");
    assertEquals(
        DeployFiles.ruleGroups(),
        at(rule, "spec", "groups"),
        "deploy/k8s/monitoring/prometheusrule.yaml differs from deploy/prometheus/rules/: copy"
            + " the groups of the rule files (recording, then alerts) into it");
  }
}
