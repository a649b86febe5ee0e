/// A group of rows with an optional header and a footer that may follow the state.
///
/// ```swift
/// Section("Network", footer: { $0.enabled ? "Personal Hotspot Enabled" : nil }) {
///     Toggle("Personal Hotspot", \.enabled)
/// }
/// ```
public struct Section<State> {
    public var header: String?
    public var footer: (State) -> String?
    public var isVisible: (State) -> Bool
    public var groups: [RowGroup<State>]

    /// A section with a fixed footer (or none).
    public init(
        _ header: String? = nil,
        footer: String? = nil,
        visible: @escaping (State) -> Bool = { _ in true },
        @RowBuilder<State> rows: () -> [RowGroup<State>]
    ) {
        self.header = header
        self.footer = { _ in footer }
        self.isVisible = visible
        self.groups = rows()
    }

    /// A section whose footer is computed from the state (nil hides it).
    public init(
        _ header: String? = nil,
        footer: @escaping (State) -> String?,
        visible: @escaping (State) -> Bool = { _ in true },
        @RowBuilder<State> rows: () -> [RowGroup<State>]
    ) {
        self.header = header
        self.footer = footer
        self.isVisible = visible
        self.groups = rows()
    }
}
