import FormCore

extension App {
    /// A click on the help line presses the key of the item clicked; anything else over the body
    /// goes to the screen on top, which places it itself. A button let go does nothing.
    func handleMouse(_ event: MouseEvent) {
        guard let size, event.action != .release, event.action != .other else { return }
        if event.action == .press, event.y == size.height - 1, message == nil {
            if let key = helpKey(atColumn: event.x, width: size.width) { handle(key) }
            return
        }
        if event.action == .press { message = nil }
        top.handle(.mouse(event), navigator: self)
    }

    /// The key of the help line's item drawn at column `x`, as `drawHelpLine` lays them out.
    private func helpKey(atColumn x: Int, width: Int) -> Key? {
        let items = top.helpItems(isRoot: stack.count == 1)
        let shown = namesKeysInASCII ? items.map(Self.inWords) : items
        var start = 1
        var used = Set<Int>()
        for item in Self.helpItems(shown, fitting: width - 2) {
            guard let index = shown.indices.first(where: { !used.contains($0) && shown[$0] == item }) else {
                continue
            }
            used.insert(index)
            if x >= start && x < start + item.width { return Self.key(forHelpLabel: items[index].key) }
            start += item.width + 2
        }
        return nil
    }

    /// The key a help item names by its label (`^S`, `Esc`, `Alt-U`, `y`); nil for a label of
    /// several keys (`↑↓`) or none (`Type`).
    static func key(forHelpLabel label: String) -> Key? {
        let first = label.split(separator: "/").first.map(String.init) ?? label
        if let key = labelledKeys.first(where: { $0.label == first }) { return key }
        if first.count == 1, let character = first.first, !character.isWhitespace {
            return .character(character)
        }
        return nil
    }

    private static let labelledKeys: [Key] = {
        var keys: [Key] = [
            .enter, .escape, .tab, .backTab, .space, .backspace, .delete, .insert, .pageUp, .pageDown,
            .home, .end, .up, .down, .left, .right,
        ]
        keys += (1...12).map(Key.function)
        let letters = "abcdefghijklmnopqrstuvwxyz"
        keys += (letters + "_").map(Key.control)
        keys += letters.map { Key.character($0).adding(.alt) }
        return keys
    }()
}
