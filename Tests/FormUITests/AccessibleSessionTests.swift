import FormCore
import FormUI
import Foundation
import Testing

/// The line mode: a form asked as plain questions, answers read from lines, no escape sequence.
@Suite("AccessibleSession: a form asked line by line")
struct AccessibleSessionTests {
    struct Everything: Equatable {
        var notify = false
        var name = ""
        var token = ""
        var password = ""
        var bio = ""
        var age: Int?
        var guests = 2
        var volume = 50
        var birthday: Date?
        var alarm = Date(timeIntervalSince1970: 9 * 3600)
        var size = "M"
        var hours = 1
        var minutes = 30
        var theme = "Light"
        var country = "Sweden"
        var toppings: Set<String> = []
        var tags: [String] = ["one"]
        var advanced = false
        var port = 22
        var pressed = 0
    }

    static let countries = ["France", "Japan", "Sweden", "Switzerland"]

    static func form() -> Form<Everything> {
        Form(title: "Everything") {
            Section("Basics", footer: "Footers are read out.") {
                Toggle("Notify", \.notify)
                TextRow("Name", \.name, placeholder: "Ada", required: true)
                TextRow("Token", \.token, secure: true)
                PasswordRow("Password", \.password) { $0.isEmpty || $0.count >= 4 ? nil : "At least 4." }
                MultilineTextRow("Bio", \.bio)
                NumberRow("Age", \.age, min: 0, max: 150)
            }
            Section("Ranges") {
                StepperRow("Guests", \.guests, in: 1...12, step: 2)
                SliderRow("Volume", \.volume, in: 0...100, step: 5)
            }
            Section("Dates") {
                DateRow("Birthday", \.birthday, mode: .date)
                DateRow("Alarm", \.alarm, mode: .time)
            }
            Section("Choices") {
                InlinePickerRow("Size", \.size, options: ["S", "M", "L"])
                InlinePickerRow(
                    "Duration",
                    components: [
                        PickerComponent(\.hours, options: 0...3, name: "Hours") { "\($0) h" },
                        PickerComponent(\.minutes, options: [0, 15, 30, 45], name: "Minutes") { "\($0) min" },
                    ])
                SegmentedRow("Theme", \.theme, options: ["Light", "Dark", "Auto"])
                SelectionRow("Country", \.country, options: countries)
                MultiSelectionRow("Toppings", \.toppings, options: ["Cheese", "Olives", "Basil"])
            }
            Section("Tags") {
                ForEach(\Everything.tags, editable: "tag", newElement: { _ in "" }) { index, _ in
                    TextRow("Tag \(index + 1)", \.tags[index])
                }
            }
            Section("More") {
                Toggle("Advanced", \.advanced)
                LabelRow("Summary") { "\($0.tags.count) tags" }
                NavigationRow("Server", value: { "port \($0.port)" }) {
                    Form(title: "Server") { Section { NumberRow("Port", \.port, min: 1, max: 65535) } }
                }
                ButtonRow("Ping", command: "ping", opens: false)
            }
            Section("Advanced", visible: \.advanced) {
                Toggle("Verbose", \.notify)
            }
        }
    }

    /// Runs the form on `answers`; the session, its store, the output and how many lines it read.
    static func run(
        _ answers: String, state: Everything = Everything(), mode: FormMode = .edit,
        onCommand: @escaping (FormCommand, Navigator) -> Void = { _, _ in }
    ) -> (status: Int32, store: StateStore<Everything>, output: String, read: Int) {
        let store = StateStore(state)
        let input = TextLineInput(answers)
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: form(), store: store, mode: mode, input: input, output: output, onCommand: onCommand)
        let status = session.run()
        return (status, store, output.text, input.linesRead)
    }

    /// One answer for every question of the form in order, Enter for most.
    static func answers(_ changes: [String: String]) -> String {
        let order = [
            "notify", "name", "token", "password", "bio", "age", "guests", "volume", "birthday", "alarm",
            "size", "hours", "minutes", "theme", "country", "toppings", "tag1", "add", "advanced", "server",
            "ping",
        ]
        var lines = order.map { changes[$0] ?? "" }
        lines[1] = changes["name"] ?? "Ada"
        return (lines + [changes["save"] ?? "y"]).joined(separator: "\n") + "\n"
    }

    @Test func everyKindTakesItsTypedAnswer() throws {
        let result = Self.run(
            Self.answers([
                "notify": "y", "token": "t0k3n", "password": "hunter22", "bio": "line one\nline two\n.",
                "age": "36", "guests": "7", "volume": "75", "birthday": "1990-05-01", "alarm": "07:45",
                "size": "3", "hours": "3", "minutes": "45 min", "theme": "dark", "country": "swi",
                "toppings": "1, basil",
            ]))
        #expect(result.status == 0, "\(result.output)")
        let saved = result.store.value
        #expect(saved.notify && saved.name == "Ada" && saved.token == "t0k3n" && saved.password == "hunter22")
        #expect(saved.bio == "line one\nline two")
        #expect(saved.age == 36 && saved.guests == 7 && saved.volume == 75)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(saved.birthday == calendar.date(from: DateComponents(year: 1990, month: 5, day: 1)))
        #expect(
            calendar.dateComponents([.hour, .minute], from: saved.alarm)
                == DateComponents(hour: 7, minute: 45))
        #expect(saved.size == "L" && saved.hours == 2 && saved.minutes == 45 && saved.theme == "Dark")
        #expect(saved.country == "Switzerland" && saved.toppings == ["Cheese", "Basil"])
        #expect(result.output.contains("Saved."))
        // Secrets are never written back, and nothing is an escape sequence.
        #expect(!result.output.contains("t0k3n") && !result.output.contains("hunter22"))
        #expect(!result.output.unicodeScalars.contains("\u{1B}"))
    }

    @Test func eachQuestionSaysTheValueAndWhatToType() {
        let output = Self.run(Self.answers([:])).output
        // Enter is not offered for a value its rule refuses (a required text still empty).
        #expect(output.contains("Name (required): empty.\nType the text, such as Ada: "))
        #expect(output.contains("Notify: Off.\nType y or n (Enter keeps it): "))
        #expect(output.contains("Birthday: not set.\nType a date as YYYY-MM-DD (Enter keeps it): "))
        #expect(output.contains("Country: Sweden.\n  1. France\n  2. Japan\n  3. Sweden\n  4. Switzerland\n"))
        #expect(output.contains("Duration, Hours: 1 h.\n"))
        #expect(output.contains("Summary: 1 tags"))
        #expect(output.contains("Section: Basics\n") && output.contains("Note: Footers are read out.\n"))
        #expect(output.contains("Type the text, line by line, then a line with a single . to end it"))
    }

    @Test func aRefusedAnswerIsExplainedAndAskedAgain() {
        let result = Self.run(
            Self.answers([
                "notify": "maybe\nn", "age": "old\n200\n40", "guests": "4\n5", "volume": "101\n55",
                "birthday": "1990-02-30\n1990-02-28", "country": "Sw\n3",
            ]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Error: Type y or n."))
        #expect(result.output.contains("Error: Digits only."))
        #expect(result.output.contains("Error: Between 0 and 150."), "\(result.output)")
        #expect(result.output.contains("Error: Not on a step: 3 or 5."))
        #expect(result.output.contains("Error: Type a number from 0 to 100."))
        #expect(result.output.contains("Error: There is no such date."))
        #expect(result.output.contains("Error: 2 options start so (Sweden, Switzerland): type more of one."))
        let saved = result.store.value
        #expect(saved.age == 40 && saved.guests == 5 && saved.volume == 55 && saved.country == "Sweden")
    }

    @Test func optionsAreListedOnceAQuestionAndAgainOnAQuestionMark() throws {
        let result = Self.run(Self.answers(["country": "Sw\nAtlantis\n?\n4"]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.country == "Switzerland")
        let list = "  1. France\n  2. Japan\n  3. Sweden\n  4. Switzerland\n"
        #expect(
            result.output.components(separatedBy: list).count - 1 == 2,
            "listed first, then on ?: \(result.output)")
        #expect(
            result.output.contains(
                "type more of one.\nCountry: Sweden.\nType a number from 1 to 4, or a name (Enter keeps it, ? lists the 4 options): "
            ), "\(result.output)")
        // After ?, the question again: its heading, the list, the prompt.
        let asked = try #require(result.output.range(of: "? lists the 4 options): ", options: .backwards))
        #expect(
            result.output[asked.upperBound...].drop { $0 == "?" }.hasPrefix(
                "\nCountry: Sweden.\n" + list + "Type a number from 1 to 4, or a name (Enter keeps it): "),
            "\(result.output)")
    }

    @Test func aRequiredTextLeftEmptyIsAskedUntilGiven() {
        let result = Self.run(Self.answers(["name": "\nGrace"]))
        #expect(result.output.contains("Error: Name is needed."))
        #expect(result.store.value.name == "Grace")
    }

    @Test func aLoneDashClearsAndABackslashDashIsADash() {
        let state = Everything(name: "Ada", bio: "old", age: 3)
        let result = Self.run(Self.answers(["name": "\\-", "bio": "-", "age": "-"]), state: state)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.store.value.name == "-" && result.store.value.bio.isEmpty && result.store.value.age == nil)
    }

    @Test func anEditableListAddsAndDeletes() {
        // Tag 1 deleted; then asked to add: yes, the new tag typed, then no more.
        var answers = Self.answers([:]).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        answers[16] = "-\ny\nfresh\nn"
        answers.remove(at: 17)
        let result = Self.run(answers.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.tags == ["fresh"])
        #expect(
            result.output.contains("Deleted.") && result.output.contains("Add a tag? (y or n, Enter: n): "))
    }

    @Test func aSwitchThatShowsASectionIsFollowedByItsQuestions() {
        // Advanced on: its section's question comes after the last row of "More".
        var answers = Self.answers(["advanced": "y"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        answers.insert("y", at: 21)  // Verbose
        let result = Self.run(answers.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Section: Advanced\nVerbose: Off."))
        #expect(result.store.value.notify)
        // Off, the section is not asked.
        #expect(!Self.run(Self.answers([:])).output.contains("Verbose"))
    }

    @Test func aNestedFormIsOpenedOnYesAndAButtonRunsItsCommand() {
        let pressed = Counter()
        // The server's port changed, then kept (Enter at its Keep step).
        let result = Self.run(Self.answers(["server": "y\n8080\n", "ping": "y"])) { command, navigator in
            #expect(command == "ping")
            pressed.count += 1
            navigator.show(message: "Pong.", isError: false)
        }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.port == 8080 && pressed.count == 1)
        #expect(result.output.contains("Server: port 22. Open it? (y or n, Enter: n): "))
        #expect(
            result.output.contains("Server:\nPort: 22.")
                && result.output.contains("End of Server. Its answers:"))
        #expect(result.output.contains("Ping: a button. Press it?") && result.output.contains("Pong.\n"))
    }

    @Test func theSummaryNumbersTheAnswersAndANumberChangesOne() {
        let result = Self.run(Self.answers(["save": "2\nBob\ny"]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.name == "Bob")
        #expect(
            result.output.contains("Your answers:\n  1. Notify: Off\n  2. Name: Ada\n  3. Token: empty\n"))
        #expect(
            result.output.contains(
                "Save? Type y to save, n to leave without saving, or a number to change that answer"))
    }

    @Test func theSummarysFirstAndNoNumbersAreNotYesAndNo() throws {
        // 1 changes the first answer (Notify), where "yes" would have saved; 0 is no answer's.
        let result = Self.run(Self.answers(["save": "0\n1\ny\ny"]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Error: Type y, n or a number from 1 to "), "\(result.output)")
        let save = try #require(result.output.range(of: "or a number to change that answer (Enter: y): "))
        #expect(result.output[save.upperBound...].contains("Notify: Off.\n"), "answer 1 is asked again")
        #expect(result.store.value.notify, "answer 1 was changed")
    }

    @Test func noOrTheEndOfTheInputSavesNothing() {
        let refused = Self.run(Self.answers(["notify": "y", "save": "n"]))
        #expect(
            refused.status == 1 && refused.store.value == Everything()
                && refused.output.hasSuffix("Not saved.\n"))
        let ended = Self.run("y\nAda\n")
        #expect(ended.status == 1 && ended.store.value == Everything())
        #expect(ended.output.hasSuffix("Not saved: the input ended.\n"), "\(ended.output)")
    }

    @Test func aSaveWithARuleBrokenAsksThatRowAgain() {
        // A password of 2 is refused when answered, then given right.
        let result = Self.run(Self.answers(["password": "ab\nabcd"]))
        #expect(result.output.contains("Error: At least 4."))
        #expect(result.status == 0 && result.store.value.password == "abcd")
    }

    struct Contact: Equatable {
        var phone = ""
        var callMe = false
    }

    @Test func aRuleBrokenByALaterAnswerIsAskedAgainAtTheSave() {
        // The phone is fine when asked (no call wanted yet); the switch after it breaks its rule.
        let form = Form<Contact>(title: "Contact") {
            Section {
                TextRow("Phone", \.phone).validate {
                    $0.callMe && $0.phone.isEmpty ? "A number to call." : nil
                }
                Toggle("Call Me", \.callMe)
            }
        }
        let store = StateStore(Contact())
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: form, store: store, input: TextLineInput("\ny\ny\n555 0100\ny\n"), output: output)
        #expect(session.run() == 0, "\(output.text)")
        #expect(
            output.text.contains("Not saved: One answer needs attention.\nPhone: empty."), "\(output.text)")
        #expect(output.text.hasSuffix("Saved.\n"))
        #expect(store.value == Contact(phone: "555 0100", callMe: true))
    }

    @Test func browsingCommitsEachAnswerAtOnce() {
        let result = Self.run("y\n", mode: .browse)
        #expect(result.status == 0)
        #expect(result.store.value.notify)
        #expect(!result.output.contains("Save?"))
    }

    @Test func everyAnswerIsUsedAndNoneIsLeft() {
        let answers = Self.answers([:])
        let result = Self.run(answers)
        #expect(result.read == answers.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    }

    struct Pick: Equatable {
        var band: String?
        var channels: Set<Int> = [1]
    }

    @Test func aFormThatIsOnlyOptionsIsAskedAsOneQuestion() {
        let form = Form<Pick>(title: "Pick") {
            Section {
                NavigationRow("Band", value: { $0.band ?? "None" }) {
                    Form(title: "Band") {
                        Section {
                            ForEach(["2.4 GHz", "5 GHz"]) { _, band in ChoiceRow(band, \.band, value: band) }
                        }
                    }
                }
                NavigationRow("Channels", value: { "\($0.channels.count)" }) {
                    Form(title: "Channels") {
                        Section {
                            ForEach([1, 2, 3, 4]) { _, channel in
                                CheckRow("Channel \(channel)", \.channels, value: channel)
                            }
                        }
                    }
                }
            }
        }
        let store = StateStore(Pick())
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: form, store: store, input: TextLineInput("5\n2\n3, channel 4\ny\n"), output: output)
        #expect(session.run() == 0, "\(output.text)")
        #expect(store.value == Pick(band: "5 GHz", channels: [3, 4]))
        #expect(output.text.contains("Band: None.\n  1. 2.4 GHz\n  2. 5 GHz\n"))
        #expect(output.text.contains("Error: Type a number from 1 to 2"))
    }

    final class Counter: @unchecked Sendable {
        var count = 0
    }
}
