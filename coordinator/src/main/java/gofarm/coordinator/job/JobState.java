package gofarm.coordinator.job;

/** Where a job is in its life. */
public enum JobState {
  /** Accepted; no chunk leased yet. */
  QUEUED,
  RUNNING,
  /** Every pair has its playouts, or stopped early at the requested width. */
  SUCCEEDED,
  CANCELLED,
  /** Could not run; the report's message says why. */
  FAILED;

  public boolean isFinished() {
    return this == SUCCEEDED || this == CANCELLED || this == FAILED;
  }
}
