/// One-column ASCII stand-ins for what a terminal whose locale is not UTF-8 cannot show.
///
/// Every character gets exactly one printable ASCII character, so that a row keeps its columns:
/// a two-column character keeps its two columns as the stand-in and a blank.
enum AsciiGlyphs {
    /// `character` itself when it is printable ASCII, else its stand-in, or `?` when it has none.
    static func standIn(for character: Character) -> Unicode.Scalar {
        guard let scalar = character.unicodeScalars.first else { return " " }
        return standIn(for: scalar)
    }

    static func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x20..<0x7F: return scalar
        case 0x2500...0x257F: return boxDrawing(scalar.value)
        default: return table[scalar] ?? "?"
        }
    }

    /// Box lines: straight ones as `-` and `|` (heavy horizontal `=`), every corner, tee and cross as `+`.
    private static func boxDrawing(_ value: UInt32) -> Unicode.Scalar {
        switch value {
        // Heavy: a switch's or a slider's filled track, which must not read as its empty part.
        case 0x2501: return "="
        case 0x2500, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2574, 0x2576, 0x2578,
            0x257A, 0x257C, 0x257E:
            return "-"
        case 0x2550: return "="
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577,
            0x2579, 0x257B, 0x257D, 0x257F:
            return "|"
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2573: return "X"
        default: return "+"
        }
    }

    private static let table: [Unicode.Scalar: Unicode.Scalar] = [
        // Spaces and punctuation.
        "\u{A0}": " ", "\u{2007}": " ", "\u{2009}": " ", "\u{202F}": " ",
        "\u{2010}": "-", "\u{2011}": "-", "\u{2012}": "-", "\u{2013}": "-", "\u{2014}": "-",
        "\u{2212}": "-", "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
        "\u{2039}": "<", "\u{203A}": ">", "\u{AB}": "<", "\u{BB}": ">",
        // One column cannot hold "...": the tilde still says "there is more".
        "\u{2026}": "~",
        "\u{B7}": ".", "\u{2022}": "*", "\u{2023}": ">", "\u{2043}": "-", "\u{D7}": "x",
        // Arrows and pointers.
        "\u{2190}": "<", "\u{2191}": "^", "\u{2192}": ">", "\u{2193}": "v", "\u{2194}": "-",
        "\u{2195}": "|", "\u{21D0}": "<", "\u{21D1}": "^", "\u{21D2}": ">", "\u{21D3}": "v",
        "\u{25B2}": "^", "\u{25B4}": "^", "\u{25B6}": ">", "\u{25B8}": ">", "\u{25BA}": ">",
        "\u{25BC}": "v", "\u{25BE}": "v", "\u{25C0}": "<", "\u{25C2}": "<", "\u{25C4}": "<",
        // Marks and dots.
        "\u{2713}": "x", "\u{2714}": "x", "\u{2717}": "x", "\u{2718}": "x",
        "\u{25CF}": "*", "\u{25C9}": "*", "\u{25CB}": "o", "\u{25E6}": "o", "\u{2605}": "*",
        // An empty star is not a filled one: `***..` for three of five.
        "\u{2606}": ".",
        // Blocks and bars: filled as `#`, shades by density, empty as `-`.
        "\u{2588}": "#", "\u{2589}": "#", "\u{258A}": "#", "\u{258B}": "#", "\u{258C}": "#",
        "\u{258D}": "#", "\u{258E}": "#", "\u{258F}": "#", "\u{2590}": "#", "\u{2580}": "#",
        "\u{2584}": "#", "\u{2593}": "#", "\u{2592}": ":", "\u{2591}": ".",
        "\u{25AE}": "#", "\u{25A0}": "#", "\u{25AF}": "-", "\u{25A1}": "-",
    ]
}
