import FormDocument

/// A path from its JSON pointer, for the tests of every format.
func path(_ pointer: String) -> DocumentPath { DocumentPath(pointer: pointer)! }

/// Where the tree a document holds after edits differs from the tree a fresh read of its bytes
/// gives (a span, a key's span, a comment, a style, a value), or nil: an edit's read-back may read
/// only the edited part, and must come to the same tree as reading everything.
func treeDifference(of document: Document) -> String? {
    let fresh: Document
    do {
        fresh = try Document(reading: document.bytes, format: document.format)
    } catch {
        return "the edited text does not read: \(error)"
    }
    guard document.value == fresh.value else { return "the value differs from a fresh read's" }
    return treeDifference(document.root, fresh.root, at: "")
}

private func treeDifference(_ kept: DocumentNode, _ fresh: DocumentNode, at path: String) -> String? {
    let place = path.isEmpty ? "the root" : path
    if kept.span != fresh.span { return "\(place): span \(kept.span), a fresh read \(fresh.span)" }
    if kept.style != fresh.style { return "\(place): style \(kept.style), a fresh read \(fresh.style)" }
    if kept.tag != fresh.tag || kept.anchor != fresh.anchor { return "\(place): tag or anchor" }
    if kept.comments != fresh.comments {
        return "\(place): comments \(kept.comments), a fresh read \(fresh.comments)"
    }
    switch (kept.content, fresh.content) {
    case (.scalar(let a), .scalar(let b)):
        return a == b ? nil : "\(place): \(a), a fresh read \(b)"
    case (.alias(let a, let targetA), .alias(let b, let targetB)):
        return a == b ? treeDifference(targetA, targetB, at: path + "/*" + a) : "\(place): alias"
    case (.array(let a), .array(let b)):
        guard a.count == b.count else { return "\(place): \(a.count) elements, a fresh read \(b.count)" }
        for (index, (x, y)) in zip(a, b).enumerated() {
            if let difference = treeDifference(x, y, at: "\(path)/\(index)") { return difference }
        }
        return nil
    case (.object(let a), .object(let b)):
        guard a.count == b.count else { return "\(place): \(a.count) members, a fresh read \(b.count)" }
        for (x, y) in zip(a, b) {
            let at = "\(path)/\(x.key)"
            guard x.key == y.key, x.keySpan == y.keySpan, x.span == y.span, x.comments == y.comments,
                x.isMerged == y.isMerged
            else {
                return
                    "\(at): member \(x.key) \(x.keySpan) \(x.span), a fresh read \(y.key) \(y.keySpan) \(y.span)"
            }
            if let difference = treeDifference(x.node, y.node, at: at) { return difference }
        }
        return nil
    default:
        return "\(place): a different kind of node"
    }
}
