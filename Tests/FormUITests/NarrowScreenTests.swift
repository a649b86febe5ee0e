import FormCore
import Testing

@testable import FormUI

/// At 40 and 30 columns a section's values line up after its widest title, titles and values
/// too long for the room end in "…", and footers wrap rather than stop mid-phrase.
@Suite("Narrow screens: one value column a section, long text cut with an ellipsis")
struct NarrowScreenTests {
    struct Profile: Equatable {
        var nickname = "ada"
        var token = "t0k3n"
        var password = ""
        var bio = "Mathematician and writer, first to publish a program for a machine"
        var notify = true
        var volume = 40
    }

    static func form() -> Form<Profile> {
        Form(title: "Profile") {
            Section("Text", footer: "The nickname is shown to everyone who opens the shared document.") {
                TextRow("Nickname", \.nickname)
                TextRow("API Token", \.token, secure: true)
                PasswordRow("Account Password", \.password)
                TextRow("Biography", \.bio)
                Toggle("Notify me of every change", \.notify)
                SliderRow("Volume", \.volume, in: 0...100, step: 5) { "\($0) %" }
            }
        }
    }

    static func lines(width: Int) -> [String] {
        let app = App(root: FormScreen(form: form(), store: StateStore(Profile()), mode: .edit))
        return app.render(size: Size(width: width, height: 16)).lines
    }

    /// The column the value of the row titled `title` starts at: after the title and its gap.
    static func valueColumn(of title: String, in lines: [String]) throws -> Int {
        let prefix = String(title.prefix(6))
        let line = try #require(lines.first { $0.dropFirst(2).hasPrefix(prefix) }, "\(title) in \(lines)")
        let characters = Array(line)
        var index = 2
        while index < characters.count, characters[index] != " " || characters[index + 1] != " " {
            index += 1
        }
        while index < characters.count, characters[index] == " " { index += 1 }
        return index
    }

    @Test("a segmented row's first option starts in the value column, its space or bracket before it")
    func segmentsLineUp() throws {
        struct Editor: Equatable {
            var font = "JetBrains Mono"
            var telemetry = "off"
        }
        for telemetry in ["off", "all"] {
            let form = Form<Editor>(title: "Editor") {
                Section {
                    TextRow("Font family", \.font)
                    SegmentedRow("Telemetry", \.telemetry, options: ["all", "error", "off"])
                }
            }
            let app = App(
                root: FormScreen(form: form, store: StateStore(Editor(telemetry: telemetry)), mode: .edit))
            let lines = app.render(size: Size(width: 80, height: 12)).lines
            let font = try #require(lines.first { $0.contains("Font family") })
            let segments = try #require(lines.first { $0.contains("Telemetry") })
            let column = try #require(Array(font).firstIndex(of: "J"))
            #expect(Array(segments)[column...].starts(with: "all"), "\(lines.joined(separator: "\n"))")
            #expect(Array(segments)[column - 1] == (telemetry == "all" ? "[" : " "))
        }
    }

    @Test("every value of a section starts in one column", arguments: [30, 40, 80])
    func valuesLineUp(width: Int) throws {
        let lines = Self.lines(width: width)
        // A slider too narrow for its bar pads its value to its widest ("100 %"), so it is
        // measured where the bar is drawn, from 40 columns.
        let titles = ["Nickname", "API Token", "Biography", "Notify"] + (width >= 40 ? ["Volume"] : [])
        let columns = try titles.map {
            try Self.valueColumn(of: $0, in: lines)
        }
        #expect(Set(columns).count == 1, "at \(width) columns: \(columns)\n\(lines.joined(separator: "\n"))")
    }

    @Test("a title or a value too long for its room ends in an ellipsis", arguments: [30, 40])
    func longTextIsCutWithAnEllipsis(width: Int) throws {
        let lines = Self.lines(width: width)
        let bio = try #require(lines.first { $0.contains("Biogr") })
        #expect(bio.trimmingTrailingSpaces.hasSuffix("…"), "\(bio)")
        #expect(lines.allSatisfy { $0.count <= width })
        let password = try #require(lines.first { $0.contains("Account") })
        // Its " ›" stays when the value before it is cut.
        #expect(password.hasSuffix(width == 30 ? "Not s… ›" : "Not set ›"), "\(password)")
        if width == 30 {
            // The widest title leaves its section's values no room: it is the one cut.
            let notify = try #require(lines.first { $0.contains("Notify") })
            #expect(notify.contains("…  ━━● On"), "\(notify)")
        }
    }

    @Test("a footer wraps at a space, each of its words whole", arguments: [30, 40])
    func footersWrap(width: Int) throws {
        let lines = Self.lines(width: width)
        let start = try #require(lines.firstIndex { $0.contains("The nickname") })
        let footer = lines[start...].prefix { !$0.trimmingTrailingSpaces.isEmpty }
            .map { $0.trimmingTrailingSpaces.drop { $0 == " " } }
        #expect(footer.count > 1)
        #expect(
            footer.joined(separator: " ")
                == "The nickname is shown to everyone who opens the shared document.",
            "\(footer)")
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
