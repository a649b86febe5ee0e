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

    /// The form flattened into lines (headers, rows, footers) for one state.
    public func layout(for state: State) -> FormLayout<State> {
        FormLayout(form: self, state: state)
    }
}
