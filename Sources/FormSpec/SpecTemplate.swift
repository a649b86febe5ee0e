#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A header or footer that names answers in braces: `"{replicas} replicas"` shows the answer of
/// the row `replicas` as it changes; `{{` and `}}` are braces themselves.
///
/// ```swift
/// let template = try SpecTemplate.parse("{replicas} replicas of {{app}}").get()
/// template.ids // ["replicas"]
/// template.render { id in "3" } // "3 replicas of {app}"
/// ```
public struct SpecTemplate: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case answer(String)
    }

    let pieces: [Piece]

    /// What is wrong with a template, in words.
    public struct Problem: Error, Sendable {
        public var message: String
    }

    /// The ids named, in order.
    public var ids: [String] {
        pieces.compactMap { if case .answer(let id) = $0 { id } else { nil } }
    }

    /// The template, or what is wrong with it in words.
    public static func parse(_ text: String) -> Result<SpecTemplate, Problem> {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let following = next < text.endIndex ? text[next] : nil
            if character == "{" || character == "}", following == character {
                literal.append(character)
                index = text.index(after: next)
                continue
            }
            if character == "}" { return .failure(Problem(message: "a '}' closes no '{' in '\(text)'")) }
            guard character == "{" else {
                literal.append(character)
                index = next
                continue
            }
            guard let close = text[next...].firstIndex(of: "}") else {
                return .failure(Problem(message: "a '{' is not closed in '\(text)'"))
            }
            let id = String(text[next..<close]).trimmingSpaces
            guard !id.isEmpty, !id.contains("{") else {
                return .failure(Problem(message: "'{}' must hold an id in '\(text)'"))
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.answer(id))
            index = text.index(after: close)
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return .success(SpecTemplate(pieces: pieces))
    }

    /// The text with each id replaced by what `answer` says.
    public func render(_ answer: (String) -> String) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .answer(let id): answer(id)
            }
        }.joined()
    }
}
