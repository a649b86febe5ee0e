import FormSpec

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The answers of a configuration's rows as the rows show them: the answer given, else the one
/// the row starts at (the file's value, else the schema's `default`). A page opened after the
/// answers were made (an object the file does not have) has no answers of its own yet.
///
/// ```swift
/// Toggle("Enabled", \SpecAnswers.[shown: "/enabled", .flag(true)].asFlag)
/// StepperRow("Level", \SpecAnswers.[stepped: "/level", 3], in: 1...9)
/// ```
extension SpecAnswers {
    subscript(shown id: String, start: Answer) -> Answer {
        get { self[answer: id] ?? start }
        set { self[answer: id] = newValue }
    }

    /// A stepper or a slider always stands somewhere: at the file's value, else at `start` (the
    /// default or the lower bound) until moved.
    subscript(stepped id: String, start: Int) -> Int {
        get { self[integer: id] ?? start }
        set { self[integer: id] = newValue }
    }

    subscript(sliding id: String, start: Double) -> Double {
        get { self[decimal: id] ?? start }
        set { self[decimal: id] = newValue }
    }
}

/// One answer read as the kind its row binds to (the kind's empty value for another kind).
extension Answer {
    var asFlag: Bool {
        get { if case .flag(let flag) = self { flag } else { false } }
        set { self = .flag(newValue) }
    }

    var asText: String {
        get { if case .text(let text) = self { text } else { "" } }
        set { self = .text(newValue) }
    }

    var asInteger: Int? {
        get { if case .integer(let number) = self { number } else { nil } }
        set { self = .integer(newValue) }
    }

    var asDecimal: Double? {
        get { if case .decimal(let number) = self { number } else { nil } }
        set { self = .decimal(newValue) }
    }

    var asDate: Date? {
        get { if case .date(let date) = self { date } else { nil } }
        set { self = .date(newValue) }
    }

    var asTexts: [String] {
        get { if case .texts(let texts) = self { texts } else { [] } }
        set { self = .texts(newValue) }
    }

    /// One text of a list ("" past its end; set past its end, nothing).
    subscript(item index: Int) -> String {
        get {
            let texts = asTexts
            return texts.indices.contains(index) ? texts[index] : ""
        }
        set {
            var texts = asTexts
            guard texts.indices.contains(index) else { return }
            texts[index] = newValue
            self = .texts(texts)
        }
    }
}
