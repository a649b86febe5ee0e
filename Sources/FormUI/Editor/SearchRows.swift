import FormCore

/// Where one Ctrl-G search stands between its slices: the forms it is inside of (the form
/// searched, then each nested form opened on the way, with the row it reads next in each) and
/// the names of the nested forms it read (`FormRow.destinationNames(in:)`).
///
/// A slice stops at any row, inside a nested form too, and the next one goes on from there: a
/// nested form larger than a slice (the items of a list of objects, each a page) is read whole,
/// every row once.
final class SearchRows<State: Equatable> {
    /// A form the search is inside of, and its place in it.
    private struct Frame {
        let form: Form<State>
        /// What the rows' places start with: the rows that opened the forms on the way.
        let prefix: String
        /// The paths of the rows that opened the forms on the way.
        let chain: [RowPath]
        /// The title of the row that opened the form: a row of it with that title (a password's
        /// own editor) is the opener's, listed once.
        let opener: String?
        /// How many of the forms on the way, this one included, were opened without names.
        let unnamedDepth: Int
        var section = 0
        var group = 0
        var index = 0
        /// Whether the section at `section` was entered: its place and say read, and shown.
        var entered = false
        var place = ""
        var placeMatches = false
        var sectionDisabled = false
        /// The count of the group at `group`, asked when the search reaches it.
        var count: Int?
    }

    /// Unnamed forms are opened at most this many deep (each opens the next).
    static var unnamedDepth: Int { 4 }
    /// Forms are opened at most this many deep, whatever their names: a form whose rows name
    /// something new at every depth must still end its search.
    static var deepest: Int { 64 }

    private weak var editor: FormEditor<State>?
    private var frames: [Frame] = []
    private var namesRead: Set<String> = []
    /// The first frame of the unnamed forms open now (nil: none is), and how many rows the
    /// search may still read in them, nested forms included.
    private var unnamedFrom: Int?
    private var unnamedLeft = 0

    init(editor: FormEditor<State>) {
        self.editor = editor
        frames = [Frame(form: editor.form, prefix: "", chain: [], opener: nil, unnamedDepth: 0)]
        namesRead = Set(editor.form.names)
    }

    /// Reads rows until the slice's budget is spent (`walk.isCut`), its matches are enough, or
    /// the rows end.
    func read(_ walk: inout SearchWalk) {
        guard let editor else { return }
        let state = editor.draft.value
        let searchName = editor.form.searchName
        while let top = frames.indices.last {
            if walk.found.count >= walk.limit { return }
            if let from = unnamedFrom, unnamedLeft <= 0 {
                // An unnamed form without end (one that opens itself): the rest is left out.
                frames.removeSubrange(from...)
                unnamedFrom = nil
                continue
            }
            guard Self.advance(&frames[top], state, needle: walk.needle) else {
                frames.removeLast()
                if let from = unnamedFrom, frames.count <= from { unnamedFrom = nil }
                continue
            }
            // Cut only where a row is left: a search that ends at a slice's end is not cut.
            if walk.scanned >= walk.budget {
                walk.isCut = true
                return
            }
            let (path, row, disabled) = Self.take(&frames[top], state)
            walk.scanned += 1
            if unnamedFrom != nil { unnamedLeft -= 1 }
            guard row.isFocusable else { continue }
            let frame = frames[top]
            let chain = frame.chain + [path]
            if row.title != frame.opener,
                walk.matches(row.title, placeMatches: frame.placeMatches)
                    || walk.matches(name: row.binding.flatMap { searchName?($0.keyPath) })
            {
                walk.found.append(
                    FieldTarget(
                        path: chain, place: frame.place, title: row.title,
                        unavailable: disabled ? "“\(row.title)” is disabled now: it cannot take focus." : nil
                    ))
            }
            guard !disabled, row.binding == nil, row.textEditor(in: state) == nil, frames.count < Self.deepest
            else { continue }
            open(row, at: chain, from: frame, budget: walk.budget, in: state)
        }
    }

    /// Goes into the form `row` opens, when the search reads it: a named one whose names are
    /// not all read yet, an unnamed one not too deep.
    private func open(
        _ row: any FormRow<State>, at chain: [RowPath], from frame: Frame, budget: Int, in state: State
    ) {
        let names = row.destinationNames(in: state)
        if let names {
            guard names.contains(where: { !namesRead.contains($0) }) else { return }
            // Named as read before its rows are: a row of it naming it again is not opened.
            namesRead.formUnion(names)
        } else if frame.unnamedDepth >= Self.unnamedDepth {
            return
        }
        guard let destination = row.destination(in: state) else { return }
        namesRead.formUnion(destination.names)
        let prefix = frame.prefix.isEmpty ? row.title : "\(frame.prefix) › \(row.title)"
        frames.append(
            Frame(
                form: destination, prefix: prefix, chain: chain, opener: row.title,
                unnamedDepth: frame.unnamedDepth + (names == nil ? 1 : 0)))
        if names == nil, unnamedFrom == nil {
            unnamedFrom = frames.count - 1
            // The opener and its forms, a slice at most.
            unnamedLeft = budget - 1
        }
    }

    /// Moves a frame to the next row its form has to read (hidden sections and empty groups
    /// passed over); false at the form's end.
    private static func advance(_ frame: inout Frame, _ state: State, needle: String) -> Bool {
        let sections = frame.form.sections
        while frame.section < sections.count {
            let section = sections[frame.section]
            if !frame.entered {
                guard section.isVisible(state) else {
                    frame.section += 1
                    continue
                }
                let header = section.header(state) ?? ""
                frame.place =
                    frame.prefix.isEmpty
                    ? header : (header.isEmpty ? frame.prefix : "\(frame.prefix) › \(header)")
                frame.placeMatches = !needle.isEmpty && SearchText.contains(frame.place, needle)
                frame.sectionDisabled = section.isDisabled(state)
                frame.entered = true
                frame.group = 0
                frame.index = 0
                frame.count = nil
            }
            if frame.group < section.groups.count {
                let count = frame.count ?? section.groups[frame.group].count(state)
                frame.count = count
                if frame.index < count { return true }
                frame.group += 1
                frame.index = 0
                frame.count = nil
                continue
            }
            frame.section += 1
            frame.entered = false
        }
        return false
    }

    /// The row `advance` moved the frame to, the frame moved past it.
    private static func take(_ frame: inout Frame, _ state: State) -> (
        path: RowPath, row: any FormRow<State>, disabled: Bool
    ) {
        let group = frame.form.sections[frame.section].groups[frame.group]
        let index = frame.index
        frame.index += 1
        return (
            RowPath(section: frame.section, group: frame.group, index: index), group.row(state, index),
            frame.sectionDisabled || group.isDisabled?(state) == true
        )
    }
}
