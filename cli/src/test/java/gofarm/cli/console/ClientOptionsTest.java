package gofarm.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import gofarm.cli.CliRun;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The commands that talk to a coordinator check its address before they dial. */
class ClientOptionsTest {
  @Test
  void aCoordinatorAddressThatIsNotHostAndPortIsAUsageErrorAtOnce() {
    List<List<String>> commands =
        List.of(
            List.of("submit", "../examples/evaluate-9x9.json"),
            List.of("watch", "j-1"),
            List.of("jobs"),
            List.of("results", "j-1"),
            List.of("games", "j-1"),
            List.of("cancel", "j-1"));
    for (List<String> command : commands) {
      for (String address : List.of("127.0.0.1:99999", "localhost", "localhost:0", "a b:7070")) {
        String[] args = command.subList(1, command.size()).toArray(String[]::new);
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--coordinator";
        all[args.length + 1] = address;
        // A port out of range used to leave the channel failing on its own thread: a hang.
        CliRun r =
            assertTimeoutPreemptively(
                Duration.ofSeconds(10), () -> CliRun.of(command.get(0), all), command.toString());
        assertEquals(2, r.exitCode(), command + " " + address + ": " + r.err());
        assertEquals(
            "--coordinator: must be HOST:PORT with a port 1..65535, e.g. localhost:7070 (got '"
                + address
                + "')",
            r.err().lines().findFirst().orElseThrow(),
            command.toString());
      }
    }
  }
}
