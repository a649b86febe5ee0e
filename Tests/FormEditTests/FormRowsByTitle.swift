import FormCore
import FormSpec

extension Form<SpecAnswers> {
    /// The rows the form lays out for `answers`, by title (the last of a title wins): what a
    /// test of the configuration form looks at.
    func rowsByTitle(for answers: SpecAnswers) -> [String: any FormRow<SpecAnswers>] {
        let layout = layout(for: answers)
        var rows: [String: any FormRow<SpecAnswers>] = [:]
        for line in 0..<layout.count {
            if let row = layout.row(onLine: line)?.row { rows[row.title] = row }
        }
        return rows
    }
}
