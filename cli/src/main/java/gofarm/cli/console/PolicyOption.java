package gofarm.cli.console;

import gofarm.playout.GammaTable;
import gofarm.playout.PolicySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The policies a command line names ({@code bench --policy}, {@code gtp --policy}): a preset, a
 * rule list in the text form of {@link PolicySpec#parse}, or {@code softmax:FILE}, the softmax
 * policy with the γ table of FILE (e.g. the {@code policy.gamma} a fit job wrote), labelled by the
 * file's name.
 */
public final class PolicyOption {
  private static final String SOFTMAX_FILE = "softmax:";

  private PolicyOption() {}

  /**
   * The policy {@code text} names.
   *
   * @throws IllegalArgumentException saying what is wrong with the text or the file
   */
  public static PolicySpec parse(String text) {
    String trimmed = text.strip();
    if (!trimmed.startsWith(SOFTMAX_FILE)) {
      return PolicySpec.parse(trimmed);
    }
    Path file = Path.of(trimmed.substring(SOFTMAX_FILE.length()));
    String table;
    try {
      if (Files.size(file) > gofarm.wire.Codec.MAX_GAMMA_TEXT) {
        throw new IllegalArgumentException(
            file
                + " is larger than a gamma table may be ("
                + gofarm.wire.Codec.MAX_GAMMA_TEXT
                + " bytes)");
      }
      table = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read the gamma table "
              + file
              + ": "
              + e.getClass().getSimpleName().replace("Exception", "")
              + " "
              + e.getMessage());
    }
    String name = file.getFileName().toString().replaceFirst("\\.gamma$", "");
    try {
      return PolicySpec.softmax(GammaTable.parse(table)).withName("softmax:" + name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage());
    }
  }
}
