import FormTerminal
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Where a run writes besides the terminal: standard output and error, snapshots, recordings.
package enum FormRunOutput {
    package static func standardOutput(_ text: String) { DescriptorWriting.write(text, to: STDOUT_FILENO) }
    package static func standardError(_ text: String) { DescriptorWriting.write(text, to: STDERR_FILENO) }

    /// What records a terminal's output into `recording` from now on: an asciicast of the
    /// terminal's `size`, each write at its time.
    static func recorder(
        into recording: @escaping (String) -> Void, size: @escaping () -> Size
    ) -> ([UInt8]) -> Void {
        let started = ContinuousClock.now
        let cast = Asciicast(
            size: size(), timestamp: Int64(Date().timeIntervalSince1970), title: "formtui",
            term: ProcessEnvironment.values(["TERM"])["TERM"] ?? "xterm-256color", write: recording)
        return TerminalOutputRecording(cast: cast, size: size, clock: { ContinuousClock.now - started })
            .record
    }

    /// What a headless display does with each snapshot of `script`: prints it as text or ANSI
    /// text under a header naming the script's line, or writes it as an SVG picture.
    static func snapshots(
        of script: ParsedKeyScript, as output: SnapshotOutput, theme: Theme,
        print: @escaping (String) -> Void, unwritten: @escaping (String) -> Void
    ) -> (Canvas, Int) -> Void {
        let lines = script.snapshotLines
        let names = script.snapshotNames
        return { canvas, number in
            let line = number <= lines.count ? lines[number - 1] : nil
            let header = HeadlessDisplay.header(of: canvas, number: number, line: line)
            switch output {
            case .text:
                print(([header] + canvas.lines).joined(separator: "\n"))
            case .ansi:
                print(([header] + ANSIText.lines(of: canvas, theme: theme)).joined(separator: "\n"))
            case .svg(let folder, let name):
                // Named for what it shows when the script names it, else for its place.
                let shown = number <= names.count ? names[number - 1] : nil
                let path = "\(folder)/\(name)-\(shown ?? "\(number < 10 ? "0" : "")\(number)").svg"
                // Private, as the screen may show names and addresses.
                let written = FileManager.default.createFile(
                    atPath: path, contents: Data(SVGImage.render(canvas, theme: theme).utf8),
                    attributes: [.posixPermissions: 0o600])
                if written {
                    print("\(header)\n\(path)")
                } else {
                    standardError("formtui: cannot write \(path)\n")
                    unwritten(path)
                }
            }
        }
    }
}
