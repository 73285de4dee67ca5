package gofarm.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The coordinator under a thousand workers: synthetic workers on 127.0.0.1 over TCP, with spot
 * checks on, answer every chunk at once; the job must count every result exactly, within a bounded
 * time. The figure it prints (results counted per second) is the README's, measured with {@code
 * gofarm bench --farm --tcp --workers 1000 --credit 4}.
 */
class FarmLoadTest {
  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aThousandWorkersOverLoopbackHaveEveryResultCountedExactly() throws Exception {
    StringWriter text = new StringWriter();
    JobStatus last = FarmBenchmark.run(20_000, 1_000, 4, true, 0.03, new PrintWriter(text));
    System.out.print(text);
    assertEquals(JobState.SUCCEEDED, last.getState(), last.getMessage());
    assertEquals(20_000, last.getChunksDone());
    assertEquals(2_000_000, last.getPlayoutsDone());
    assertTrue(text.toString().contains("from 1000 synthetic workers"), text.toString());
    assertTrue(text.toString().contains("[results] = "), text.toString());
  }
}
