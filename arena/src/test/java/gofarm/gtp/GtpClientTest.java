package gofarm.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link GtpClient} against the scripted {@link FakeEngine}: answers, errors and failures. */
class GtpClientTest {
  private static final Duration SHORT = Duration.ofMillis(300);

  private static GtpClient fake(String... options) throws Exception {
    return GtpClient.start(
        FakeEngine.commandLine(options), Duration.ofSeconds(20), ProcessBuilder.Redirect.DISCARD);
  }

  private static String program() throws Exception {
    return FakeEngine.commandLine().get(0);
  }

  @Test
  void returnsTheTextOfEachAnswerInOrder() throws Exception {
    try (GtpClient engine = fake()) {
      assertEquals("hello world", engine.send("echo hello world"));
      assertEquals("first line\n  second line\nthird", engine.send("multi"));
      assertEquals("windows", engine.send("crlf"));
      assertEquals("after a blank line", engine.send("blankfirst"));
      assertEquals("no id", engine.send("noid"));
      for (int i = 0; i < 200; i++) {
        assertEquals("n" + i, engine.send("echo n" + i));
      }
    }
  }

  @Test
  void engineErrorNamesTheCommandAndTheMessageAndLeavesTheClientUsable() throws Exception {
    try (GtpClient engine = fake()) {
      GtpException e = assertThrows(GtpException.class, () -> engine.send("fail"));
      assertEquals(program() + ": 'fail' failed: something went wrong", e.getMessage());
      assertEquals("fail", e.command());
      assertEquals("something went wrong", e.engineMessage());
      assertEquals("still here", engine.send("echo still here"));
    }
  }

  @Test
  void timeoutStopsTheEngineAndLaterCommandsFail() throws Exception {
    GtpClient engine = fake();
    long start = System.nanoTime();
    GtpException e = assertThrows(GtpException.class, () -> engine.send("sleep 20000", SHORT));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(
        program() + ": 'sleep 20000': no answer within 300 ms; engine stopped", e.getMessage());
    assertNull(e.engineMessage());
    assertTrue(millis >= 300 && millis < 5_000, "waited " + millis + " ms");
    GtpException later = assertThrows(GtpException.class, () -> engine.send("echo x"));
    assertEquals(
        program()
            + ": 'echo x': engine is unusable after an earlier failure"
            + " (no answer within 300 ms; engine stopped)",
        later.getMessage());
    engine.close();
    assertFalse(engine.isAlive());
  }

  @Test
  void interruptStopsTheEngineAndKeepsTheFlag() throws Exception {
    try (GtpClient engine = fake()) {
      Thread.currentThread().interrupt();
      GtpException e = assertThrows(GtpException.class, () -> engine.send("sleep 20000"));
      assertTrue(Thread.interrupted(), "the interrupt flag is kept (and cleared here)");
      assertEquals(
          program() + ": 'sleep 20000': interrupted while waiting; engine stopped", e.getMessage());
    }
  }

  @Test
  void engineThatExitsBeforeAnsweringIsReported() throws Exception {
    try (GtpClient engine = fake()) {
      GtpException e = assertThrows(GtpException.class, () -> engine.send("die"));
      assertEquals(
          program() + ": 'die': engine exited (exit status 3) before answering", e.getMessage());
    }
  }

  @Test
  void answerWithoutStatusCharacterIsAProtocolError() throws Exception {
    try (GtpClient engine = fake()) {
      engine.send("echo first");
      GtpException e = assertThrows(GtpException.class, () -> engine.send("garbage"));
      assertEquals(
          program() + ": 'garbage': answer does not start with '=' or '?': hello", e.getMessage());
    }
  }

  @Test
  void answerWithAnotherIdIsAProtocolError() throws Exception {
    try (GtpClient engine = fake()) {
      engine.send("echo first");
      GtpException e = assertThrows(GtpException.class, () -> engine.send("wrongid"));
      assertEquals(program() + ": 'wrongid': answer has id 999, expected 2", e.getMessage());
    }
  }

  @Test
  void aFloodOnStandardErrorNeitherBlocksNorMixesWithAnswers(@TempDir Path dir) throws Exception {
    try (GtpClient engine = fake()) {
      assertEquals("wrote stderr", engine.send("stderr 2048"));
    }
    Path log = dir.resolve("engine.err");
    try (GtpClient engine =
        GtpClient.start(
            FakeEngine.commandLine(),
            Duration.ofSeconds(20),
            ProcessBuilder.Redirect.to(log.toFile()))) {
      assertEquals("wrote stderr", engine.send("stderr 2048"));
    }
    assertEquals(2048 * 1024, Files.size(log));
  }

  @Test
  void closeSendsQuitAndTheEngineExits() throws Exception {
    GtpClient engine = fake();
    engine.send("echo x");
    engine.close();
    assertFalse(engine.isAlive());
    GtpException e = assertThrows(GtpException.class, () -> engine.send("echo y"));
    assertTrue(e.getMessage().endsWith("(closed)"), e.getMessage());
  }

  @Test
  void closeDestroysAnEngineThatIgnoresQuit() throws Exception {
    GtpClient engine = fake("--ignore-quit");
    engine.send("echo x");
    engine.close();
    assertFalse(engine.isAlive());
  }

  @Test
  void rejectsCommandsThatWouldBreakTheProtocol() throws Exception {
    try (GtpClient engine = fake()) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> engine.send("play b C3\nquit"));
      assertEquals("GTP command holds control character 10: play b C3\nquit", e.getMessage());
      assertEquals(
          "GTP command is blank",
          assertThrows(IllegalArgumentException.class, () -> engine.send("  ")).getMessage());
      assertEquals(
          "GTP timeout must be positive (got PT0S)",
          assertThrows(IllegalArgumentException.class, () -> engine.send("echo x", Duration.ZERO))
              .getMessage());
      assertEquals("still fine", engine.send("echo still fine"));
    }
  }

  @Test
  void startFailuresAreClear() {
    assertEquals(
        "engine command line is empty",
        assertThrows(IllegalArgumentException.class, () -> GtpClient.start(List.of()))
            .getMessage());
    GtpException e =
        assertThrows(
            GtpException.class, () -> GtpClient.start(List.of("/nonexistent/engine", "--gtp")));
    assertTrue(
        e.getMessage().startsWith("cannot start engine /nonexistent/engine --gtp: "),
        e.getMessage());
    assertEquals(
        "engine stderr must be discarded, inherited or sent to a file, not a pipe nobody reads",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    GtpClient.start(
                        List.of("true"), Duration.ofSeconds(1), ProcessBuilder.Redirect.PIPE))
            .getMessage());
  }
}
