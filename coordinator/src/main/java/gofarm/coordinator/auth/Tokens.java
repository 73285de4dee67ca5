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
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tokens a coordinator accepts, read from a {@link TokensFile} and read again by {@link
 * #reload}: on SIGHUP, and whenever the file's content changes ({@link #reloadIfChanged}, which the
 * coordinator calls every few seconds: a process started under {@code nohup} ignores SIGHUP, and a
 * Kubernetes Secret is updated in place). A bad file on reload keeps the tokens in force and logs
 * why. After a reload the {@link #onReload listeners} run, so that what a revoked token opened (a
 * worker's stream) ends at once; {@link #inForce} says whether a caller's token survived.
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
  private byte[] contentDigest; // of the file as last read; guarded by this
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

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
    Tokens tokens = new Tokens(file, read(file, List.of()));
    tokens.contentDigest = digestOf(file);
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
    synchronized (this) {
      byte[] digest = null;
      try {
        digest = digestOf(file);
        known = read(file, known);
        LOG.info("reloaded {}: {} tokens", file, size());
      } catch (RuntimeException e) {
        LOG.error("kept the {} tokens in force: cannot reload {}", size(), e.getMessage());
        return false;
      } finally {
        if (digest != null) {
          contentDigest = digest; // a bad file is reported once, not at every check
        }
      }
    }
    for (Runnable listener : listeners) {
      try {
        listener.run();
      } catch (RuntimeException e) {
        LOG.error("after reloading {}", file, e);
      }
    }
    return true;
  }

  /**
   * Reloads if the file's content differs from what was last read (an unreadable file changes
   * nothing: {@link #reload} would keep the tokens anyway).
   *
   * @return whether it reloaded
   */
  public boolean reloadIfChanged() {
    byte[] now;
    try {
      now = digestOf(file);
    } catch (RuntimeException e) {
      return false;
    }
    synchronized (this) {
      if (MessageDigest.isEqual(now, contentDigest)) {
        return false;
      }
    }
    LOG.info("{} changed", file);
    return reload();
  }

  /** Runs {@code listener} after every successful reload. */
  public void onReload(Runnable listener) {
    listeners.add(listener);
  }

  /**
   * Whether {@code caller}'s token is still accepted: it came from this file and the last reload
   * kept it (the same token, name and role). {@link Caller#LOCAL} always is.
   */
  public boolean inForce(Caller caller) {
    if (caller == Caller.LOCAL) {
      return true;
    }
    for (Known k : known) {
      if (k.caller() == caller) { // identity: a reload keeps the instance of a token it keeps
        return true;
      }
    }
    return false;
  }

  public int size() {
    return known.size();
  }

  public Path file() {
    return file;
  }

  /** The file's tokens; one that {@code before} has too (same token, name and role) is kept. */
  private static List<Known> read(Path file, List<Known> before) {
    warnIfOthersCanRead(file);
    List<Known> list = new ArrayList<>();
    for (TokensFile.Entry e : TokensFile.read(file)) {
      byte[] digest = sha256(e.token());
      Caller caller = new Caller(e.name(), e.role());
      for (Known k : before) {
        if (MessageDigest.isEqual(k.digest(), digest) && k.caller().equals(caller)) {
          caller = k.caller();
        }
      }
      list.add(new Known(digest, caller));
    }
    return List.copyOf(list);
  }

  private static byte[] digestOf(Path file) {
    try {
      return sha256(Files.readAllBytes(file));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
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
    return sha256(token.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
