#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The conditions, rules and templates of a spec: read once every row is known, as they may
// name a row of a later section.
extension SpecReader {

    /// `when`, `disabled`, `equals` and the answers headers and footers name are read once
    /// every row is known, as they may name a row of a later section.
    /// Each error is noted (`noting`) and the rest read on.
    mutating func attachConditions(_ sections: inout [SectionSpec], _ node: SpecNode) throws(SpecError) {
        guard case .list(let items) = node.value else { return }
        for (index, item) in items.enumerated() where sections.indices.contains(index) {
            if let when = item["when"] {
                try noting { (reader: inout SpecReader) throws(SpecError) in
                    sections[index].conditions = try reader.conditions(when)
                }
            }
            for key in ["header", "footer"] {
                if let text = key == "header" ? sections[index].header : sections[index].footer,
                    let place = item[key]
                {
                    try noting { (reader: inout SpecReader) throws(SpecError) in
                        try reader.checkTemplate(text, place)
                    }
                }
            }
            guard case .list(let rowNodes)? = item["rows"]?.value else { continue }
            for (rowIndex, rowNode) in rowNodes.enumerated()
            where sections[index].rows.indices.contains(rowIndex) {
                if sections[index].rows[rowIndex].hasRules {
                    try noting { (reader: inout SpecReader) throws(SpecError) in
                        try reader.attachRules(&sections[index].rows[rowIndex], rowNode)
                    }
                }
                if sections[index].rows[rowIndex].kind == .form, let nested = rowNode["sections"] {
                    try attachConditions(&sections[index].rows[rowIndex].sections, nested)
                }
            }
        }
    }

    /// A row's own `when`, `disabled` and `equals`.
    func attachRules(_ row: inout RowSpec, _ node: SpecNode) throws(SpecError) {
        // Read once more (only rows that have rules are): the row's reader refused a row that
        // is no table.
        guard let node = SpecRowMembers(node) else { return }
        if let when = node[.when] {
            row.conditions = try conditions(when)
            if let own = row.conditions.first(where: { $0.field == row.id }) {
                throw error(
                    at: node.position(of: .when), "the row '\(own.field)' is shown on its own answer",
                    hint: "name another row in 'when'")
            }
        }
        if let disabled = node[.disabled] {
            if case .bool(let flag) = disabled.value {
                row.disabled = flag ? .always : .never
            } else {
                row.disabled = .when(try conditions(disabled, key: "disabled"))
            }
        }
        if let equals = node[.equals] {
            guard [.text, .email, .secure].contains(row.kind) else {
                throw error(
                    at: node.position(of: .equals),
                    "'equals' is for text, email and secure rows, not \(row.kind.rawValue)",
                    hint:
                        "a confirmation is a secure or text row: {id: confirm, type: secure, equals: password}"
                )
            }
            guard let other = equals.text, case .string = equals.value else {
                throw error(
                    equals, "'equals' must name a row, not \(equals.kindDescription)",
                    hint: "e.g. equals: password")
            }
            // A row passed over for its own error is no second one.
            if failedIDs.contains(other) { return }
            guard let target = rowsByID[other], other != row.id else {
                let near = Nearest.match(other, in: rowsByID.keys.filter { $0 != row.id }.sorted())
                throw error(
                    equals,
                    other == row.id
                        ? "'\(row.id)' cannot equal itself"
                        : "'equals' names '\(other)', which is no field of the form",
                    hint: near.map { "did you mean '\($0)'?" } ?? "name the id of the row to repeat")
            }
            guard [.text, .email, .secure, .multiline].contains(target.kind) else {
                throw error(
                    equals,
                    "'equals' names '\(other)', a \(target.kind.rawValue) row: only a text can be repeated",
                    hint: "name a text, email or secure row")
            }
            row.equals = other
        }
    }

    /// Checks the answers a header or footer names in braces.
    func checkTemplate(_ text: String, _ node: SpecNode) throws(SpecError) {
        switch SpecTemplate.parse(text) {
        case .failure(let problem):
            throw error(node, problem.message, hint: "write {{ and }} for braces themselves")
        case .success(let template):
            for id in template.ids where rowsByID[id] == nil && !failedIDs.contains(id) {
                let near = Nearest.match(id, in: rowsByID.keys.sorted())
                throw error(
                    node, "'{\(id)}' names no field of the form",
                    hint: near.map { "did you mean '{\($0)}'?" } ?? "name the id of a row that has an answer")
            }
        }
    }

    func conditions(_ node: SpecNode, key: String = "when") throws(SpecError) -> [Condition] {
        guard case .table(let members) = node.value, !members.isEmpty else {
            throw error(
                node, "'\(key)' must name a field and its value, not \(node.kindDescription)",
                hint: key == "when"
                    ? "e.g. when: {news: true}, when: {age: {\">=\": 18}} or when: {not: {news: true}}"
                    : "e.g. disabled: true, or disabled: {locked: true}")
        }
        var conditions: [Condition] = []
        for member in members where !failedIDs.contains(member.key) {
            // `not`, `any` and `all` combine conditions, unless a row has that id.
            if rowsByID[member.key] == nil, let combined = try combinedCondition(member, key: key) {
                conditions.append(combined)
                continue
            }
            guard var row = rowsByID[member.key] else {
                let near = Nearest.match(member.key, in: rowsByID.keys.sorted())
                throw error(
                    at: member.keyPosition ?? node.position,
                    "'\(key)' names '\(member.key)', which is no field of the form",
                    hint: near.map { "did you mean '\($0)'?" } ?? "name the id of a row that has an answer")
            }
            if case .table(let tests) = member.node.value {
                conditions += try operatorConditions(
                    member.node, members: tests, field: member.key, row: row, key: key)
                continue
            }
            // A multiple selection holds when one of the options named is chosen.
            if row.kind == .multiselect { row.kind = .select }
            // A list holds when one of its texts is the one named.
            if row.kind == .list { row.kind = .text }
            let given: [SpecNode]
            if case .list(let items) = member.node.value, row.kind != .multiselect {
                given = items
            } else {
                given = [member.node]
            }
            var values: [Answer] = []
            for value in given {
                switch SpecValues.answer(value, for: row, in: timeZone) {
                case .success(let answer): values.append(answer)
                case .failure(let problem):
                    throw error(
                        value,
                        "'\(key)' compares '\(member.key)' with \(value.kindDescription); it holds \(problem.expected)",
                        hint: problem.hint)
                }
            }
            conditions.append(Condition(field: member.key, values: values))
        }
        return conditions
    }
}
