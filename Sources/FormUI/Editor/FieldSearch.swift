import FormCore

/// A row the jump search offers: where it is, how it reads, and whether it can take focus.
public struct FieldTarget: Equatable, Sendable {
    /// The row's path in the form, then (for a row of a nested form) in each form opened on the way.
    public var path: [RowPath]
    /// Its section header and the forms it is inside of: "Advanced › Login", or "".
    public var place: String
    public var title: String
    /// Why the row cannot take focus now (it is disabled), if it cannot.
    public var unavailable: String?

    /// The row as the search lists it: "Advanced › Login message".
    public var name: String { place.isEmpty ? title : "\(place) › \(title)" }
}

/// The search behind Ctrl-G: every row of a form by its title and section header, rows of
/// nested forms and of lists included, hidden rows left out. Matching ignores case and accents
/// ("cote" finds "Côte d'Ivoire").
///
/// Lazy: the rows are walked in order only until `limit` of them match, or `budget` rows were
/// read, so that a key in a form of a million rows costs a bounded time (a row's title costs
/// making the row). When the budget cut the walk short, `isCut` says so, and `searchFurther()`
/// reads four times as many.
public final class FieldSearch {
    /// At most this many matches are listed.
    public let limit: Int
    /// How many rows a search reads at most, for now.
    public private(set) var budget: Int
    private let walk: (inout SearchWalk) -> Void
    public private(set) var query = ""
    public private(set) var results: [FieldTarget] = []
    /// Whether the last search stopped at its budget before the end of the form.
    public private(set) var isCut = false
    /// How many rows the last search read.
    public private(set) var scanned = 0

    init(limit: Int = 200, budget: Int = 5_000, walk: @escaping (inout SearchWalk) -> Void) {
        self.limit = limit
        self.budget = budget
        self.walk = walk
        search("")
    }

    /// Lists the rows whose title, or section header, holds `query`.
    public func search(_ query: String) {
        self.query = query
        var walk = SearchWalk(needle: SearchText.fold(query), limit: limit, budget: budget)
        self.walk(&walk)
        results = walk.found
        isCut = walk.isCut
        scanned = walk.scanned
    }

    /// Searches again, reading four times as many rows.
    public func searchFurther() {
        budget *= 4
        search(query)
    }
}

/// One walk of a search through the rows: what it looks for, what it found, what it read.
struct SearchWalk {
    let needle: String
    let limit: Int
    let budget: Int
    var found: [FieldTarget] = []
    var scanned = 0
    var isCut = false

    var isDone: Bool { found.count >= limit || isCut }

    func matches(_ title: String, _ place: String) -> Bool {
        needle.isEmpty || SearchText.contains(title, needle) || SearchText.contains(place, needle)
    }
}

/// Text compared as the search compares it: without case or accents.
enum SearchText {
    /// `text` lowercased, without accents: as a list's filter folds it (`TextFolding`).
    static func fold(_ text: String) -> String { TextFolding.fold(text) }

    /// Whether `haystack` holds the folded `needle`; ASCII text is compared without folding it.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        guard !needle.isEmpty else { return true }
        let needleBytes = Array(needle.utf8)
        var isASCII = true
        var bytes: [UInt8] = []
        bytes.reserveCapacity(haystack.utf8.count)
        for byte in haystack.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        if !isASCII { bytes = Array(fold(haystack).utf8) }
        guard bytes.count >= needleBytes.count else { return false }
        for start in 0...(bytes.count - needleBytes.count)
        where bytes[start] == needleBytes[0]
            && bytes[start..<start + needleBytes.count].elementsEqual(needleBytes)
        {
            return true
        }
        return false
    }
}

extension FormEditor {
    /// The search Ctrl-G opens, over this form as the draft shows it.
    public func fieldSearch() -> FieldSearch {
        FieldSearch { [weak self] walk in
            guard let self else { return }
            self.collectTargets(in: self.form, prefix: "", chain: [], walk: &walk, depth: 0)
        }
    }

    private func collectTargets(
        in form: Form<State>, prefix: String, chain: [RowPath], walk: inout SearchWalk, depth: Int
    ) {
        let state = draft.value
        for (sectionIndex, section) in form.sections.enumerated() where section.isVisible(state) {
            let header = section.header(state) ?? ""
            let place = prefix.isEmpty ? header : (header.isEmpty ? prefix : "\(prefix) › \(header)")
            let sectionDisabled = section.isDisabled(state)
            for (groupIndex, group) in section.groups.enumerated() {
                let count = group.count(state)
                guard count > 0 else { continue }
                let disabled = sectionDisabled || group.isDisabled?(state) == true
                for index in 0..<count {
                    if walk.found.count >= walk.limit { return }
                    if walk.scanned >= walk.budget {
                        walk.isCut = true
                        return
                    }
                    walk.scanned += 1
                    let row = group.row(state, index)
                    guard row.isFocusable else { continue }
                    let path = chain + [RowPath(section: sectionIndex, group: groupIndex, index: index)]
                    if walk.matches(row.title, place) {
                        walk.found.append(
                            FieldTarget(
                                path: path, place: place, title: row.title,
                                unavailable: disabled
                                    ? "“\(row.title)” is disabled now: it cannot take focus." : nil
                            ))
                    }
                    if !disabled, row.binding == nil, row.textEditor(in: state) == nil, depth < 4,
                        let destination = row.destination(in: state)
                    {
                        let inner = prefix.isEmpty ? row.title : "\(prefix) › \(row.title)"
                        collectTargets(
                            in: destination, prefix: inner, chain: path, walk: &walk, depth: depth + 1)
                        if walk.isDone { return }
                    }
                }
            }
        }
    }
}
