import FormDocument

extension Evaluation {
    // MARK: Any value

    func checkAssertions(_ node: SchemaNode, _ value: DocumentValue) -> Bool {
        var valid = true
        if let types = node.types, !Evaluation.matches(types, value, dialect: node.dialect) {
            report("type", "must be \(Evaluation.describe(types))")
            valid = false
            if !collect { return false }
        }
        if let constValue = node.constValue, !value.jsonEquals(constValue) {
            report("const", "must be \(ValueText.describe(constValue))")
            valid = false
            if !collect { return false }
        }
        if let values = node.enumValues {
            let found =
                node.enumSet.map { $0.contains(JSONKey(value: value)) }
                ?? values.contains { $0.jsonEquals(value) }
            if !found {
                report(
                    "enum",
                    values.count == 1
                        ? "must be \(ValueText.describe(values[0]))"
                        : "must be one of: \(ValueText.list(values))")
                valid = false
                if !collect { return false }
            }
        }
        switch value {
        case .number(let number):
            if !checkNumber(node, number) {
                valid = false
                if !collect { return false }
            }
        case .string(let text):
            if !checkString(node, text) {
                valid = false
                if !collect { return false }
            }
        case .dateTime(let dateTime):
            // A TOML date is checked as the RFC 3339 text it is.
            if !checkString(node, dateTime.text) {
                valid = false
                if !collect { return false }
            }
        default: break
        }
        return valid
    }

    static func matches(_ types: TypeSet, _ value: DocumentValue, dialect: SchemaDialect) -> Bool {
        switch value {
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean)
        case .object: return types.contains(.object)
        case .array: return types.contains(.array)
        case .string, .dateTime: return types.contains(.string)
        case .number(let number):
            if types.contains(.number) { return true }
            guard types.contains(.integer) else { return false }
            // Draft 4 counts `1.0` as a number but not an integer.
            if dialect == .draft4 { return number.isWhole && number.isInteger }
            return number.isWhole
        }
    }

    static func describe(_ types: TypeSet) -> String {
        let names: [(TypeSet, String)] = [
            (.object, "an object"), (.array, "an array"), (.string, "a string"), (.integer, "a whole number"),
            (.number, "a number"), (.boolean, "true or false"), (.null, "null"),
        ]
        let parts = names.filter { types.contains($0.0) && !($0.0 == .integer && types.contains(.number)) }
            .map(\.1)
        if parts.count <= 1 { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
    }

    func checkNumber(_ node: SchemaNode, _ number: DocumentNumber) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: @autoclosure () -> String) -> Bool {
            report(keyword, message())
            valid = false
            return !collect
        }
        if number.special == .nan { return true }
        if let limit = node.maximum, number.compare(to: limit) > 0 {
            if fail("maximum", "must be at most \(limit)") { return false }
        }
        if let limit = node.exclusiveMaximum, number.compare(to: limit) >= 0 {
            if fail(node.dialect == .draft4 ? "maximum" : "exclusiveMaximum", "must be less than \(limit)") {
                return false
            }
        }
        if let limit = node.minimum, number.compare(to: limit) < 0 {
            if fail("minimum", "must be at least \(limit)") { return false }
        }
        if let limit = node.exclusiveMinimum, number.compare(to: limit) <= 0 {
            if fail(node.dialect == .draft4 ? "minimum" : "exclusiveMinimum", "must be more than \(limit)") {
                return false
            }
        }
        if let divisor = node.multipleOf, !number.isMultiple(of: divisor) {
            if fail("multipleOf", "must be a multiple of \(divisor)") { return false }
        }
        return valid
    }

    func checkString(_ node: SchemaNode, _ text: String) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: @autoclosure () -> String) -> Bool {
            report(keyword, message())
            valid = false
            return !collect
        }
        if node.maxLength != nil || node.minLength != nil {
            let length = text.unicodeScalars.count
            if let limit = node.maxLength, length > limit {
                if fail("maxLength", "must be at most \(limit) character\(limit == 1 ? "" : "s") long") {
                    return false
                }
            }
            if let limit = node.minLength, length < limit {
                if fail(
                    "minLength",
                    limit == 1 ? "must not be empty" : "must be at least \(limit) characters long")
                {
                    return false
                }
            }
        }
        if let pattern = node.pattern {
            do {
                if try !pattern.matches(text) {
                    if fail("pattern", "must match the pattern `\(pattern.source)`") { return false }
                }
            } catch {
                stop("pattern", "the pattern `\(pattern.source)` is too costly to check against this value")
                return false
            }
        }
        if node.contentEncoding != nil || node.contentMediaType != nil, !checkContent(node, text) {
            valid = false
            if !collect { return false }
        }
        if let format = node.format, node.assertsFormat, let check = SchemaFormats.check(format, text), !check
        {
            if fail("format", "must be \(SchemaFormats.describe(format))") { return false }
        }
        return valid
    }

    /// Draft 7's `contentEncoding: base64` and `contentMediaType: application/json`.
    func checkContent(_ node: SchemaNode, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        if node.contentEncoding == "base64" {
            guard let decoded = Base64.decode(bytes) else {
                report("contentEncoding", "must be base64-encoded")
                return false
            }
            bytes = decoded
        }
        if node.contentMediaType == "application/json", (try? JSONFormat().read(bytes)) == nil {
            report("contentMediaType", "must hold a JSON document")
            return false
        }
        return true
    }

    // MARK: Applicators at the same location

    func checkApplicators(_ node: SchemaNode, _ value: DocumentValue, _ local: inout Evaluated, track: Bool)
        -> Bool
    {
        var valid = true
        for (offset, target) in node.allOf.enumerated() {
            if !keyword("allOf", String(offset), body: { validate(target, value, &local, track: track) }) {
                valid = false
                if !collect { return false }
            }
        }
        if !node.anyOf.isEmpty {
            var any = false
            for (offset, target) in node.anyOf.enumerated() {
                let passed = quietly {
                    keyword("anyOf", String(offset)) { validate(target, value, &local, track: track) }
                }
                if passed {
                    any = true
                    // Every branch that passes adds its annotations; without them one is enough.
                    if !track { break }
                }
                if stopped { return false }
            }
            if !any {
                valid = false
                if !collect { return false }
                reportVariants("anyOf", node.anyOf, value)
            }
        }
        if !node.oneOf.isEmpty {
            var passing: [Int] = []
            var chosen = Evaluated()
            for (offset, target) in node.oneOf.enumerated() {
                var branch = Evaluated()
                let passed = quietly {
                    keyword("oneOf", String(offset)) { validate(target, value, &branch, track: track) }
                }
                if passed {
                    passing.append(offset)
                    chosen = branch
                    if passing.count > 1 { break }
                }
                if stopped { return false }
            }
            if passing.count == 1 {
                local.merge(chosen)
            } else {
                valid = false
                if !collect { return false }
                if passing.isEmpty {
                    reportVariants("oneOf", node.oneOf, value)
                } else {
                    report(
                        "oneOf",
                        "must match only one of the variants, but matches variants \(passing[0] + 1) and \(passing[1] + 1)"
                    )
                }
            }
        }
        if let target = node.not {
            var ignored = Evaluated()
            let passed = quietly { keyword("not") { validate(target, value, &ignored, track: false) } }
            if stopped { return false }
            if passed {
                report("not", Evaluation.describeNot(graph.node(target)))
                valid = false
                if !collect { return false }
            }
        }
        if let condition = node.ifSchema {
            var conditionEvaluated = Evaluated()
            let holds = quietly {
                keyword("if") { validate(condition, value, &conditionEvaluated, track: track) }
            }
            if stopped { return false }
            if holds { local.merge(conditionEvaluated) }
            if let branch = holds ? node.thenSchema : node.elseSchema {
                if !keyword(holds ? "then" : "else", body: { validate(branch, value, &local, track: track) })
                {
                    valid = false
                    if !collect { return false }
                }
            }
        }
        return valid
    }

    /// "one of the variants must match: …", from what each variant said (or "must be one of: …"
    /// when every variant is a `const` or `enum` of the same value).
    func reportVariants(_ keyword: String, _ variants: [Int], _ value: DocumentValue) {
        var said: [[SchemaError]] = []
        for (offset, target) in variants.enumerated() {
            var ignored = Evaluated()
            let (_, errors) = collecting {
                self.keyword(keyword, String(offset)) { validate(target, value, &ignored, track: false) }
            }
            said.append(errors)
        }
        let here = DocumentPath(instancePath)
        let choices = said.compactMap { errors -> [DocumentValue]? in
            guard errors.count == 1, errors[0].instanceLocation == here else { return nil }
            let raw = graph.node(variants[said.firstIndex(of: errors)!]).raw
            if errors[0].keyword == "const", let value = raw["const"] { return [value] }
            if errors[0].keyword == "enum", case .array(let values) = raw["enum"] { return values }
            return nil
        }
        if choices.count == variants.count {
            report(keyword, "must be one of: \(ValueText.list(choices.flatMap { $0 }))")
            return
        }
        var parts: [String] = []
        for errors in said.prefix(4) {
            guard let first = errors.first else { continue }
            if first.instanceLocation == here {
                parts.append(first.message)
            } else {
                let relative = DocumentPath(
                    Array(first.instanceLocation.components.dropFirst(here.components.count)))
                parts.append("`\(relative.pointer.dropFirst())` \(first.message)")
            }
        }
        if said.count > 4 { parts.append("…") }
        report(keyword, "one of the variants must match: " + parts.joined(separator: "; or "))
    }

    static func describeNot(_ node: SchemaNode) -> String {
        if let types = node.types, node.raw.objectCount == 1 { return "must not be \(describe(types))" }
        if let constValue = node.constValue, node.raw.objectCount == 1 {
            return "must not be \(ValueText.describe(constValue))"
        }
        if let values = node.enumValues, node.raw.objectCount == 1 {
            return "must not be any of: \(ValueText.list(values))"
        }
        if node.required.count == 1, node.raw.objectCount == 1 {
            return "must not have `\(node.required[0])`"
        }
        return "must not match the schema in `not`"
    }

    // MARK: Objects

    func checkObject(_ node: SchemaNode, _ value: DocumentValue, _ local: inout Evaluated, track: Bool)
        -> Bool
    {
        guard case .object(let members) = value else { return true }
        var valid = true
        func failed() -> Bool {
            valid = false
            return !collect
        }
        if let limit = node.maxProperties, members.count > limit {
            report("maxProperties", "must have at most \(limit) member\(limit == 1 ? "" : "s")")
            if failed() { return false }
        }
        if let limit = node.minProperties, members.count < limit {
            report("minProperties", "must have at least \(limit) member\(limit == 1 ? "" : "s")")
            if failed() { return false }
        }
        for name in node.required where members[name] == nil {
            report("required", "`\(name)` is required")
            if failed() { return false }
        }
        for (name, required) in node.dependentRequired where members[name] != nil {
            for other in required where members[other] == nil {
                report(
                    node.dialect <= .draft7 ? "dependencies" : "dependentRequired",
                    "`\(other)` is required when `\(name)` is present")
                if failed() { return false }
            }
        }
        let checksMembers =
            !node.properties.isEmpty || !node.patternProperties.isEmpty || node.additionalProperties != nil
        if checksMembers {
            // A large object's members are told unchanged from the last validation's by offset
            // and a pointer comparison, not each looked up (see `ValidationCache.MemberResult`),
            // or by the caller's word (`ChangeState`). Not under a dynamic reference: what a
            // member is then depends on the dynamic scope.
            let memoKey =
                collect && cache != nil && members.count >= ValidationCache.memberMemoSize
                    && !graph.hasDynamicReferences.load(ordering: .relaxed)
                ? ValidationCache.MembersKey(location: node.location, path: instancePath) : nil
            // Taken out to be changed in place where the object has as many members as before
            // (a member's value edited): the results of the members left alone are not copied.
            var memo = memoKey.flatMap { cache?.members.removeValue(forKey: $0) }
            if !track, let changed = memo.flatMap({ changedMembers($0, value) }) {
                guard checkChangedMembers(node, value, changed, &memo) else { return false }
            } else {
                guard checkEveryMember(node, value, &memo, keeping: memoKey != nil, &local, track: track)
                else {
                    return false
                }
            }
            guard let fresh = memo else { return false }
            let memberFailed =
                fresh.results.isEmpty
                ? !fresh.failing.isEmpty : fresh.failing.contains { !fresh.results[$0].valid }
            if memberFailed { valid = false }
            if let memoKey, let cache, !stopped {
                cache.members[memoKey] = fresh
                cache.membersUsed.insert(memoKey)
            }
            if !valid && !collect { return false }
        }
        if let target = node.propertyNames {
            for name in members.keys {
                var ignored = Evaluated()
                let passed = quietly {
                    keyword("propertyNames") { validate(target, .string(name), &ignored, track: false) }
                }
                if stopped { return false }
                if !passed {
                    if collect {
                        let (_, made) = collecting {
                            keyword("propertyNames") {
                                child(.key(name)) { validate(target, .string(name), &ignored, track: false) }
                            }
                        }
                        for error in made {
                            var renamed = error
                            renamed.message = "the name `\(name)` " + error.message
                            self.errors.append(renamed)
                        }
                    }
                    if failed() { return false }
                }
            }
        }
        for (name, target) in node.dependentSchemas where members[name] != nil {
            let passed = keyword(node.dialect <= .draft7 ? "dependencies" : "dependentSchemas", name) {
                validate(target, value, &local, track: track)
            }
            if !passed, failed() { return false }
        }
        if let target = node.unevaluatedProperties, !local.allProperties {
            for (name, member) in members where !local.properties.contains(name) {
                if graph.rejectsAll(target) {
                    reportNotAllowed("unevaluatedProperties", name, node)
                    if failed() { return false }
                } else {
                    let passed = keyword("unevaluatedProperties") {
                        child(.key(name)) { validateMember(target, member) }
                    }
                    if !passed, failed() { return false }
                }
            }
            local.allProperties = true
        }
        return valid
    }

    /// The offsets of the members that may have changed since `memo` was made, in order, when
    /// the caller said where the value changed and `memo` is of the last validation with as
    /// many members; nil when every member must be looked at.
    func changedMembers(
        _ memo: ValidationCache.MemberResults, _ value: DocumentValue
    ) -> [Int]? {
        guard let cache, case .object(let members) = value, memo.results.count == members.count,
            cache.isCurrent(memo.generation)
        else {
            return nil
        }
        switch change {
        case .unknown: return nil
        case .unchanged: return []
        case .changed(let paths):
            var offsets: [Int] = []
            for component in paths.children.keys {
                // A member added or removed moves the others: then each is looked at.
                guard case .key(let name) = component, let offset = members.index(forKey: name),
                    memo.results[offset].name == name
                else { return nil }
                offsets.append(offset)
            }
            return offsets.sorted()
        }
    }

    /// The members at `changed` checked again, the others' results (and errors) taken from
    /// `memo`, which is brought up to date; false when the validation stopped.
    func checkChangedMembers(
        _ node: SchemaNode, _ value: DocumentValue, _ changed: [Int],
        _ memo: inout ValidationCache.MemberResults?
    ) -> Bool {
        guard case .object(let members) = value, var fresh = memo else { return false }
        // Its only reference, so that putting a member's result does not copy the others'.
        memo = nil
        var prefix: String?
        for offset in changed {
            let name = members.keys[offset]
            let member = members.values[offset]
            let before = errors.count
            guard case (let passed, let matched)? = checkMember(node, name, member) else { return false }
            let made = Array(errors[before...])
            errors.removeSubrange(before...)
            let here = made.isEmpty ? "" : prefix ?? schemaPointer()
            if !made.isEmpty { prefix = here }
            fresh.put(
                ValidationCache.MemberResult(
                    name: name, value: change.child(.key(name)).isChanged ? nil : member, valid: passed,
                    matched: matched, errors: made, prefix: here),
                at: offset)
        }
        cache?.checked += changed.count
        for offset in fresh.failing {
            repeatErrors(of: fresh.results[offset], under: &prefix)
        }
        fresh.generation = cache?.generation ?? 0
        memo = fresh
        return true
    }

    /// Every member checked, or told unchanged by comparing it with the one `memo` has at its
    /// offset; `memo` becomes what each was found to be (only the failing offsets unless
    /// `keeping`). False when the validation stopped, or when errors are not collected and a
    /// member failed.
    func checkEveryMember(
        _ node: SchemaNode, _ value: DocumentValue, _ memo: inout ValidationCache.MemberResults?,
        keeping: Bool, _ local: inout Evaluated, track: Bool
    ) -> Bool {
        guard case .object(let members) = value else { return false }
        // Changed in place where the object has as many members as before (a member's value
        // edited): the results of the members left alone are not copied.
        let inPlace = keeping && memo?.results.count == members.count
        var old: [ValidationCache.MemberResult] = []
        var fresh = ValidationCache.MemberResults(generation: cache?.generation ?? 0)
        if inPlace, let taken = memo {
            fresh = taken
            fresh.generation = cache?.generation ?? 0
            fresh.failing = []
        } else if let taken = memo {
            old = taken.results
        }
        memo = nil
        if keeping && !inPlace { fresh.results.reserveCapacity(members.count) }
        var prefix: String?
        cache?.checked += members.count
        for (offset, (name, member)) in members.enumerated() {
            let previous: ValidationCache.MemberResult? =
                inPlace ? fresh.results[offset] : offset < old.count ? old[offset] : nil
            if let result = previous, result.name == name, let kept = result.value, kept == member {
                repeatErrors(of: result, under: &prefix)
                if track && result.matched { local.properties.insert(name) }
                if keeping ? result.fails : !result.valid { fresh.failing.append(offset) }
                if keeping && !inPlace { fresh.results.append(result) }
                continue
            }
            let before = errors.count
            guard case (let passed, let matched)? = checkMember(node, name, member) else { return false }
            if !passed && !collect { return false }
            if track && matched { local.properties.insert(name) }
            guard keeping else {
                if !passed { fresh.failing.append(offset) }
                continue
            }
            let made = Array(errors[before...])
            let here = made.isEmpty ? "" : prefix ?? schemaPointer()
            if !made.isEmpty { prefix = here }
            let result = ValidationCache.MemberResult(
                name: name, value: change.child(.key(name)).isChanged ? nil : member, valid: passed,
                matched: matched, errors: made, prefix: here)
            if result.fails { fresh.failing.append(offset) }
            if inPlace { fresh.results[offset] = result } else { fresh.results.append(result) }
        }
        memo = fresh
        return true
    }

    /// The errors a member was found to have, again, with their schema locations moved to
    /// where this object is reached now (`prefix`, worked out once an object and kept).
    func repeatErrors(of result: ValidationCache.MemberResult, under prefix: inout String?) {
        guard !result.errors.isEmpty else { return }
        let here = prefix ?? schemaPointer()
        prefix = here
        errors += result.errors.map { error in
            guard here != result.prefix else { return error }
            var error = error
            error.schemaLocation = here + error.schemaLocation.dropFirst(result.prefix.count)
            return error
        }
    }

    /// One member checked against `properties`, `patternProperties` and
    /// `additionalProperties`: whether it passed and whether one of them took it; nil when the
    /// validation stopped.
    func checkMember(_ node: SchemaNode, _ name: String, _ member: DocumentValue) -> (Bool, Bool)? {
        var valid = true
        var matched = false
        if let offset = node.propertyIndex[name] {
            matched = true
            let target = node.properties[offset].node
            if graph.rejectsAll(target) {
                report("properties", "`\(name)` is not allowed here", at: .key(name))
                valid = false
            } else if !keyword(
                "properties", name, body: { child(.key(name)) { validateMember(target, member) } })
            {
                valid = false
            }
            if !valid && !collect { return (false, matched) }
        }
        for (pattern, target) in node.patternProperties {
            let hit: Bool
            do {
                hit = try pattern.matches(name)
            } catch {
                stop(
                    "patternProperties",
                    "the pattern `\(pattern.source)` is too costly to check against `\(name)`")
                return nil
            }
            guard hit else { continue }
            matched = true
            let passed = keyword("patternProperties", pattern.source) {
                child(.key(name)) { validateMember(target, member) }
            }
            if !passed {
                valid = false
                if !collect { return (false, matched) }
            }
        }
        if !matched, let target = node.additionalProperties {
            if graph.rejectsAll(target) {
                reportNotAllowed("additionalProperties", name, node)
                valid = false
            } else if !keyword(
                "additionalProperties", body: { child(.key(name)) { validateMember(target, member) } })
            {
                valid = false
            }
            matched = true
        }
        return (valid, matched)
    }

    func reportNotAllowed(_ keyword: String, _ name: String, _ node: SchemaNode) {
        guard collect else { return }
        let known = node.properties.map(\.name)
        if let suggestion = ValueText.suggestion(for: name, among: known) {
            report(keyword, "`\(name)` is not allowed here; did you mean `\(suggestion)`?", at: .key(name))
        } else {
            report(keyword, "`\(name)` is not allowed here", at: .key(name))
        }
    }

    // MARK: Arrays

    func checkArray(_ node: SchemaNode, _ elements: [DocumentValue], _ local: inout Evaluated, track: Bool)
        -> Bool
    {
        var valid = true
        func failed() -> Bool {
            valid = false
            return !collect
        }
        if let limit = node.maxItems, elements.count > limit {
            report("maxItems", "must have at most \(limit) item\(limit == 1 ? "" : "s")")
            if failed() { return false }
        }
        if let limit = node.minItems, elements.count < limit {
            report("minItems", limit == 1 ? "must not be empty" : "must have at least \(limit) items")
            if failed() { return false }
        }
        if node.uniqueItems, elements.count > 1 {
            var seen: [JSONKey: Int] = [:]
            for (offset, element) in elements.enumerated() {
                if let first = seen[JSONKey(value: element)] {
                    report(
                        "uniqueItems",
                        "items \(first + 1) and \(offset + 1) are the same; each must be different")
                    if failed() { return false }
                    break
                }
                seen[JSONKey(value: element)] = offset
            }
        }
        let itemsKeyword = node.dialect == .draft202012 ? "prefixItems" : "items"
        for (offset, target) in node.prefixItems.enumerated() where offset < elements.count {
            let passed = keyword(itemsKeyword, String(offset)) {
                child(.index(offset)) { validateMember(target, elements[offset]) }
            }
            if !passed, failed() { return false }
        }
        if track { local.itemPrefix = max(local.itemPrefix, min(node.prefixItems.count, elements.count)) }
        if let target = node.items, elements.count > node.prefixItems.count {
            let rest = node.dialect < .draft202012 && !node.prefixItems.isEmpty ? "additionalItems" : "items"
            if graph.rejectsAll(target) {
                let offset = node.prefixItems.count
                report(
                    rest, "item \(offset + 1) is not allowed here (at most \(node.prefixItems.count) items)",
                    at: .index(offset))
                if failed() { return false }
            } else if !validateItems(target, elements, from: node.prefixItems.count, keyword: rest), failed()
            {
                return false
            }
            if track { local.allItems = true }
        }
        if let target = node.contains {
            var count = 0
            for (offset, element) in elements.enumerated() {
                let passed = quietly {
                    keyword("contains") {
                        child(.index(offset)) { validateMember(target, element) }
                    }
                }
                if stopped { return false }
                if passed {
                    count += 1
                    if track && node.dialect == .draft202012 { local.items.insert(offset) }
                }
            }
            let minimum = node.minContains ?? 1
            if count < minimum {
                report(
                    node.minContains == nil ? "contains" : "minContains",
                    minimum == 1
                        ? "must contain an item that matches the schema in `contains`"
                        : "must contain at least \(minimum) items that match the schema in `contains`")
                if failed() { return false }
            }
            if let maximum = node.maxContains, count > maximum {
                report(
                    "maxContains",
                    "must contain at most \(maximum) item\(maximum == 1 ? "" : "s") that match the schema in `contains`"
                )
                if failed() { return false }
            }
        }
        if let target = node.unevaluatedItems, !local.allItems {
            for offset in local.itemPrefix..<max(local.itemPrefix, elements.count)
            where !local.items.contains(offset) {
                if graph.rejectsAll(target) {
                    report("unevaluatedItems", "item \(offset + 1) is not allowed here", at: .index(offset))
                    if failed() { return false }
                    continue
                }
                let passed = keyword("unevaluatedItems") {
                    child(.index(offset)) { validateMember(target, elements[offset]) }
                }
                if !passed, failed() { return false }
            }
            local.allItems = true
        }
        return valid
    }
}

extension DocumentValue {
    var objectCount: Int {
        if case .object(let members) = self { return members.count }
        return 0
    }
}
