package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.ListJobsRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

class FarmRequestsTest {

  @Test
  void jobId() {
    assertEquals("j-1", FarmRequests.jobId(GetJobRequest.newBuilder().setJobId("j-1").build()));
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> FarmRequests.jobId(GetJobRequest.getDefaultInstance()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals("jobId: required (the id SubmitJob returned)", e.getStatus().getDescription());
  }

  @Test
  void listLimit() {
    assertEquals(100, FarmRequests.listLimit(ListJobsRequest.getDefaultInstance()));
    assertEquals(1000, FarmRequests.listLimit(ListJobsRequest.newBuilder().setLimit(1000).build()));
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> FarmRequests.listLimit(ListJobsRequest.newBuilder().setLimit(1001).build()));
    assertEquals("limit: must be 1..1000 (got 1001)", e.getStatus().getDescription());
    e =
        assertThrows(
            StatusRuntimeException.class,
            () -> FarmRequests.listLimit(ListJobsRequest.newBuilder().setLimit(-3).build()));
    assertEquals("limit: must be 1..1000 (got -3)", e.getStatus().getDescription());
  }
}
