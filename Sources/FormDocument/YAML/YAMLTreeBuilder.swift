import CLibYAML

/// Builds the document tree from libyaml's events with an explicit stack (no recursion, so
/// depth is bounded by ``YAMLFormat/maximumDepth``, not by the thread's stack): spans from the
/// events' marks, comments from the bytes between nodes, scalars by the core schema and their
/// tags, anchors and aliases, merge keys resolved into the mapping.
struct YAMLTreeBuilder {
    let bytes: [UInt8]
    let text: YAMLText
    let mergeKeys: Bool

    init(bytes: [UInt8], mergeKeys: Bool) {
        self.bytes = bytes
        self.text = YAMLText(bytes: bytes)
        self.mergeKeys = mergeKeys
    }

    private struct Key {
        var name: String
        var span: Range<Int>
        /// The key's first byte (its properties included).
        var start: Int
        /// Where the node before the key ended: comments above the key are after it.
        var boundary: Int
        var isMerge: Bool
    }

    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var start: Int
        var propertiesStart: Int
        var boundary: Int
        var anchor: String?
        var tag: String?
        var elements: [DocumentNode] = []
        var members: [DocumentMember] = []
        /// Where each key of a large mapping starts, for the check that none is given twice;
        /// nil while the mapping is small (see ``firstOffset(ofRepeated:at:)``).
        var keys: [String: Int]?
        var pendingKey: Key?
        var merges: [(at: Int, members: [DocumentMember])] = []
        var count = 1
        var end: Int

        init(
            isMapping: Bool, isFlow: Bool, start: Int, propertiesStart: Int, boundary: Int, anchor: String?,
            tag: String?
        ) {
            self.isMapping = isMapping
            self.isFlow = isFlow
            self.start = start
            self.propertiesStart = propertiesStart
            self.boundary = boundary
            self.anchor = anchor
            self.tag = tag
            self.end = start
        }

        /// Where the mapping's key `name` first stands when it is given again, or nil, noting
        /// it. Most mappings hold a few keys, which are looked through: hashing them took 14% of
        /// reading a 100,000-row spec (`Benchmarks/specload.py`); from 16 keys on they are hashed.
        mutating func firstOffset(ofRepeated name: String, at offset: Int) -> Int? {
            if keys == nil {
                if members.count < 16 { return members.first { $0.key == name }?.keySpan.lowerBound }
                keys = Dictionary(members.map { ($0.key, $0.keySpan.lowerBound) }) { first, _ in first }
            }
            return keys!.updateValue(offset, forKey: name)
        }
    }

    /// What a finished node's parent needs to place it, beside the node (which is moved into
    /// the parent: a copy would retain its references once more, and the finished one release
    /// them again).
    private struct Finished {
        var span: Range<Int>
        var propertiesStart: Int
        var boundary: Int
        var count: Int
        /// A scalar's text as written (its key name when it is a key), nil for collections.
        var scalarText: String?
        var isPlainUntagged = false
        var isBlockCollection = false
        var isBlockScalar = false
    }

    func build() throws(DocumentError) -> DocumentNode {
        try checkEncoding()
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> DocumentNode in
            let events = YAMLEventStream(buffer)
            return try run(events)
        }
    }

    /// libyaml also reads UTF-16 and UTF-32, whose marks this reader cannot turn into byte
    /// offsets; a configuration file is UTF-8, so the others are refused with a clear sentence.
    private func checkEncoding() throws(DocumentError) {
        guard bytes.count >= 2 else { return }
        let (first, second) = (bytes[0], bytes[1])
        if (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF) || first == 0
            || (second == 0 && first < 0x80)
        {
            throw DocumentError(
                "not valid YAML here: the text is UTF-16 or UTF-32; save it as UTF-8", offset: 0, line: 1,
                column: 1)
        }
    }

    private func run(_ events: YAMLEventStream) throws(DocumentError) -> DocumentNode {
        var stack: [Frame] = []
        var anchors: [String: (node: DocumentNode, count: Int)] = [:]
        var documents: [DocumentNode] = []
        var lastTokenEnd = 0
        var lastDocumentEndImplicit = false
        var written = 0
        var aliased = 0
        while true {
            let event = try events.next()
            var finished: Finished?
            var finishedNode: DocumentNode?
            switch event.kind {
            case .streamStart:
                continue
            case .streamEnd:
                if documents.count == 1 { return documents[0] }
                if documents.isEmpty {
                    return DocumentNode(content: .scalar(.null), span: 0..<0)
                }
                return DocumentNode(
                    content: .array(documents), span: 0..<bytes.count, style: .blockCollection)
            case .documentStart(let implicit):
                // libyaml lets a directive follow a document that no `...` ended; YAML does not.
                if !documents.isEmpty, lastDocumentEndImplicit, event.start < bytes.count,
                    bytes[event.start] == UInt8(ascii: "%")
                {
                    throw DocumentError(
                        "not valid YAML: a directive after a document needs a '...' line before it",
                        at: event.start, in: bytes)
                }
                if !implicit { lastTokenEnd = event.end }
                continue
            case .documentEnd(let implicit):
                lastDocumentEndImplicit = implicit
                if !implicit { lastTokenEnd = event.end }
                continue
            case .sequenceStart(let flow), .mappingStart(let flow):
                guard stack.count < YAMLFormat.maximumDepth else {
                    throw DocumentError(
                        "collections are nested more than \(YAMLFormat.maximumDepth) deep (the limit); a configuration needs far fewer levels, so check for brackets that are never closed",
                        at: event.start, in: bytes)
                }
                var isMapping = false
                if case .mappingStart = event.kind { isMapping = true }
                let start =
                    event.anchor != nil || event.tag != nil
                    ? text.skipProperties(event.start, limit: bytes.count) : event.start
                var frame = Frame(
                    isMapping: isMapping, isFlow: flow, start: start, propertiesStart: event.start,
                    boundary: lastTokenEnd, anchor: event.anchor, tag: event.tag)
                if flow { frame.end = start + 1 }
                stack.append(frame)
                continue
            case .sequenceEnd, .mappingEnd:
                var frame = stack.removeLast()
                let end = frame.isFlow ? event.end : frame.end
                if frame.isFlow {
                    lastTokenEnd = event.end
                    try checkCommentSpace(after: event.end)
                }
                let node: DocumentNode
                if frame.isMapping {
                    if !frame.merges.isEmpty { resolveMerges(&frame) }
                    node = DocumentNode(
                        content: .object(frame.members), span: frame.start..<max(end, frame.start),
                        style: frame.isFlow ? .flow : .blockCollection,
                        tag: frame.tag.map(YAMLScalars.shortTag), anchor: frame.anchor)
                } else {
                    node = DocumentNode(
                        content: .array(frame.elements), span: frame.start..<max(end, frame.start),
                        style: frame.isFlow ? .flow : .blockCollection,
                        tag: frame.tag.map(YAMLScalars.shortTag), anchor: frame.anchor)
                }
                finished = Finished(
                    span: node.span, propertiesStart: frame.propertiesStart, boundary: frame.boundary,
                    count: frame.count, isBlockCollection: !frame.isFlow)
                finishedNode = node
            case .scalar(let value, let style, _):
                let isBlock = style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE
                let start =
                    event.anchor != nil || event.tag != nil
                    ? text.skipProperties(event.start, limit: event.end) : event.start
                let end = isBlock ? text.blockScalarEnd(start: start, end: event.end) : event.end
                // The innermost collection's style read in place: `stack.last` would copy its frame.
                let inFlow = !stack.isEmpty && stack[stack.count - 1].isFlow
                if style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                    || (style == YAML_PLAIN_SCALAR_STYLE && inFlow)
                {
                    try checkCommentSpace(after: end)
                }
                if isBlock { try checkCommentSpace(after: start + 1, inHeader: true) }
                if style == YAML_PLAIN_SCALAR_STYLE, value == "-", inFlow {
                    throw DocumentError(
                        "not valid YAML: a lone '-' in a flow collection; quote it (\"-\")", at: start,
                        in: bytes)
                }
                // A mapping's key without properties is only its text and place: no node is made
                // for it, nor its value resolved (half the scalars of a spec are keys).
                if event.anchor == nil, event.tag == nil, !stack.isEmpty, stack[stack.count - 1].isMapping,
                    stack[stack.count - 1].pendingKey == nil
                {
                    let boundary = lastTokenEnd
                    lastTokenEnd = max(lastTokenEnd, end)
                    written += 1
                    stack[stack.count - 1].count += 1
                    try noteKey(
                        value, span: start..<max(start, end), start: event.start, boundary: boundary,
                        isPlainUntagged: style == YAML_PLAIN_SCALAR_STYLE, in: &stack[stack.count - 1])
                    continue
                }
                let resolved: DocumentValue
                var nodeStyle: DocumentStyle
                switch style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE: nodeStyle = .singleQuoted
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE: nodeStyle = .doubleQuoted
                case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE:
                    var headerEnd = start
                    while headerEnd < end, !YAMLText.isBlank(bytes[headerEnd]),
                        !YAMLText.isBreak(bytes[headerEnd])
                    {
                        headerEnd += 1
                    }
                    nodeStyle = .block(header: text.text(start..<headerEnd))
                default: nodeStyle = .plain
                }
                if let tag = event.tag, tag != "!" {
                    guard let value = YAMLScalars.resolve(text: value, tag: tag) else {
                        throw DocumentError(
                            "'\(value)' is not a value of the tag \(YAMLScalars.shortTag(tag)); change the value or remove the tag",
                            at: start, in: bytes)
                    }
                    resolved = value
                } else if style == YAML_PLAIN_SCALAR_STYLE, event.tag == nil {
                    resolved = YAMLScalars.resolve(plain: value)
                    if case .number = resolved, value.hasPrefix("0x") || value.hasPrefix("0o") {
                        nodeStyle = .number(prefix: String(value.prefix(2)), underscores: false)
                    }
                } else {
                    resolved = .string(value)
                }
                let boundary = lastTokenEnd
                lastTokenEnd = max(lastTokenEnd, end)
                let node = DocumentNode(
                    content: .scalar(resolved), span: start..<max(start, end), style: nodeStyle,
                    tag: event.tag.map(YAMLScalars.shortTag), anchor: event.anchor)
                finished = Finished(
                    span: node.span, propertiesStart: event.start, boundary: boundary, count: 1,
                    scalarText: value, isPlainUntagged: style == YAML_PLAIN_SCALAR_STYLE && event.tag == nil,
                    isBlockScalar: isBlock)
                finishedNode = node
            case .alias(let name):
                guard let target = anchors[name] else {
                    throw DocumentError(
                        "the alias *\(name) names no anchor defined before it; define &\(name) first",
                        at: event.start, in: bytes)
                }
                aliased += target.count
                guard aliased <= written + YAMLFormat.aliasAllowance else {
                    throw DocumentError(
                        "aliases bring in more than \(YAMLFormat.aliasAllowance) nodes beyond the document's own (the limit against alias bombs)",
                        at: event.start, in: bytes)
                }
                let boundary = lastTokenEnd
                lastTokenEnd = max(lastTokenEnd, event.end)
                var keyText: String?
                if case .scalar(let value) = target.node.content { keyText = Self.keyName(value) }
                finished = Finished(
                    span: event.start..<event.end, propertiesStart: event.start, boundary: boundary,
                    count: target.count, scalarText: keyText)
                finishedNode = DocumentNode(
                    content: .alias(name: name, target: target.node), span: event.start..<event.end)
            }
            guard let done = finished, let node = finishedNode.take() else { continue }
            if case .alias = node.content {} else { written += 1 }
            if let anchor = node.anchor { anchors[anchor] = (node, done.count) }
            guard !stack.isEmpty else {
                documents.append(node)
                continue
            }
            try attach(node, done, to: &stack[stack.count - 1], aliased: &aliased, written: written)
        }
    }

    /// libyaml takes `"a"#b`, `]#b`, `a,#b` and `>#b` for a comment; YAML needs a blank before
    /// a comment's `#`, so these are refused.
    private func checkCommentSpace(after offset: Int, inHeader: Bool = false) throws(DocumentError) {
        var index = offset
        if inHeader {
            while index < bytes.count,
                bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
                    || (bytes[index] >= 0x31 && bytes[index] <= 0x39)
            {
                index += 1
            }
        } else if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
        }
        guard index < bytes.count, bytes[index] == YAMLText.hash else { return }
        throw DocumentError(
            "not valid YAML: a comment needs a space before its '#'", at: index, in: bytes)
    }

    private static func keyName(_ value: DocumentValue) -> String? {
        switch value {
        case .string(let string): return string
        case .null: return ""
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return number.description
        default: return nil
        }
    }

    /// Puts a finished node into its parent's frame. `node` is taken, not borrowed, so that it
    /// (121 bytes, several references) moves into the parent instead of being copied.
    private func attach(
        _ node: consuming DocumentNode, _ done: Finished, to frame: inout Frame, aliased: inout Int,
        written: Int
    ) throws(DocumentError) {
        frame.count += done.count
        if !frame.isMapping {
            node.comments = comments(of: done, keyEnd: nil, lineOf: done.propertiesStart)
            frame.end = max(frame.end, done.span.upperBound)
            frame.elements.append(consume node)
            return
        }
        guard let key = frame.pendingKey else {
            try noteKey(
                done.scalarText ?? text.text(done.span), span: done.span, start: done.propertiesStart,
                boundary: done.boundary, isPlainUntagged: done.isPlainUntagged, in: &frame)
            return
        }
        let memberComments = comments(of: done, keyEnd: key.span.upperBound, lineOf: key.start)
        frame.pendingKey = nil
        frame.end = max(frame.end, done.span.upperBound)
        if key.isMerge {
            var sources: [DocumentNode] = []
            var target = node
            if case .alias(_, let aliased) = target.content { target = aliased }
            switch target.content {
            case .object: sources = [target]
            case .array(let elements):
                sources = elements.map { element in
                    if case .alias(_, let aliased) = element.content { return aliased }
                    return element
                }
            default: break
            }
            var merged: [DocumentMember] = []
            for source in sources {
                guard case .object(let members) = source.content else {
                    throw DocumentError(
                        "a merge key (<<) takes a mapping or a list of mappings, such as <<: *base",
                        at: done.span.lowerBound, in: bytes)
                }
                for var member in members {
                    member.isMerged = true
                    merged.append(member)
                }
            }
            if sources.isEmpty {
                throw DocumentError(
                    "a merge key (<<) takes a mapping or a list of mappings, such as <<: *base",
                    at: done.span.lowerBound, in: bytes)
            }
            aliased += merged.count
            guard aliased <= written + YAMLFormat.aliasAllowance else {
                throw DocumentError(
                    "aliases bring in more than \(YAMLFormat.aliasAllowance) nodes beyond the document's own (the limit against alias bombs)",
                    at: done.span.lowerBound, in: bytes)
            }
            frame.merges.append((at: frame.members.count, members: merged))
            return
        }
        let above = text.lineStartBeforeIndicators(key.start).flatMap {
            text.commentsAbove($0, boundary: key.boundary)
        }
        // The member's own comments have none above (`keyEnd` is given): the key's are those.
        var comments = memberComments
        if let above {
            comments.above = above.lines
            comments.aboveSpan = above.span
        }
        let start = comments.aboveSpan?.lowerBound ?? key.start
        let end = max(node.span.upperBound, comments.trailingSpan?.upperBound ?? 0)
        frame.members.append(
            DocumentMember(
                key: key.name, keySpan: key.span, node: consume node, span: start..<end, comments: comments))
    }

    /// Makes `name` the mapping's next key, refusing a key given twice (a merge key `<<` may be).
    private func noteKey(
        _ name: String, span: Range<Int>, start: Int, boundary: Int, isPlainUntagged: Bool,
        in frame: inout Frame
    ) throws(DocumentError) {
        let isMerge = mergeKeys && isPlainUntagged && name == "<<"
        if !isMerge, let first = frame.firstOffset(ofRepeated: name, at: span.lowerBound) {
            let position = LineTable(bytes).position(of: first)
            throw DocumentError(
                "the key '\(name)' is given twice in this mapping (first at line \(position.line), column \(position.column)); keep one",
                at: span.lowerBound, in: bytes)
        }
        frame.pendingKey = Key(name: name, span: span, start: start, boundary: boundary, isMerge: isMerge)
        frame.end = max(frame.end, span.upperBound)
    }

    /// A node's comments: the comment lines directly above the line at `lineOf`, and the one
    /// ending the line of its text (a block collection's: the line of its key).
    private func comments(of done: Finished, keyEnd: Int?, lineOf start: Int) -> DocumentComments {
        var comments = DocumentComments()
        if keyEnd == nil, let lineStart = text.lineStartBeforeIndicators(start),
            let above = text.commentsAbove(lineStart, boundary: done.boundary)
        {
            comments.above = above.lines
            comments.aboveSpan = above.span
        }
        let trailing: (text: String, span: Range<Int>)?
        if done.isBlockCollection {
            trailing = keyEnd.flatMap { text.trailingComment(after: $0, skippingTokens: true) }
        } else if done.isBlockScalar {
            trailing = text.trailingComment(after: done.span.lowerBound, skippingTokens: true)
        } else {
            trailing = text.trailingComment(after: done.span.upperBound, skippingTokens: false)
        }
        if let trailing {
            comments.trailing = trailing.text
            comments.trailingSpan = trailing.span
        }
        return comments
    }

    /// Merged members stand where their `<<` stood; a key the mapping writes itself, or an
    /// earlier source gives, wins.
    private func resolveMerges(_ frame: inout Frame) {
        var taken = Set(frame.members.map(\.key))
        var result: [DocumentMember] = []
        var next = 0
        for (index, member) in frame.members.enumerated() {
            while next < frame.merges.count, frame.merges[next].at == index {
                for merged in frame.merges[next].members where taken.insert(merged.key).inserted {
                    result.append(merged)
                }
                next += 1
            }
            result.append(member)
        }
        while next < frame.merges.count {
            for merged in frame.merges[next].members where taken.insert(merged.key).inserted {
                result.append(merged)
            }
            next += 1
        }
        frame.members = result
    }
}
