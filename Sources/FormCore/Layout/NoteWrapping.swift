/// How a layout breaks a section's footer and a row's validation message into lines: the screen
/// wraps them to the width it draws them in, so that a narrow terminal shows all of a note
/// instead of cutting it. Without one, each note is one line.
///
/// ```swift
/// let wrapping = NoteWrapping(footer: { wrap($0, to: 36) }, message: { wrap($0, to: 32) })
/// form.layout(for: state, wrapping: wrapping)  // a long footer takes as many lines as it needs
/// ```
public struct NoteWrapping {
    /// A footer's lines.
    public var footer: (String) -> [String]
    /// A message's lines (drawn after the row's mark on the first, indented on the others).
    public var message: (String) -> [String]

    public init(footer: @escaping (String) -> [String], message: @escaping (String) -> [String]) {
        self.footer = footer
        self.message = message
    }

    /// `text`'s lines by `wrap`, at least one.
    static func lines(of text: String, _ wrap: ((String) -> [String])?) -> [String] {
        guard let wrap else { return [text] }
        let lines = wrap(text)
        return lines.isEmpty ? [text] : lines
    }
}
