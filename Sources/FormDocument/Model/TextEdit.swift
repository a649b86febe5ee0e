/// One splice of a document's bytes: replace `range` with `replacement`. An edit of a document is
/// a list of these, in increasing order and not overlapping, computed so that every byte outside
/// them stays where it was (as VS Code's jsonc-parser does for settings.json).
///
/// ```swift
/// let edit = TextEdit(range: 9..<13, replacement: Array("9090".utf8))
/// var bytes = Array(#"{"port": 8080}"#.utf8)
/// TextEdit.apply([edit], to: &bytes)  // {"port": 9090}
/// ```
public struct TextEdit: Hashable, Sendable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public init(range: Range<Int>, text: String) {
        self.init(range: range, replacement: Array(text.utf8))
    }

    /// Applies edits given in increasing, non-overlapping order (applied from the last, so the
    /// earlier ranges stay valid).
    public static func apply(_ edits: [TextEdit], to bytes: inout [UInt8]) {
        precondition(
            zip(edits, edits.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound },
            "text edits must be ordered and must not overlap")
        for edit in edits.reversed() {
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
    }
}
