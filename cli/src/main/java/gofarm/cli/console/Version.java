package gofarm.cli.console;

import picocli.CommandLine;

/**
 * The client's version, from the jar manifest ({@code Implementation-Version}, set by the shade
 * plugin), or {@code dev} when run from classes; it answers {@code --version} and names this
 * release to the coordinator and the worker.
 */
public final class Version implements CommandLine.IVersionProvider {
  /** The version from the jar manifest, or {@code dev} when run from classes. */
  public static String of() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"gofarm " + of()};
  }
}
