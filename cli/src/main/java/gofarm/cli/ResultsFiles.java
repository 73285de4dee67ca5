package gofarm.cli;

import gofarm.proto.v1.JobResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a job's results into a folder: {@code results.json} (everything, proto3 JSON), {@code
 * results.csv} (one row per position and policy), {@code ownership.csv} (one row per point) and
 * {@code results.txt} (the table).
 */
final class ResultsFiles {
  private ResultsFiles() {}

  /** Writes the files into {@code dir} (created if missing) and returns their paths. */
  static List<Path> write(JobResults results, Path dir) {
    try {
      Files.createDirectories(dir);
      List<Path> written = new ArrayList<>();
      written.add(write(dir.resolve("results.json"), ResultsReport.json(results)));
      written.add(write(dir.resolve("results.csv"), ResultsReport.csv(results)));
      written.add(write(dir.resolve("ownership.csv"), ResultsReport.ownershipCsv(results)));
      written.add(write(dir.resolve("results.txt"), ResultsReport.table(results)));
      return written;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results into " + dir + ": " + e.getMessage(), e);
    }
  }

  private static Path write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }
}
