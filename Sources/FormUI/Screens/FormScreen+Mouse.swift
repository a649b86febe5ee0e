import FormCore

extension FormScreen {
    /// Lines one turn of the wheel scrolls.
    static var wheelLines: Int { 3 }

    /// A click or a turn of the wheel over the list: placed by where the last frame drew it, and
    /// told apart by what was drawn where it landed (which segment, which sign of a stepper).
    func mouse(_ event: MouseEvent) -> FormEffect? {
        guard let area = lastArea, event.x >= area.minX, event.x < area.maxX, event.y >= area.minY,
            event.y < area.maxY
        else { return nil }
        switch event.action {
        case .wheelUp, .wheelDown:
            let lines = event.action == .wheelDown ? Self.wheelLines : -Self.wheelLines
            editor.scroll(by: lines, in: tableView, height: area.height)
            return nil
        case .press:
            let line = tableView.scrollOffset + event.y - area.minY
            if let wheel = pickerWheel(at: event, line: line) {
                return editor.clickPicker(offset: wheel.offset, component: wheel.component)
            }
            return editor.click(line: line, actions: partActions(at: event, line: line))
        case .release, .other:
            return nil
        }
    }

    /// The wheel of the open picker drawn where `event` landed, and which of its three lines.
    private func pickerWheel(at event: MouseEvent, line: Int) -> (offset: Int, component: Int)? {
        let layout = editor.layout
        guard line < layout.count, case .picker(_, let row, let offset) = layout.line(line),
            let picker = row.inlinePicker(in: layout.state), let cells = tableView.drawnCells(onRow: event.y)
        else { return nil }
        let texts = picker.components.map { component in
            switch offset {
            case 0: component.previous ?? ""
            case 2: component.next ?? ""
            default: component.current
            }
        }
        guard let component = DrawnLine(cells: cells, left: lastArea?.minX ?? 0).piece(of: texts, at: event.x)
        else { return nil }
        return (offset, component)
    }

    /// What a click on a part of a row means, read from the row's content and the cells the last
    /// frame drew: a segment chooses it, a stepper's − and + step it, a slider's bar moves a step
    /// towards the click. Nil when the row has no parts (the row's own click runs).
    private func partActions(at event: MouseEvent, line: Int) -> [RowAction]? {
        let layout = editor.layout
        guard line < layout.count, case .row(_, let row) = layout.line(line),
            let cells = tableView.drawnCells(onRow: event.y)
        else { return nil }
        let drawn = DrawnLine(cells: cells, left: lastArea?.minX ?? 0)
        let content = row.content(in: layout.state)
        if let segmented = content as? SegmentedContent {
            return drawn.segmentSteps(segmented, at: event.x)
        }
        if content is StepperContent {
            switch drawn.character(at: event.x) {
            case "+": return [.increment]
            case "-", "−": return [.decrement]
            default: return []
            }
        }
        if content is SliderContent, let knob = drawn.lastColumn(of: ["●", "*"]) {
            return event.x == knob ? [] : [event.x < knob ? .decrement : .increment]
        }
        return nil
    }
}

/// A line as the last frame drew it: one character per column, a wide one's second column empty.
struct DrawnLine {
    let characters: [Character?]
    let left: Int

    init(cells: [CanvasCell], left: Int) {
        characters = cells.map { $0.isContinuation ? nil : $0.character }
        self.left = left
    }

    func character(at x: Int) -> Character? {
        let index = x - left
        return characters.indices.contains(index) ? characters[index] : nil
    }

    /// The column of the last of `marks` on the line, if any: a slider's knob, which is drawn
    /// after its title (a title may hold the same mark).
    func lastColumn(of marks: Set<Character>) -> Int? {
        characters.lastIndex { $0.map(marks.contains) == true }.map { $0 + left }
    }

    /// The steps from the chosen segment to the one drawn at `x`; a click on the arrows of a line
    /// too narrow for every segment (`‹ Dark ›`) steps once. Empty when `x` is on none.
    func segmentSteps(_ content: SegmentedContent, at x: Int) -> [RowAction] {
        if character(at: x) == "‹" { return [.decrement] }
        if character(at: x) == "›" { return [.increment] }
        let text = characters.map { $0.map(String.init) ?? "" }
        // The segments sit at the end of the line in order: found from the right, each before the next.
        var end = text.count
        for (index, segment) in content.segments.enumerated().reversed() {
            guard let start = lastStart(of: Array(segment), before: end, in: text) else { return [] }
            if (start - 1...start + segment.count).contains(x - left) {
                let steps = index - (content.selected ?? index)
                return Array(repeating: steps < 0 ? .decrement : .increment, count: abs(steps))
            }
            end = start
        }
        return []
    }

    /// Which of `pieces`, drawn left to right in order (each after the one before), spans `x`
    /// (or the column either side of it); nil for none. An empty piece spans nothing.
    func piece(of pieces: [String], at x: Int) -> Int? {
        let text = characters.map { $0.map(String.init) ?? "" }
        var start = 0
        for (index, piece) in pieces.enumerated() where !piece.isEmpty {
            let word = Array(piece)
            guard let found = firstStart(of: word, from: start, in: text) else { continue }
            if (found - 1...found + word.count).contains(x - left) { return index }
            start = found + word.count
        }
        return nil
    }

    private func firstStart(of word: [Character], from start: Int, in text: [String]) -> Int? {
        guard !word.isEmpty, text.count >= word.count, start <= text.count - word.count else { return nil }
        for candidate in start...(text.count - word.count)
        where text[candidate..<(candidate + word.count)].joined() == String(word) {
            return candidate
        }
        return nil
    }

    private func lastStart(of word: [Character], before end: Int, in text: [String]) -> Int? {
        guard !word.isEmpty, end >= word.count else { return nil }
        for start in stride(from: end - word.count, through: 0, by: -1) {
            let piece = text[start..<(start + word.count)].joined()
            if piece == String(word) { return start }
        }
        return nil
    }
}
