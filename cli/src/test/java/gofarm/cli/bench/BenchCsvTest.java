package gofarm.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The figures of {@code gofarm bench --csv}; its rows against the report are checked end to end in
 * {@code BenchCommandTest}.
 */
class BenchCsvTest {
  @Test
  void csvNumbersAreShortAndPlain() {
    assertEquals("79234", BenchCsv.number(79_234));
    assertEquals("79234.6", BenchCsv.number(79_234.567));
    assertEquals("0.4213", BenchCsv.number(0.4213));
    assertEquals("0.0005", BenchCsv.number(0.0005));
    assertEquals("7.5", BenchCsv.number(7.5));
    assertEquals("-3.25", BenchCsv.number(-3.25));
    assertEquals("1.23457e+06", BenchCsv.number(1_234_567.8));
    // Six digits before the point: no zero of the integer part is taken for a trailing one.
    assertEquals("102910", BenchCsv.number(102_910.4));
    assertEquals("100000", BenchCsv.number(99_999.97));
    assertEquals("1.5e+06", BenchCsv.number(1_500_000.5));
  }
}
