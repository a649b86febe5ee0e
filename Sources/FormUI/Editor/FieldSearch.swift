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
/// The best matches come first: a title that is the query, then titles that start with it,
/// then those with a word that does ("alwaysStrict" and "no strict checks" for "strict"), then
/// the rest, each kind in the form's order. A search read on in slices ranks each slice's
/// matches after the last slice's, so that a line the person is choosing never moves.
///
/// In slices: a search reads the rows in order, `slice` of them at a time, until `limit` of
/// them match or the form ends. `search(_:)` reads the first slice at once (a key in a form of a
/// million rows costs a bounded time: a row's title costs making the row); while `isCut` says
/// rows are left, `searchOn()` reads the next slice from where the last one stopped, inside a
/// nested form too, which the jump screen does while the person waits, a frame after each
/// (`Screen.workWhileIdle`). So a rare title at the end of a million rows is found by the
/// search itself, every row read once.
///
/// Nested forms are read with the row that opens them. One its row names
/// (`FormRow.destinationNames(in:)`) is read once for its names, however deep: a schema that
/// refers to itself names the same settings at every depth, and its search ends. An unnamed
/// one is read four forms deep at most, a slice of rows at most below each row of the form
/// searched, the rest of it left out.
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
    /// Makes the reader of one search: it keeps its place between slices.
    private let start: () -> (inout SearchWalk) -> Void
    private var reader: ((inout SearchWalk) -> Void)?
    public private(set) var query = ""
    public private(set) var results: [FieldTarget] = []
    /// Whether the search stopped at the end of a slice with rows left to read.
    public private(set) var isCut = false
    /// How many rows the search read so far, over all its slices.
    public private(set) var scanned = 0

    init(limit: Int = 200, slice: Int = 5_000, start: @escaping () -> (inout SearchWalk) -> Void) {
        self.limit = limit
        self.slice = slice
        self.start = start
        search("")
    }

    /// Lists the rows whose title, or section header, holds `query`: the first slice's.
    public func search(_ query: String) {
        self.query = query
        results = []
        scanned = 0
        reader = start()
        read()
    }

    /// Reads the next slice of a search cut short, adding its matches; nothing when the search
    /// is done.
    public func searchOn() {
        guard isCut else { return }
        read()
    }

    private func read() {
        guard let reader else { return }
        var walk = SearchWalk(needle: SearchText.fold(query), limit: limit - results.count, budget: slice)
        reader(&walk)
        results += SearchText.ranked(walk.found, by: walk.needle)
        scanned += walk.scanned
        isCut = walk.isCut
        // A search done lets go of the forms it was inside of.
        if !isCut { self.reader = nil }
    }
}

/// One slice of a search through the rows: what it looks for, what it found, what it read.
struct SearchWalk {
    let needle: String
    let limit: Int
    let budget: Int
    var found: [FieldTarget] = []
    var scanned = 0
    var isCut = false

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

/// How well a row's title holds a query, best first.
enum MatchRank: Int, Comparable {
    /// The title is the query.
    case whole
    /// The title starts with it.
    case start
    /// One of the title's words starts with it: after a space or a sign, or at a capital that
    /// follows a small letter ("Strict" in "alwaysStrict").
    case wordStart
    /// It is inside a word of the title.
    case inside
    /// Not in the title: the row's section header or other name holds it.
    case elsewhere

    static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Text compared as the search compares it: without case or accents.
enum SearchText {
    /// `found` with the best matches of the folded `needle` first (`MatchRank`), each rank in the
    /// order found.
    static func ranked(_ found: [FieldTarget], by needle: String) -> [FieldTarget] {
        guard !needle.isEmpty, found.count > 1 else { return found }
        return found.enumerated()
            .map { (rank: rank(of: needle, in: $0.element.title), offset: $0.offset, target: $0.element) }
            .sorted { ($0.rank, $0.offset) < ($1.rank, $1.offset) }
            .map(\.target)
    }

    /// Where the folded `needle` stands in `title` at its best.
    static func rank(of needle: String, in title: String) -> MatchRank {
        let needle = Array(needle.utf8)
        let original = Array(title.utf8)
        let folded = Array(fold(title).utf8)
        guard !needle.isEmpty, folded.count >= needle.count else { return .elsewhere }
        // A capital after a small letter is a word's start only where the folded title's bytes
        // stand where the title's do (ASCII).
        let cases = folded.count == original.count ? original : nil
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
        }
        func startsAWord(_ index: Int) -> Bool {
            if !isLetterOrDigit(folded[index - 1]) { return true }
            guard let cases else { return false }
            let (before, at) = (cases[index - 1], cases[index])
            return before >= 0x61 && before <= 0x7A && at >= 0x41 && at <= 0x5A
        }
        var best = MatchRank.elsewhere
        for start in 0...(folded.count - needle.count)
        where folded[start] == needle[0] && folded[start..<start + needle.count].elementsEqual(needle) {
            if start == 0 { return folded.count == needle.count ? .whole : .start }
            best = min(best, startsAWord(start) ? .wordStart : .inside)
            // Only the first place can rank better than a word's start.
            if best == .wordStart { break }
        }
        return best
    }

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
        FieldSearch { [weak self] in
            guard let self else { return { _ in } }
            let rows = SearchRows(editor: self)
            return { rows.read(&$0) }
        }
    }
}
