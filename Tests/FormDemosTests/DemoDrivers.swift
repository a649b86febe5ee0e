import FormCore
import FormDemos
import FormTestSupport
import FormUI

typealias PreferencesSession = FormDriver<Preferences>

extension FormDriver where State == Preferences {
    convenience init(
        saved: Preferences = Preferences(), size: Size,
        persist: @escaping (Preferences) throws -> Void = { _ in }
    ) {
        self.init(saved: saved, size: size, persist: persist) { PreferencesDemo.summaryScreen(store: $0) }
    }
}

extension FormDriver where State == Hotspot {
    convenience init(
        saved: Hotspot = Hotspot(), size: Size, persist: @escaping (Hotspot) throws -> Void = { _ in }
    ) {
        self.init(saved: saved, size: size, persist: persist) { HotspotDemo.screen(store: $0) }
    }
}
