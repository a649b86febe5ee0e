import CLibYAML

/// One libyaml parser event with its place as byte offsets into the document.
///
/// libyaml is the tokenizer: it is well kept, implements YAML's hard parts (indentation, flow
/// and block contexts, every scalar style and its folding) and marks where every event starts
/// and ends. Its marks count characters, not bytes, and leave a byte order mark out, so
/// ``YAMLEventStream`` turns them into byte offsets as it goes. It drops comments, which
/// ``YAMLComments`` finds again in the bytes between the nodes.
struct YAMLEvent {
    enum Kind {
        case streamStart, streamEnd
        case documentStart(implicit: Bool)
        case documentEnd(implicit: Bool)
        case sequenceStart(flow: Bool)
        case sequenceEnd
        case mappingStart(flow: Bool)
        case mappingEnd
        case scalar(text: String, style: yaml_scalar_style_t, plainImplicit: Bool)
        case alias(name: String)
    }

    var kind: Kind
    /// Byte offsets of the event's first byte (its anchor or tag where it has one) and of the
    /// byte after its last.
    var start: Int
    var end: Int
    var anchor: String?
    /// The resolved tag libyaml gives (`tag:yaml.org,2002:str` for `!!str`), or nil.
    var tag: String?
}

/// libyaml's parser over a document's bytes, event by event. The bytes must stay alive and
/// unmoved while it is read (``YAMLTreeBuilder`` holds them in a buffer pointer).
final class YAMLEventStream {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where libyaml's character count starts: after a UTF-8 byte order mark.
    private let origin: Int
    private var cursorCharacter = 0
    private var cursorByte: Int
    /// Whether every byte after the origin is ASCII, where characters are bytes: the walk of
    /// `byteOffset(ofCharacter:)` over each event's bytes was 1.5% of a large spec's load.
    private let isASCII: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        origin = hasBOM ? 3 : 0
        cursorByte = origin
        isASCII = !bytes[origin...].contains { $0 >= 0x80 }
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// The byte offset of libyaml's character index `index`. Marks arrive nearly in order, so
    /// a cursor walks from the last one: linear over the whole document.
    func byteOffset(ofCharacter index: Int) -> Int {
        if isASCII { return min(origin + index, bytes.count) }
        while cursorCharacter < index, cursorByte < bytes.count {
            cursorByte += 1
            while cursorByte < bytes.count, bytes[cursorByte] & 0xC0 == 0x80 { cursorByte += 1 }
            cursorCharacter += 1
        }
        while cursorCharacter > index, cursorByte > origin {
            cursorByte -= 1
            while cursorByte > origin, bytes[cursorByte] & 0xC0 == 0x80 { cursorByte -= 1 }
            cursorCharacter -= 1
        }
        return cursorByte
    }

    /// The next event, or the error libyaml stopped at, as a sentence with its line and column.
    func next() throws(DocumentError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw error() }
        defer { yaml_event_delete(&event) }
        let start = byteOffset(ofCharacter: Int(event.start_mark.index))
        let end = byteOffset(ofCharacter: Int(event.end_mark.index))
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return YAMLEvent(kind: .streamStart, start: start, end: end)
        case YAML_STREAM_END_EVENT:
            return YAMLEvent(kind: .streamEnd, start: start, end: end)
        case YAML_DOCUMENT_START_EVENT:
            return YAMLEvent(
                kind: .documentStart(implicit: event.data.document_start.implicit != 0), start: start,
                end: end)
        case YAML_DOCUMENT_END_EVENT:
            return YAMLEvent(
                kind: .documentEnd(implicit: event.data.document_end.implicit != 0), start: start, end: end)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return YAMLEvent(
                kind: .sequenceStart(flow: data.style == YAML_FLOW_SEQUENCE_STYLE), start: start, end: end,
                anchor: Self.text(data.anchor), tag: Self.text(data.tag))
        case YAML_SEQUENCE_END_EVENT:
            return YAMLEvent(kind: .sequenceEnd, start: start, end: end)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return YAMLEvent(
                kind: .mappingStart(flow: data.style == YAML_FLOW_MAPPING_STYLE), start: start, end: end,
                anchor: Self.text(data.anchor), tag: Self.text(data.tag))
        case YAML_MAPPING_END_EVENT:
            return YAMLEvent(kind: .mappingEnd, start: start, end: end)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text =
                data.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: Int(data.length)), as: UTF8.self)
                } ?? ""
            return YAMLEvent(
                kind: .scalar(text: text, style: data.style, plainImplicit: data.plain_implicit != 0),
                start: start, end: end, anchor: Self.text(data.anchor), tag: Self.text(data.tag))
        case YAML_ALIAS_EVENT:
            return YAMLEvent(
                kind: .alias(name: Self.text(event.data.alias.anchor) ?? ""), start: start, end: end)
        default:
            return YAMLEvent(kind: .streamEnd, start: start, end: end)
        }
    }

    private func error() -> DocumentError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "the text cannot be read"
        let context = state.context.map { String(cString: $0) }
        if state.error == YAML_READER_ERROR {
            // The reader's errors (bad UTF-8, control characters) count raw bytes; a sequence
            // cut short is reported at the byte that cuts it, but the sequence is what is wrong.
            var offset = min(Int(state.problem_offset), bytes.count)
            if problem.contains("UTF-8") {
                let window = Array(bytes[max(0, offset - 3)..<min(bytes.count, offset + 1)])
                let base = max(0, offset - 3)
                if let lead = window.indices.first(where: {
                    window[$0] >= 0xC0 && UTF8Sequence.length(in: window, at: $0) == nil
                }) {
                    offset = base + lead
                }
            }
            let what =
                problem.contains("control") || problem.contains("UTF-8")
                ? "not valid YAML: \(problem) (YAML text is UTF-8 without control characters such as NUL)"
                : "not valid YAML: \(problem)"
            return DocumentError(what, at: offset, in: Array(bytes))
        }
        let offset = byteOffset(ofCharacter: Int(state.problem_mark.index))
        var sentence = "not valid YAML: \(problem)"
        if let context, !context.isEmpty {
            sentence +=
                " (\(context) at line \(state.context_mark.line + 1), column \(state.context_mark.column + 1))"
        }
        return DocumentError(
            sentence, offset: offset, line: Int(state.problem_mark.line) + 1,
            column: Int(state.problem_mark.column) + 1)
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
