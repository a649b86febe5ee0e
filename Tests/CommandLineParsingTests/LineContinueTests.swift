import Foundation
import Testing

@testable import FormTerminal

extension LinesAtATerminal {
    /// A line read at a terminal asks its question again when the program goes on after a stop
    /// (Ctrl-Z, then `fg`): the shell's lines meanwhile have pushed the question out of sight.
    @Suite struct LineContinueTests {
        /// Reads one line with `prompt` written by the asking, while another thread waits for the
        /// prompt, sends SIGCONT to the reading thread (as `fg` does), and answers once the prompt
        /// shows again. What the terminal showed, and the line read.
        static func readWithAContinue(secret: Bool) throws -> (shown: String, line: String?) {
            let pty = try TerminalBackgroundTests.Pty()
            let lines = StandardLines(descriptor: pty.terminal)
            let reader = pthread_self()
            let prompt = "Type y or n: "
            let shown = LockedText()
            let helper = Thread { [controller = pty.controller] in
                let deadline = Date().addingTimeInterval(10)
                var buffer = [UInt8](repeating: 0, count: 256)
                var lastContinue = Date.distantPast
                while Date() < deadline {
                    var watched = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                    if poll(&watched, 1, 50) > 0 {
                        let count = read(controller, &buffer, buffer.count)
                        if count > 0 { shown.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
                    }
                    let asked = shown.text.components(separatedBy: prompt).count - 1
                    // Sent again until it is seen: a first one may come before the read has begun.
                    if asked == 1, Date().timeIntervalSince(lastContinue) > 0.2 {
                        lastContinue = Date()
                        pthread_kill(reader, SIGCONT)
                    } else if asked >= 2 {
                        _ = write(controller, "y\n", 2)
                        return
                    }
                }
                // Never asked again: end the read all the same.
                _ = write(controller, "timeout\n", 8)
            }
            helper.start()
            let line = lines.readLine(secret: secret) { _ = write(pty.terminal, prompt, prompt.utf8.count) }
            while !helper.isFinished { usleep(10_000) }
            return (shown.text, line)
        }

        final class LockedText: @unchecked Sendable {
            private let lock = NSLock()
            private var value = ""
            var text: String { lock.withLock { value } }
            func append(_ more: String) { lock.withLock { value += more } }
        }

        @Test(arguments: [false, true])
        func aContinuedReadAsksAgain(secret: Bool) throws {
            let (shown, line) = try Self.readWithAContinue(secret: secret)
            #expect(line == "y", "\(shown)")
            #expect(shown.components(separatedBy: "Type y or n: ").count - 1 >= 2, "\(shown)")
        }
    }
}
