/// A declarative form over a value-type state: sections of rows bound by key paths.
///
/// ```swift
/// struct Preferences { var autoRefresh = true, playSounds = true }
///
/// let form = Form<Preferences>(title: "Preferences") {
///     Section { Toggle("Auto Refresh", \.autoRefresh) }
///     Section { Toggle("Play Sounds", \.playSounds) }
/// }
/// let lines = form.layout(for: Preferences()).count
/// ```
public struct Form<State> {
    public var title: String
    public var sections: [Section<State>]

    public init(title: String, @FormBuilder<State> sections: () -> [Section<State>]) {
        self.title = title
        self.sections = sections()
    }

    /// The form flattened into lines (headers, rows, footers) for one state, with a message line
    /// under each row that `messages` names.
    public func layout(for state: State, messages: [RowPath: String] = [:]) -> FormLayout<State> {
        FormLayout(form: self, state: state, messages: messages)
    }

    /// What is wrong with the visible rows for `state`, by row: empty when the form can be saved.
    ///
    /// Asks every visible row, so it costs one row per element of a `ForEach`: it runs when the
    /// form is saved, not on every frame.
    public func validationMessages(for state: State) -> [RowPath: String] {
        var messages: [RowPath: String] = [:]
        for (sectionIndex, section) in sections.enumerated() where section.isVisible(state) {
            for (groupIndex, group) in section.groups.enumerated() {
                for index in 0..<max(0, group.count(state)) {
                    if let message = group.row(state, index).validate(in: state) {
                        messages[RowPath(section: sectionIndex, group: groupIndex, index: index)] = message
                    }
                }
            }
        }
        return messages
    }
}
