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
/// Lazy: the rows are walked in order only until `limit` of them match, so that a form of a
/// million rows shows its first matches at once (a query that few rows match walks further).
public final class FieldSearch {
    /// At most this many matches are listed.
    public let limit: Int
    private let walk: (_ matches: (String, String) -> Bool, _ limit: Int) -> [FieldTarget]
    public private(set) var query = ""
    public private(set) var results: [FieldTarget] = []

    init(limit: Int = 200, walk: @escaping ((String, String) -> Bool, Int) -> [FieldTarget]) {
        self.limit = limit
        self.walk = walk
        search("")
    }

    /// Lists the rows whose title, or section header, holds `query`.
    public func search(_ query: String) {
        self.query = query
        let needle = SearchText.fold(query)
        results = walk(
            { title, place in
                needle.isEmpty || SearchText.contains(title, needle) || SearchText.contains(place, needle)
            }, limit)
    }
}

/// Text compared as the search compares it: without case or accents.
enum SearchText {
    /// `text` lowercased, with the accents of Latin letters taken off and combining marks dropped.
    static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else if let base = latinBase[scalar] {
                folded.append(contentsOf: base.unicodeScalars)
            } else {
                folded.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(folded)
    }

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

    /// The Latin letters with accents, Latin-1 and Latin Extended-A, and the letters they are on.
    private static let latinBase: [Unicode.Scalar: String] = {
        let table: [(String, String)] = [
            ("ÀÁÂÃÄÅàáâãäåĀāĂăĄą", "a"), ("ÇçĆćĈĉĊċČč", "c"), ("ĎďĐđÐð", "d"),
            ("ÈÉÊËèéêëĒēĔĕĖėĘęĚě", "e"), ("ĜĝĞğĠġĢģ", "g"), ("ĤĥĦħ", "h"),
            ("ÌÍÎÏìíîïĨĩĪīĬĭĮįİı", "i"), ("Ĵĵ", "j"), ("Ķķ", "k"), ("ĹĺĻļĽľĿŀŁł", "l"),
            ("ÑñŃńŅņŇň", "n"), ("ÒÓÔÕÖØòóôõöøŌōŎŏŐő", "o"), ("ŔŕŖŗŘř", "r"),
            ("ŚśŜŝŞşŠš", "s"), ("ŢţŤťŦŧ", "t"), ("ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų", "u"), ("Ŵŵ", "w"),
            ("ÝýÿŶŷŸ", "y"), ("ŹźŻżŽž", "z"), ("Ææ", "ae"), ("Œœ", "oe"), ("ß", "ss"), ("Þþ", "th"),
        ]
        var map: [Unicode.Scalar: String] = [:]
        for (letters, base) in table {
            for scalar in letters.unicodeScalars { map[scalar] = base }
        }
        return map
    }()
}

extension FormEditor {
    /// The search Ctrl-G opens, over this form as the draft shows it.
    public func fieldSearch() -> FieldSearch {
        FieldSearch { [weak self] matches, limit in
            guard let self else { return [] }
            var found: [FieldTarget] = []
            self.collectTargets(
                in: self.form, prefix: "", chain: [], matches: matches, limit: limit, into: &found, depth: 0)
            return found
        }
    }

    private func collectTargets(
        in form: Form<State>, prefix: String, chain: [RowPath], matches: (String, String) -> Bool, limit: Int,
        into found: inout [FieldTarget], depth: Int
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
                    if found.count >= limit { return }
                    let row = group.row(state, index)
                    guard row.isFocusable else { continue }
                    let path = chain + [RowPath(section: sectionIndex, group: groupIndex, index: index)]
                    if matches(row.title, place) {
                        found.append(
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
                            in: destination, prefix: inner, chain: path, matches: matches, limit: limit,
                            into: &found, depth: depth + 1)
                    }
                }
            }
        }
    }
}
