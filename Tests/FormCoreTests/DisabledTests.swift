import Testing

@testable import FormCore

private struct Network: Equatable {
    var airplane = false
    var locked = false
    var wifi = true
    var proxy = ""
    var flags: [Bool] = []
    var devices: [String] = []
}

/// Counts how many rows a closure made.
private final class Made {
    var value = 0
}

private func form(made: Made = Made()) -> Form<Network> {
    Form(title: "Network") {
        Section(header: { "Devices (\($0.devices.count))" }) {
            Toggle("Airplane", \.airplane)
            Toggle("Wi-Fi", \.wifi).disabled(when: \.airplane)
            TextRow("Proxy", \.proxy, validate: { $0.isEmpty ? "Required." : nil }).disabled(when: {
                !$0.wifi
            })
        }
        Section("Flags") {
            ForEach(\Network.flags) { index, _ in
                made.value += 1
                return Toggle("Flag \(index)", \Network.flags[index])
            }
            .disabled(when: \.airplane)
        }
        Section("Locked", disabled: \.locked) {
            Toggle("Lock", \.locked)
            TextRow("Name", \.proxy, validate: { _ in "Never right." })
        }
        Section("End") { Toggle("Last", \.wifi) }
    }
}

private func title(_ layout: FormLayout<Network>, _ line: Int?) -> String? {
    line.flatMap { layout.line($0).row?.row.title }
}

@Suite("Disabled rows and sections: dim, passed over by focus, not validated")
struct DisabledTests {
    @Test("A row, a group and a section are disabled while their condition holds")
    func isDisabled() {
        let airplane = form().layout(for: Network(airplane: true, locked: true))
        #expect(!airplane.isDisabled(RowPath(section: 0, group: 0, index: 0)))
        #expect(airplane.isDisabled(RowPath(section: 0, group: 1, index: 0)))
        #expect(!airplane.isDisabled(RowPath(section: 0, group: 2, index: 0)))
        #expect(airplane.isDisabled(RowPath(section: 2, group: 0, index: 0)))
        #expect(airplane.isDisabled(RowPath(section: 2, group: 1, index: 0)))
        let normal = form().layout(for: Network(wifi: false))
        #expect(!normal.isDisabled(RowPath(section: 0, group: 1, index: 0)))
        #expect(normal.isDisabled(RowPath(section: 0, group: 2, index: 0)))
        #expect(!normal.isDisabled(RowPath(section: 2, group: 0, index: 0)))
    }

    @Test("Two conditions on one group both disable it")
    func chained() {
        let group = Toggle<Network>("Wi-Fi", \.wifi).disabled(when: \.airplane).disabled(when: \.locked)
        #expect(group.isDisabled?(Network()) == false)
        #expect(group.isDisabled?(Network(airplane: true)) == true)
        #expect(group.isDisabled?(Network(locked: true)) == true)
    }

    @Test("Focus passes over disabled rows and whole disabled sections, both ways")
    func focusSkips() {
        let layout = form().layout(for: Network(airplane: true, locked: true, flags: [true, false]))
        // Airplane, [Wi-Fi], Proxy | Flags (disabled) | Locked (disabled) | Last
        let airplane = layout.focusableLine(from: 0, direction: 1)
        #expect(title(layout, airplane) == "Airplane")
        let proxy = layout.focusableLine(from: airplane! + 1, direction: 1)
        #expect(title(layout, proxy) == "Proxy")
        let last = layout.focusableLine(from: proxy! + 1, direction: 1)
        #expect(title(layout, last) == "Last")
        #expect(title(layout, layout.focusableLine(from: last! - 1, direction: -1)) == "Proxy")
        #expect(title(layout, layout.focusableLine(from: proxy! - 1, direction: -1)) == "Airplane")
        #expect(layout.focusableLine(from: last! + 1, direction: 1) == nil)
        #expect(title(layout, layout.focusableLine(from: layout.count - 1, direction: -1)) == "Last")
    }

    @Test("A disabled ForEach of a million rows is passed over by making one row, not a million")
    func millionSkipped() {
        let made = Made()
        let state = Network(airplane: true, flags: Array(repeating: false, count: 1_000_000))
        let layout = form(made: made).layout(for: state)
        let proxy = layout.index(of: RowPath(section: 0, group: 2, index: 0))!
        made.value = 0
        let next = layout.focusableLine(from: proxy + 1, direction: 1)
        #expect(title(layout, next) == "Lock")
        #expect(made.value <= 1)
        made.value = 0
        let back = layout.focusableLine(from: next! - 1, direction: -1)
        #expect(title(layout, back) == "Proxy")
        #expect(made.value <= 1)
        // From the middle of the list, as after End or PgDn landed there.
        made.value = 0
        #expect(title(layout, layout.focusableLine(from: proxy + 500_000, direction: 1)) == "Lock")
        #expect(made.value <= 1)
    }

    @Test("Disabled rows and sections are not validated; enabled ones are")
    func validation() {
        let all = form().validationMessages(for: Network())
        #expect(all[RowPath(section: 0, group: 2, index: 0)] == "Required.")
        #expect(all[RowPath(section: 2, group: 1, index: 0)] == "Never right.")
        let disabled = form().validationMessages(for: Network(locked: true, wifi: false))
        #expect(disabled.isEmpty)
    }

    @Test("A header computed from the state follows it")
    func header() {
        let layout = form().layout(for: Network(devices: ["a", "b"]))
        guard case .header(let text) = layout.line(0) else {
            Issue.record("line 0 is not a header")
            return
        }
        #expect(text == "Devices (2)")
        guard case .header(let none) = form().layout(for: Network()).line(0) else { return }
        #expect(none == "Devices (0)")
    }
}
