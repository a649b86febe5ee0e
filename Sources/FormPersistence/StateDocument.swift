import FormDocument
import OrderedCollections

/// State files, drafts and merges read and written through FormDocument, the one JSON reader:
/// strict JSON (RFC 8259; `01` or a comma before `}` is an error, which the decoder would let
/// through in members it does not read), with every member's exact text and every error's line
/// and column.
enum StateDocument {
    /// One top-level member of an object: its key, and the exact bytes of the key (with its
    /// quotes and escapes) and of the value.
    struct Member {
        var key: String
        var keyText: ArraySlice<UInt8>
        var valueText: ArraySlice<UInt8>
    }

    /// Why bytes are not JSON: "line 3, column 7: a ',' or '}' was expected here".
    struct Problem: Error {
        var text: String
    }

    /// `bytes` read as strict JSON, or where and why they are not.
    static func read(_ bytes: [UInt8]) -> Result<Document, Problem> {
        do {
            return .success(try Document(reading: bytes, format: .json))
        } catch {
            return .failure(Problem(text: "line \(error.line), column \(error.column): \(error.message)"))
        }
    }

    /// The top-level members of `document` in the order of its text, or nil when its root is not
    /// an object.
    static func members(of document: Document) -> [Member]? {
        guard case .object(let members) = document.root.content else { return nil }
        return members.map { member in
            Member(
                key: member.key, keyText: document.bytes[member.keySpan],
                valueText: document.bytes[member.node.span])
        }
    }

    /// The top-level members of a JSON text, or nil when it is not JSON or not an object.
    static func members(of bytes: [UInt8]) -> [Member]? {
        guard case .success(let document) = read(bytes) else { return nil }
        return members(of: document)
    }

    /// Where each number of `document` is, in the order of its text.
    static func numbers(in document: Document) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var pending = [document.root]
        // Last in, first out, children pushed in reverse: the order of the text.
        while let node = pending.popLast() {
            switch node.content {
            case .scalar(.number): spans.append(node.span)
            case .scalar, .alias: break
            case .array(let elements): pending += elements.reversed()
            case .object(let members): pending += members.reversed().map(\.node)
            }
        }
        return spans
    }

    /// "line 3, column 12" for a byte offset of `document`.
    static func position(of offset: Int, in document: Document) -> String {
        let position = document.position(of: offset)
        return "line \(position.line), column \(position.column)"
    }

    /// A new file's text for people: two spaces a level, `"key": value`, a final newline.
    static func pretty(_ value: DocumentValue) throws(DocumentError) -> [UInt8] {
        Array((try JSONWriter.write(value, layout: .pretty) + "\n").utf8)
    }

    /// Compact JSON (as `JSONEncoder` writes it) laid out by ``pretty(_:)``.
    static func pretty(compact: [UInt8]) throws(DocumentError) -> [UInt8] {
        try pretty(try Document(reading: compact, format: .json).value)
    }

    /// More changed members than this and a save writes the file anew in its own layout (its
    /// indentation, its key order) instead of member by member: each change is read back over the
    /// whole file, so a thousand of them on a 100,000-member file would take minutes.
    static let memberwiseLimit = 64

    /// `stored`'s text changed to hold `fresh`'s members: each member `fresh` has takes its value
    /// (only its bytes change, where it stands), a member `fresh` lacks is deleted when `owned`
    /// says it is the program's (else kept as it is written), a new one goes after the others.
    /// Nil when either is not an object.
    ///
    /// The changed members are found first, each member compared once (in the same key order no
    /// look-up is needed), and only they are edited: a save of one answer in a 100,000-member
    /// file makes one edit (`make bench`, "state file 100,000 members").
    static func text(of stored: Document, updatedTo fresh: DocumentValue, owned: (String) -> Bool)
        -> [UInt8]?
    {
        guard case .object(let old) = stored.value, case .object(let new) = fresh else { return nil }
        var deleted: [String] = []
        var changed: [(key: String, value: DocumentValue)] = []
        var found = 0
        for (index, key) in old.keys.enumerated() {
            let position = index < new.count && new.keys[index] == key ? index : new.index(forKey: key)
            guard let position else {
                if owned(key) { deleted.append(key) }
                continue
            }
            found += 1
            let value = sameSpelling(old.values[index], new.values[position])
            if value != old.values[index] { changed.append((key, value)) }
        }
        let added = found < new.count ? new.filter { old[$0.key] == nil } : [:]
        if deleted.count + changed.count + added.count <= memberwiseLimit {
            var document = stored
            do {
                for key in deleted { try document.apply(.delete(DocumentPath([.key(key)]))) }
                for (key, value) in changed { try document.update(at: DocumentPath([.key(key)]), to: value) }
                for (key, value) in added {
                    try document.apply(.insert(parent: .root, key: key, value: value, before: nil))
                }
                return document.bytes
            } catch {
                // An edit that would not read back exactly (a key written twice, say): the file
                // is written anew below, which means the same.
            }
        }
        var target = old
        if !deleted.isEmpty {
            let gone = Set(deleted)
            target = target.filter { !gone.contains($0.key) }
        }
        for (key, value) in changed { target[key] = value }
        target.merge(added) { $1 }
        let layout = JSONLayout.detected(in: stored.bytes, root: stored.root)
        guard let text = try? JSONWriter.write(.object(target), layout: layout) else { return nil }
        let ending = stored.bytes.last == 0x0A ? layout.newline : ""
        return Array((text + ending).utf8)
    }

    /// `new`, except where it means what `old` does in JSON: there `old`, so that a number the
    /// person wrote `1.0` is not rewritten as the encoder's `1` (JSON has one kind of number).
    private static func sameSpelling(_ old: DocumentValue, _ new: DocumentValue) -> DocumentValue {
        switch (old, new) {
        case (.number(let before), .number(let after)):
            let same =
                before.negative == after.negative && before.digits == after.digits
                && before.exponent == after.exponent && before.special == after.special
            return same ? old : new
        case (.array(let before), .array(let after)):
            return .array(
                after.indices.map { index in
                    index < before.count ? sameSpelling(before[index], after[index]) : after[index]
                })
        case (.object(let before), .object(let after)):
            var members = after
            for (key, value) in after {
                if let previous = before[key] { members[key] = sameSpelling(previous, value) }
            }
            return .object(members)
        default:
            return new
        }
    }
}
