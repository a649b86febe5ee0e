// A test tool, not shipped: all of Foundation is fine here.
import FormDocument
import FormEdit
import FormSchema
import FormSpec
import Foundation

/// Edits through the form on each SchemaStore example: every scalar row changed in turn (the
/// first `scalarLimit` of an example, in pointer order) must change only that value's bytes,
/// and one missing optional key filled in must insert its member and nothing else.
struct EditTally {
    static let scalarLimit = 25
    var scalars = 0
    var scalarsAlone = 0
    var added = 0
    var addedAlone = 0

    mutating func tally(_ builder: ConfigFormBuilder, name: String, report: inout ConformanceReport) {
        // Every scalar of the file, not only the first page's: pages are made as they open.
        builder.makeEveryPage()
        let answers = builder.initialAnswers()
        let document = builder.document
        let fields = builder.check.fields.values.sorted { $0.id < $1.id }
        var tried = 0
        for field in fields where tried < Self.scalarLimit {
            guard field.original != nil, let node = document.root.node(at: field.path),
                let changed = Self.changed(field)
            else { continue }
            tried += 1
            scalars += 1
            var edited = answers
            edited[answer: field.id] = changed
            guard let saved = try? builder.updated(edited) else {
                report.fail("edit schemastore scalars changed alone", "\(name)\(field.id): refused")
                continue
            }
            let old = document.bytes
            let new = saved.bytes
            let suffix = old.count - node.span.upperBound
            if new.count >= node.span.lowerBound + suffix,
                new.prefix(node.span.lowerBound) == old.prefix(node.span.lowerBound),
                new.suffix(suffix) == old.suffix(suffix), new != old
            {
                scalarsAlone += 1
            } else {
                report.fail(
                    "edit schemastore scalars changed alone", "\(name)\(field.id): bytes beyond its value")
            }
        }
        // One optional key the file lacks, in an object it has with members already, whose row
        // is shown (one that waits on a condition the file does not meet writes nothing).
        for field in fields
        where field.original == nil && !field.required && field.variant == nil
            && builder.check.isBrought(field.path, in: answers)
        {
            guard
                case .object(let siblings)? = document.value.value(
                    at: DocumentPath(field.path.components.dropLast())),
                !siblings.isEmpty, let answer = Self.filled(field)
            else { continue }
            added += 1
            var edited = answers
            edited[answer: field.id] = answer
            guard let saved = try? builder.updated(edited) else {
                report.fail(
                    "edit schemastore optional keys added as one member", "\(name)\(field.id): refused")
                break
            }
            if Self.isOneInsertion(document.bytes, saved.bytes) {
                addedAlone += 1
            } else {
                report.fail(
                    "edit schemastore optional keys added as one member",
                    "\(name)\(field.id): not one insertion")
            }
            break
        }
    }

    /// Another answer for a scalar row (nil for a row that is not one).
    static func changed(_ field: ConfigField) -> Answer? {
        switch (field.kind, field.initialAnswer) {
        case (.toggle, .flag(let flag)): return .flag(!flag)
        case (.integer, .integer(let number?)) where number < Int.max: return .integer(number + 1)
        case (.number, .decimal(let number?)): return .decimal(number + 1)
        case (.text(multiline: false), .text(let text)): return .text(text + "x")
        case (.choice, .text(let label)): return field.labels.first { $0 != label }.map { .text($0) }
        default: return nil
        }
    }

    /// An answer for a row the file has no value for (one that differs from the default the
    /// row shows: the default itself writes nothing).
    static func filled(_ field: ConfigField) -> Answer? {
        if field.showsDefault { return changed(field) }
        switch field.kind {
        case .toggle: return .flag(true)
        case .integer(let low, _): return .integer(low ?? 1)
        case .text(multiline: false): return .text("x")
        default: return nil
        }
    }

    /// Whether `new` is `old` with one run of bytes put in at one place.
    static func isOneInsertion(_ old: [UInt8], _ new: [UInt8]) -> Bool {
        guard new.count > old.count else { return false }
        var prefix = 0
        while prefix < old.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        return prefix + suffix == old.count
    }
}

/// The cost of a key in the form of a 1 MB file: one answer changed, then the file's value read
/// back from the answers and validated, as the next frame asks.
enum EditKeyCost {
    static func measure() {
        var text = "{\n  \"servers\": {\n"
        var index = 0
        while text.utf8.count < 1_000_000 {
            text +=
                "    \"server-\(index)\": {\"host\": \"host-\(index).example.com\", \"port\": \(8000 + index % 1000), \"tls\": true},\n"
            index += 1
        }
        text += "    \"last\": {\"host\": \"h\", \"port\": 1, \"tls\": false}\n  }\n}\n"
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "servers": [
                    "type": "object",
                    "additionalProperties": [
                        "type": "object",
                        "properties": [
                            "host": ["type": "string"],
                            "port": ["type": "integer", "minimum": 1, "maximum": 65535],
                            "tls": ["type": "boolean"],
                        ],
                        "required": ["host"],
                    ],
                ]
            ],
        ]
        guard let document = try? Document(reading: Array(text.utf8), format: .json, engine: JSONFormat()),
            let compiled = try? JSONSchema(schema)
        else { return }
        let started = Date()
        let builder = ConfigFormBuilder(document: document, schema: compiled, title: "big.json")
        var answers = builder.initialAnswers()
        let form = builder.form()
        let layout = form.layout(for: answers)
        for line in 0..<min(layout.count, 24) { _ = layout.row(onLine: line)?.row.anyContent(in: answers) }
        let opened = Date().timeIntervalSince(started)
        var least = Double.infinity
        for round in 0..<5 {
            let key = Date()
            answers[text: "/servers/server-7/host"] = "changed-\(round)"
            _ = builder.check.message(for: "/servers/server-7/host", in: answers)
            _ = builder.check.errorsAtTop(in: answers)
            least = min(least, Date().timeIntervalSince(key))
        }
        print(
            "edit 1 MB file (\(index) objects): opened in \(String(format: "%.1f", opened * 1000)) ms, a key re-validated in \(String(format: "%.2f", least * 1000)) ms"
        )
    }
}
