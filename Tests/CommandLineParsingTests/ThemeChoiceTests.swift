import FormUI
import Foundation
import Testing

@testable import FormTerminal
@testable import formtui

/// Which theme a session draws in: the person's choices, then the spec's, then the terminal's
/// background, then dark.
struct ThemeChoiceTests {
    static func white() -> Theme.RGB? { Theme.RGB(255, 255, 255) }

    @Test func thePersonsChoicesComeBeforeTheSpecsAndTheTerminals() {
        var settings = SessionSettings()
        settings.specTheme = "high-contrast"
        #expect(settings.theme(environment: [:], background: Self.white).name == "high-contrast")
        #expect(settings.theme(environment: ["FORMTUI_THEME": "classic"]).name == "classic")
        settings.theme = "dark"
        #expect(
            settings.theme(environment: ["FORMTUI_THEME": "classic"], background: Self.white).name == "dark")
        // A FORMTUI_THEME that names no theme is passed over (with a warning at start).
        settings.theme = nil
        #expect(settings.theme(environment: ["FORMTUI_THEME": "ligth"]).name == "high-contrast")
        let warning = SessionSettings.environmentThemeProblem(["FORMTUI_THEME": "ligth"])
        #expect(warning?.contains("did you mean 'light'?") == true, "\(warning ?? "")")
        #expect(SessionSettings.environmentThemeProblem(["FORMTUI_THEME": "Light"]) == nil)
    }

    @Test func withNoChoiceTheDefaultFollowsTheBackground() {
        let settings = SessionSettings()
        var asked = 0
        let black = { () -> Theme.RGB? in
            asked += 1
            return Theme.RGB(0, 0, 0)
        }
        #expect(settings.theme(environment: [:], background: Self.white).name == "light")
        #expect(settings.theme(environment: [:], background: black).name == "dark")
        #expect(settings.theme(environment: [:]).name == "dark")
        // COLORFGBG says it already: the terminal is not asked.
        #expect(settings.theme(environment: ["COLORFGBG": "0;15"], background: black).name == "light")
        #expect(settings.theme(environment: ["COLORFGBG": "15;0"], background: Self.white).name == "dark")
        #expect(asked == 1)
        // A theme that draws the same on any background: not asked either.
        var named = settings
        named.specTheme = "classic"
        _ = named.theme(environment: [:], background: black)
        named.specTheme = "high-contrast"
        _ = named.theme(environment: [:], background: black)
        #expect(asked == 1)
    }

    @Test func aThemeNamedForTheOtherBackgroundPaintsItsOwn() {
        var settings = SessionSettings()
        settings.theme = "dark"
        #expect(settings.theme(environment: [:], background: Self.white).paintsCanvas, "dark on white")
        #expect(!settings.theme(environment: [:], background: { Theme.RGB(0, 0, 0) }).paintsCanvas)
        #expect(!settings.theme(environment: [:]).paintsCanvas, "a background not known: as it is")
        settings.theme = "light"
        #expect(settings.theme(environment: ["COLORFGBG": "15;0"]).paintsCanvas, "light on black")
        #expect(!settings.theme(environment: ["COLORFGBG": "0;15"]).paintsCanvas)
        // High contrast's white text never falls on a white terminal: it paints its black.
        settings.theme = "high-contrast"
        let theme = settings.theme(environment: [:], background: Self.white)
        #expect(theme.look(of: Style(.plain)).background != .terminalDefault)
        #expect(theme.colors(of: theme.look(of: Style(.header))).background == Theme.RGB(0, 0, 0))
        #expect(Theme.classic.fitted(toBackground: Theme.RGB(255, 255, 255)).paintsCanvas == false)
    }

    @Test func eightColorsOnWhiteKeepAFocusBarAndTextThatReads() {
        let looks = LowColorLooks(theme: .light, colorCount: 8)
        let focused = looks.look(of: Style(.value, highlighted: true))
        #expect(focused.attributes.contains(.reverse), "the focused row's bar, in reverse video")
        // Light's dark green switch, bold, is xterm's bright green: on white, the terminal's text.
        #expect(looks.look(of: Style(.on)).foreground == .terminalDefault)
        #expect(looks.look(of: Style(.header)).foreground == .blue, "blue reads on white")
        let dark = LowColorLooks(theme: .dark, colorCount: 8)
        #expect(dark.look(of: Style(.on)).foreground == .green, "bright green reads on black")
    }

    @Test func aBadThemeOptionSaysWhatItMeant() {
        var settings = SessionSettings()
        settings.theme = "hight-contrast"
        #expect(settings.problem?.hasSuffix("not 'hight-contrast'; did you mean 'high-contrast'?") == true)
    }

    @Test func lightAndDarkBackgrounds() {
        #expect(Theme.RGB(255, 255, 255).isLight)
        #expect(Theme.RGB(0xfd, 0xf6, 0xe3).isLight)  // Solarized light
        #expect(!Theme.RGB(0x00, 0x2b, 0x36).isLight)  // Solarized dark
        #expect(!Theme.RGB(0x1e, 0x1f, 0x22).isLight)
        #expect(!Theme.RGB(0x55, 0x55, 0x55).isLight)
    }

    @Test func onlyTerminalsThatMayAnswerAreAsked() {
        #expect(TerminalBackground.isWorthAsking(environment: ["TERM": "xterm-256color"]))
        #expect(TerminalBackground.isWorthAsking(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x"]))
        #expect(!TerminalBackground.isWorthAsking(environment: ["TERM": "linux"]))
        #expect(!TerminalBackground.isWorthAsking(environment: ["TERM": "vt100"]))
        #expect(!TerminalBackground.isWorthAsking(environment: [:]))
        #expect(!TerminalBackground.isWorthAsking(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    }

    @Test(arguments: [
        ("rgb:ffff/ffff/ffff", Theme.RGB(255, 255, 255)), ("rgb:ff/80/00", Theme.RGB(255, 128, 0)),
        ("rgb:f/8/0", Theme.RGB(255, 136, 0)), ("rgba:0000/2b2b/3636/ffff", Theme.RGB(0, 43, 54)),
        ("#1e1f22", Theme.RGB(0x1e, 0x1f, 0x22)),
    ])
    func colorAnswersAreRead(text: String, color: Theme.RGB) {
        #expect(TerminalBackground.Answer.color(Substring(text)) == color)
    }

    @Test func nonsenseIsNoColor() {
        for text in ["", "rgb:", "rgb:1/2", "cmy:1/2/3", "rgb:fffff/0/0", "rgb:zz/00/00"] {
            #expect(TerminalBackground.Answer.color(Substring(text)) == nil, "\(text)")
        }
    }
}

/// Where the zone of a form's local times is said after their titles.
struct LocalZoneTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let june = Date(timeIntervalSince1970: 1_748_736_000)

    @Test func aZoneNamedByTZOtherThanTheMachinesIsSaid() {
        let label = LocalZone.label(
            for: Self.tokyo, environment: ["TZ": "Asia/Tokyo"], machineZone: "Etc/UTC", now: Self.june)
        #expect(label == "JST" || label == "UTC+09:00", "\(label ?? "nil")")
        #expect(
            LocalZone.label(for: Self.tokyo, environment: ["TZ": ":Asia/Tokyo"], machineZone: "Europe/Paris")
                != nil)
    }

    @Test func theMachinesOwnZoneIsNotSaidUnlessItIsUTC() {
        #expect(LocalZone.label(for: Self.paris, environment: [:], machineZone: "Europe/Paris") == nil)
        #expect(
            LocalZone.label(for: Self.paris, environment: ["TZ": "Europe/Paris"], machineZone: "Europe/Paris")
                == nil)
        #expect(LocalZone.label(for: .gmt, environment: [:], machineZone: "Etc/UTC") == "UTC")
        #expect(LocalZone.label(for: .gmt, environment: [:], machineZone: nil) == "UTC")
    }

    @Test func aZoneWithoutAShortNameIsItsOffset() {
        let india = TimeZone(secondsFromGMT: 19_800)!
        let name = LocalZone.name(of: india, at: Self.june)
        #expect(name == "UTC+05:30" || name.allSatisfy(\.isLetter), "\(name)")
        #expect(LocalZone.name(of: TimeZone(secondsFromGMT: -12_600)!, at: Self.june).hasSuffix("03:30"))
    }
}
