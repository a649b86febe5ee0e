import FormTUI
import Testing

@Suite struct FormResultTests {
    @Test func exitStatusesAreTheCommandsOwn() {
        #expect(FormResult.saved(Hotspot()).exitStatus == 0)
        #expect(FormResult<Hotspot>.cancelled.exitStatus == 1)
        #expect(FormResult<Hotspot>.interrupted(signal: 2).exitStatus == 130)
        #expect(FormResult<Hotspot>.interrupted(signal: 15).savedState == nil)
        #expect(FormResult.saved(Hotspot(enabled: true)).savedState?.enabled == true)
    }

    @Test func theEnvironmentChoosesTheTheme() {
        #expect(Theme.preferred(environment: [:]).name == Theme.standard.name)
        #expect(Theme.preferred(environment: ["FORMTUI_THEME": "light"]).name == "light")
        #expect(Theme.preferred(environment: ["COLORFGBG": "0;15"]).name == "light")
        #expect(Theme.preferred(environment: ["COLORFGBG": "15;0"]).name == Theme.standard.name)
        #expect(Theme.preferred(environment: ["FORMTUI_THEME": "nope", "COLORFGBG": "0;7"]).name == "light")
    }
}
