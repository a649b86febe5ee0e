import FormCore
import FormDocument
import FormSchema
import FormSpec

/// Builds the form of a configuration file: the schema's questions over the document's values.
///
/// The root object's scalar members come first, each object member is a section of its own, and
/// objects deeper than that open a page of their own (its breadcrumbs named by their titles).
/// Members are in the file's order, then the schema's; each row is titled by the schema's
/// `title` or the key, marked `*` where required, its help the schema's `description` and the
/// file's comment on the key. A value the form cannot ask as a row of its kind is shown as JSON
/// text, validated as typed, so that any schema opens. Members the schema does not name are a
/// section of their own. Pages are made when first opened: a schema may describe an endless
/// tree (a `$ref` to itself).
///
/// ```swift
/// let builder = ConfigFormBuilder(document: config.document, schema: found?.schema, title: "pyproject.toml")
/// let form = builder.form()
/// let answers = builder.initialAnswers()
/// ```
public final class ConfigFormBuilder {
    public let document: Document
    public let schema: JSONSchema?
    public let title: String
    public let check: ConfigCheck
    /// Said at the top of the form (where the schema came from, or that there is none).
    public var note: String?
    /// Choices with more options than this, or longer ones, are a list to filter, not segments.
    static let segmentLimit = 4
    static let segmentLength = 12

    public init(document: Document, schema: JSONSchema?, title: String) {
        self.document = document
        self.schema = schema
        self.title = title
        check = ConfigCheck(schema: schema, original: document.value)
        let outline = schema.map { SchemaOutline($0, over: document.value) }
        context = Context(within: document.value, outline: outline, gates: [])
        rootSchemas = Set((outline?.schemas(at: DocumentPath()) ?? []).map(\.location))
        check.makePages = { [weak self] path in self?.makePages(toward: path) }
    }

    /// Where a page is made: the value schemas are looked up in and members read from (the
    /// file's, or on the page of a branch chosen for an object, the file's with the branch's
    /// least value there: the schema says an object's members by the value it has), the
    /// schema's outline over it, and the branches chosen above the page (its rows say their
    /// values only while those stay chosen).
    private struct Context {
        var within: DocumentValue
        var outline: SchemaOutline?
        var gates: [ConfigField.Gate]
    }

    private var context: Context
    private var within: DocumentValue { context.within }
    private var outline: SchemaOutline? { context.outline }
    private var gates: [ConfigField.Gate] { context.gates }
    /// The field each row binds to, by the row's key path: what Ctrl-G's search by key path
    /// (``ConfigEditor``) asks, whatever shape the row's key path has.
    public private(set) var fieldIDs: [AnyKeyPath: String] = [:]

    /// Makes a page (or a row that opens one later) in a context, put back after.
    private func inContext<Made>(_ context: Context, _ make: () -> Made) -> Made {
        let saved = self.context
        self.context = context
        defer { self.context = saved }
        return make()
    }

    /// The answers the fields made so far start with: the first page's (a page made later has
    /// none of its own: its rows start at the file's value, as a row's answer does).
    public func initialAnswers() -> SpecAnswers {
        _ = rootPage
        // Gathered first and made once: setting `values` one id at a time copies them all each time.
        var values: [String: Answer] = [:]
        values.reserveCapacity(check.fields.count)
        for (id, field) in check.fields { values[id] = field.initialAnswer }
        for chooser in check.choosers.values { values[chooser.id] = .text(chooser.label) }
        for map in check.maps.values {
            values[map.keysID] = .texts(map.original)
            values[map.originsID] = .texts(map.original)
        }
        let answers = SpecAnswers(values)
        check.first = answers
        return answers
    }

    /// The form's first page: the root object.
    public func form() -> Form<SpecAnswers> {
        var form = rootPage
        // A configuration may be knowingly incomplete: errors ask "Save anyway?".
        form.savesDespiteProblems = true
        var top: [Section<SpecAnswers>] = []
        if let note { top.append(Section<SpecAnswers>(footer: note) {}) }
        top.append(problemsSection())
        form.sections = top + form.sections
        return form
    }

    /// Every value the file's answers hold, read back into the document with the fewest changes.
    public func updated(_ answers: SpecAnswers) throws(ConfigError) -> Document {
        let value: DocumentValue
        switch check.value(for: answers) {
        case .success(let read): value = read
        case .failure(let error): throw error
        }
        var updated = document
        do {
            for order in check.itemOrders(in: answers) {
                try Self.reorder(&updated, at: order.path, slots: order.slots, final: value)
            }
            try updated.update(to: value)
        } catch {
            throw ConfigError(error.message)
        }
        return updated
    }

    /// The items of the array at `path` deleted, added and moved as `slots` say, as the
    /// document's array edits: the items kept keep their bytes (a value-by-value update would
    /// rewrite every item after a deleted one).
    private static func reorder(
        _ document: inout Document, at path: DocumentPath, slots: [Int], final: DocumentValue
    ) throws(DocumentError) {
        guard case .array(let before)? = document.value.value(at: path),
            case .array(let after)? = final.value(at: path), after.count == slots.count
        else { return }
        let kept = Set(slots)
        var live = Array(before.indices)
        for index in before.indices.reversed() where !kept.contains(index) {
            _ = try document.apply(.delete(DocumentPath(path.components + [.index(index)])))
            live.remove(at: index)
        }
        for (position, slot) in slots.enumerated() where slot >= before.count {
            _ = try document.apply(.append(array: path, value: after[position]))
            live.append(slot)
        }
        for (target, slot) in slots.enumerated() {
            guard let from = live.firstIndex(of: slot), from != target else { continue }
            _ = try document.apply(.move(array: path, from: from, to: target))
            live.insert(live.remove(at: from), at: target)
        }
    }

    // MARK: Pages

    /// The root page, made once (`initialAnswers()` and `form()` both need it).
    private lazy var rootPage = page(at: DocumentPath(), title: title, isRoot: true)

    /// The pages of the file's objects made outside a push (by ``makePages(toward:)`` or
    /// ``makeEveryPage()``), by pointer: each is made once.
    private var madePages: Set<String> = []
    /// The places ``makePages(toward:)`` was asked for: an answer that is no field's (a
    /// chooser's) asks on every change.
    private var soughtPlaces: Set<String> = []
    /// The root's object members that open a page of their own rather than stand on the first
    /// page as sections (see `page`).
    private var pagedAtRoot: Set<String> = []

    /// Makes the page of every object the file holds (below the first page's sections), as
    /// opening each would: for a tool that asks every field of the file at once, as the
    /// SchemaStore corpus's edits do. The form itself makes a page when it is first opened.
    ///
    /// ```swift
    /// builder.makeEveryPage()
    /// let scalars = builder.check.fields.values.filter { $0.original != nil }
    /// ```
    public func makeEveryPage() {
        _ = rootPage
        makePages(under: DocumentPath(), node: document.root, depth: 0)
    }

    /// Makes the pages of the file's objects on the way to `path`, as ``makeEveryPage()`` would
    /// have: for a place asked about before its page was opened (an answer from a draft, the row
    /// of a new error, the page an error at the top opens).
    func makePages(toward path: DocumentPath) {
        guard soughtPlaces.insert(path.pointer).inserted else { return }
        _ = rootPage
        makeAddedKeyRows(toward: path)
        var node = document.root
        for (offset, component) in path.components.enumerated() {
            if case .alias(_, let target) = node.content { node = target }
            guard case .object(let members) = node.content, case .key(let key) = component,
                var child = members.last(where: { $0.key == key })?.node
            else { return }
            if case .alias(_, let target) = child.content { child = target }
            guard case .object = child.content else { return }
            let childPath = DocumentPath(Array(path.components.prefix(offset + 1)))
            if offset >= 1 || pagedAtRoot.contains(key), madePages.insert(childPath.pointer).inserted {
                _ = page(at: childPath, title: key, isRoot: false, node: child)
            }
            node = child
        }
    }

    /// Makes the rows of a map's added key on the way to `path` (a key renamed takes its rows'
    /// answers to its new name before any frame has asked for the new name's rows), and the
    /// page its value opens, when it is an object.
    private func makeAddedKeyRows(toward path: DocumentPath) {
        for offset in path.components.indices {
            let parent = DocumentPath(Array(path.components.prefix(offset)))
            guard case .key(let name) = path.components[offset], let map = mapContexts[parent.pointer],
                !map.taken.contains(name)
            else { continue }
            _ = rowsOfAddedKey(map.keys, named: name, in: map.context)
            let child = DocumentPath(Array(path.components.prefix(offset + 1)))
            guard offset + 1 < path.components.count, check.isPage(child),
                madePages.insert(child.pointer).inserted
            else { return }
            inContext(map.context) { _ = page(at: child, title: name, isRoot: false) }
            return
        }
    }

    /// Walks the document's nodes beside the paths: a node found by its path from the root each
    /// time scans every member above it, quadratic in a map of thousands of objects.
    private func makePages(under path: DocumentPath, node: DocumentNode, depth: Int) {
        var container = node
        if case .alias(_, let target) = container.content { container = target }
        guard case .object(let members) = container.content else { return }
        var seen: Set<String> = []
        // The last of a repeated key is its value, as the document reads it.
        for member in members.reversed() where seen.insert(member.key).inserted {
            var child = member.node
            if case .alias(_, let target) = child.content { child = target }
            guard case .object = child.content else { continue }
            let childPath = DocumentPath(path.components + [.key(member.key)])
            if depth >= 1 || pagedAtRoot.contains(member.key), madePages.insert(childPath.pointer).inserted {
                _ = page(at: childPath, title: member.key, isRoot: false, node: child)
            }
            makePages(under: childPath, node: child, depth: depth + 1)
        }
    }

    /// A member of an object as the form sees it.
    struct Member {
        var key: String
        var path: DocumentPath
        var value: DocumentValue?
        var views: [SchemaView]
        var required: Bool
        var inSchema: Bool
        var comment: String?
        /// Brought by a condition the value does not meet now (an `if`'s other branch, an absent
        /// member's `dependentSchemas`): shown once the value meets it.
        var conditional = false
        /// The schema allows no member of this name (`additionalProperties: false`).
        var forbidden = false
    }

    private func members(of path: DocumentPath, node: DocumentNode? = nil) -> [Member] {
        let value = within.value(at: path)
        var result: [Member] = []
        var byKey: [String: Int] = [:]
        var properties: [String: SchemaProperty] = [:]
        var order: [String] = []
        for property in outline?.properties(at: path) ?? [] {
            properties[property.name] = property
            order.append(property.name)
        }
        var keys: [String] = []
        if case .object(let object)? = value { keys = Array(object.keys) }
        // The members' comments, found once: a member found by its path each time walks its
        // object's members, quadratic in a map of thousands of keys.
        var comments: [String: String] = [:]
        var container = node ?? document.root.node(at: path)
        if case .alias(_, let target)? = container?.content { container = target }
        if case .object(let nodes)? = container?.content {
            for node in nodes { comments[node.key] = node.comments.text }
        }
        for key in keys + order where byKey[key] == nil {
            let child = DocumentPath(path.components + [.key(key)])
            let property = properties[key]
            let views = property?.schemas ?? outline?.schemas(at: child) ?? []
            let forbidden = property == nil && views.contains(where: \.rejectsEverything)
            byKey[key] = result.count
            var member = Member(
                key: key, path: child, value: value?[key], views: views,
                required: property?.required ?? false,
                inSchema: schema == nil || (property != nil || !views.isEmpty) && !forbidden,
                comment: comments[key])
            member.forbidden = forbidden
            result.append(member)
        }
        // Only an object (or a place with none yet) takes members a condition brings.
        guard value == nil || value.map(Self.isObjectValue) == true else { return result }
        let conditional = outline?.conditionalProperties(at: path) ?? []
        check.registerOrder(path, names: order + conditional.map(\.name))
        for property in conditional {
            if let offset = byKey[property.name] {
                // One the value has stays whatever the condition says: it is the file's.
                result[offset].conditional = result[offset].value == nil
                continue
            }
            byKey[property.name] = result.count
            var member = Member(
                key: property.name, path: DocumentPath(path.components + [.key(property.name)]), value: nil,
                views: property.schemas, required: false, inSchema: true, comment: nil)
            member.conditional = true
            result.append(member)
        }
        return result
    }

    /// How many pages were made: the test that keeps pages made as they open counts them.
    private(set) var pagesMade = 0

    private func page(at path: DocumentPath, title: String, isRoot: Bool, node: DocumentNode? = nil)
        -> Form<SpecAnswers>
    {
        pagesMade += 1
        var form = Form<SpecAnswers>(title: title) {}
        let members = members(of: path, node: node)
        var sections: [Section<SpecAnswers>] = []
        let known = members.filter(\.inSchema)
        let unknown = members.filter { !$0.inSchema }
        // The page's own scalars, then each object member as a section.
        sections += rowSections(known.filter { !isObject($0) }, header: nil, depth: 0)
        // The settings of the objects the root shows as sections: their pages elsewhere are
        // not read again by Ctrl-G.
        var shownSettings: [String] = []
        for member in known where isObject(member) {
            let header = rowTitle(of: member)
            let footer = help(of: member)
            check.registerPage(member.path)
            if isRoot, !member.views.contains(where: { rootSchemas.contains($0.location) }) {
                shownSettings.append(settingsName(at: member.path))
                let inner = self.members(of: member.path)
                var chunk = rowSections(inner, header: header, depth: 1)
                if let keys = mapKeysSection(at: member.path, header: chunk.isEmpty ? header : nil) {
                    chunk.append(keys)
                }
                if chunk.isEmpty {
                    chunk = [Section<SpecAnswers>(header, footer: footer ?? "No settings.") {}]
                }
                sections += chunk
            } else {
                if isRoot { pagedAtRoot.insert(member.key) }
                // Deeper, and where a member's schema is the root's own again (each of
                // renovate's 143 managers is `"$ref": "#"`: a section of the whole form's 297
                // settings, 42,000 rows that took 1.4 s to open), the member opens a page.
                sections += rowSections([member], header: header, depth: 1)
            }
        }
        if let keys = mapKeysSection(at: path, header: "Keys") { sections.append(keys) }
        if !unknown.isEmpty {
            let header =
                schema == nil
                ? "Values"
                : unknown.contains(where: \.forbidden) ? "Not allowed by the schema" : "Not in the schema"
            sections += rowSections(unknown, header: header, depth: 1)
        }
        if isRoot, let value = within.value(at: path), !Self.isObjectValue(value) {
            // A file whose root is a list or a scalar: the whole value is one row.
            let views = outline?.schemas(at: path) ?? []
            let member = Member(
                key: title, path: path, value: value, views: views, required: false, inSchema: true,
                comment: nil)
            sections = rowSections([member], header: nil, depth: 0)
        } else if sections.isEmpty {
            sections = [
                Section<SpecAnswers>(footer: "Nothing is set here, and the schema names no settings.") {}
            ]
        }
        form.sections = sections
        form.rowsReadApart = true
        form.names = searchNames(at: path, present: within.value(at: path) != nil) + shownSettings
        return form
    }

    // MARK: Names for Ctrl-G

    /// What a page at `path` shows, named for Ctrl-G's search (`FormRow.destinationNames`),
    /// which reads a page only while one of its names is new: the file's place, where the file
    /// (or the draft) has a value there, so every value is found wherever it stands; and the
    /// settings the schema offers there. A page of none of the file's values is so read once
    /// for every place that offers the same settings, and the search of a recursive schema
    /// ends: each of renovate's 143 managers (`"$ref": "#"`) offers the whole file's settings
    /// again, 440 rows a page at every depth, where the first page (named as the root's
    /// settings) already listed them. A manager the file sets is read, its own values there.
    func searchNames(at path: DocumentPath, present: Bool) -> [String] {
        let settings = settingsName(at: path)
        return present ? [path.pointer, settings] : [settings]
    }

    /// The settings names by the locations of the schemas that offer them: renovate's managers
    /// are asked again on each page the search reads, and their settings are listed once.
    private var settingsNames: [String: String] = [:]
    /// How many times the settings a place offers were read from the schema, for a name: the
    /// test that keeps the search of a recursive schema bounded counts them.
    private(set) var settingsRead = 0

    /// A name for the settings the schema offers at `path` (its properties, those a condition
    /// brings, whether it is a map), the same wherever the same schemas offer the same ones.
    private func settingsName(at path: DocumentPath) -> String {
        guard let outline else { return "settings" }
        let key = outline.schemas(at: path).map(\.location).joined(separator: "\u{1}")
        if let known = settingsNames[key] { return known }
        settingsRead += 1
        // FNV-1a over the names and their schemas' locations: a name of a few bytes however
        // many settings (renovate's are 25 kB spelled out).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0xFF
            hash = hash &* 0x100_0000_01b3
        }
        for property in outline.properties(at: path) {
            mix(property.name)
            for view in property.schemas { mix(view.location) }
        }
        mix("if")
        for property in outline.conditionalProperties(at: path) {
            mix(property.name)
            for view in property.schemas { mix(view.location) }
        }
        mix(outline.isMap(at: path) ? "map" : "")
        let name = "settings " + String(hash, radix: 16)
        settingsNames[key] = name
        return name
    }

    /// Where the root's schemas stand: a member whose schemas include them is the whole form
    /// again (a recursive schema).
    private let rootSchemas: Set<String>

    /// A member's title: its schemas' first, else its key. Not the root's: in a recursive schema
    /// that is the file's title ("JSON schema for Renovate config files"), not the member's.
    private func rowTitle(of member: Member) -> String {
        member.views.lazy.filter { !self.rootSchemas.contains($0.location) }.compactMap(\.title).first
            ?? member.key
    }

    static func isObjectValue(_ value: DocumentValue) -> Bool {
        if case .object = value { return true }
        return false
    }

    private func isObject(_ member: Member) -> Bool {
        if case .object? = member.value { return choiceValues(member.views) == nil }
        guard member.value == nil, let types = types(member.views) else { return false }
        return types == ["object"]
    }

    /// Rows in sections: a row with help ends its section, the help its footer (the footer is
    /// the one place a form shows text under a row).
    private func rowSections(_ members: [Member], header: String?, depth: Int) -> [Section<SpecAnswers>] {
        var sections: [Section<SpecAnswers>] = []
        var groups: [RowGroup<SpecAnswers>] = []
        func close(footer: @escaping (SpecAnswers) -> String?) {
            let section = Section<SpecAnswers>(sections.isEmpty ? header : nil, footer: footer) {}
            var made = section
            made.groups = groups
            sections.append(made)
            groups = []
        }
        var pages: [(member: Member, row: any FormRow<SpecAnswers>)] = []
        func closePages() {
            if !pages.isEmpty { groups.append(pageRows(pages)) }
            pages = []
        }
        for member in members {
            let help = help(of: member)
            if help == nil, !member.conditional, isObject(member) {
                pages.append((member, pageRow(member, title: shownTitle(of: member))))
                continue
            }
            closePages()
            let rows = self.groups(member, help: help, depth: depth)
            groups += rows
            guard let help else { continue }
            // The help of a row that comes with a condition comes and goes with it.
            close(
                footer: member.conditional
                    ? { state in rows.contains { $0.count(state) > 0 } ? help : nil } : { _ in help })
        }
        closePages()
        if !groups.isEmpty { close(footer: { _ in nil }) }
        return sections
    }

    private func help(of member: Member) -> String? {
        var parts: [String] = []
        if let description = member.views.lazy.compactMap(\.description).first {
            parts.append(Self.firstParagraph(DescriptionLinks.wordsOnly(description)))
        }
        if let comment = member.comment { parts.append(comment) }
        if member.value == nil, let value = member.views.lazy.compactMap(\.defaultValue).first,
            let text = ConfigField.json(value)
        {
            parts.append("Default: \(text)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " — ")
    }

    /// A description's first sentence, on one line and at most `helpLength` characters (the
    /// rest is the schema's documentation, too long to stand under every row).
    static func firstParagraph(_ text: String) -> String {
        // ASCII without a carriage return, as most descriptions start: each byte is a character
        // (the byte after the window too, which a combining mark would join), so the bytes are
        // read, not characters (by characters, eslintrc's help was an eighth of its first frame).
        if text.utf8.prefix(helpLength * 2 + 1).allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return firstParagraph(ascii: Array(text.utf8.prefix(helpLength * 2)))
        }
        // Only the start is read: some schemas' descriptions run to pages.
        var line = ""
        var previous: Character?
        for character in text.prefix(helpLength * 2) {
            if character.isNewline {
                // A blank line ends the paragraph, a line break after a full stop its sentence.
                if previous?.isNewline == true || (previous == "." && !line.isEmpty) { break }
                line.append(" ")
            } else {
                if previous == ".", character == " ", !line.isEmpty { break }
                line.append(character)
            }
            previous = character
        }
        line = String(line.drop(while: \.isWhitespace))
        while line.last?.isWhitespace == true { line.removeLast() }
        if line.count > helpLength { line = String(line.prefix(helpLength - 1)) + "…" }
        return line
    }

    /// `firstParagraph` of ASCII text without a carriage return, byte by byte.
    private static func firstParagraph(ascii bytes: [UInt8]) -> String {
        func isNewline(_ byte: UInt8) -> Bool { byte >= 0x0A && byte <= 0x0D }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var line: [UInt8] = []
        var previous: UInt8?
        for byte in bytes {
            if isNewline(byte) {
                if let previous, isNewline(previous) || (previous == UInt8(ascii: ".") && !line.isEmpty) {
                    break
                }
                line.append(0x20)
            } else {
                if previous == UInt8(ascii: "."), byte == 0x20, !line.isEmpty { break }
                line.append(byte)
            }
            previous = byte
        }
        var first = 0
        while first < line.count, isSpace(line[first]) { first += 1 }
        var end = line.count
        while end > first, isSpace(line[end - 1]) { end -= 1 }
        let kept = line[first..<end]
        if kept.count > helpLength {
            return String(decoding: kept.prefix(helpLength - 1), as: UTF8.self) + "…"
        }
        return String(decoding: kept, as: UTF8.self)
    }

    static let helpLength = 120

    /// An integer whose bounds are at most this far apart is a stepper; at most `sliderSpan`, a
    /// slider (a number too); wider, a number typed. A slider takes no typed digits, so it is
    /// kept to ranges whose every place ←→ and Shift-←→ reach in a few presses (a percentage, a
    /// font size): a timeout of 1…360 or a line length of 40…320 is typed, as people set them.
    static let stepperSpan = 10
    static let sliderSpan = 100

    /// Where a stepper or slider stands while the file has no value: the default, else the
    /// lower bound.
    static func start<Value: Comparable>(_ defaultValue: Value?, _ low: Value, _ high: Value) -> Value {
        guard let defaultValue else { return low }
        return min(max(defaultValue, low), high)
    }

    static func number(_ value: DocumentValue?) -> DocumentNumber? {
        if case .number(let number)? = value { return number }
        return nil
    }

    /// A slider's step: a power of ten that cuts `span` into 10 to 100 steps (0.01 for 0…1).
    static func step(for span: Double) -> Double {
        var step = 1.0
        while step * 10 > span, step > 1e-9 { step /= 10 }
        while step * 100 < span { step *= 10 }
        return step
    }

    // MARK: Rows

    private func groups(_ member: Member, help: String?, depth: Int) -> [RowGroup<SpecAnswers>] {
        ungated(member, help: help, depth: depth).map { gated($0, member) }
    }

    private func gated(_ made: RowGroup<SpecAnswers>, _ member: Member) -> RowGroup<SpecAnswers> {
        let check = self.check
        let path = member.path
        let conditional = member.conditional
        let pointer = path.pointer
        // A key of a map has a list of keys that may delete it; it is found once the page is
        // made, so each row asks.
        let inMap = member.value != nil
        guard conditional || inMap else { return made }
        if conditional { check.registerConditional(path) }
        // Counted from the value the answers mean now: the row comes and goes with its condition
        // and with its key.
        var group = RowGroup<SpecAnswers>(
            count: { state in
                if check.isRemoved(pointer, in: state) { return 0 }
                if conditional, !check.isBrought(path, in: state) { return 0 }
                return made.count(state)
            }, row: made.row)
        group.height = made.height
        group.editing = made.editing
        return group
    }

    /// The row that opens an object member's page (made when opened), its value the count of
    /// the file's settings there.
    private func pageRow(_ member: Member, title: String) -> some FormRow<SpecAnswers> {
        check.registerPage(member.path)
        let path = member.path
        let id = path.pointer
        let check = self.check
        let context = self.context
        return NavigationRow(
            title,
            value: { _ in
                if case .object(let members)? = member.value {
                    return members.count == 1 ? "1 setting" : "\(members.count) settings"
                }
                return "not set"
            },
            names: { [self] _ in
                inContext(context) { searchNames(at: path, present: member.value != nil) }
            },
            form: { [self] in
                inContext(context) { page(at: path, title: title, isRoot: false) }
            }
        ).validate { check.message(for: id, in: $0) }.required(member.required)
    }

    /// A run of members that open pages, one line each, as one group: a map of 12,000 objects
    /// is then a group the layout counts once, not 12,000 it copies and asks at each key (3 of
    /// the 5 ms of a key's frame in a 1 MB file). A member the answers delete (a map's key)
    /// takes its row out.
    private func pageRows(_ rows: [(member: Member, row: any FormRow<SpecAnswers>)]) -> RowGroup<SpecAnswers>
    {
        let check = self.check
        let all = Array(rows.indices)
        let pointers = rows.map { $0.member.value == nil ? nil : $0.member.path.pointer }
        var last: (removed: Set<String>, kept: [Int]) = ([], all)
        let kept: (SpecAnswers) -> [Int] = { state in
            let removed = check.removedKeys(in: state)
            if removed.isEmpty { return all }
            if removed != last.removed {
                last = (removed, all.filter { pointers[$0].map { !removed.contains($0) } ?? true })
            }
            return last.kept
        }
        return RowGroup(count: { kept($0).count }, row: { state, index in rows[kept(state)[index]].row })
    }

    /// A row's title: the member's, marked when the schema deprecates it.
    private func shownTitle(of member: Member) -> String {
        rowTitle(of: member) + (member.views.contains(where: \.deprecated) ? " (deprecated)" : "")
    }

    private func ungated(_ member: Member, help: String?, depth: Int) -> [RowGroup<SpecAnswers>] {
        let title = shownTitle(of: member)
        if isObject(member) { return [pageRow(member, title: title).rowGroup] }
        if let choice = choice(of: member) {
            return [chooser(member, choice: choice, title: title, help: help)]
        }
        var field = ConfigField(
            path: member.path, title: title, help: help, required: member.required,
            kind: kind(member), original: member.value,
            defaultValue: member.views.lazy.compactMap(\.defaultValue).first)
        field.gates = gates
        check.register(field)
        if member.views.contains(where: \.readOnly) {
            // Shown, not edited: the file's value stays as it is.
            let shown = member.value.map(ConfigField.label) ?? "not set"
            return [LabelRow(title + " (read-only)") { _ in shown }.rowGroup]
        }
        return rowGroups(field)
    }

    /// A field's rows as groups of their own where the kind has several: a list's heading, then
    /// its items as one editable group (its rows are its items, which are deleted and moved
    /// there), as a spec's list is.
    private func rowGroups(_ field: ConfigField) -> [RowGroup<SpecAnswers>] {
        let id = field.id
        let start = field.initialAnswer
        let check = self.check
        let heading = LabelRow<SpecAnswers>(field.title) { state in
            let count = state[shown: id, start].asTexts.count
            return count == 1 ? "1 item" : "\(count) items"
        }.validate { check.message(for: id, in: $0) }.required(field.required)
        var items: RowGroup<SpecAnswers>
        switch field.kind {
        case .list: items = listItems(field, start: start)
        case .objects: items = objectsRows(field, start: start)
        default: return [row(field)]
        }
        items.editing?.title = field.title
        return [heading.rowGroup, items]
    }

    private func listItems(_ field: ConfigField, start: Answer) -> RowGroup<SpecAnswers> {
        let id = field.id
        return ForEach(
            \SpecAnswers.[shown: id, start].asTexts, editable: "item", addTitle: "Add to \(field.title)",
            newElement: { _ in "" },
            row: { index, _ in TextRow("\(index + 1).", \SpecAnswers.[shown: id, start][item: index]) }
        ).rowGroup
    }

    // MARK: Maps

    /// The keys of the map at `path` as a list (Insert adds, Ctrl-D deletes, typing renames), when
    /// the schema makes the object there a map; nil otherwise.
    private func mapKeysSection(at path: DocumentPath, header: String?) -> Section<SpecAnswers>? {
        guard let outline, outline.isMap(at: path) else { return nil }
        let value = within.value(at: path)
        if let value, !Self.isObjectValue(value) { return nil }
        var original: [String] = []
        var reserved = Set(outline.properties(at: path).map(\.name))
        reserved.formUnion(outline.conditionalProperties(at: path).map(\.name))
        if case .object(let members)? = value {
            original = members.keys.filter { !reserved.contains($0) }
        }
        let keys = ConfigMapKeys(path: path, original: original, reserved: reserved)
        check.registerMap(keys)
        let keysID = keys.keysID
        let check = self.check
        let list = ForEach(
            \SpecAnswers.[keysOf: keys], editable: "key", addTitle: "Add a key",
            newElement: { _ in MapKey(name: "", origin: "") },
            row: { index, _ in
                TextRow("\(index + 1).", \SpecAnswers.[keyOf: keys, index], placeholder: "name")
                    .validate { check.message(for: keysID, in: $0) }
            })
        var section = Section<SpecAnswers>(
            header,
            footer:
                "Typing renames a key (its value goes with it); the help line says how to add and delete one."
        ) {}
        section.groups = [list.rowGroup, addedRows(keys)]
        return section
    }

    /// The maps whose keys the form lists, by pointer, with the context their page was made in
    /// (an added key's rows are made there) and the names an added key cannot take (the file's
    /// keys, the members the schema names).
    private var mapContexts: [String: (keys: ConfigMapKeys, context: Context, taken: Set<String>)] = [:]
    /// The rows of the keys added to maps, by the key's pointer (made once per name).
    private var addedKeyRows: [String: [RowGroup<SpecAnswers>]] = [:]

    /// The rows an added key `name` of the map at `keys.path` has: those its schema gives the
    /// value at `map/name` (an object's opens its page).
    private func rowsOfAddedKey(_ keys: ConfigMapKeys, named name: String, in context: Context) -> [RowGroup<
        SpecAnswers
    >] {
        let path = DocumentPath(keys.path.components + [.key(name)])
        if let rows = addedKeyRows[path.pointer] { return rows }
        let rows = inContext(context) {
            let views = outline?.schemas(at: path) ?? []
            let member = Member(
                key: name, path: path, value: nil, views: views, required: false, inSchema: true, comment: nil
            )
            return ungated(member, help: nil, depth: 1)
        }
        addedKeyRows[path.pointer] = rows
        return rows
    }

    /// The rows of the keys added to a map, there as soon as a key is named: each the rows its
    /// schema gives the value at `map/name` (made once per name, as the name is typed).
    private func addedRows(_ keys: ConfigMapKeys) -> RowGroup<SpecAnswers> {
        let fileKeys = Set(keys.original)
        let file = fileKeys.union(keys.reserved)
        let context = self.context
        mapContexts[keys.path.pointer] = (keys, context, file)
        let groups: (SpecAnswers) -> [RowGroup<SpecAnswers>] = { [self] state in
            var seen: Set<String> = []
            var groups: [RowGroup<SpecAnswers>] = []
            for entry in state[keysOf: keys]
            where !fileKeys.contains(entry.origin) && !entry.name.isEmpty && !file.contains(entry.name)
                && seen.insert(entry.name).inserted
            {
                groups += rowsOfAddedKey(keys, named: entry.name, in: context)
            }
            return groups
        }
        return RowGroup(
            count: { state in groups(state).reduce(0) { $0 + $1.count(state) } },
            row: { state, index in
                var offset = index
                for group in groups(state) {
                    let count = group.count(state)
                    if offset < count { return group.row(state, offset) }
                    offset -= count
                }
                return LabelRow<SpecAnswers>("") { _ in "" }
            })
    }

    // MARK: Choices of schemas

    /// The `oneOf`/`anyOf` a member that is not a page of its own is asked by: the first the
    /// schema offers there with two branches or more. A value no branch takes is not asked by
    /// one (its row shows it as it is, to mend).
    private func choice(of member: Member) -> SchemaChoice? {
        guard let outline, member.views.contains(where: \.hasChoice) else { return nil }
        let choice = outline.choices(at: member.path).first { $0.variants.count >= 2 }
        if member.value != nil, choice?.matching.isEmpty == true { return nil }
        return choice
    }

    /// A row to choose the branch (segments for a few, a list for more), then the row of the
    /// chosen branch's kind. The branch the file's value matches starts chosen; choosing
    /// another writes that branch's least value until its row is edited.
    private func chooser(_ member: Member, choice: SchemaChoice, title: String, help: String?) -> RowGroup<
        SpecAnswers
    > {
        var labels: [String] = []
        for (index, variant) in choice.variants.enumerated() {
            var label =
                variant.title ?? variant.types.map { $0.filter { $0 != "null" }.joined(separator: " or ") }
                ?? variant.allowedValues.map { $0.map(ConfigField.label).joined(separator: ", ") } ?? ""
            if label.isEmpty || label.count > 24 || labels.contains(label) { label = "option \(index + 1)" }
            labels.append(label)
        }
        let id = member.path.pointer + ConfigField.branchMark + "variant"
        let original = choice.matching.first.map { labels[$0] } ?? ""
        check.registerChooser(member.path, id: id, label: original)
        var rows: [RowGroup<SpecAnswers>] = []
        let chooserRow: RowGroup<SpecAnswers>
        let check = self.check
        let rule: (SpecAnswers) -> String? = { check.message(for: id, in: $0) }
        let chosen = \SpecAnswers.[shown: id, .text(original)].asText
        if labels.count <= Self.segmentLimit, labels.allSatisfy({ $0.count <= Self.segmentLength }) {
            chooserRow =
                SegmentedRow(title, chosen, options: labels, label: { $0 })
                .validate(rule).required(member.required).rowGroup
        } else {
            chooserRow =
                SelectionRow(
                    title, chosen, options: labels, label: { $0.isEmpty ? "not set" : $0 }
                ).validate(rule).required(member.required).rowGroup
        }
        rows.append(chooserRow)
        for (index, variant) in choice.variants.enumerated() {
            let matches = choice.matching.first == index
            var branch = member
            // The branch, and the schemas around the choice (a title, a description); not the
            // branch the value matches, which the closure brought in after the choice.
            let outer = member.views.firstIndex { $0.location == choice.location } ?? 0
            branch.views = [variant] + member.views.prefix(outer)
            branch.value = matches ? member.value : nil
            var field = ConfigField(
                path: member.path, title: "  \(labels[index])", help: help, kind: kind(branch),
                original: branch.value, defaultValue: variant.defaultValue)
            let minimal = Self.minimal([variant])
            field.variant = ConfigField.Variant(
                chooser: id, index: index, label: labels[index], original: original, minimal: minimal)
            field.gates = gates
            check.register(field)
            let label = labels[index]
            let made: RowGroup<SpecAnswers>
            if field.kind == .raw, Self.isObjectValue(minimal), types([variant]) == ["object"] {
                // An object chosen: the page of its members, as the branch's schema names them
                // for its least value, whose rows say their values while it stays chosen.
                var probe = within
                probe.set(minimal, at: member.path)
                let inner = gates + [ConfigField.Gate(chooser: id, label: label, original: original)]
                let path = member.path
                // Named by the branch: its page offers the branch's settings wherever it stands.
                let names = ["branch " + variant.location]
                made =
                    NavigationRow(
                        field.title, value: { _ in "settings" }, names: { _ in names },
                        form: { [self] in
                            let outline = schema.map { SchemaOutline($0, over: probe) }
                            return inContext(Context(within: probe, outline: outline, gates: inner)) {
                                page(at: path, title: title, isRoot: false)
                            }
                        }
                    ).rowGroup
            } else {
                made = row(field)
            }
            var gated = RowGroup<SpecAnswers>(
                count: { $0[shown: id, .text(original)].asText == label ? made.count($0) : 0 }, row: made.row)
            gated.height = made.height
            gated.editing = made.editing
            rows.append(gated)
        }
        // One group: the chooser, then the chosen branch's row.
        return RowGroup(
            count: { state in rows.reduce(0) { $0 + $1.count(state) } },
            row: { state, index in
                var offset = index
                for group in rows {
                    let count = group.count(state)
                    if offset < count { return group.row(state, offset) }
                    offset -= count
                }
                return rows[0].row(state, 0)
            })
    }

    /// The least value a schema takes: its default, its first allowed value, else the empty
    /// value of its first type (the lower bound of a number).
    static func minimal(_ views: [SchemaView]) -> DocumentValue {
        if let value = views.lazy.compactMap(\.defaultValue).first { return value }
        if let value = views.lazy.compactMap({ $0.allowedValues?.first }).first { return value }
        let types = views.lazy.compactMap(\.types).first ?? []
        switch types.first(where: { $0 != "null" }) ?? types.first {
        case "string": return .string("")
        case "integer", "number": return .number(views.lazy.compactMap(\.minimum).first ?? DocumentNumber(0))
        case "boolean": return .bool(false)
        case "array": return .array([])
        case "null": return .null
        default: return .object([:])
        }
    }

    /// The row's last touches: the key that resets it to its default, its rule, its mark.
    private func finished<Row: FormRow>(_ row: Row, _ field: ConfigField) -> RowGroup<SpecAnswers>
    where Row.State == SpecAnswers {
        let id = field.id
        if let keyPath = row.binding?.keyPath { fieldIDs[keyPath] = id }
        let check = self.check
        let rule: (SpecAnswers) -> String? = { check.message(for: id, in: $0) }
        if let answer = field.defaultAnswer, let value = field.defaultValue {
            return DefaultResettingRow(
                base: row, id: id, answer: answer, start: field.initialAnswer, label: ConfigField.label(value)
            )
            .validate(rule).required(field.required).rowGroup
        }
        return row.validate(rule).required(field.required).rowGroup
    }

    private func row(_ field: ConfigField) -> RowGroup<SpecAnswers> {
        let id = field.id
        let title = field.title
        let placeholder = field.defaultValue.map(ConfigField.label) ?? ""
        // Rows read through the answer they start at: a page opened later has none of its own.
        let start = field.initialAnswer
        switch field.kind {
        case .toggle:
            return finished(Toggle(title, \SpecAnswers.[shown: id, start].asFlag), field)
        case .choice:
            let labels = field.labels
            if labels.count <= Self.segmentLimit, labels.allSatisfy({ $0.count <= Self.segmentLength }) {
                return finished(
                    SegmentedRow(
                        title, \SpecAnswers.[shown: id, start].asText, options: labels, label: { $0 }),
                    field)
            }
            return finished(
                SelectionRow(
                    title, \SpecAnswers.[shown: id, start].asText, options: labels,
                    label: { $0.isEmpty ? (placeholder.isEmpty ? "not set" : placeholder) : $0 }), field)
        case .integer(let low?, let high?) where high > low && high - low <= Self.sliderSpan:
            let stand = Self.start(Self.number(field.defaultValue)?.int, low, high)
            if high - low <= Self.stepperSpan {
                return finished(StepperRow(title, \SpecAnswers.[stepped: id, stand], in: low...high), field)
            }
            return finished(SliderRow(title, \SpecAnswers.[stepped: id, stand], in: low...high), field)
        case .integer(let low, let high):
            return finished(
                NumberRow(
                    title, \SpecAnswers.[shown: id, start].asInteger, min: low, max: high,
                    placeholder: placeholder),
                field)
        case .number(let low?, let high?) where high > low && high - low <= Double(Self.sliderSpan):
            let stand = Self.start(Self.number(field.defaultValue)?.double, low, high)
            return finished(
                SliderRow(
                    title, \SpecAnswers.[sliding: id, stand], in: low...high, step: Self.step(for: high - low)
                ),
                field)
        case .number(let low, let high):
            return finished(
                NumberRow(
                    title, \SpecAnswers.[shown: id, start].asDecimal, min: low, max: high,
                    placeholder: placeholder),
                field)
        case .text(let multiline) where multiline:
            return finished(
                MultilineTextRow(
                    title, \SpecAnswers.[shown: id, start].asText, placeholder: placeholder, maxLines: 6),
                field
            )
        case .formattedDate(let format):
            let mode: DateRow<SpecAnswers>.Mode =
                switch format {
                case .date: .date
                case .time: .time
                case .dateTime: .dateAndTime
                }
            return finished(
                DateRow(title, \SpecAnswers.[shown: id, start].asDate, mode: mode, timeZone: field.zone),
                field)
        case .text, .secret, .dateTime, .raw:
            return finished(
                TextRow(
                    title, \SpecAnswers.[shown: id, start].asText, get: { $0[shown: id, start].asText },
                    set: { $0[answer: id] = .text($1) },
                    placeholder: placeholder, secure: field.kind == .secret, validate: { _ in nil }), field)
        case .objects:
            return objectsRows(field, start: start)
        case .list:
            let check = self.check
            let rule: (SpecAnswers) -> String? = { check.message(for: id, in: $0) }
            let heading = LabelRow<SpecAnswers>(title) { state in
                let count = state[shown: id, start].asTexts.count
                return count == 1 ? "1 item" : "\(count) items"
            }.validate(rule).required(field.required)
            let items = listItems(field, start: start)
            // A branch's row is one group: the heading, then the items (edited as typed; a
            // list of its own, out of a choice, is two groups: see `rowGroups`).
            return RowGroup(
                count: { 1 + items.count($0) },
                row: { state, index in index == 0 ? heading : items.row(state, index - 1) })
        }
    }

    /// An array of objects' items: a row per item that opens its page (built from the items'
    /// schema, its rows writing under the item's slot), and a row to add one; items are deleted
    /// and moved as a list's are.
    private func objectsRows(_ field: ConfigField, start: Answer) -> RowGroup<SpecAnswers> {
        let id = field.id
        let title = field.title
        let check = self.check
        var fileItems: [DocumentValue] = []
        if case .array(let items)? = field.original { fileItems = items }
        let context = self.context
        let path = field.path
        let items = ForEach(
            \SpecAnswers.[shown: id, start].asTexts, editable: "item", addTitle: "Add to \(title)",
            newElement: { state in
                // Past every slot in use and every item of the file: a slot names one item.
                let slots = state[shown: id, start].asTexts.compactMap { Int($0) }
                return String(max(fileItems.count, (slots.max() ?? -1) + 1))
            },
            row: { [self] index, slot in
                let item = Int(slot).flatMap { fileItems.indices.contains($0) ? fileItems[$0] : nil }
                let itemPath = DocumentPath(path.components + [.index(Int(slot) ?? 0)])
                return NavigationRow<SpecAnswers>(
                    "\(title) \(index + 1)", value: { _ in Self.summary(of: item) },
                    // An item is the draft's, in the file or added: read wherever it stands.
                    names: { [self] _ in inContext(context) { searchNames(at: itemPath, present: true) } },
                    form: { [self] in
                        inContext(context) {
                            check.registerPage(itemPath)
                            return page(at: itemPath, title: "\(title) \(index + 1)", isRoot: false)
                        }
                    }
                )
            })
        return items.rowGroup
    }

    /// What an item's row says of it: its first text member (a name, say), else its size.
    static func summary(of item: DocumentValue?) -> String {
        guard case .object(let members)? = item else { return "new" }
        for (_, value) in members {
            if case .string(let text) = value, !text.isEmpty {
                return text.count > 40 ? String(text.prefix(39)) + "…" : text
            }
        }
        return members.count == 1 ? "1 setting" : "\(members.count) settings"
    }

    // MARK: Kinds

    private func types(_ views: [SchemaView]) -> Set<String>? {
        guard let types = views.lazy.compactMap(\.types).first else { return nil }
        var set = Set(types)
        set.remove("null")
        if set.contains("integer") && set.contains("number") { set.remove("integer") }
        return set
    }

    private func choiceValues(_ views: [SchemaView]) -> [DocumentValue]? {
        guard let values = views.lazy.compactMap(\.allowedValues).first, !values.isEmpty else { return nil }
        // A choice of scalars only; a list of objects is typed as JSON.
        for value in values {
            switch value {
            case .array, .object: return nil
            default: continue
            }
        }
        return values
    }

    /// The row kind a member is asked with: from its schema, else from its value; one that can
    /// hold the file's value, else raw JSON text.
    func kind(_ member: Member) -> ConfigField.Kind {
        let value = member.value
        if var values = choiceValues(member.views) {
            if let value, !values.contains(value) {
                if case .array = value { return .raw }
                if case .object = value { return .raw }
                values.append(value)
            }
            return .choice(values)
        }
        let kind: ConfigField.Kind
        let minimum = member.views.lazy.compactMap(\.minimum).first
        let maximum = member.views.lazy.compactMap(\.maximum).first
        switch types(member.views).map({ Array($0) }) ?? value.map(Self.typeName).map({ [$0] }) ?? [] {
        case ["boolean"]: kind = .toggle
        case ["integer"]: kind = .integer(min: minimum?.int, max: maximum?.int)
        case ["number"]: kind = .number(min: minimum?.double, max: maximum?.double)
        case ["string"]:
            if case .dateTime(let date)? = value { return .dateTime(date.kind) }
            let format = member.views.lazy.compactMap(\.format).first
            if member.views.contains(where: \.writeOnly) || format == "password" {
                kind = .secret
                break
            }
            if let format = format.flatMap(ConfigField.DateFormat.init(rawValue:)) {
                // A value the wheels cannot keep as written (a fraction of a second) is typed.
                kind =
                    Self.holds(.formattedDate(format), value)
                    ? .formattedDate(format) : .text(multiline: false)
                break
            }
            if case .string(let text)? = value, text.contains("\n") { return .text(multiline: true) }
            kind = .text(multiline: false)
        case ["datetime"]:
            guard case .dateTime(let date)? = value else { return .raw }
            return .dateTime(date.kind)
        case ["array"]:
            kind = listKind(member) ?? objectsKind(member) ?? .raw
        default: return .raw
        }
        return Self.holds(kind, value) ? kind : .raw
    }

    private func listKind(_ member: Member) -> ConfigField.Kind? {
        let item = DocumentPath(member.path.components + [.index(0)])
        let views = outline?.schemas(at: item) ?? []
        let itemTypes = types(views)
        if choiceValues(views) != nil { return nil }
        if itemTypes == ["string"] { return .list(numbers: false) }
        if itemTypes == ["integer"] || itemTypes == ["number"] { return .list(numbers: true) }
        // Without a schema for the items, a list of strings is still a list.
        if itemTypes == nil, case .array(let items)? = member.value, !items.isEmpty,
            items.allSatisfy({ if case .string = $0 { true } else { false } })
        {
            return .list(numbers: false)
        }
        return nil
    }

    /// A list of pages where the items are objects (by the items' schema, else by the file's).
    private func objectsKind(_ member: Member) -> ConfigField.Kind? {
        let item = DocumentPath(member.path.components + [.index(0)])
        let views = outline?.schemas(at: item) ?? []
        if choiceValues(views) != nil { return nil }
        if let itemTypes = types(views) { return itemTypes == ["object"] ? .objects : nil }
        if case .array(let items)? = member.value, !items.isEmpty, items.allSatisfy(Self.isObjectValue) {
            return .objects
        }
        return nil
    }

    static func typeName(_ value: DocumentValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.isInteger && number.int != nil ? "integer" : "number"
        case .string: "string"
        case .dateTime: "datetime"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether a row of `kind` can show `value` as it is (else it is shown as JSON text).
    static func holds(_ kind: ConfigField.Kind, _ value: DocumentValue?) -> Bool {
        guard let value else { return true }
        switch (kind, value) {
        case (.toggle, .bool), (.text, .string), (.secret, .string), (.dateTime, .dateTime): return true
        case (.formattedDate(let format), .string(let text)):
            return ConfigField.date(text, format: format) != nil
        case (.integer, .number(let number)): return number.int != nil && number.isInteger
        case (.number, .number(let number)): return number.special == nil
        case (.objects, .array(let items)): return items.allSatisfy(isObjectValue)
        case (.list(let numbers), .array(let items)):
            return items.allSatisfy { item in
                switch item {
                case .string: !numbers
                case .number: numbers
                default: false
                }
            }
        default: return false
        }
    }

    // MARK: Problems

    /// The errors no row shows (or that the file had when opened), each on a line.
    private func problemsSection() -> Section<SpecAnswers> {
        let check = self.check
        var section = Section<SpecAnswers>(
            header: { state in
                let count = check.errorsAtTop(in: state).count
                return count == 1 ? "1 schema error" : "\(count) schema errors"
            }, visible: { !check.errorsAtTop(in: $0).isEmpty }, rows: {})
        section.groups = [
            RowGroup(
                count: { check.errorsAtTop(in: $0).count },
                row: { state, index in
                    let errors = check.errorsAtTop(in: state)
                    let error = errors.indices.contains(index) ? errors[index] : nil
                    let place = error.map {
                        $0.instanceLocation.pointer.isEmpty ? "/" : $0.instanceLocation.pointer
                    }
                    // An error inside a nested object opens that object's page: Enter jumps there.
                    guard let error, let page = check.page(containing: error.instanceLocation) else {
                        return LabelRow(place ?? "") { _ in error?.message ?? "" }
                    }
                    let title = page.components.last.map { component in
                        switch component {
                        case .key(let key): key
                        case .index(let index): "\(index + 1)"
                        }
                    }
                    // Named by nothing new: Ctrl-G finds the page's rows where the page stands.
                    return NavigationRow(place ?? "", value: { _ in error.message }, names: { _ in [] }) {
                        [self] in
                        self.page(at: page, title: title ?? self.title, isRoot: false)
                    }
                })
        ]
        return section
    }
}
