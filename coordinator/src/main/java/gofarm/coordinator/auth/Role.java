package gofarm.coordinator.auth;

import java.util.Locale;

/**
 * What a token may do. {@link #WORKER} only joins the worker hub; {@link #SUBMITTER} submits jobs
 * and reads, watches and cancels its own; {@link #READER} lists and reads every job but changes
 * nothing; {@link #ADMIN} does everything.
 */
public enum Role {
  WORKER,
  SUBMITTER,
  READER,
  ADMIN;

  /** The role as the tokens file writes it: {@code worker}, {@code submitter}, ... */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The role named by {@code word}, in any case.
   *
   * @throws IllegalArgumentException naming the roles there are
   */
  public static Role of(String word) {
    for (Role r : values()) {
      if (r.name().equalsIgnoreCase(word)) {
        return r;
      }
    }
    throw new IllegalArgumentException(
        "unknown role '" + word + "' (roles: worker, submitter, reader, admin)");
  }
}
