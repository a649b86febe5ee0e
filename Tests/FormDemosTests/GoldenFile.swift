import Foundation
import Testing

/// Compares text with a file under `Golden/`; `FORMTUI_UPDATE_GOLDEN=1` rewrites the file instead.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let url = folder.appendingPathComponent(name)
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        if ProcessInfo.processInfo.environment["FORMTUI_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); run with FORMTUI_UPDATE_GOLDEN=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        if expected != text {
            Issue.record(
                "screen differs from \(name):\n--- expected\n\(expected)--- actual\n\(text)",
                sourceLocation: sourceLocation)
        }
    }
}
