package gofarm.coordinator.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.coordinator.Coordinator;
import gofarm.coordinator.CoordinatorSettings;
import gofarm.coordinator.auth.ServerTls;
import gofarm.coordinator.auth.TestCertificates;
import gofarm.coordinator.auth.Tokens;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.ListJobsRequest;
import gofarm.proto.v1.PlayoutFarmGrpc;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SubmitJobRequest;
import gofarm.wire.WorkerProtocol;
import io.grpc.ChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator with {@code --auth} and TLS over real TCP on 127.0.0.1, with a certificate made by
 * openssl: who may call what (UNAUTHENTICATED, PERMISSION_DENIED), a submitter sees only its own
 * jobs, the per-token limit of unfinished jobs, health without a token, and a worker token running
 * a job to the end.
 */
class SecureCoordinatorTest {
  private static final String ADMIN = "admin-token-0123456789abcdef";
  private static final String ALICE = "alice-token-0123456789abcdef";
  private static final String BOB = "bob-token-0123456789abcdefgh";
  private static final String READER = "reader-token-0123456789abcde";
  private static final String WORKER = "worker-token-0123456789abcde";
  private static final int LIMIT = 2;

  @TempDir static Path dir;
  private static TestCertificates certs;
  private static Path tokensFile;

  private Coordinator coordinator;
  private ManagedChannel channel;

  @BeforeAll
  static void makeCertificatesAndTokens() throws Exception {
    certs = TestCertificates.make(dir);
    tokensFile =
        Files.writeString(
            dir.resolve("tokens"),
            """
            admin     ops      %s
            submitter alice    %s
            submitter bob      %s
            reader    grafana  %s
            worker    workers  %s
            """
                .formatted(ADMIN, ALICE, BOB, READER, WORKER));
  }

  @BeforeEach
  void start() throws Exception {
    coordinator =
        Coordinator.start(
            NettyServerBuilder.forAddress(
                new InetSocketAddress("127.0.0.1", 0),
                ServerTls.credentials(certs.serverCert(), certs.serverKey(), certs.ca())),
            new CoordinatorSettings("127.0.0.1", -1, null, Duration.ofSeconds(30), "test")
                .withTokens(Tokens.load(tokensFile), LIMIT));
    ChannelCredentials tls =
        TlsChannelCredentials.newBuilder().trustManager(certs.ca().toFile()).build();
    channel = NettyChannelBuilder.forAddress("localhost", coordinator.port(), tls).build();
  }

  @AfterEach
  void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    coordinator.close();
  }

  private static <S extends AbstractStub<S>> S as(String token, S stub) {
    Metadata headers = new Metadata();
    headers.put(
        Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
        .withDeadlineAfter(30, TimeUnit.SECONDS);
  }

  private PlayoutFarmGrpc.PlayoutFarmBlockingStub farm(String token) {
    return as(token, PlayoutFarmGrpc.newBlockingStub(channel));
  }

  private static SubmitJobRequest job(long playouts) {
    return SubmitJobRequest.newBuilder()
        .setSpec(
            gofarm.proto.v1.JobSpec.newBuilder()
                .setName("5x5")
                .setSeed(3)
                .setEvaluate(
                    EvaluateSpec.newBuilder()
                        .addPositions(PositionSource.newBuilder().setEmpty(5))
                        .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                        .setPlayouts(playouts)
                        .setChunkPlayouts(100)))
        .build();
  }

  private static GetJobRequest id(JobStatus s) {
    return GetJobRequest.newBuilder().setJobId(s.getJobId()).build();
  }

  private static Status refusal(org.junit.jupiter.api.function.Executable call) {
    return assertThrows(StatusRuntimeException.class, call).getStatus();
  }

  @Test
  void aCallWithoutATokenIsUnauthenticatedAndSaysWhatToDo() {
    Status s =
        refusal(
            () ->
                PlayoutFarmGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(30, TimeUnit.SECONDS)
                    .listJobs(ListJobsRequest.getDefaultInstance()));
    assertEquals(Status.Code.UNAUTHENTICATED, s.getCode());
    assertEquals(
        "this coordinator requires a token: set GOFARM_TOKEN or pass --token-file FILE (a token of"
            + " its --auth file, sent as 'authorization: Bearer TOKEN')",
        s.getDescription());
  }

  @Test
  void anUnknownTokenIsUnauthenticated() {
    Status s = refusal(() -> farm(ADMIN + "x").submitJob(job(100)));
    assertEquals(Status.Code.UNAUTHENTICATED, s.getCode());
    assertEquals(
        "the coordinator does not know this token: check GOFARM_TOKEN or --token-file against the"
            + " coordinator's --auth file (read again when it changes)",
        s.getDescription());
  }

  /** A bad token then a good one is not a good call; nor is a token with a space after it. */
  @Test
  void twoAuthorizationHeadersOrSpacesAroundTheTokenAreRefused() {
    Metadata two = new Metadata();
    Metadata.Key<String> key = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    two.put(key, "Bearer " + ADMIN + "x");
    two.put(key, "Bearer " + ADMIN);
    Status s =
        refusal(
            () ->
                PlayoutFarmGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(two))
                    .withDeadlineAfter(30, TimeUnit.SECONDS)
                    .listJobs(ListJobsRequest.getDefaultInstance()));
    assertEquals(Status.Code.UNAUTHENTICATED, s.getCode());
    assertEquals(
        "this call has 2 authorization headers; send exactly one, 'authorization: Bearer TOKEN'",
        s.getDescription());

    Status spaced = refusal(() -> farm(ADMIN + " ").listJobs(ListJobsRequest.getDefaultInstance()));
    assertEquals(Status.Code.UNAUTHENTICATED, spaced.getCode());
    assertTrue(
        spaced.getDescription().startsWith("the token has spaces around it"),
        spaced.getDescription());
    farm(ADMIN).listJobs(ListJobsRequest.getDefaultInstance()); // the token itself is good
  }

  @Test
  void aRoleThatMayNotCallTheMethodIsPermissionDenied() throws Exception {
    Status reader = refusal(() -> farm(READER).submitJob(job(100)));
    assertEquals(Status.Code.PERMISSION_DENIED, reader.getCode());
    assertEquals(
        "gofarm.v1.PlayoutFarm/SubmitJob needs a submitter or admin token; token 'grafana'"
            + " (reader) is a reader",
        reader.getDescription());

    Status worker = refusal(() -> farm(WORKER).submitJob(job(100)));
    assertEquals(Status.Code.PERMISSION_DENIED, worker.getCode());
    assertEquals(
        "gofarm.v1.PlayoutFarm/SubmitJob needs a submitter or admin token; token 'workers'"
            + " (worker) is a worker",
        worker.getDescription());

    Status workerLists = refusal(() -> farm(WORKER).listJobs(ListJobsRequest.getDefaultInstance()));
    assertEquals(Status.Code.PERMISSION_DENIED, workerLists.getCode());

    JobStatus submitted = farm(ALICE).submitJob(job(100));
    Status readerCancels = refusal(() -> farm(READER).cancelJob(id(submitted)));
    assertEquals(Status.Code.PERMISSION_DENIED, readerCancels.getCode());

    ScriptedWorker submitterAsWorker = new ScriptedWorker();
    submitterAsWorker.connect(
        channel, ScriptedWorker.bearer(ALICE), WorkerProtocol.VERSION, "scripted", 1);
    Object end = submitterAsWorker.events.poll(30, TimeUnit.SECONDS);
    Status stream = Status.fromThrowable(assertInstanceOf(Throwable.class, end));
    assertEquals(Status.Code.PERMISSION_DENIED, stream.getCode());
    assertEquals(
        "gofarm.v1.WorkerHub/Connect needs a worker or admin token; token 'alice' (submitter) is a"
            + " submitter",
        stream.getDescription());
  }

  @Test
  void aSubmitterSeesAndCancelsOnlyItsOwnJobsAndAReaderSeesAll() {
    JobStatus alices = farm(ALICE).submitJob(job(100));
    assertEquals("alice", alices.getOwner());
    JobStatus bobs = farm(BOB).submitJob(job(100));

    String denied =
        "job "
            + alices.getJobId()
            + " belongs to another token; token 'bob' (submitter) may read and cancel only its own"
            + " jobs (gofarm jobs lists them)";
    for (org.junit.jupiter.api.function.Executable call :
        new org.junit.jupiter.api.function.Executable[] {
          () -> farm(BOB).getJob(id(alices)),
          () -> farm(BOB).getResults(id(alices)),
          () -> farm(BOB).cancelJob(id(alices)),
          () -> farm(BOB).watchJob(id(alices)).next(),
          () -> farm(BOB).getGames(id(alices)).hasNext()
        }) {
      Status s = refusal(call);
      assertEquals(Status.Code.PERMISSION_DENIED, s.getCode());
      assertEquals(denied, s.getDescription());
    }
    assertEquals(
        java.util.List.of(bobs.getJobId()),
        farm(BOB).listJobs(ListJobsRequest.getDefaultInstance()).getJobsList().stream()
            .map(JobStatus::getJobId)
            .toList());
    assertEquals(2, farm(READER).listJobs(ListJobsRequest.getDefaultInstance()).getJobsCount());
    assertEquals("alice", farm(READER).getJob(id(alices)).getOwner());
    assertEquals(JobState.CANCELLED, farm(ALICE).cancelJob(id(alices)).getState());
    assertEquals(JobState.CANCELLED, farm(ADMIN).cancelJob(id(bobs)).getState());
  }

  @Test
  void aTokenMayHaveOnlySoManyUnfinishedJobs() {
    JobStatus first = farm(ALICE).submitJob(job(100));
    farm(ALICE).submitJob(job(100));
    Status s = refusal(() -> farm(ALICE).submitJob(job(100)));
    assertEquals(Status.Code.RESOURCE_EXHAUSTED, s.getCode());
    assertEquals(
        "token alice has 2 unfinished jobs, the limit is 2; wait for one to finish or cancel one"
            + " (gofarm cancel JOB)",
        s.getDescription());
    // Another token has its own count; a finished job frees a place.
    farm(BOB).submitJob(job(100));
    farm(ALICE).cancelJob(id(first));
    assertEquals(JobState.QUEUED, farm(ALICE).submitJob(job(100)).getState());
  }

  @Test
  void healthNeedsNoToken() {
    HealthCheckResponse health =
        HealthGrpc.newBlockingStub(channel)
            .withDeadlineAfter(30, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance());
    assertEquals(HealthCheckResponse.ServingStatus.SERVING, health.getStatus());
  }

  @Test
  void aWorkerWithAWorkerTokenRunsAJobToTheEndOverTls() throws Exception {
    // The worker presents a client certificate too, as the coordinator asks for one.
    ChannelCredentials tls =
        TlsChannelCredentials.newBuilder()
            .trustManager(certs.ca().toFile())
            .keyManager(certs.clientCert().toFile(), certs.clientKey().toFile())
            .build();
    ManagedChannel workerChannel =
        NettyChannelBuilder.forAddress("127.0.0.1", coordinator.port(), tls).build();
    try {
      ScriptedWorker worker = new ScriptedWorker();
      worker.connect(
          workerChannel, ScriptedWorker.bearer(WORKER), WorkerProtocol.VERSION, "scripted", 1);
      JobStatus submitted = farm(ALICE).submitJob(job(1000));
      JobStatus last = null;
      var updates = farm(ALICE).watchJob(id(submitted));
      while (updates.hasNext()) {
        last = updates.next();
      }
      assertEquals(JobState.SUCCEEDED, last.getState(), last.toString());
      assertEquals(1000, last.getPlayoutsDone());
      assertTrue(worker.results > 0);
    } finally {
      workerChannel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
