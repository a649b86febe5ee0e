import Testing

@testable import FormTerminal

#if canImport(Glibc)
    import Glibc
#endif

extension LinesAtATerminal {
    /// A line read from a terminal: for a secret, the echo is off before its question is written,
    /// so even an answer typed the instant the question shows is not echoed, and on again after; an
    /// ordinary answer shows as it is typed.
    @Suite struct SecretEchoTests {
        @Test(arguments: [true, false])
        func theEchoIsOffFromBeforeASecretsQuestionToItsEnd(secret: Bool) throws {
            let pty = try TerminalBackgroundTests.Pty()
            let lines = StandardLines(descriptor: pty.terminal)
            #expect(lines.isInteractive)
            #expect(pty.localFlags & tcflag_t(ECHO) != 0, "a new pseudo-terminal echoes")
            var echoingWhenAsked: Bool?
            let line = lines.readLine(secret: secret) {
                echoingWhenAsked = pty.localFlags & tcflag_t(ECHO) != 0
                // Typed at once, before the read has begun.
                _ = write(pty.controller, "hunter2\n", 8)
            }
            #expect(echoingWhenAsked == !secret)
            #expect(line == "hunter2")
            #expect(pty.pending().contains("hunter2") == !secret, "echoed only when not a secret")
            #expect(pty.localFlags & tcflag_t(ECHO) != 0, "the echo is back")
        }
    }
}
