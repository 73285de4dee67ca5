package gofarm.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import gofarm.Layering;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of the coordinator's packages (see {@link Layering}):
 *
 * <pre>
 *   job  <-  codec  <-  metrics  <-  actor  <-  store, grpc  <-  Coordinator
 *                                   auth  <-  grpc, web, Coordinator
 *                                              web  <-  Coordinator
 * </pre>
 *
 * and the job model in core terms: {@code job} uses no protobuf, gRPC or actors (Layering checks
 * only references inside {@code gofarm.coordinator}, so that is checked here).
 */
class CoordinatorArchitectureTest {
  private static final Layering LAYERS =
      new Layering(
          "gofarm.coordinator",
          Map.of(
              "job", Set.of(),
              "codec", Set.of("job"),
              "metrics", Set.of("job", "codec"),
              "actor", Set.of("job", "codec", "metrics"),
              "store", Set.of("job", "codec", "actor"),
              "auth", Set.of(),
              "grpc", Set.of("job", "codec", "metrics", "actor", "auth"),
              // The pages are a client of the API: the auth gate, never the actors.
              "web", Set.of("auth"),
              "", Set.of("job", "codec", "metrics", "actor", "store", "grpc", "auth", "web")));

  /** What the job model must not use: the wire's messages, gRPC and the actor library. */
  private static final Pattern EDGE =
      Pattern.compile(
          "\\b(gofarm\\.proto|com\\.google\\.protobuf|io\\.grpc|org\\.apache\\.pekko)\\.");

  /** Comments and string literals, which may name anything. */
  private static final Pattern NOT_CODE =
      Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"", Pattern.DOTALL);

  @Test
  void packagesDependOnlyOnTheLayersBelow() {
    LAYERS.assertPackagesDependOnlyOnTheLayersBelow();
  }

  @Test
  void everyPackageHasAPackageInfo() {
    LAYERS.assertEveryPackageHasAPackageInfo();
  }

  @Test
  void theJobModelSpeaksCoreTypesNotProtobuf() throws IOException {
    Path job = Path.of(System.getProperty("basedir", "."), "src/main/java/gofarm/coordinator/job");
    List<String> violations = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> paths = Files.list(job)) {
      files = paths.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no sources in " + job.toAbsolutePath());
    for (Path file : files) {
      String code = NOT_CODE.matcher(Files.readString(file)).replaceAll(" ");
      Matcher m = EDGE.matcher(code);
      while (m.find()) {
        violations.add(file.getFileName() + " uses " + m.group(1));
      }
    }
    assertEquals(List.of(), violations, "the job model must not use the wire or actors");
  }
}
