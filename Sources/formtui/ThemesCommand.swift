import ArgumentParser
import FormCore
import FormTUI
import FormTerminal
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// `formtui themes`: each theme's name and a sample form drawn in it, as colored text.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "Show each theme on a sample form.",
        discussion: """
            Pick one with --theme NAME on any command, or FORMTUI_THEME=NAME. dark suits a dark \
            terminal background and light a light one; high-contrast keeps every text at 7:1 or \
            more; classic uses only the 16 ANSI colors. NO_COLOR draws with attributes only.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The sample's size.", valueName: "WxH"))
    var size: String = "64x12"

    func validate() throws {
        guard Size(parsing: size) != nil else {
            throw ValidationError("--size must look like 64x12, not '\(size)'")
        }
    }

    func run() {
        let size = Size(parsing: size) ?? Size(width: 64, height: 12)
        // Colors only for a terminal (a file or a pipe gets the text), drawn as a form in it
        // would be: fitted to the terminal's background, where the terminal says what it is.
        let colored = isatty(STDOUT_FILENO) == 1
        let environment = ProcessEnvironment.values(SessionSettings.themeVariables)
        let background =
            colored ? Theme.terminalBackground(environment: environment, onControllingTerminal: false) : nil
        print(Self.previews(size: size, colored: colored, background: background), terminator: "")
    }

    /// Each theme's name and the sample drawn in it: as escape codes for `colored`, each theme as
    /// it is drawn on a terminal of `background` (nil: not known), else as plain text.
    static func previews(size: Size, colored: Bool, background: Theme.RGB?) -> String {
        let sample = sample(size: size)
        var text = ""
        for theme in Theme.all {
            text += theme.name + (theme.name == Theme.standard.name ? " (the default)" : "") + "\n"
            let lines =
                colored
                ? ANSIText.lines(of: sample, theme: theme.fitted(toBackground: background)) : sample.lines
            text += lines.joined(separator: "\n") + "\n\n"
        }
        return text
    }

    struct Sample: Equatable {
        var notifications = true
        var name = ""
        var volume = 70.0
        var size = "M"
    }

    /// A small form, its second row focused and something changed.
    static func sample(size: Size) -> Canvas {
        let form = Form<Sample>(title: "Sample") {
            Section("Account", footer: "A footer says more about the section.") {
                Toggle("Notifications", \.notifications)
                TextRow("Full Name", \.name, placeholder: "First and last", required: true)
                SliderRow("Volume", \.volume, in: 0...100, step: 5) { "\(Int($0)) %" }
                SegmentedRow("Size", \.size, options: ["S", "M", "L"]) { $0 }
            }
        }
        let screen = FormScreen(form: form, store: StateStore(Sample()), mode: .edit)
        let app = App(root: screen)
        app.handle(Key.character(" "))
        app.handle(Key.down)
        return app.render(size: size)
    }
}
