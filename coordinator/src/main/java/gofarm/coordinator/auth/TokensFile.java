package gofarm.coordinator.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a tokens file ({@code --auth FILE}): one token a line, {@code ROLE NAME TOKEN}, fields
 * separated by spaces or tabs; {@code #} starts a comment that runs to the end of the line; blank
 * lines are ignored.
 *
 * <pre>
 * # role      name     token
 * admin       ops      4kX0mQ9v6Jk3yYf2xP1s8w7zR5tLq0bN
 * submitter   alice    pV3n8cW1eH6uD2rT9yK4aZ7mQ5sX0gB3
 * worker      workers  Yt6fR2pL9qK1vN8sC3mW5xH0jD7bE4aG
 * </pre>
 *
 * A ROLE is worker, submitter, reader or admin; a NAME is 1..64 characters of {@code A-Z a-z 0-9 .
 * _ @ -} (several tokens may share one, and jobs belong to the NAME, so a token can be replaced
 * without losing its jobs); a TOKEN is 16..256 printable ASCII characters without {@code #}, and
 * appears once in the file.
 */
public final class TokensFile {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@-]{1,64}");
  private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7e&&[^#]]{16,256}");

  /** One line of the file. */
  public record Entry(Role role, String name, String token) {}

  private TokensFile() {}

  /**
   * Reads and checks {@code file}.
   *
   * @throws IllegalArgumentException naming {@code file:line} and what is wrong with it, or saying
   *     that the file holds no token
   * @throws UncheckedIOException if the file cannot be read
   */
  public static List<Entry> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the tokens file " + file + ": " + e.getMessage(), e);
    }
    List<Entry> entries = new ArrayList<>();
    Set<String> tokens = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String where = file + ":" + (i + 1);
      Entry e = parse(where, lines.get(i));
      if (e == null) {
        continue;
      }
      if (!tokens.add(e.token())) {
        throw new IllegalArgumentException(
            where + ": this token appears on an earlier line too; every token must be unique");
      }
      entries.add(e);
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException(
          file
              + ": no tokens; write one line per token, ROLE NAME TOKEN (e.g. admin ops"
              + " $(openssl rand -base64 24))");
    }
    return List.copyOf(entries);
  }

  /** One line: an entry, or null for a blank or comment line. */
  static Entry parse(String where, String line) {
    int hash = line.indexOf('#');
    String content = (hash < 0 ? line : line.substring(0, hash)).strip();
    if (content.isEmpty()) {
      return null;
    }
    String[] fields = content.split("[ \\t]+");
    if (fields.length != 3) {
      throw new IllegalArgumentException(
          where
              + ": expected ROLE NAME TOKEN, three fields separated by spaces (got "
              + fields.length
              + (fields.length == 1 ? " field)" : " fields)"));
    }
    Role role;
    try {
      role = Role.of(fields[0]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
    if (!NAME.matcher(fields[1]).matches()) {
      throw new IllegalArgumentException(
          where
              + ": the NAME must be 1..64 characters of A-Z a-z 0-9 . _ @ - (got '"
              + fields[1]
              + "')");
    }
    if (!TOKEN.matcher(fields[2]).matches()) {
      // The token itself is a secret: say what is wrong with it, never what it is.
      throw new IllegalArgumentException(
          where
              + ": the TOKEN must be 16..256 printable ASCII characters without # (this one has "
              + fields[2].length()
              + "); make one with openssl rand -base64 24");
    }
    return new Entry(role, fields[1], fields[2]);
  }
}
