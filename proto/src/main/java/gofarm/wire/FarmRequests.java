package gofarm.wire;

import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.ListJobsRequest;

/**
 * The checks of the small {@code PlayoutFarm} requests (everything but {@code SubmitJob}, which
 * {@link JobSpecs} handles).
 */
public final class FarmRequests {
  public static final int DEFAULT_LIST_LIMIT = 100;

  /**
   * The largest message a coordinator takes: a spec with an SGF text of the documented 10 MB and
   * everything else (gRPC's default, 4 MiB, would refuse it).
   */
  public static final int MAX_MESSAGE_BYTES = 16 << 20;

  public static final int MAX_LIST_LIMIT = 1000;

  private FarmRequests() {}

  /**
   * The job id of a GetJob, WatchJob, CancelJob or GetResults request.
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT when it is empty
   */
  public static String jobId(GetJobRequest request) {
    if (request.getJobId().isBlank()) {
      throw Violations.of("jobId", "required (the id SubmitJob returned)");
    }
    return request.getJobId();
  }

  /**
   * The job a listing starts after, or null for the newest: INVALID_ARGUMENT naming {@code
   * after_job_id} if it is not a job id.
   */
  public static String listAfter(ListJobsRequest request) {
    if (request.getAfterJobId().isEmpty()) {
      return null;
    }
    String id = request.getAfterJobId();
    if (id.length() > 64 || !id.matches("[A-Za-z0-9._-]+")) {
      throw Violations.of("after_job_id", "not a job id (one ListJobs gave)");
    }
    return id;
  }

  /**
   * The number of jobs a ListJobs request asks for: 1..1000, default 100.
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT when it is out of range
   */
  public static int listLimit(ListJobsRequest request) {
    int limit = request.getLimit() == 0 ? DEFAULT_LIST_LIMIT : request.getLimit();
    Violations v = new Violations();
    v.range("limit", 1, MAX_LIST_LIMIT, limit);
    v.throwIfAny();
    return limit;
  }
}
