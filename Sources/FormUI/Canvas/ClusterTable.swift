import Synchronization

/// The grapheme clusters too long to sit inline in a `CanvasCell`, each kept once under a number
/// for the life of the process.
///
/// Append-only, so that a number once handed out always means the same cluster and equal
/// clusters get equal numbers: cells stay plain data that compare by their bytes. Such clusters
/// (flags, ZWJ and keycap sequences, letters with several accents) are few in any one program, so
/// the table stays small. Keys are the clusters' UTF-8 bytes, not `Character`s, whose equality is
/// canonical equivalence: two spellings of one cluster are drawn as sent, so they stay two.
///
/// ```swift
/// let number = ClusterTable.shared.number(of: "👩‍💻")
/// ClusterTable.shared.character(numbered: number)  // "👩‍💻"
/// ```
final class ClusterTable: Sendable {
    static let shared = ClusterTable()

    private struct Contents {
        var numbers: [[UInt8]: UInt32] = [:]
        var clusters: [Character] = []
    }

    private let contents = Mutex(Contents())

    /// The number of `character`, given it the first time it is asked for.
    func number(of character: Character) -> UInt32 {
        number(of: character, utf8: Array(character.utf8))
    }

    /// The number of `character`, whose UTF-8 bytes are `utf8`.
    func number(of character: Character, utf8 key: [UInt8]) -> UInt32 {
        contents.withLock { contents in
            if let number = contents.numbers[key] { return number }
            let number = UInt32(contents.clusters.count)
            contents.clusters.append(character)
            contents.numbers[key] = number
            return number
        }
    }

    /// The cluster numbered `number` by `number(of:)`.
    func character(numbered number: UInt32) -> Character {
        contents.withLock { $0.clusters[Int(number)] }
    }

    /// How many clusters the table holds.
    var count: Int {
        contents.withLock { $0.clusters.count }
    }
}
