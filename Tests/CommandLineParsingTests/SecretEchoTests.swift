import Testing

@testable import FormTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A secret line read from a terminal: the echo is off before its question is written, so even
/// an answer typed the instant the question shows is not echoed; it is on again after.
@Suite(.serialized)
struct SecretEchoTests {
    @Test func theEchoIsOffBeforeTheQuestionIsWrittenAndOnAfterTheLine() throws {
        let pty = try TerminalBackgroundTests.Pty()
        let lines = StandardLines(descriptor: pty.terminal)
        #expect(lines.isInteractive)
        #expect(pty.localFlags & tcflag_t(ECHO) != 0, "a new pseudo-terminal echoes")
        var echoingWhenAsked: Bool?
        let line = lines.readLine(secret: true) {
            echoingWhenAsked = pty.localFlags & tcflag_t(ECHO) != 0
            // Typed at once, before the read has begun.
            _ = write(pty.controller, "hunter2\n", 8)
        }
        #expect(echoingWhenAsked == false)
        #expect(line == "hunter2")
        #expect(!pty.pending().contains("hunter2"), "the secret was echoed")
        #expect(pty.localFlags & tcflag_t(ECHO) != 0, "the echo is back")
    }

    @Test func anOrdinaryLineIsAskedWithTheEchoOn() throws {
        let pty = try TerminalBackgroundTests.Pty()
        let lines = StandardLines(descriptor: pty.terminal)
        var echoingWhenAsked: Bool?
        let line = lines.readLine(secret: false) {
            echoingWhenAsked = pty.localFlags & tcflag_t(ECHO) != 0
            _ = write(pty.controller, "Ada\n", 4)
        }
        #expect(echoingWhenAsked == true)
        #expect(line == "Ada")
        #expect(pty.pending().contains("Ada"), "an ordinary answer shows as it is typed")
    }
}
