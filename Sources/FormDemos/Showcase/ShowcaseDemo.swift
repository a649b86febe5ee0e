import FormCore
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One of every row kind, each in a section named after it: a tour of what a formtui form can
/// hold, on one draft saved with Ctrl-S.
///
/// ```swift
/// let app = App(root: ShowcaseDemo.screen(store: StateStore(Showcase())))
/// ```
public enum ShowcaseDemo {
    /// `now` is where an unset date starts when it is first opened; tests pass a fixed one.
    public static func form(now: @escaping @Sendable () -> Date = Date.init) -> Form<Showcase> {
        Form(title: "Showcase", reviewsChanges: true) {
            Section(
                "Switch", footer: { $0.notifications ? "Notifications are on." : "Notifications are off." }
            ) {
                Toggle("Notifications", \.notifications)
            }
            Section("Text") {
                TextRow("Nickname", \.nickname, placeholder: "Anything") {
                    $0.isEmpty ? "A nickname is needed." : nil
                }
                TextRow("API Token", \.apiToken, placeholder: "Secret", secure: true)
            }
            Section("Password editor") {
                PasswordRow("Account Password", \.accountPassword) {
                    $0.isEmpty || $0.count >= 8 ? nil : "At least 8 characters."
                }
            }
            Section("Multiline text") {
                MultilineTextRow("Bio", \.bio, placeholder: "A few lines", maxLines: 3)
            }
            Section("Number") {
                NumberRow("Age", \.age, min: 0, max: 150)
                NumberRow("Price", \.price, min: 0, fractionDigits: 2)
            }
            Section("Stepper and slider") {
                StepperRow("Guests", \.guests, in: 1...12)
                SliderRow("Volume", \.volume, in: 0...100, step: 5) { "\($0) %" }
            }
            Section("Date and time") {
                DateRow("Alarm", \.alarm, mode: .time)
                DateRow("Anniversary", \.anniversary, mode: .date, now: now)
                DateRow("Meeting", \.meeting, mode: .dateAndTime)
            }
            Section("Inline picker") {
                InlinePickerRow("Size", \.size, options: ["XS", "S", "M", "L", "XL"])
                InlinePickerRow(
                    "Duration",
                    components: [
                        PickerComponent(\.hours, options: 0...23, name: "Hours") { "\($0) h" },
                        PickerComponent(\.minutes, options: stride(from: 0, to: 60, by: 5), name: "Minutes") {
                            "\($0) min"
                        },
                    ])
            }
            Section("Segmented") {
                SegmentedRow("Theme", \.theme, options: ["Light", "Dark", "Auto"])
            }
            Section("Selection") {
                SelectionRow("Language", \.language, options: languages)
                MultiSelectionRow("Toppings", \.toppings, options: toppings)
            }
            Section(
                header: { "Repeated (\($0.tags.count))" },
                footer: { _ in "Insert adds, Ctrl-D deletes, Alt-↑↓ move." }
            ) {
                ForEach(\Showcase.tags, editable: "tag", addTitle: "Add Tag", newElement: { _ in "" }) {
                    index, _ in
                    TextRow("Tag \(index + 1)", \.tags[index], placeholder: "A word")
                }
            }
            // Answered a line at a time, adding and deleting are asked and explained as it goes.
            .footer(inLineMode: { _ in nil })
            Section("Disabled", footer: { $0.offline ? "Sync is off while offline." : nil }) {
                Toggle("Offline", \.offline)
                StepperRow("Sync Every (min)", \.syncEvery, in: 5...60, step: 5).disabled(when: \.offline)
            }
            Section("Custom row") {
                RatingRow("Rating", \.rating)
            }
            Section("Pushed form and label") {
                NavigationRow("Party", value: { "\($0.guests) guests, \($0.size)" }) {
                    Form(title: "Party") {
                        Section(footer: "Ctrl-S keeps these in the showcase's draft.") {
                            StepperRow("Guests", \.guests, in: 1...12)
                            InlinePickerRow("Size", \.size, options: ["XS", "S", "M", "L", "XL"])
                        }
                        .footer(inLineMode: { _ in "Kept, these go into the showcase's draft." })
                    }
                }
                LabelRow("Summary") { "\($0.tags.count) tags, rated \($0.rating)" }
            }
            Section("Button", footer: "Enter runs the app's own command.") {
                ButtonRow("Send Feedback", command: feedback, opens: false)
            }
            .footer(inLineMode: { _ in "Pressing it runs the app's own command." })
        }
    }

    static let languages = [
        "Arabic", "Chinese", "Dutch", "English", "French", "German", "Hindi", "Italian", "Japanese",
        "Korean", "Polish", "Portuguese", "Russian", "Spanish", "Swedish", "Turkish",
    ]

    static let toppings = ["Basil", "Cheese", "Garlic", "Mushrooms", "Olives", "Onions", "Peppers"]

    /// What the button row asks of the app.
    static let feedback: FormCommand = "feedback"

    public static func screen(
        store: StateStore<Showcase>, now: @escaping @Sendable () -> Date = Date.init
    ) -> FormScreen<Showcase> {
        FormScreen(form: form(now: now), store: store, mode: .edit) { command, navigator in
            guard command == feedback else { return }
            navigator.show(message: "Thank you: a button row runs the app's own command.", isError: false)
        }
    }
}
