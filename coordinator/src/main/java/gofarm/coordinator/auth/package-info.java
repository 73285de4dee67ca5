/**
 * Who may call the coordinator: bearer tokens from a tokens file ({@link
 * gofarm.coordinator.auth.TokensFile}, {@link gofarm.coordinator.auth.Tokens}: constant-time
 * checks, read again when the file changes or on SIGHUP ({@link gofarm.coordinator.auth.Sighup}),
 * their {@link gofarm.coordinator.auth.Role}s, the one {@link
 * gofarm.coordinator.auth.AuthInterceptor} that checks every call and puts its {@link
 * gofarm.coordinator.auth.Caller} in the gRPC context, and {@link
 * gofarm.coordinator.auth.ServerTls} (the server's TLS credentials). Depends on gRPC and the
 * generated service descriptors only, no other coordinator package; {@code grpc} and {@link
 * gofarm.coordinator.Coordinator} use it. docs/security.md is the user's guide.
 */
package gofarm.coordinator.auth;
