package gofarm.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the figures were measured on: the figures of two machines or two JVMs are not comparable, so
 * the report's first line and three columns of every CSV row name them.
 *
 * @param cpu the CPU model from {@code /proc/cpuinfo}, or "" where there is none
 * @param mhz the CPU clock from {@code /proc/cpuinfo}, or 0 (cycles per playout are then not
 *     reported)
 * @param java the JVM, e.g. {@code OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1}
 */
public record Machine(String cpu, double mhz, String java) {

  /** This machine and JVM. */
  public static Machine detect() {
    List<String> cpuInfo = cpuInfo();
    return new Machine(
        cpuValue(cpuInfo, "model name"),
        cpuMhz(cpuInfo),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
  }

  /** {@code machine: 2 cores, <model> at 2400 MHz java: <vm>}. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "machine: %d cores%s%s   java: %s",
        Runtime.getRuntime().availableProcessors(),
        cpu.isEmpty() ? "" : ", " + cpu,
        mhz > 0 ? String.format(Locale.ROOT, " at %.0f MHz", mhz) : "",
        java);
  }

  /** The CPU clock from /proc/cpuinfo, or 0 where there is none. */
  private static double cpuMhz(List<String> cpuInfo) {
    String mhz = cpuValue(cpuInfo, "cpu MHz");
    try {
      return mhz.isEmpty() ? 0 : Double.parseDouble(mhz);
    } catch (NumberFormatException e) {
      return 0; // cycles are then not reported
    }
  }

  /** The lines of /proc/cpuinfo, or none (not Linux, or not readable). */
  private static List<String> cpuInfo() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo"));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** The first value of {@code key} in those lines, or "". */
  private static String cpuValue(List<String> cpuInfo, String key) {
    for (String line : cpuInfo) {
      if (line.startsWith(key) && line.indexOf(':') > 0) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return "";
  }
}
