package gofarm.stats;

/**
 * A Brownian motion with drift between two absorbing barriers, the continuous model of an SPRT's
 * log-likelihood ratio: {@code X_t = μt + σW_t} from 0, stopped when it first reaches {@code a < 0}
 * (H0 accepted) or {@code b > 0} (H1 accepted); t counts observations (pairs or games). Immutable.
 *
 * <h2>The ordering of outcomes</h2>
 *
 * A test that ran until time T ends at the lower barrier at some time, at the upper barrier at some
 * time, or between them at T (truncated). Outcomes are ordered from worst to best (Siegmund,
 * Sequential Analysis, 1985, §8.4): a fail, the earlier the worse; then a truncated test, the lower
 * its X_T the worse; then a pass, the later the worse. {@link #worseThan}(T, y) is the probability
 * of an outcome worse than the one observed, which is at time T with X = y: y = a a fail at T, y =
 * b a pass at T, a &lt; y &lt; b a test truncated at T. It is
 *
 * <pre>
 *   P(fail by T) + P(still running at T and X_T &lt; y),
 * </pre>
 *
 * which for y = b is 1 − P(pass by T). It falls as the drift grows, which is what makes it a device
 * for estimates: the drift at which it equals ½ is median-unbiased for this ordering.
 *
 * <h2>How it is computed (derived here; Fishtest's {@code brownian.py} does the same)</h2>
 *
 * Shift the space so that the lower barrier is at 0: u = X − a, the start at x0 = −a, the upper
 * barrier at A = b − a, and let γ = μ/σ², k_n = nπ/A, λ_n = k_n²σ²/2 + μ²/(2σ²). The density of a
 * path still running at T is the driftless one on (0, A), a sine series, times the Girsanov factor
 * e^(γ(u − x0) − μ²T/(2σ²)):
 *
 * <pre>
 *   p_T(u) = (2/A) e^(γ(u − x0)) Σ_n e^(−λ_n T) sin(k_n x0) sin(k_n u).
 * </pre>
 *
 * A path that fails eventually either failed by T or is running at T and fails later, so P(fail by
 * T) = H(x0) − ∫ p_T(u) h(u) du, with h(u) = P(fail eventually | start at u) = (e^(−2γu) −
 * e^(−2γA)) / (1 − e^(−2γA)) and H = h. With G_n(u) = e^(γu)(γ sin k_n u − k_n cos k_n u)/(γ² +
 * k_n²), an antiderivative of e^(γu) sin k_n u, one finds ∫_0^A e^(γu) sin(k_n u) h(u) du = −G_n(0)
 * and ∫_0^y e^(γu) sin(k_n u) du = G_n(y) − G_n(0), so the two G_n(0) cancel and
 *
 * <pre>
 *   worseThan(T, y) = h(x0) + (2/A) Σ_n e^(γy − λ_n T) sin(k_n x0) (γ sin k_n(y − a) − k_n cos k_n(y − a)) / (γ² + k_n²).
 * </pre>
 *
 * The series converges fast once σ²T is not small against A², and its terms carry e^(γy), so it is
 * used only while |γ|A is moderate. Otherwise the method of images with one image per barrier takes
 * over (Siegmund's approximation): the single-barrier reflection principle for each barrier,
 *
 * <pre>
 *   worseThan(T, y) ≈ Φ((y − μT)/(σ√T)) + e^(2γa) Φ((2a − y + μT)/(σ√T)) − e^(2γb) Φ((y − 2b − μT)/(σ√T)),
 * </pre>
 *
 * whose neglected terms (paths that touch both barriers) are of the order of Φ(−A/(σ√T)) for a
 * short time and of e^(−2|γ|·(distance to the far barrier)) for a strong drift. The image terms are
 * taken in logarithms, since e^(2γa) can overflow where Φ underflows. {@code BrownianTest} checks
 * that both ways agree where both hold.
 */
final class Brownian {
  /** Below this σ²T/A² the series converges slowly: images then. */
  private static final double SHORT_TIME = 0.01;

  /** Above this |γ|A the series' terms grow too large to cancel in doubles: images then. */
  private static final double STRONG_DRIFT = 15;

  /** A series term smaller than this ends the sum. */
  private static final double TERM_TOLERANCE = 1e-15;

  /** A bound on the series' terms, far beyond what {@link #SHORT_TIME} lets it need (about 30). */
  private static final int MAX_TERMS = 100_000;

  private final double a;
  private final double b;
  private final double mu;
  private final double sigma2;

  /**
   * @param a the lower barrier, negative
   * @param b the upper barrier, positive
   * @param mu the drift per unit of time
   * @param sigma2 the variance per unit of time, positive
   */
  Brownian(double a, double b, double mu, double sigma2) {
    if (!(a < 0 && b > 0 && sigma2 > 0 && Double.isFinite(mu) && Double.isFinite(sigma2))) {
      throw new IllegalArgumentException(
          "need a < 0 < b, a finite drift and a positive finite variance (got a "
              + a
              + ", b "
              + b
              + ", mu "
              + mu
              + ", sigma2 "
              + sigma2
              + ")");
    }
    this.a = a;
    this.b = b;
    this.mu = mu;
    this.sigma2 = sigma2;
  }

  /**
   * The probability of an outcome worse than the path at {@code y} at time {@code t}, computed the
   * way {@link #useSeries} picks; see the class comment.
   *
   * @param t the time, positive
   * @param y the value at t, a..b
   */
  double worseThan(double t, double y) {
    check(t, y);
    double p = useSeries(t) ? series(t, y) : images(t, y);
    return Math.max(0, Math.min(1, p));
  }

  /** Whether {@link #worseThan} sums the sine series at time {@code t} (else the images). */
  boolean useSeries(double t) {
    double width = b - a;
    return sigma2 * t / (width * width) >= SHORT_TIME
        && Math.abs(mu / sigma2 * width) <= STRONG_DRIFT;
  }

  /** {@link #worseThan} by the sine series, exact up to its truncation. */
  double series(double t, double y) {
    check(t, y);
    double width = b - a;
    double x0 = -a;
    double u = y - a;
    double gamma = mu / sigma2;
    double drift = mu * mu / (2 * sigma2);
    double sum = 0;
    for (int n = 1; n <= MAX_TERMS; n++) {
      double k = n * Math.PI / width;
      double lambda = k * k * sigma2 / 2 + drift;
      double scale = Math.exp(gamma * y - lambda * t) / (gamma * gamma + k * k);
      sum += scale * Math.sin(k * x0) * (gamma * Math.sin(k * u) - k * Math.cos(k * u));
      // |sin| ≤ 1: the term is at most scale·(|γ| + k), and later terms are smaller still.
      if (scale * (Math.abs(gamma) + k) < TERM_TOLERANCE) {
        break;
      }
    }
    return failEventually(x0, width, gamma) + 2 / width * sum;
  }

  /** h(x0): the probability of reaching 0 before A from x0, in forms that never overflow. */
  private static double failEventually(double x0, double width, double gamma) {
    if (gamma == 0) {
      return (width - x0) / width;
    }
    if (gamma > 0) {
      // (e^(−2γx0) − e^(−2γA)) / (1 − e^(−2γA)), every exponent negative
      return Math.exp(-2 * gamma * x0)
          * -Math.expm1(-2 * gamma * (width - x0))
          / -Math.expm1(-2 * gamma * width);
    }
    // the same times e^(2γA)/e^(2γA): (e^(2γ(A − x0)) − 1) / (e^(2γA) − 1), exponents negative
    return Math.expm1(2 * gamma * (width - x0)) / Math.expm1(2 * gamma * width);
  }

  /** {@link #worseThan} by one image per barrier (Siegmund's approximation). */
  double images(double t, double y) {
    check(t, y);
    double spread = Math.sqrt(sigma2 * t);
    double shift = mu * t;
    double gamma = mu / sigma2;
    double direct = Elo.normalCdf((y - shift) / spread);
    double lower = Math.exp(2 * gamma * a + Elo.logNormalCdf((2 * a - y + shift) / spread));
    double upper = Math.exp(2 * gamma * b + Elo.logNormalCdf((y - 2 * b - shift) / spread));
    return direct + lower - upper;
  }

  private void check(double t, double y) {
    if (!(t > 0 && Double.isFinite(t))) {
      throw new IllegalArgumentException("the time must be positive (got " + t + ")");
    }
    if (!(y >= a && y <= b)) {
      throw new IllegalArgumentException(
          "the value must lie between the barriers " + a + " and " + b + " (got " + y + ")");
    }
  }
}
