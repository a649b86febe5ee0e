import FormCore
import FormUI
import Testing

private struct Paint: Equatable {
    var wall: String? = "green"
    var doors: [String?] = Array(repeating: "blue", count: 1_000)
}

/// A navigation stack that records what the screens asked of it.
final class Stack: Navigator {
    var screens: [Screen]
    var message: String?
    init(_ root: Screen) { screens = [root] }
    func push(_ screen: Screen) { screens.append(screen) }
    func pop() { screens.removeLast() }
    func quit(status: Int32) {}
    func show(message: String, isError: Bool) { self.message = message }
    var isAtRoot: Bool { screens.count == 1 }

    func press(_ keys: Key...) {
        for key in keys { screens.last!.handle(key, navigator: self) }
    }

    func draw(width: Int = 40, height: Int = 8) -> [String] {
        canvas(width: width, height: height).lines
    }

    func canvas(width: Int = 40, height: Int = 8) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: height))
        screens.last!.render(into: &canvas, area: Rect(x: 0, y: 0, width: width, height: height))
        return canvas
    }

    var help: String {
        screens.last!.helpItems(isRoot: screens.count == 1).map { "\($0.key) \($0.action)" }.joined(
            separator: "  ")
    }
}

@Suite("A custom row kind from outside the package, with public API only", .serialized)
struct SwatchRowTests {
    @Test("It draws with the standard look, takes its keys from the key map and its own hint, and saves")
    func editsAndSaves() throws {
        let store = StateStore(Paint())
        let stack = Stack(
            FormScreen(
                form: Form<Paint>(title: "Paint") { Section("Wall") { SwatchRow("Color", \.wall) } },
                store: store, mode: .edit))
        #expect(stack.draw()[1] == "> Color          r [G] b")
        let canvas = stack.canvas()
        #expect(canvas[17, 1].style.literalColor == .palette(203), "each swatch in its own color")
        #expect(canvas[20, 1].style.literalColor == .palette(78))
        #expect(canvas[17, 1].style.highlighted, "on the focused row's background")
        #expect(stack.help.contains("←→ Color"))
        #expect(stack.help.contains("c Clear"))
        stack.press(.right)
        #expect(stack.draw()[1].hasSuffix(" r  g [B]"))
        stack.press(.character("c"))
        #expect(stack.draw()[1].hasSuffix(" r  g  b"))
        // Its validation holds up the save, and marks the row.
        stack.press(.control("s"))
        #expect(store.value.wall == "green")
        #expect(stack.draw()[2].contains("! Choose a color."))
        stack.press(.left, .control("s"))
        #expect(store.value.wall == "red")
    }

    @Test("It works in a pushed form (a custom cell used to trap there) and in a long ForEach")
    func pushedAndRepeated() throws {
        let store = StateStore(Paint())
        let form = Form<Paint>(title: "House") {
            Section {
                NavigationRow("Doors", value: { _ in "1000" }) {
                    Form(title: "Doors") {
                        Section {
                            ForEach(\Paint.doors) { index, _ in SwatchRow("Door \(index + 1)", \.doors[index])
                            }
                        }
                    }
                }
            }
        }
        let stack = Stack(FormScreen(form: form, store: store, mode: .edit))
        stack.press(.enter)
        #expect(stack.screens.count == 2)
        SwatchCell.made = 0
        for _ in 0..<200 {
            stack.press(.pageDown)
            _ = stack.draw()
        }
        // Cells are recycled: a screenful, not one per door.
        #expect(SwatchCell.made <= 8)
        stack.press(.home, .left)
        #expect(stack.draw()[1].hasPrefix("> Door 1"))
        stack.press(.control("s"))
        #expect(stack.screens.count == 1)
        stack.press(.control("s"))
        #expect(store.value.doors[0] == "green")
        #expect(store.value.doors[1...].allSatisfy { $0 == "blue" })
    }
}

@Suite("The README's custom row")
struct ReadmeRatingRowTests {
    private struct Review: Equatable { var stars = 3 }

    @Test("It draws its stars and takes ←/→")
    func rates() {
        let screen = FormScreen(
            form: Form<Review>(title: "Review") {
                Section { RatingRow<Review>(title: "Rating", stars: \.stars) }
            },
            store: StateStore(Review()), mode: .edit)
        let stack = Stack(screen)
        #expect(stack.draw()[1].hasSuffix("★★★☆☆"))
        stack.press(.right, .right, .right)
        #expect(screen.draft.value.stars == 5)
        #expect(stack.help.contains("←→ Rate"))
    }

    @Test("In the line mode it is spoken and summed up by its stars, and takes + and - steps")
    func linesSpeakItsStars() {
        let store = StateStore(Review())
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: Form<Review>(title: "Review") {
                Section { RatingRow<Review>(title: "Rating", stars: \.stars) }
            },
            store: store, input: TextLineInput("+\ny\n"), output: output)
        #expect(session.run() == 0, "\(output.text)")
        #expect(store.value.stars == 4)
        #expect(output.text.contains("Rating: ★★★☆☆"), "\(output.text)")
        #expect(output.text.contains("★★★★☆"), "the summary says its new value: \(output.text)")
        #expect(!output.text.contains("none"), "\(output.text)")
    }
}
