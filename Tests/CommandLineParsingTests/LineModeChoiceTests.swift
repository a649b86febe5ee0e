import Testing

@testable import formtui

/// When the line mode is chosen: asked for, or a terminal that cannot be drawn on; never for a
/// key script.
struct LineModeChoiceTests {
    @Test func askedForItIsChosenWhateverTheTerminal() {
        var settings = SessionSettings()
        settings.accessible = true
        #expect(SessionPlayback.asksLineByLine(settings, environment: ["TERM": "xterm-256color"]))
        #expect(
            SessionPlayback.asksLineByLine(
                SessionSettings(), environment: ["TERM": "xterm", "FORMTUI_ACCESSIBLE": "1"]))
        #expect(
            !SessionPlayback.asksLineByLine(
                SessionSettings(), environment: ["TERM": "xterm", "FORMTUI_ACCESSIBLE": "0"]))
    }

    @Test func aKeyScriptKeepsTheScreenEvenWithTheEnvironmentVariable() {
        var settings = SessionSettings()
        settings.script = "x.keys"
        #expect(!SessionPlayback.asksLineByLine(settings, environment: ["FORMTUI_ACCESSIBLE": "1"]))
        #expect(!SessionPlayback.asksLineByLine(settings, environment: ["TERM": "dumb"]))
        settings.headless = true
        #expect(!SessionPlayback.asksLineByLine(settings, environment: [:]))
    }
}
