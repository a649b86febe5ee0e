#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a spec file into a checked `FormSpec`, refusing, with the file, line and column, what
/// cannot work: unknown keys and row types, duplicate ids, defaults of the wrong type, `when`
/// naming no field, min above max, options that are missing.
///
/// ```swift
/// let spec = try SpecReader.read(text: "title: Hi\nsections: []", format: .yaml, file: "hi.yaml")
/// ```
public struct SpecReader {
    let file: String
    /// Where `optionsFile` paths are read from: the spec's folder.
    let folder: String
    /// Which files `optionsFile` may name: the spec's folder and below, and the folders allowed.
    var fileAccess: SpecFileAccess
    /// The zone dates and times are read in.
    let zone: SpecZone
    var timeZone: TimeZone { zone.timeZone }
    /// The names a `theme:` may give; any name when empty.
    var themeNames: [String] = []
    /// Told what a long read is doing as it does it (a large `optionsFile`), a line at a time.
    var progress: ((String) -> Void)?
    private var ids: [String: SpecPosition?] = [:]
    private var rowCount = 0
    /// Members of rows read so far: each row's table is read once, whatever its reader asks.
    private(set) var membersRead = 0
    /// The rows that answer, by id, for rules and headers that name one: made once every row is
    /// read, and only when some rule or header needs it (`needsRowIndex`).
    var rowsByID: [String: RowSpec] = [:]
    private var needsRowIndex = false
    /// The errors found so far, in the order of the file: a row or a rule that is wrong is
    /// noted and passed over, and the rest is read on, so that all are said at once.
    var problems: [SpecError] = []
    /// What `FormSpec.advice` says: usable, but maybe not meant.
    var advice: [SpecError] = []
    /// The ids of rows passed over for an error: a rule that names one is no second error.
    var failedIDs: Set<String> = []
    /// At most this many errors are said: past them, the spec is refused without reading on.
    public static let mostErrors = 50

    static let topKeys = ["title", "review", "theme", "sections"]
    static let sectionKeys = ["header", "footer", "when", "rows"]
    static let rowKeys = [
        "id", "type", "title", "default", "required", "placeholder", "minLength", "maxLength", "pattern",
        "patternMessage", "min", "max", "step", "options", "optionsFile", "value", "sections", "lines",
        "keepInState", "when", "disabled", "equals",
    ]

    /// Reads and checks a spec; `file` names it in messages, and its folder is where
    /// `optionsFile` paths start.
    /// Dates and times are read in `zone` (UTC unless given; see `SpecDates`), which the spec
    /// keeps; it is made into a `TimeZone` only when a date or time needs it (see `SpecZone`). A
    /// `theme:` must be one of `themeNames` (when given: `formtui form` passes `Theme.all`'s).
    ///
    /// ```swift
    /// try SpecReader.read(text: text, format: .yaml, file: "f.yaml", themeNames: ["dark", "light"])
    /// try SpecReader.read(text: text, format: .yaml, file: "f.yaml", zone: .local())
    /// ```
    ///
    /// `optionsFile` paths are read only from the spec's folder and below (symbolic links
    /// resolved) and from the folders in `allowOutside` (`--allow-outside`); see `SpecFileAccess`.
    ///
    /// `progress` is told, a line at a time, what a read that takes a while is doing: an
    /// options file over `SpecLimits.optionsFileNoted` bytes, as it starts and with its count.
    public static func read(
        text: String, format: SpecFormat, file: String, zone: SpecZone = .utc, themeNames: [String] = [],
        allowOutside: [String] = [], progress: ((String) -> Void)? = nil
    ) throws(SpecError) -> FormSpec {
        let tree = try SpecNode.read(text: text, format: format, file: file)
        var reader = SpecReader(file: file, zone: zone)
        reader.themeNames = themeNames
        reader.progress = progress
        if !allowOutside.isEmpty {
            reader.fileAccess = SpecFileAccess(specFolder: reader.folder, allowed: allowOutside)
        }
        return try reader.spec(tree)
    }

    /// As `read(text:format:file:zone:themeNames:)`, in a zone given whole.
    ///
    /// ```swift
    /// try SpecReader.read(text: text, format: .yaml, file: "f.yaml", timeZone: .gmt)
    /// ```
    public static func read(
        text: String, format: SpecFormat, file: String, timeZone: TimeZone, themeNames: [String] = []
    ) throws(SpecError) -> FormSpec {
        try read(text: text, format: format, file: file, zone: .zone(timeZone), themeNames: themeNames)
    }

    init(file: String, timeZone: TimeZone) {
        self.init(file: file, zone: .zone(timeZone))
    }

    init(file: String, zone: SpecZone = .utc) {
        self.file = file
        self.zone = zone
        // What comes before the last "/": the library's `joined(separator:)` is not specialised,
        // and asks the runtime for its associated types (a search of every conformance, at start).
        let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        self.folder = folder
        fileAccess = SpecFileAccess(specFolder: folder)
    }

    func error(_ node: SpecNode?, _ message: String, hint: String? = nil) -> SpecError {
        SpecError(file: file, position: node?.position, message: message, hint: hint)
    }

    func error(at position: SpecPosition?, _ message: String, hint: String? = nil) -> SpecError {
        SpecError(file: file, position: position, message: message, hint: hint)
    }

    // MARK: Shape

    mutating func spec(_ tree: SpecNode) throws(SpecError) -> FormSpec {
        let members = try table(tree, "the spec", keys: Self.topKeys)
        _ = members
        let title = try string(tree, "title") ?? "Form"
        guard let sectionsNode = tree["sections"] else {
            throw error(
                tree, "the spec has no 'sections'",
                hint: "add 'sections:' with a list of sections, each with 'rows:'")
        }
        var sections = try self.sections(sectionsNode)
        if needsRowIndex {
            // As `FormSpec.answeringRows` lists them; ids are unique by now.
            let rows = FormSpec(title: title, sections: sections, zone: zone).answeringRows
            rowsByID.reserveCapacity(rows.count)
            for row in rows { rowsByID[row.id] = row }
            try attachConditions(&sections, sectionsNode)
        }
        var spec = FormSpec(title: title, sections: sections, zone: zone)
        try noting { (reader: inout SpecReader) throws(SpecError) in
            spec.review = try reader.flag(tree, "review")
        }
        try noting { (reader: inout SpecReader) throws(SpecError) in spec.theme = try reader.theme(tree) }
        if !problems.isEmpty { throw Self.refusal(problems) }
        spec.advice = advice
        return spec
    }

    /// A title from an id, for a hint: `ssh_keys` is "Ssh keys".
    static func titleSuggestion(for id: String) -> String {
        let words = id.split(separator: "_").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The error that refuses a spec for `problems`: the first in the file, the others after it
    /// in their order there (rules are read after the rows, but said where they are).
    static func refusal(_ problems: [SpecError]) -> SpecError {
        let ordered = problems.enumerated().sorted { a, b in
            let (lineA, columnA) = (a.element.position?.line ?? 0, a.element.position?.column ?? 0)
            let (lineB, columnB) = (b.element.position?.line ?? 0, b.element.position?.column ?? 0)
            return (lineA, columnA, a.offset) < (lineB, columnB, b.offset)
        }.map(\.element)
        var first = ordered[0]
        first.others = Array(ordered.dropFirst())
        return first
    }

    /// Runs `body`, noting the error it throws and going on; throws once there are too many
    /// to say (the spec is refused with those).
    mutating func noting(_ body: (inout SpecReader) throws(SpecError) -> Void) throws(SpecError) {
        do throws(SpecError) {
            try body(&self)
        } catch {
            problems.append(error)
            guard problems.count < Self.mostErrors else { throw Self.refusal(problems) }
        }
    }

    /// The spec's `theme:`, one of `themeNames`.
    func theme(_ tree: SpecNode) throws(SpecError) -> String? {
        guard let name = try string(tree, "theme") else { return nil }
        let known = themeNames.first { $0 == name.lowercased() }
        guard themeNames.isEmpty || known != nil else {
            let near = Nearest.match(name, in: themeNames)
            throw error(
                tree["theme"], "unknown theme '\(name)'",
                hint: near.map { "did you mean '\($0)'?" }
                    ?? "the themes are \(themeNames.joined(separator: ", ")) ('formtui themes' shows them)")
        }
        return known ?? name
    }

    mutating func sections(_ node: SpecNode) throws(SpecError) -> [SectionSpec] {
        guard case .list(let items) = node.value else {
            throw error(
                node, "'sections' must be a list, not \(node.kindDescription)",
                hint: "write each section after '- '")
        }
        var sections: [SectionSpec] = []
        for item in items {
            try noting { (reader: inout SpecReader) throws(SpecError) in
                _ = try reader.table(item, "a section", keys: Self.sectionKeys)
            }
            guard let rowsNode = item["rows"], case .list(let rowNodes) = rowsNode.value else {
                try noting { (reader: inout SpecReader) throws(SpecError) in
                    throw reader.error(
                        item["rows"] ?? item, "a section needs 'rows', a list of rows",
                        hint: "add 'rows:' with rows such as {id: name, type: text, title: Name}")
                }
                // Kept, empty, so that the sections stay in step with the file's.
                sections.append(SectionSpec(header: nil, footer: nil, conditions: [], rows: []))
                continue
            }
            var rows: [RowSpec] = []
            for rowNode in rowNodes {
                rowCount += 1
                guard rowCount <= SpecLimits.rows else {
                    throw error(
                        rowNode, "the spec has more than \(SpecLimits.rows) rows (the limit)",
                        hint: "split it into several forms")
                }
                do throws(SpecError) {
                    rows.append(try row(rowNode))
                } catch {
                    if let id = rowNode["id"]?.text { failedIDs.insert(id) }
                    try noting { (_: inout SpecReader) throws(SpecError) in throw error }
                    // A stand-in in its place, so that the rows stay in step with the file's.
                    rows.append(
                        RowSpec(
                            id: "", kind: .label, title: "", initial: .text(""), required: false,
                            placeholder: "", minLength: nil, maxLength: nil, pattern: nil,
                            patternMessage: nil, min: nil, max: nil, step: nil, options: [], value: "",
                            sections: [], lines: 1, keepInState: false, position: rowNode.position,
                            idPosition: nil))
                }
            }
            var header: String?
            var footer: String?
            try noting { (reader: inout SpecReader) throws(SpecError) in
                header = try reader.string(item, "header")
                footer = try reader.string(item, "footer")
            }
            let section = SectionSpec(header: header, footer: footer, conditions: [], rows: rows)
            // A `when`, or a header or footer that may name an answer in braces.
            if item["when"] != nil || Self.hasBraces(section.header) || Self.hasBraces(section.footer) {
                needsRowIndex = true
            }
            sections.append(section)
        }
        return sections
    }

    /// Whether a header or footer has a brace: it names an answer, or is refused for a stray one.
    static func hasBraces(_ text: String?) -> Bool {
        text?.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") } ?? false
    }

    /// Checks that `node` is a table whose keys are all known.
    @discardableResult
    func table(_ node: SpecNode, _ what: String, keys: [String]) throws(SpecError) -> [(
        key: String, keyPosition: SpecPosition?, node: SpecNode
    )] {
        guard case .table(let members) = node.value else {
            throw error(node, "expected \(what) as a table of keys, found \(node.kindDescription)")
        }
        for member in members where !keys.contains(member.key) {
            let near = Nearest.match(member.key, in: keys)
            throw error(
                at: member.keyPosition ?? node.position, "unknown key '\(member.key)' in \(what)",
                hint: near.map { "did you mean '\($0)'?" } ?? "known keys: \(keys.joined(separator: ", "))")
        }
        return members
    }

    // MARK: Rows

    mutating func row(_ node: SpecNode) throws(SpecError) -> RowSpec {
        guard let members = SpecRowMembers(node), members.unknown == nil else {
            // Said as for any table: not a table, or its first unknown key.
            try table(node, "a row", keys: Self.rowKeys)
            throw error(node, "expected a row as a table of keys, found \(node.kindDescription)")
        }
        membersRead += members.count
        needsRowIndex = needsRowIndex || members.hasRules
        var row = try self.row(members)
        row.hasRules = members.hasRules
        return row
    }

    /// A row from its members, each looked up by its slot.
    private mutating func row(_ members: SpecRowMembers) throws(SpecError) -> RowSpec {
        let node = members.node
        guard let typeNode = members[.type], let typeName = typeNode.text else {
            throw error(
                node, "a row needs a 'type'",
                hint: "one of: \(RowKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let kind = RowKind.named(typeName) else {
            let near = Nearest.match(typeName, in: RowKind.allCases.map(\.rawValue))
            throw error(
                typeNode, "unknown row type '\(typeName)'",
                hint: near.map { "did you mean '\($0)'?" }
                    ?? "one of: \(RowKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let idNode = members[.id]
        let id = try string(idNode, "id") ?? ""
        if kind != .label {
            guard !id.isEmpty else {
                throw error(
                    node, "a \(kind.rawValue) row needs an 'id'",
                    hint: "the id is the answer's name, e.g. id: email")
            }
        }
        if !id.isEmpty {
            guard Self.isName(id) else {
                throw error(
                    idNode, "the id '\(id)' is not a name",
                    hint: "use letters, digits and '_', starting with a letter")
            }
            // One look: the id is put in, and the first row's place comes back if there was one.
            if let first = ids.updateValue(idNode?.position, forKey: id) {
                throw error(
                    idNode, "duplicate id '\(id)'",
                    hint: first.map {
                        "the first is at line \($0.line), column \($0.column); every row needs its own id"
                    }
                        ?? "the first is earlier in the file; every row needs its own id")
            }
        }
        let isDate = kind.dateKind != nil
        let title = try string(members[.title], "title")
        if title == nil, kind != .label, advice.count < Self.mostErrors {
            advice.append(
                error(
                    node, "the row '\(id)' has no 'title': the form shows its id",
                    hint: "add a title, e.g. title: \(Self.titleSuggestion(for: id))"))
        }
        var row = RowSpec(
            id: id, kind: kind, title: title ?? id, initial: .text(""),
            required: try flag(members[.required], "required"),
            placeholder: try string(members[.placeholder], "placeholder") ?? "",
            minLength: try integer(members[.minLength], "minLength"),
            maxLength: try integer(members[.maxLength], "maxLength"),
            pattern: try string(members[.pattern], "pattern"),
            patternMessage: try string(members[.patternMessage], "patternMessage"),
            min: isDate ? nil : try number(members[.min], "min"),
            max: isDate ? nil : try number(members[.max], "max"),
            step: try number(members[.step], "step"),
            options: [], value: try string(members[.value], "value") ?? "", sections: [],
            lines: try lines(members[.lines]),
            keepInState: try flag(members[.keepInState], "keepInState"), position: node.position,
            idPosition: idNode?.position)
        if isDate {
            row.earliest = try date(members[.min], "min", row: row)
            row.latest = try date(members[.max], "max", row: row)
            if let earliest = row.earliest, let latest = row.latest, earliest > latest {
                throw error(
                    at: members.position(of: .min), "'min' is after 'max' in '\(row.id)'",
                    hint: "swap them, or move 'min' earlier")
            }
        }
        try checkRanges(row, members)
        if let pattern = row.pattern {
            switch SpecPattern.compile(pattern) {
            case .success(let compiled): row.compiledPattern = compiled
            case .failure(let problem):
                throw error(at: members.position(of: .pattern), problem.message, hint: problem.hint)
            }
        }
        if kind.hasOptions {
            row.options = try options(members, kind: kind, id: id)
        }
        if kind == .form {
            guard let sections = members[.sections] else {
                throw error(
                    node, "a form row needs 'sections', the sub-form's own",
                    hint: "add 'sections:' as at the top")
            }
            row.sections = try self.sections(sections)
        }
        row.initial = try initial(row, members[.default])
        return row
    }

    /// Whether `id` is a name: a letter or `_`, then letters, digits, `_`, `-` and `.`. An ASCII id
    /// is read byte by byte (a `Character`'s properties cost a table lookup each).
    static func isName(_ id: String) -> Bool {
        var first = true
        for byte in id.utf8 {
            guard byte < 0x80 else {
                return id.first!.isLetter || id.first == "_"
                    ? id.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) } : false
            }
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            let digit = byte >= 0x30 && byte <= 0x39
            let mark = byte == 0x5F || (!first && (byte == 0x2D || byte == 0x2E))
            guard letter || mark || (digit && !first) else { return false }
            first = false
        }
        return !first
    }

    private func checkRanges(_ row: RowSpec, _ node: SpecRowMembers) throws(SpecError) {
        if let min = row.min, let max = row.max, min > max {
            throw error(
                at: node.position(of: .min),
                "'min' (\(Self.show(min))) is above 'max' (\(Self.show(max))) in '\(row.id)'",
                hint: "swap them, or lower 'min'")
        }
        if let min = row.minLength, let max = row.maxLength, min > max {
            throw error(
                at: node.position(of: .minLength),
                "'minLength' (\(min)) is above 'maxLength' (\(max)) in '\(row.id)'",
                hint: "swap them, or lower 'minLength'")
        }
        if let step = row.step, step <= 0 {
            throw error(at: node.position(of: .step), "'step' must be above 0", hint: "e.g. step: 1")
        }
        if row.kind == .number || row.kind == .stepper,
            let bad = [(SpecRowMembers.Key.min, row.min), (.max, row.max), (.step, row.step)].first(where: {
                $0.1.map { $0.rounded() != $0 } ?? false
            })
        {
            throw error(
                at: node.position(of: bad.0),
                "'\(bad.0.name)' of a \(row.kind.rawValue) row must be a whole number",
                hint: row.kind == .stepper
                    ? "use type: slider (which takes steps such as 0.5) or type: decimal"
                    : "use type: decimal for numbers with a fraction")
        }
    }

    /// A date row's `min` or `max`, as text of its kind.
    private func date(_ value: SpecNode?, _ key: String, row: RowSpec) throws(SpecError) -> Date? {
        guard let value, let kind = row.kind.dateKind else { return nil }
        let example = ["2024-05-01", "09:30", "2024-05-01T09:30:00+02:00"][
            kind == .date ? 0 : kind == .time ? 1 : 2]
        guard let text = value.text, let date = SpecDates.parse(text, kind: kind, in: timeZone) else {
            throw error(
                value,
                "'\(key)' of a \(row.kind.rawValue) row must be written as \(example), not \(value.kindDescription)",
                hint: "ISO 8601, in local time unless an offset is given")
        }
        return date
    }

    static func show(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    private func options(_ members: SpecRowMembers, kind: RowKind, id: String) throws(SpecError)
        -> SpecOptions
    {
        var options: SpecOptions = []
        let node = members.node
        if let list = members[.options] {
            guard case .list(let items) = list.value else {
                throw error(
                    list, "'options' must be a list, not \(list.kindDescription)",
                    hint: "e.g. options: [Small, Large]")
            }
            guard items.count <= SpecLimits.options else {
                throw error(
                    list, "more than \(SpecLimits.options) options (the limit)", hint: "a row offers fewer")
            }
            var texts: [String] = []
            for item in items {
                guard let text = item.text else {
                    throw error(item, "an option must be text, not \(item.kindDescription)")
                }
                try checkShown(text, item, what: "an option")
                texts.append(text)
            }
            options = SpecOptions(texts)
        } else if let fileNode = members[.optionsFile], let path = fileNode.text {
            var full = path.hasPrefix("/") ? path : "\(folder)/\(path)"
            switch fileAccess.check(path) {
            case .success(let real): full = real
            case .failure(let problem):
                throw error(
                    fileNode, "cannot read the options file \(full): \(problem.reason)", hint: problem.hint)
            }
            options = try optionsFile(full, of: id, at: fileNode)
            if let long = options.firstIndex(where: { $0.utf8.count > SpecLimits.shownTextBytes }) {
                try checkShown(options[long], fileNode, what: "an option of \(full)")
            }
        }
        guard !options.isEmpty else {
            throw error(
                members[.options] ?? node,
                "a \(kind.rawValue) row needs 'options' (or 'optionsFile', one per line)",
                hint: "e.g. options: [Sweden, France, Japan]")
        }
        if let repeated = options.firstRepeated {
            throw error(
                members[.options] ?? members[.optionsFile],
                "the option '\(options[repeated])' is listed twice")
        }
        return options
    }

    /// An options file's lines as options: its bytes read once and kept, each option where it
    /// lies in them. A file of more than `SpecLimits.optionsFileNoted` bytes is said as it is
    /// read, and its count once read (`progress`): a million lines are a pause before the
    /// first frame, and the screen is blank until then.
    private func optionsFile(_ full: String, of id: String, at fileNode: SpecNode) throws(SpecError)
        -> SpecOptions
    {
        // Said before a byte is read, from the file's size: reading 17 MB takes a tenth of a
        // second already.
        let size = BoundedFile.regularFileSize(full)
        if let size, size > SpecLimits.optionsFileNoted, let progress {
            progress("reading the options of '\(id)' from \(full) (\(SpecLimits.bytes(size)))…")
        }
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(full, name: full, what: "options", limit: SpecLimits.specBytes)
        } catch {
            // The file's own error says what it could not do ("cannot read the options
            // file: …"); this one says which file, once.
            throw self.error(
                fileNode, "\(full): \(error.message)", hint: "the path is taken from the spec's folder")
        }
        // A pipe is said once read, when its size is known.
        let noted = bytes.count > SpecLimits.optionsFileNoted
        if noted, size == nil, let progress {
            progress("reading the options of '\(id)' from \(full) (\(SpecLimits.bytes(bytes.count)))…")
        }
        guard let options = SpecOptions.lines(of: bytes) else {
            throw error(fileNode, "\(full): the options file is not UTF-8 text")
        }
        guard options.count <= SpecLimits.options else {
            throw error(
                fileNode, "more than \(SpecLimits.options) options (the limit)", hint: "a row offers fewer")
        }
        if noted, let progress { progress("\(SpecLimits.count(options.count)) options of '\(id)' read") }
        return options
    }

    /// The row's first answer: its default, checked against its kind, or the kind's empty one.
    private func initial(_ row: RowSpec, _ given: SpecNode?) throws(SpecError) -> Answer {
        if let given {
            switch SpecValues.answer(given, for: row, in: timeZone) {
            case .success(let answer): return answer
            case .failure(let problem):
                throw error(
                    given,
                    "the default of '\(row.id)' must be \(problem.expected), not \(given.kindDescription)",
                    hint: problem.hint)
            }
        }
        return SpecValues.empty(for: row)
    }
}
