/// The question a form asks when it starts and finds unsaved changes from an earlier session:
/// resume them or discard them. Drawn like `ConfirmScreen`, over the first screen.
///
/// `y` or `r` (and Enter: nothing is lost that way) resumes; `n` or `d` discards. Esc does not
/// answer: leaving the question open would let this session's edits overwrite the kept draft.
///
/// ```swift
/// app.push(DraftOfferScreen(time: "14:03", form: "Edit Preferences",
///                           onResume: { nav in nav.push(editor) }, onDiscard: { _ in journal.remove() }))
/// ```
package final class DraftOfferScreen: Screen {
    private let box: ConfirmScreen
    private let onResume: (Navigator) -> Void
    private let onDiscard: (Navigator) -> Void

    /// - Parameters:
    ///   - time: when the changes were kept, as the user reads it ("14:03").
    ///   - form: the title of the form they belong to.
    ///   - onResume: runs after the question closes, to show the form with the changes.
    ///   - onDiscard: runs after the question closes, to delete the kept changes.
    package init(
        time: String, form: String, onResume: @escaping (Navigator) -> Void,
        onDiscard: @escaping (Navigator) -> Void
    ) {
        box = ConfirmScreen(
            title: "Unsaved changes from \(time)",
            message: "\(form) was closed before its changes were saved. Resume them, or discard them?",
            confirmLabel: "Resume", cancelLabel: "Discard", onConfirm: { _ in })
        self.onResume = onResume
        self.onDiscard = onDiscard
    }

    package var title: String { box.title }
    package var isModal: Bool { true }

    package func helpItems(isRoot: Bool) -> [HelpItem] {
        [HelpItem("y", "Resume", priority: 3), HelpItem("n", "Discard", priority: 2)]
    }

    package func render(into canvas: inout Canvas, area: Rect) {
        box.render(into: &canvas, area: area)
    }

    package func handle(_ key: Key, navigator: Navigator) {
        switch key {
        case .character("y"), .character("Y"), .character("r"), .character("R"), .enter:
            navigator.pop()
            onResume(navigator)
        case .character("n"), .character("N"), .character("d"), .character("D"):
            navigator.pop()
            onDiscard(navigator)
        default:
            break
        }
    }
}
