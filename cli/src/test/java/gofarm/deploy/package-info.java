/**
 * Tests of {@code deploy/}: the Prometheus configs, rules and their promtool unit tests, the
 * Grafana dashboard, the local cluster launcher with a real Prometheus, a real Prometheus scraping
 * the coordinator over HTTPS ({@code --http-tls}) with {@code deploy/secrets.sh}'s CA, the
 * container and Kubernetes files checked against the real {@code gofarm} command line, and the
 * metrics all of them name checked against a running coordinator and worker. Tools that these
 * machines install ({@code promtool}, {@code prometheus}, {@code kubectl}, {@code shellcheck},
 * {@code docker-compose}) are required when {@code CI} is set and skipped loudly otherwise ({@link
 * gofarm.deploy.Tools}).
 */
package gofarm.deploy;
