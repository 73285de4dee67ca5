/**
 * The coordinator's web pages, on its HTTP port beside {@code /metrics} and the health checks: the
 * jobs ({@code /}), a job with its tables, pictures and files ({@code /jobs/ID}), a login form, and
 * the same as JSON for scripts ({@code /api/jobs}).
 *
 * <p>The pages are a client of the coordinator's own gRPC API, over an in-process channel and
 * through the same {@code AuthInterceptor}: a page shows what the visitor's token may read with
 * {@code gofarm jobs} and {@code gofarm results}, no more, and a cancel goes where {@code gofarm
 * cancel} would. A token comes as {@code Authorization: Bearer TOKEN} (scripts) or from the login
 * form, which keeps it on the server in a session named by an HTTP-only cookie ({@code Secure} when
 * the port serves HTTPS, {@code --http-tls}); a form that changes something carries the session's
 * CSRF token. Without {@code --auth} the pages answer only callers on this machine, as the gRPC
 * port does.
 *
 * <p>Server-rendered HTML with a little plain JavaScript (the jobs table updates itself); every
 * string that comes from a spec or a worker is escaped for its context ({@link
 * gofarm.coordinator.web.Html}). Drawn with the command line's own tables and pictures ({@code
 * gofarm.report}).
 *
 * <p>Uses {@code gofarm.coordinator.auth} (the tokens' check for the login form) and the generated
 * gRPC stubs; nothing of the actors.
 */
package gofarm.coordinator.web;
