package gofarm.coordinator.auth;

import io.grpc.Context;

/**
 * Who made a call: the NAME of the token it carried and the token's role. The {@link
 * AuthInterceptor} puts it in the call's {@link Context}; services read it with {@link #current}.
 *
 * @param name the token's NAME in the tokens file; empty for {@link #LOCAL}
 */
public record Caller(String name, Role role) {

  /** Every caller of a coordinator without {@code --auth}: an administrator with no name. */
  public static final Caller LOCAL = new Caller("", Role.ADMIN);

  /** Where the caller is kept; without an interceptor (no {@code --auth}) it is {@link #LOCAL}. */
  static final Context.Key<Caller> KEY = Context.keyWithDefault("gofarm-caller", LOCAL);

  /** The caller of the call this thread serves. */
  public static Caller current() {
    return KEY.get();
  }

  /** Whether this caller may read and cancel only the jobs it submitted. */
  public boolean ownJobsOnly() {
    return role == Role.SUBMITTER;
  }

  /** For messages: {@code token 'alice' (submitter)}. */
  public String describe() {
    return name.isEmpty() ? "local " + role.word() : "token '" + name + "' (" + role.word() + ")";
  }
}
