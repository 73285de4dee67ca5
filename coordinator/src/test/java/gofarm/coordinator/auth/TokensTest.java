package gofarm.coordinator.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tokens file: its format, its errors (file:line), and reloading it as SIGHUP does. */
class TokensTest {
  private static final String ALICE = "alice-token-0123456789";
  private static final String OPS = "ops-token-abcdefghijklmnop";

  @TempDir Path dir;

  @Test
  void commentsAndBlankLinesAreSkippedAndRolesAnyCase() throws Exception {
    Path file =
        write(
            """
            # role      name   token

            submitter   alice  %s   # Alice's laptop
            \tADMIN\tops\t%s
            """
                .formatted(ALICE, OPS));
    assertEquals(
        List.of(
            new TokensFile.Entry(Role.SUBMITTER, "alice", ALICE),
            new TokensFile.Entry(Role.ADMIN, "ops", OPS)),
        TokensFile.read(file));
    Tokens tokens = Tokens.load(file);
    assertEquals(Optional.of(new Caller("alice", Role.SUBMITTER)), tokens.authenticate(ALICE));
    assertEquals(Optional.of(new Caller("ops", Role.ADMIN)), tokens.authenticate(OPS));
    assertEquals(Optional.empty(), tokens.authenticate(ALICE + "x"));
    assertEquals(Optional.empty(), tokens.authenticate(ALICE.substring(1)));
    assertEquals(Optional.empty(), tokens.authenticate(""));
  }

  @Test
  void aBadLineIsRefusedWithItsFileAndLine() throws Exception {
    assertBad(
        "submitter alice",
        ":2: expected ROLE NAME TOKEN, three fields separated by spaces" + " (got 2 fields)");
    assertBad(
        "submitter alice " + ALICE + " extra",
        ":2: expected ROLE NAME TOKEN, three fields" + " separated by spaces (got 4 fields)");
    assertBad(
        "boss alice " + ALICE,
        ":2: unknown role 'boss' (roles: worker, submitter, reader," + " admin)");
    assertBad(
        "reader al/ice " + ALICE,
        ":2: the NAME must be 1..64 characters of A-Z a-z 0-9 . _" + " @ - (got 'al/ice')");
    assertBad(
        "reader alice short",
        ":2: the TOKEN must be 16..256 printable ASCII characters"
            + " without # (this one has 5); make one with openssl rand -base64 24");
    assertBad(
        "reader bob " + OPS,
        ":2: this token appears on an earlier line too; every token" + " must be unique");
  }

  @Test
  void aFileWithoutTokensIsRefused() throws Exception {
    Path file = write("# nothing yet\n\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tokens.load(file));
    assertTrue(
        e.getMessage().startsWith(file + ": no tokens; write one line per token"), e.getMessage());
  }

  @Test
  void aSecretNeverAppearsInAnError() throws Exception {
    String secret = "s3cret-but-has#hash-in-it";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TokensFile.read(write("reader r " + secret.replace("#", " ") + "\n")));
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
  }

  @Test
  void reloadPutsNewTokensInForceAndKeepsTheOldOnesWhenTheFileIsBad() throws Exception {
    Path file = write("submitter alice " + ALICE + "\n");
    Tokens tokens = Tokens.load(file);
    Files.writeString(file, "admin ops " + OPS + "\n");
    assertTrue(tokens.reload());
    assertEquals(Optional.empty(), tokens.authenticate(ALICE));
    assertEquals(Optional.of(new Caller("ops", Role.ADMIN)), tokens.authenticate(OPS));

    Files.writeString(file, "admin ops " + OPS + "\nsubmitter alice\n");
    assertFalse(tokens.reload());
    assertEquals(Optional.of(new Caller("ops", Role.ADMIN)), tokens.authenticate(OPS));
    Files.delete(file);
    assertFalse(tokens.reload());
    assertEquals(1, tokens.size());
  }

  /**
   * A change of the file is seen without a signal; a caller's token stays in force while the file
   * keeps it (same token, name and role), and is out once removed or given a new value.
   */
  @Test
  void aChangedFileIsReloadedAndRevokesWhatItDropped() throws Exception {
    Path file = write("submitter alice " + ALICE + "\nadmin ops " + OPS + "\n");
    Tokens tokens = Tokens.load(file);
    List<Integer> reloads = new java.util.ArrayList<>();
    tokens.onReload(() -> reloads.add(tokens.size()));
    Caller alice = tokens.authenticate(ALICE).orElseThrow();
    Caller ops = tokens.authenticate(OPS).orElseThrow();
    assertFalse(tokens.reloadIfChanged(), "unchanged");
    assertTrue(tokens.inForce(alice) && tokens.inForce(ops) && tokens.inForce(Caller.LOCAL));

    Files.writeString(file, "admin ops " + OPS + "\n# alice left\n");
    assertTrue(tokens.reloadIfChanged());
    assertFalse(tokens.inForce(alice), "removed");
    assertTrue(tokens.inForce(ops), "kept");
    assertFalse(tokens.inForce(new Caller("ops", Role.ADMIN)), "a caller this file never gave");
    Files.writeString(file, "admin ops " + ALICE + "\n");
    assertTrue(tokens.reloadIfChanged());
    assertFalse(tokens.inForce(ops), "the same name with another token");
    assertEquals(List.of(1, 1), reloads);
    Files.writeString(file, "admin ops\n");
    assertFalse(tokens.reloadIfChanged(), "a bad file changes nothing");
    assertTrue(tokens.inForce(tokens.authenticate(ALICE).orElseThrow()));
  }

  private void assertBad(String line, String message) throws Exception {
    Path file = write("admin ops " + OPS + "\n" + line + "\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tokens.load(file));
    assertEquals(file + message, e.getMessage());
  }

  private Path write(String text) throws Exception {
    return Files.writeString(dir.resolve("tokens"), text);
  }
}
