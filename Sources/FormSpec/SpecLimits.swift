/// What a spec, a values file or a state file may hold. A file beyond one of these is refused
/// before it can exhaust the stack, the memory or the user's patience: `formtui form` says which
/// limit, where, and exits with status 3.
///
/// ```swift
/// SpecLimits.depth // 64 levels of lists and tables inside one another
/// ```
public enum SpecLimits {
    /// Lists and tables inside one another (a spec's form rows nest four levels each).
    public static let depth = 64
    /// A spec file's size in bytes.
    public static let specBytes = 64 << 20
    /// A `--values` or `--state` file's size in bytes.
    public static let valuesBytes = 16 << 20
    /// Values of any kind (scalars, lists, tables) in one file, aliases counted as copies.
    public static let nodes = 8_000_000
    /// The length of one text, in bytes of UTF-8.
    public static let textBytes = 1 << 20
    /// The length of a text the spec shows (a title, header, footer, option, placeholder,
    /// label), in bytes of UTF-8: a screen shows a few hundred characters at most.
    public static let shownTextBytes = 4_096
    /// Rows in a spec, every sub-form's counted.
    public static let rows = 1_000_000
    /// Options of one row.
    public static let options = 1_000_000
    /// The length of a row's `pattern`, in characters.
    public static let patternLength = 1_000
    /// The largest magnitude a `min`, `max`, `step` or default may have: every whole number up
    /// to it is exact in a Double and fits in an Int.
    public static let magnitude = 1e15
    /// A multiline row's `lines`.
    public static let lines = 1...100

    /// An options file larger than this is said as it is read (`SpecReader.progress`): at about
    /// 60,000 lines it is where reading starts to be a pause a person notices.
    public static let optionsFileNoted = 1 << 20

    /// A count with its thousands apart ("1,000,000 options").
    static func count(_ count: Int) -> String {
        let digits = Array(String(count))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// "1 MB", "64 levels": a limit as said in messages.
    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MB" : count >= 1 << 10 ? "\(count >> 10) KB" : "\(count) bytes"
    }
}
