package gofarm.coordinator.auth;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tokens a coordinator accepts, read from a {@link TokensFile} and read again by {@link
 * #reload} (on SIGHUP): a bad file on reload keeps the tokens in force and logs why.
 *
 * <p>Tokens are kept as SHA-256 digests and a presented token is compared with every one of them by
 * {@link MessageDigest#isEqual}, with no early exit, so the time a check takes says nothing about
 * how much of a token was right, nor which one matched. Thread-safe: checks read one immutable
 * list, which a reload replaces.
 */
public final class Tokens {
  private static final Logger LOG = LoggerFactory.getLogger(Tokens.class);

  private record Known(byte[] digest, Caller caller) {}

  private final Path file;
  private volatile List<Known> known;

  private Tokens(Path file, List<Known> known) {
    this.file = file;
    this.known = known;
  }

  /**
   * Reads the tokens of {@code file}.
   *
   * @throws IllegalArgumentException naming {@code file:line} of a malformed line
   * @throws java.io.UncheckedIOException if the file cannot be read
   */
  public static Tokens load(Path file) {
    Tokens tokens = new Tokens(file, read(file));
    LOG.info("{} tokens from {}", tokens.size(), file);
    return tokens;
  }

  /** The caller a presented token belongs to, or empty for an unknown token. */
  public Optional<Caller> authenticate(String token) {
    byte[] digest = sha256(token);
    Caller found = null;
    for (Known k : known) {
      if (MessageDigest.isEqual(k.digest(), digest) && found == null) {
        found = k.caller();
      }
    }
    return Optional.ofNullable(found);
  }

  /**
   * Reads the file again and puts its tokens in force; a file that cannot be read or has a bad line
   * changes nothing, and the log says why.
   *
   * @return whether the new tokens are in force
   */
  public boolean reload() {
    try {
      known = read(file);
      LOG.info("reloaded {}: {} tokens", file, size());
      return true;
    } catch (RuntimeException e) {
      LOG.error("kept the {} tokens in force: cannot reload {}", size(), e.getMessage());
      return false;
    }
  }

  public int size() {
    return known.size();
  }

  public Path file() {
    return file;
  }

  private static List<Known> read(Path file) {
    warnIfOthersCanRead(file);
    List<Known> list = new ArrayList<>();
    for (TokensFile.Entry e : TokensFile.read(file)) {
      list.add(new Known(sha256(e.token()), new Caller(e.name(), e.role())));
    }
    return List.copyOf(list);
  }

  private static void warnIfOthersCanRead(Path file) {
    try {
      Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
      if (!java.util.Collections.disjoint(
          p, EnumSet.of(PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE))) {
        // Group access is left alone: Kubernetes mounts Secrets for the pod's group (fsGroup).
        LOG.warn(
            "the tokens file {} can be read or written by every user ({}); chmod 600 it",
            file,
            java.nio.file.attribute.PosixFilePermissions.toString(p));
      }
    } catch (UnsupportedOperationException | java.io.IOException e) {
      // Not a POSIX file system, or unreadable: reading the file says so.
    }
  }

  private static byte[] sha256(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
