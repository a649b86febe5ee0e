/// Text compared as a person means it: without case or accents, so that "cote" finds "Côte
/// d'Ivoire". The one rule of a list's filter and of the jump search.
///
/// ```swift
/// TextFolding.fold("Côte d'Ivoire")  // "cote d'ivoire"
/// ```
package enum TextFolding {
    /// `text` lowercased, with the accents of Latin letters taken off and combining marks dropped.
    package static func fold(_ text: String) -> String {
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
