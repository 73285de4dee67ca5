package gofarm.coordinator.auth;

import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.WorkerHubGrpc;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthGrpc;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The one gate of a coordinator run with {@code --auth}: every call but health and reflection must
 * carry {@code authorization: Bearer TOKEN} with a token of the {@link Tokens}, and a role that may
 * call the method ({@link #ROLES}); the caller then travels in the call's {@link Context} ({@link
 * Caller#current}). Which jobs a submitter may see is decided by the services, which know jobs'
 * owners.
 *
 * <p>No token, or one the file does not hold: UNAUTHENTICATED, saying how to send one. A role that
 * may not call the method: PERMISSION_DENIED, naming the roles that may and the caller's.
 */
public final class AuthInterceptor implements ServerInterceptor {
  /** The metadata key of the token; grpc-java sends header names in lower case. */
  public static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private static final String BEARER = "Bearer ";

  private static final Set<Role> ANYONE_BUT_WORKERS =
      EnumSet.of(Role.SUBMITTER, Role.READER, Role.ADMIN);
  private static final Set<Role> SUBMITTERS = EnumSet.of(Role.SUBMITTER, Role.ADMIN);

  /**
   * Which roles may call each method; a method not listed is for admins only. Submitters may read
   * only their own jobs, which {@code FarmService} checks.
   */
  static final Map<String, Set<Role>> ROLES =
      Map.of(
          WorkerHubGrpc.getConnectMethod().getFullMethodName(),
          EnumSet.of(Role.WORKER, Role.ADMIN),
          PlayoutFarmGrpc.getSubmitJobMethod().getFullMethodName(),
          SUBMITTERS,
          PlayoutFarmGrpc.getCancelJobMethod().getFullMethodName(),
          SUBMITTERS,
          PlayoutFarmGrpc.getGetJobMethod().getFullMethodName(),
          ANYONE_BUT_WORKERS,
          PlayoutFarmGrpc.getWatchJobMethod().getFullMethodName(),
          ANYONE_BUT_WORKERS,
          PlayoutFarmGrpc.getListJobsMethod().getFullMethodName(),
          ANYONE_BUT_WORKERS,
          PlayoutFarmGrpc.getGetResultsMethod().getFullMethodName(),
          ANYONE_BUT_WORKERS,
          PlayoutFarmGrpc.getGetGamesMethod().getFullMethodName(),
          ANYONE_BUT_WORKERS,
          PlayoutFarmGrpc.getListWorkersMethod().getFullMethodName(),
          ANYONE_BUT_WORKERS);

  private final Tokens tokens;

  public AuthInterceptor(Tokens tokens) {
    this.tokens = tokens;
  }

  @Override
  public <Q, A> ServerCall.Listener<Q> interceptCall(
      ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
    String method = call.getMethodDescriptor().getFullMethodName();
    String service = call.getMethodDescriptor().getServiceName();
    if (isOpen(service)) {
      return next.startCall(call, headers);
    }
    Iterable<String> all = headers.getAll(AUTHORIZATION);
    int count = 0;
    for (String ignored : all == null ? java.util.List.<String>of() : all) {
      count++;
    }
    if (count > 1) {
      // Which one would count is a proxy's or a library's guess: refuse rather than pick.
      return refuse(
          call,
          Status.UNAUTHENTICATED.withDescription(
              "this call has "
                  + count
                  + " authorization headers; send exactly one, 'authorization: Bearer TOKEN'"));
    }
    String header = headers.get(AUTHORIZATION);
    if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return refuse(
          call,
          Status.UNAUTHENTICATED.withDescription(
              "this coordinator requires a token: set GOFARM_TOKEN or pass --token-file FILE"
                  + " (a token of its --auth file, sent as 'authorization: Bearer TOKEN')"));
    }
    String token = header.substring(BEARER.length());
    if (!token.equals(token.strip())) {
      // A token is compared exactly: " TOKEN " is another token, not the same one tidied up.
      return refuse(
          call,
          Status.UNAUTHENTICATED.withDescription(
              "the token has spaces around it; send 'authorization: Bearer TOKEN' with the token"
                  + " exactly as in the --auth file (the gofarm client trims token files)"));
    }
    Caller caller = tokens.authenticate(token).orElse(null);
    if (caller == null) {
      return refuse(
          call,
          Status.UNAUTHENTICATED.withDescription(
              "the coordinator does not know this token: check GOFARM_TOKEN or --token-file"
                  + " against the coordinator's --auth file (read again when it changes)"));
    }
    Set<Role> allowed = ROLES.getOrDefault(method, EnumSet.of(Role.ADMIN));
    if (!allowed.contains(caller.role())) {
      return refuse(
          call,
          Status.PERMISSION_DENIED.withDescription(
              method
                  + " needs a "
                  + words(allowed)
                  + " token; "
                  + caller.describe()
                  + " is a "
                  + caller.role().word()));
    }
    return Contexts.interceptCall(
        Context.current().withValue(Caller.KEY, caller), call, headers, next);
  }

  /** Health (orchestrators probe without tokens) and reflection (it lists methods, no data). */
  private static boolean isOpen(String service) {
    return service.equals(HealthGrpc.SERVICE_NAME) || service.startsWith("grpc.reflection.");
  }

  private static <Q, A> ServerCall.Listener<Q> refuse(ServerCall<Q, A> call, Status status) {
    call.close(status, new Metadata());
    return new ServerCall.Listener<>() {};
  }

  /** {@code submitter or admin}, in the order of {@link Role}. */
  private static String words(Set<Role> roles) {
    StringBuilder sb = new StringBuilder();
    for (Role r : roles) {
      sb.append(sb.length() == 0 ? "" : " or ").append(r.word());
    }
    return sb.toString();
  }
}
