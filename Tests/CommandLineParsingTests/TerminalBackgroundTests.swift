import FormUI
import Foundation
import Testing

@testable import FormTerminal

// glibc declares these only under _XOPEN_SOURCE, which the Glibc module is not built with.
@_silgen_name("posix_openpt") private func openController(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") private func terminalName(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?

/// The background question asked of a fake terminal over a pseudo-terminal: one that answers it,
/// one that answers only the device attributes (as tmux, screen and many terminals do), one that
/// answers nothing. Nothing the terminal sends back is echoed, and the terminal's modes come back.
@Suite(.serialized)
struct TerminalBackgroundTests {
    /// A pseudo-terminal: the program's side (`terminal`) and the fake terminal's (`controller`).
    final class Pty {
        let controller: Int32
        let terminal: Int32

        init() throws {
            controller = openController(O_RDWR | O_NOCTTY)
            guard controller >= 0, grantTerminal(controller) == 0, unlockTerminal(controller) == 0,
                let name = terminalName(controller)
            else { throw PtyError() }
            terminal = open(name, O_RDWR | O_NOCTTY)
            guard terminal >= 0 else { throw PtyError() }
        }

        deinit {
            close(terminal)
            close(controller)
        }

        /// Reads what the program sent until `marker` is among it (or 5 s pass), then sends `answer`.
        func answer(after marker: String, with answer: String?) -> Thread {
            let thread = Thread { [controller] in
                var seen: [UInt8] = []
                let deadline = Date().addingTimeInterval(5)
                var buffer = [UInt8](repeating: 0, count: 256)
                while Date() < deadline, !String(decoding: seen, as: UTF8.self).contains(marker) {
                    var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, 50) > 0 else { continue }
                    let count = read(controller, &buffer, buffer.count)
                    if count > 0 { seen += buffer[0..<count] }
                }
                if let answer { _ = write(controller, answer, answer.utf8.count) }
            }
            thread.start()
            return thread
        }

        /// What the program side echoed or sent since, within `milliseconds`.
        func pending(milliseconds: Int32 = 100) -> String {
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, milliseconds) > 0 {
                let count = read(controller, &buffer, buffer.count)
                guard count > 0 else { break }
                seen += buffer[0..<count]
            }
            return String(decoding: seen, as: UTF8.self)
        }

        var localFlags: tcflag_t {
            var modes = termios()
            tcgetattr(terminal, &modes)
            return modes.c_lflag
        }
    }

    struct PtyError: Error {}

    static let attributes = "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"

    @Test func aTerminalThatAnswersGivesItsColorAtOnce() throws {
        let pty = try Pty()
        let flags = pty.localFlags
        let fake = pty.answer(
            after: "\u{1B}[c", with: "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\" + Self.attributes)
        let start = ContinuousClock.now
        let color = TerminalBackground.ask(input: pty.terminal, output: pty.terminal, timeout: .seconds(10))
        let took = ContinuousClock.now - start
        #expect(color == Theme.RGB(255, 255, 255))
        #expect(color?.isLight == true)
        // It ended with the answer, not at the timeout.
        #expect(took < .seconds(5), "\(took)")
        _ = fake
        // Echo was off while the answer came: nothing of it went back to the screen.
        #expect(!pty.pending().contains("rgb"))
        #expect(pty.localFlags == flags)
        #expect(pty.localFlags & tcflag_t(ECHO) != 0)
    }

    @Test func aTerminalThatKnowsOnlyDeviceAttributesEndsTheWaitAtOnce() throws {
        let pty = try Pty()
        _ = pty.answer(after: "\u{1B}[c", with: "\u{1B}[?62;22c")
        let start = ContinuousClock.now
        let color = TerminalBackground.ask(input: pty.terminal, output: pty.terminal, timeout: .seconds(10))
        #expect(color == nil)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aTerminalThatAnswersNothingCostsTheTimeoutAndKeepsItsModes() throws {
        let pty = try Pty()
        let flags = pty.localFlags
        let start = ContinuousClock.now
        let color = TerminalBackground.ask(
            input: pty.terminal, output: pty.terminal, timeout: .milliseconds(150))
        let took = ContinuousClock.now - start
        #expect(color == nil)
        #expect(took >= .milliseconds(150))
        // The question went out whole, once.
        let sent = pty.pending()
        #expect(sent == "\u{1B}]11;?\u{1B}\\\u{1B}[c", "\(sent.debugDescription)")
        #expect(pty.localFlags == flags)
    }

    @Test func throughAMultiplexerTheQuestionIsPassedOnAndTheWaitGoesPastItsOwnAnswer() throws {
        let pty = try Pty()
        // Nothing answers the plain question (in time); the terminal outside answers the wrapped
        // one after the multiplexer's own device attributes.
        let outside = pty.answer(
            after: "\u{1B}P\u{1B}]11;?", with: "\u{1B}[?62;22c\u{1B}]11;rgb:ffff/ffff/ffff\u{07}")
        let start = ContinuousClock.now
        let color = TerminalBackground.ask(
            input: pty.terminal, output: pty.terminal, timeout: .milliseconds(300), through: .screen)
        #expect(color == Theme.RGB(255, 255, 255))
        #expect(ContinuousClock.now - start < .seconds(3), "ended with the color")
        _ = outside
        #expect(TerminalBackground.Multiplexer(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]) == .tmux)
        #expect(TerminalBackground.Multiplexer(environment: ["STY": "1.pts-0.host"]) == .screen)
        #expect(TerminalBackground.Multiplexer(environment: ["TERM": "xterm"]) == nil)
    }

    @Test func noTerminalNoQuestion() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        #expect(TerminalBackground.ask(input: pipeEnds[0], output: pipeEnds[1]) == nil)
    }
}
