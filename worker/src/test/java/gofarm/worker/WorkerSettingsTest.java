package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerSettingsTest {
  private static String refusal(WorkerSettings.Builder b) {
    return assertThrows(IllegalArgumentException.class, b::build).getMessage();
  }

  @Test
  void defaultsAreThisHostAllCoresAndTwoChunksPerThread() {
    WorkerSettings s = WorkerSettings.builder().build();
    int cores = Runtime.getRuntime().availableProcessors();
    assertEquals(cores, s.threads());
    assertEquals(2 * cores, s.credit());
    assertEquals(WorkerSettings.defaultId(), s.id());
    assertEquals(Map.of(), s.labels());
    assertEquals(Backoff.DEFAULT, s.backoff());
    assertEquals(WorkerSettings.DEFAULT_HEARTBEAT, s.heartbeat());
    assertNull(s.giveUpAfter(), "retry forever");
    assertEquals(6, WorkerSettings.builder().threads(3).build().credit());
    assertEquals(4, WorkerSettings.builder().threads(3).credit(4).build().credit());
  }

  @Test
  void theDefaultIdIsAValidWorkerIdEndingWithTheProcessId() {
    String id = WorkerSettings.defaultId();
    assertTrue(id.matches("[A-Za-z0-9._:-]{1,128}"), id);
    assertTrue(id.endsWith("-" + ProcessHandle.current().pid()), id);
  }

  @Test
  void settingsTheHubWouldRefuseFailAtOnceWithTheHubsMessage() {
    assertEquals(
        "hello.workerId: must be 1..128 characters of A-Z a-z 0-9 . _ : - (got 'my worker')",
        refusal(WorkerSettings.builder().id("my worker")));
    assertEquals(
        "hello.threads: must be 1..1024 (got 2000)",
        refusal(WorkerSettings.builder().threads(2000)));
    assertEquals(
        "hello.credit: must be 1..4096 (got 5000)",
        refusal(WorkerSettings.builder().threads(1).credit(5000)));
    Map<String, String> many = new HashMap<>();
    for (int i = 0; i < 33; i++) {
      many.put("k" + i, "v");
    }
    assertEquals(
        "hello.labels: at most 32 labels (got 33)", refusal(WorkerSettings.builder().labels(many)));
  }

  @Test
  void timingsAreChecked() {
    assertEquals(
        "heartbeat must be at least 1 ms (got PT0S)",
        refusal(WorkerSettings.builder().heartbeat(Duration.ZERO)));
    assertEquals(
        "giveUpAfter must not be negative (got PT-1S)",
        refusal(WorkerSettings.builder().giveUpAfter(Duration.ofSeconds(-1))));
  }

  @Test
  void declaredEnginesWinOverDetectedOnesAndNamesAreChecked() {
    WorkerSettings s =
        WorkerSettings.builder()
            .engine("gnugo", java.nio.file.Path.of("/opt/gnugo-3.9"))
            .detectEngines(
                Map.of(
                    "gnugo",
                    java.nio.file.Path.of("/usr/games/gnugo"),
                    "katago",
                    java.nio.file.Path.of("/usr/bin/katago")))
            .build();
    assertEquals(
        Map.of(
            "gnugo",
            java.nio.file.Path.of("/opt/gnugo-3.9"),
            "katago",
            java.nio.file.Path.of("/usr/bin/katago")),
        s.engines());
    assertEquals(java.util.List.of("gnugo", "katago"), s.hello().getEnginesList());
    assertEquals(Map.of(), WorkerSettings.builder().build().engines(), "no detection by default");
    assertEquals(
        "hello.engines[0]: must be a program name of 1..64 characters of A-Z a-z 0-9 . _ + -"
            + " (got 'gnu go')",
        refusal(WorkerSettings.builder().engine("gnu go", java.nio.file.Path.of("/x"))));
  }
}
