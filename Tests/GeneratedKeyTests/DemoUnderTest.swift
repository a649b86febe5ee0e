import FormCore
import FormDemos
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A demo as the generated sessions drive it: its starting states and its root screen.
struct DemoUnderTest<State: Codable & Equatable & Sendable>: Sendable {
    var name: String
    /// States a session may start from: the demo's default first, then ones that open other
    /// paths (a hotspot already on, a registration already filled in).
    var starts: [State]
    var makeRoot: @Sendable (StateStore<State>) -> Screen
}

/// 2026-11-23 12:00 UTC: "now" for the demos that ask, so that a seed replays the same session.
let fixedNow = Date(timeIntervalSince1970: 1_795_435_200)

enum Demos {
    static let preferences = DemoUnderTest(
        name: "preferences",
        starts: [Preferences(), Preferences(autoRefresh: false, playSounds: true, showPhotos: false)],
        makeRoot: { PreferencesDemo.summaryScreen(store: $0) })

    static let hotspot = DemoUnderTest(
        name: "hotspot",
        starts: [Hotspot(), Hotspot(enabled: true, password: "correct horse", networkName: "Ada’s 📱")],
        makeRoot: { HotspotDemo.screen(store: $0) })

    static let registration = DemoUnderTest(
        name: "registration",
        starts: [
            Registration(),
            Registration(
                fullName: "Ada Lovelace", email: "ada@example.com", password: "analytical",
                birthday: Date(timeIntervalSince1970: -4_952_880_000), twoFactor: true,
                country: "United Kingdom"),
        ],
        makeRoot: { RegistrationDemo.screen(store: $0, now: { fixedNow }) })

    static let showcase = DemoUnderTest(
        name: "showcase",
        starts: [Showcase(), emptyShowcase],
        makeRoot: { ShowcaseDemo.screen(store: $0, now: { fixedNow }) })

    /// The showcase with its optional values unset and its lists empty: the edges of each row.
    static var emptyShowcase: Showcase {
        var state = Showcase()
        state.nickname = ""
        state.bio = ""
        state.age = nil
        state.tags = []
        state.toppings = []
        state.offline = false
        state.guests = 12
        state.volume = 0
        return state
    }
}
