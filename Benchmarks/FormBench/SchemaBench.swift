// The figures of issue 36's point 5: a schema compiled once, then one of its examples validated
// (median and slowest, by name), and a 1 MB document validated again after one change. First on
// schemas and documents generated here (so that a clone alone has them), then on SchemaStore's
// schemas and every example in its test/ and negative_test/ when ../shared/suites is there.
import FormDocument
import FormSchema
import Foundation

/// A reproducible stream of numbers (SplitMix64), so that every run generates the same schemas.
struct SeededNumbers {
    var state: UInt64

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(bound))
    }
}

enum GeneratedSchemas {
    /// A record type as configuration schemas write them: a named, patterned, bounded object with
    /// an enum, a list, a format and a reference on to the next definition.
    static func definition(_ index: Int, of count: Int, kinds: Int) -> DocumentValue {
        [
            "type": "object",
            "description": .string("Record type \(index)"),
            "properties": [
                "name": ["type": "string", "pattern": "^[a-z][a-z0-9-]*$", "maxLength": 64],
                "count": ["type": "integer", "minimum": 0, "maximum": 100_000],
                "kind": ["enum": .array((0..<kinds).map { .string("kind-\($0)") })],
                "tags": [
                    "type": "array", "items": ["type": "string", "maxLength": 20], "uniqueItems": true,
                ],
                "since": ["type": "string", "format": "date"],
                "next": ["$ref": .string("#/definitions/d\((index + 1) % count)")],
                "mode": ["oneOf": [["const": "fast"], ["const": "safe"], ["type": "integer"]]],
            ],
            "required": ["name"],
            "additionalProperties": false,
        ]
    }

    /// A draft-07 schema of `count` definitions and a top level that names some of them.
    static func schema(definitions count: Int, numbers: inout SeededNumbers) -> DocumentValue {
        var definitions: [(String, DocumentValue)] = []
        for index in 0..<count {
            definitions.append(
                ("d\(index)", definition(index, of: count, kinds: 2 + numbers.next(below: 30))))
        }
        var properties: [(String, DocumentValue)] = []
        for index in 0..<min(count, 12) {
            properties.append(
                ("p\(index)", ["$ref": .string("#/definitions/d\(numbers.next(below: count))")]))
        }
        properties.append(("records", ["type": "array", "items": ["$ref": "#/definitions/d0"]]))
        return [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "definitions": .object(.init(uniqueKeysWithValues: definitions)),
            "properties": .object(.init(uniqueKeysWithValues: properties)),
            "additionalProperties": false,
        ]
    }

    static func record(_ index: Int) -> DocumentValue {
        [
            "name": .string("record-\(index)"), "count": .number(DocumentNumber(index)), "kind": "kind-1",
            "tags": ["a", .string("t\(index % 7)")], "since": "2024-05-17", "mode": "safe",
        ]
    }

    /// A document for `schema`: its top-level properties, each a record two deep, and `records`.
    static func document(of schema: DocumentValue, records: Int) -> DocumentValue {
        var members: [(String, DocumentValue)] = []
        if case .object(let properties) = schema["properties"] {
            for key in properties.keys where key != "records" {
                guard case .object(var value) = record(members.count) else { continue }
                value["next"] = record(members.count + 1)
                members.append((key, .object(value)))
            }
        }
        members.append(("records", .array((0..<records).map(record))))
        return .object(.init(uniqueKeysWithValues: members))
    }
}

enum SchemaBench {
    /// The processor time `body` takes on this thread, in milliseconds: the machine `make bench`
    /// runs on may be shared, and time waiting for a processor is not the validator's.
    static func milliseconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
        }
        let start = now()
        body()
        return now() - start
    }

    static func text(_ value: Double) -> String { String(format: "%.3f ms", value) }

    /// One example: its schema compiled afresh, then the example validated. Gives the time and
    /// whether the schema compiled.
    static func compileAndValidate(
        _ schema: DocumentValue, options: SchemaOptions, resolver: (any SchemaResolver)?,
        _ example: DocumentValue
    ) -> Double? {
        var compiled = true
        let time = milliseconds {
            guard let fresh = try? JSONSchema(schema, options: options, resolver: resolver) else {
                compiled = false
                return
            }
            _ = fresh.validate(example)
        }
        return compiled ? time : nil
    }

    static func printFigures(_ label: String, _ times: [(Double, String)]) {
        guard !times.isEmpty else { return }
        let sorted = times.sorted { $0.0 < $1.0 }
        print(
            "\(label): compile + validate median \(text(sorted[sorted.count / 2].0)), slowest "
                + "\(text(sorted.last!.0)) (\(sorted.last!.1)), \(sorted.count) examples")
        print(
            "  next slowest: "
                + sorted.dropLast().suffix(4).reversed().map { "\($0.1) \(text($0.0))" }.joined(
                    separator: ", "))
    }

    /// The median of 9 validations of `document` after one change each, through a
    /// ``DocumentValidator`` (which checks again only what the change reached), and of whole ones.
    static func revalidation(_ label: String, _ schema: JSONSchema, _ document: DocumentValue, path: String) {
        let pointer = DocumentPath(pointer: path)!
        var whole: [Double] = []
        for step in 0..<9 {
            guard let changed = DocumentChange.set(pointer, .string("changed-\(step)")).applied(to: document)
            else { return }
            whole.append(milliseconds { _ = schema.validate(changed) })
        }
        let validator = DocumentValidator(schema)
        var current = document
        _ = validator.validate(current)
        var again: [Double] = []
        for step in 0..<9 {
            guard let next = DocumentChange.set(pointer, .string("changed-\(step)")).applied(to: current)
            else {
                return
            }
            again.append(milliseconds { _ = validator.validate(next) })
            current = next
        }
        whole.sort()
        again.sort()
        print(
            "\(label): validate whole \(text(whole[4])), again after one change \(text(again[4])) "
                + "(medians of 9)")
    }

    static func run() {
        if let onlyMatching, !"JSON Schema".localizedCaseInsensitiveContains(onlyMatching) { return }
        print(String(repeating: "-", count: 90))
        print(
            "JSON Schema (issue 36: median <= 1 ms, slowest <= 20 ms, again after a change <= 1 ms; "
                + "processor time of the thread)")
        if ProcessInfo.processInfo.environment["FORMBENCH_SCHEMA"] == nil { generated() }
        schemaStore(suites: ProcessInfo.processInfo.environment["FORMTUI_SUITES"] ?? "../shared/suites")
    }

    /// 200 schemas, seed 36, shaped as SchemaStore's: 195 of 5 to 125 definitions (each also an
    /// example for the draft-07 meta-schema: a schema file being edited) and five of 1,000 to
    /// 5,000 (as its largest, utcm-monitor's 2.7 MB); an example document of each. Then a 1 MB
    /// document of the largest, changed in one value.
    static func generated() {
        var numbers = SeededNumbers(state: 36)
        var times: [(Double, String)] = []
        let meta: DocumentValue = ["$ref": "http://json-schema.org/draft-07/schema#"]
        var largest: DocumentValue = [:]
        let options = SchemaOptions(defaultDialect: .draft7)
        for index in 0..<200 {
            let count = index < 195 ? 5 + numbers.next(below: 121) : 1_000 * (index - 194)
            let schema = GeneratedSchemas.schema(definitions: count, numbers: &numbers)
            if count <= 125, let time = compileAndValidate(meta, options: options, resolver: nil, schema) {
                times.append(
                    (time, "generated \(index) (\(count) definitions) against the draft-07 meta-schema"))
            }
            let example = GeneratedSchemas.document(of: schema, records: 20)
            if let time = compileAndValidate(schema, options: options, resolver: nil, example) {
                times.append((time, "generated \(index) (\(count) definitions)"))
            }
            if index == 199 { largest = schema }
        }
        printFigures("generated schemas (seed 36)", times)
        let document = GeneratedSchemas.document(of: largest, records: 7_500)
        let size = (try? JSONWriter.write(document, layout: .pretty).utf8.count) ?? 0
        guard let schema = try? JSONSchema(largest, options: SchemaOptions(defaultDialect: .draft7)) else {
            return
        }
        revalidation(
            "generated document of \(size / 1024) KB", schema, document, path: "/records/3750/name")
    }

    static func schemaStore(suites: String) {
        let root = suites + "/schemastore"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/schemas") else {
            print("SchemaStore: skipped (\(root) is not there)")
            return
        }
        var documents: [String: DocumentValue] = [:]
        var schemas: [String: (value: DocumentValue, uri: String)] = [:]
        for name in names where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: root + "/schemas/" + name),
                let value = try? JSONFormat(comments: true).read([UInt8](data)).value
            else { continue }
            let url = "https://json.schemastore.org/" + name
            documents[url] = value
            documents["https://www.schemastore.org/" + name] = value
            for key in ["$id", "id"] {
                if case .string(var id) = value[key] {
                    if id.hasSuffix("#") { id.removeLast() }
                    documents[id] = documents[id] ?? value
                }
            }
            schemas[String(name.dropLast(5))] = (value, url)
        }
        let resolver = SchemaCatalog(documents)
        var times: [(Double, String)] = []
        for kind in ["test", "negative_test"] {
            let folder = root + "/" + kind
            for stem in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                // FORMBENCH_SCHEMA=pyproject: only that schema's examples (under callgrind, say).
                if let only = ProcessInfo.processInfo.environment["FORMBENCH_SCHEMA"], only != stem {
                    continue
                }
                guard let schema = schemas[stem] else { continue }
                for file in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + stem)) ?? []
                {
                    guard let example = try? read(folder + "/" + stem + "/" + file) else { continue }
                    let options = SchemaOptions(defaultDialect: .draft7, baseURI: schema.uri)
                    if let time = compileAndValidate(
                        schema.value, options: options, resolver: resolver, example)
                    {
                        times.append((time, "\(kind)/\(stem)/\(file)"))
                    }
                }
            }
        }
        printFigures("SchemaStore", times)
        // SARIF's largest example with its runs doubled (1.3 MB), one tool name changed each time.
        guard ProcessInfo.processInfo.environment["FORMBENCH_SCHEMA"] ?? "sarif" == "sarif",
            let sarif = schemas["sarif"],
            case .object(var members) = try? read(root + "/test/sarif/BinSkim.AllRules.sarif.json"),
            case .array(let runs) = members["runs"],
            let schema = try? JSONSchema(
                sarif.value, options: SchemaOptions(defaultDialect: .draft7, baseURI: sarif.uri),
                resolver: resolver)
        else { return }
        members["runs"] = .array(runs + runs)
        revalidation(
            "SchemaStore SARIF example, runs doubled", schema, .object(members),
            path: "/runs/0/tool/driver/name")
    }

    static func read(_ path: String) throws -> DocumentValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        let bytes = [UInt8](data)
        if path.hasSuffix(".toml") { return try TOMLFormat().read(bytes).value }
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { return try YAMLFormat().read(bytes).value }
        return try JSONFormat(comments: true).read(bytes).value
    }
}
