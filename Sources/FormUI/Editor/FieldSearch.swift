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
/// In slices: a search reads the rows in order, `slice` of them at a time, until `limit` of
/// them match or the form ends. `search(_:)` reads the first slice at once (a key in a form of a
/// million rows costs a bounded time: a row's title costs making the row); while `isCut` says
/// rows are left, `searchOn()` reads the next slice from where the last one stopped, which the
/// jump screen does while the person waits, a frame after each (`Screen.workWhileIdle`). So a
/// rare title at the end of a million rows is found by the search itself, every row read once.
///
/// ```swift
/// let search = editor.fieldSearch()
/// search.search("item 999999")
/// while search.isCut { search.searchOn() }
/// search.results.first?.title  // "Item 999999"
/// ```
public final class FieldSearch {
    /// At most this many matches are listed.
    public let limit: Int
    /// How many rows one slice reads at most: about 16 ms of a release build (3 µs a row), so a
    /// key that starts a search, and each slice after it, keeps the screen answering at once.
    public let slice: Int
    private let walk: (inout SearchWalk) -> Void
    public private(set) var query = ""
    public private(set) var results: [FieldTarget] = []
    /// Whether the search stopped at the end of a slice with rows left to read.
    public private(set) var isCut = false
    /// How many rows the search read so far, over all its slices.
    public private(set) var scanned = 0
    /// Where the next slice starts: the path of the first top-level row it has not read.
    private var resumeAt: RowPath?

    init(limit: Int = 200, slice: Int = 5_000, walk: @escaping (inout SearchWalk) -> Void) {
        self.limit = limit
        self.slice = slice
        self.walk = walk
        search("")
    }

    /// Lists the rows whose title, or section header, holds `query`: the first slice's.
    public func search(_ query: String) {
        self.query = query
        results = []
        scanned = 0
        resumeAt = nil
        isCut = false
        read()
    }

    /// Reads the next slice of a search cut short, adding its matches; nothing when the search
    /// is done.
    public func searchOn() {
        guard isCut else { return }
        read()
    }

    private func read() {
        var walk = SearchWalk(
            needle: SearchText.fold(query), limit: limit - results.count, budget: slice, resumeAt: resumeAt)
        self.walk(&walk)
        results += walk.found
        scanned += walk.scanned
        isCut = walk.isCut
        resumeAt = walk.stoppedAt
    }
}

/// One slice of a search through the rows: what it looks for, what it found, what it read.
struct SearchWalk {
    let needle: String
    let limit: Int
    let budget: Int
    /// The top-level row the slice starts at; nil: the first.
    let resumeAt: RowPath?
    var found: [FieldTarget] = []
    var scanned = 0
    var isCut = false
    /// Where a slice cut short stopped: the top-level row the next slice starts at.
    var stoppedAt: RowPath?

    var isDone: Bool { found.count >= limit || isCut }

    /// Whether a row's title holds the query, or its place does (`placeMatches`, asked once a
    /// section: a nested form's place holds "›", which is folded each time it is compared).
    func matches(_ title: String, placeMatches: Bool) -> Bool {
        needle.isEmpty || placeMatches || SearchText.contains(title, needle)
    }

    /// Whether a row's other name (`Form.searchName`) holds the query.
    func matches(name: String?) -> Bool {
        name.map { SearchText.contains($0, needle) } ?? false
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

    /// A slice cuts between top-level rows: a nested form's rows (at most four forms deep) are
    /// read with the row that opens them. Where they are more than the slice has left, the next
    /// slice reads that row again with a slice of its own; more than a whole slice (a schema that
    /// refers to itself opens forms without end: renovate's searches never ended), the rest of
    /// them is not read. A nested row with its opener's title
    /// (a password's own editor) is the opener's: listed once, as "Account Password", not again
    /// as "Account Password › Account Password".
    private func collectTargets(
        in form: Form<State>, prefix: String, chain: [RowPath], walk: inout SearchWalk, depth: Int,
        opener: String? = nil
    ) {
        let state = draft.value
        let resume = depth == 0 ? walk.resumeAt : nil
        for (sectionIndex, section) in form.sections.enumerated() where section.isVisible(state) {
            if let resume, sectionIndex < resume.section { continue }
            let header = section.header(state) ?? ""
            let place = prefix.isEmpty ? header : (header.isEmpty ? prefix : "\(prefix) › \(header)")
            let placeMatches = !walk.needle.isEmpty && SearchText.contains(place, walk.needle)
            let sectionDisabled = section.isDisabled(state)
            for (groupIndex, group) in section.groups.enumerated() {
                let resumesHere = resume.map { $0.section == sectionIndex } ?? false
                if resumesHere, let resume, groupIndex < resume.group { continue }
                let count = group.count(state)
                guard count > 0 else { continue }
                let disabled = sectionDisabled || group.isDisabled?(state) == true
                let first = resumesHere && resume?.group == groupIndex ? min(count, resume?.index ?? 0) : 0
                for index in first..<count {
                    if walk.found.count >= walk.limit { return }
                    if walk.scanned >= walk.budget {
                        walk.isCut = true
                        // In a nested form, its top-level opener says where the next slice starts.
                        if depth == 0 {
                            walk.stoppedAt = RowPath(section: sectionIndex, group: groupIndex, index: index)
                        }
                        return
                    }
                    let before = (scanned: walk.scanned, found: walk.found.count)
                    walk.scanned += 1
                    let row = group.row(state, index)
                    guard row.isFocusable else { continue }
                    let path = chain + [RowPath(section: sectionIndex, group: groupIndex, index: index)]
                    if row.title != opener,
                        walk.matches(row.title, placeMatches: placeMatches)
                            || walk.matches(name: row.binding.flatMap { self.form.searchName?($0.keyPath) })
                    {
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
                            in: destination, prefix: inner, chain: path, walk: &walk, depth: depth + 1,
                            opener: row.title)
                        if depth == 0, walk.isCut, walk.stoppedAt == nil {
                            if before.scanned > 0 {
                                // Again from this row, with a whole slice.
                                walk.found.removeLast(walk.found.count - before.found)
                                walk.scanned = before.scanned
                                walk.stoppedAt = RowPath(
                                    section: sectionIndex, group: groupIndex, index: index)
                            } else {
                                walk.stoppedAt = RowPath(
                                    section: sectionIndex, group: groupIndex, index: index + 1)
                            }
                            return
                        }
                        if walk.isDone { return }
                    }
                }
            }
        }
    }
}
