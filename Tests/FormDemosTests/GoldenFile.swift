import FormTestSupport
import Foundation
import Testing

/// Compares text with a file under `Golden/`; `FORMTUI_UPDATE_GOLDEN=1` rewrites the file instead,
/// and prints what changed in it, so that an update is read before it is committed.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let url = folder.appendingPathComponent(name)
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if ProcessInfo.processInfo.environment["FORMTUI_UPDATE_GOLDEN"] == "1" {
            guard expected != text else { return }
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            let change =
                expected.flatMap { TranscriptDiff.describe(expected: $0, actual: text) } ?? "(new file)"
            print("Golden/\(name) updated:\n\(change)")
            return
        }
        guard let expected else {
            Issue.record(
                "missing golden file \(name); run with FORMTUI_UPDATE_GOLDEN=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        if let difference = TranscriptDiff.describe(expected: expected, actual: text) {
            Issue.record(
                "screen differs from \(name) (FORMTUI_UPDATE_GOLDEN=1 rewrites it):\n\(difference)",
                sourceLocation: sourceLocation)
        }
    }
}
