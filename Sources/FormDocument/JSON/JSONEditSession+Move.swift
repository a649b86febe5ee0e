/// Moves: array elements change places with their comments.
extension JSONEditSession {
    /// The element `from` moved to `to`: the elements between change places, each with its
    /// comments; the commas, line breaks and indentation between them stay where they were.
    func moveEdits(array: DocumentPath, from: Int, to: Int) throws(DocumentError) -> [TextEdit] {
        let container = try node(at: array, in: root)
        guard case .array(let elements) = container.content else {
            throw fail("\(array) is not an array", at: container.span.lowerBound)
        }
        guard elements.indices.contains(from), elements.indices.contains(to) else {
            throw fail("\(array) has no element \(max(from, to))", at: container.span.lowerBound)
        }
        guard from != to else { return [] }
        let items = text.items(of: container)
        var order = Array(items.indices)
        order.insert(order.remove(at: from), at: to)
        let low = min(from, to)
        let high = max(from, to)
        var moved: [UInt8] = []
        for slot in low...high {
            let source = items[order[slot]]
            moved += bytes[source.start..<source.valueEnd]
            if items[slot].comma != nil { moved.append(0x2C) }
            if let trailing = source.trailing {
                let after = source.comma.map { $0 + 1 } ?? source.valueEnd
                let gap = after <= trailing.lowerBound ? bytes[after..<trailing.lowerBound] : []
                moved += gap.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) && !gap.isEmpty ? Array(gap) : [0x20]
                moved += bytes[trailing]
            }
            if slot < high {
                guard items[slot].end <= items[slot + 1].start else {
                    throw fail(
                        "the elements of \(array) are laid out in a way this editor cannot move",
                        at: items[slot].end)
                }
                moved += bytes[items[slot].end..<items[slot + 1].start]
            }
        }
        return [TextEdit(range: items[low].start..<items[high].end, replacement: moved)]
    }
}
