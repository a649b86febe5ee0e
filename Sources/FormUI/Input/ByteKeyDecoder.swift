import FormCore

/// Turns the bytes a terminal sends into keys: UTF-8 text, control characters, escape sequences
/// and bracketed paste (one `.paste` per paste, never key presses; `.truncatedPaste` when it was
/// longer than `pasteByteLimit`).
///
/// Alt arrives as an Esc just before the key (`ESC b` is Alt-b, `ESC DEL` Alt-Backspace) and
/// becomes `.modified(key, .alt)`, never the key alone: Alt-b must not type a "b". Modifiers in a
/// sequence (`ESC [ 1 ; 5 D` is Ctrl-Left, `ESC [ 3 ; 5 ~` Ctrl-Delete) are kept the same way.
///
/// Decoding is incremental: feed bytes as they arrive and collect the keys each one completes.
/// Invalid UTF-8 becomes U+FFFD at once and never swallows the bytes after it. When input pauses
/// while `pending` is not `.none`, call `flush()`: a lone Esc is then the Escape key, and a cut-off
/// character becomes U+FFFD.
///
/// ```swift
/// var decoder = ByteKeyDecoder()
/// decoder.feed(0xC3)  // []: half of "é"
/// decoder.feed(0xA9)  // [.character("é")]
/// decoder.feed(0x1B)  // []: Esc, or the start of a sequence
/// decoder.flush()     // [.escape]
/// decoder.feed(0x1B)  // []
/// decoder.feed(0x62)  // [.modified(.character("b"), .alt)]
/// ```
package struct ByteKeyDecoder: Sendable {
    /// What the decoder is in the middle of, which tells a reader how long to wait for more bytes.
    package enum Pending: Hashable, Sendable {
        /// Nothing: the next byte starts a new key.
        case none
        /// A lone Esc: the Escape key, unless a sequence or a key (then held with Alt) follows at once.
        case escape
        /// An escape sequence (`ESC [ …`, `ESC O …`) that has not ended yet.
        case sequence
        /// Part of a multi-byte UTF-8 character.
        case character
        /// Pasted text between `ESC [ 200 ~` and `ESC [ 201 ~`.
        case paste
        /// A terminal's string (OSC, DCS, APC, PM, SOS) begun and not ended: its end may come
        /// in a later read, after a pause of a loaded machine or a slow link.
        case controlString
    }

    /// Pasted text is cut after this many bytes, so that a runaway paste cannot eat memory.
    package static let pasteByteLimit = 64 * 1024

    private enum State: Sendable {
        case ground
        case escape
        case controlSequence([UInt8])
        case singleShift
        /// `ESC [ [`: the Linux console's F1-F5 follow as `A`-`E`.
        case consoleFunction
        case paste
        /// `ESC [ M` and the three bytes of a mouse report in the old X10 form, which a terminal
        /// without SGR reporting sends instead.
        case x10Mouse([UInt8])
        /// A control sequence past `sequenceLimit`: its bytes are dropped up to its final one.
        case overlongSequence
        /// A string control sequence: `ESC ]` (OSC), `ESC P` (DCS), `ESC _` (APC), `ESC ^` (PM) or
        /// `ESC X` (SOS), which no key sends but a terminal's answer does (its background color, an
        /// XTGETTCAP answer, asked at start and answered late). Dropped whatever its length up to
        /// its end (BEL or `ESC \`), so its text is never typed and its BEL is never Ctrl-G.
        /// `introducer` is the byte after the Esc, `begun` whether any byte followed it, `escaped`
        /// whether the last byte was an Esc inside it.
        case controlString(introducer: UInt8, begun: Bool, escaped: Bool)
    }

    private var state = State.ground
    private var partialCharacter: [UInt8] = []
    private var pastedBytes: [UInt8] = []
    /// Whether bytes of the current paste were dropped at the limit.
    private var pasteWasCut = false
    private var pasteEndMatched = 0
    /// An Esc came just before the key being decoded (a UTF-8 character may take more bytes).
    private var altHeld = false

    private static let replacement = Key.character("\u{FFFD}")
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    /// Longest parameter run accepted in a control sequence before it is dropped as garbage.
    private static let sequenceLimit = 32
    /// The bytes after an Esc that open a string control sequence: OSC, DCS, APC, PM, SOS.
    private static let stringIntroducers: Set<UInt8> = [
        UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"),
    ]

    package init() {}

    package var pending: Pending {
        switch state {
        case .ground: return partialCharacter.isEmpty ? .none : .character
        case .escape: return .escape
        case .controlString(_, begun: true, _): return .controlString
        case .controlSequence, .singleShift, .consoleFunction, .x10Mouse, .overlongSequence,
            .controlString:
            return .sequence
        case .paste: return .paste
        }
    }

    /// Decodes `bytes` as one complete burst of input (feeds them all, then flushes).
    package static func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var decoder = ByteKeyDecoder()
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed(byte) }
        return keys + decoder.flush()
    }

    /// Takes one byte and returns the keys it completes (usually none or one; a whole paste is one
    /// `.paste`).
    package mutating func feed(_ byte: UInt8) -> [Key] {
        var keys: [Key] = []
        process(byte, into: &keys)
        return keys
    }

    /// Takes a key that arrived already decoded (ncurses turns known sequences into key codes)
    /// and returns the keys it completes. Right after a lone Esc it is that key with Alt: ncurses
    /// hands over Alt-Up from `ESC ESC [ A` as an Esc, then Up.
    ///
    /// ```swift
    /// decoder.feed(0x1B)          // []
    /// decoder.feed(key: .up)      // [.modified(.up, .alt)]
    /// ```
    package mutating func feed(key: Key) -> [Key] {
        if case .escape = state, partialCharacter.isEmpty {
            state = .ground
            altHeld = false
            return [key.adding(.alt)]
        }
        return flush() + [key]
    }

    /// Input paused: finishes whatever is pending as well as it can.
    package mutating func flush() -> [Key] {
        var keys: [Key] = []
        if !partialCharacter.isEmpty {
            partialCharacter.removeAll()
            emit(Self.replacement, into: &keys)
        }
        switch state {
        case .ground:
            break
        case .escape:
            keys.append(.escape)
        case .controlSequence(let parameters):
            // `ESC [` with nothing after it is Alt-[; a sequence cut off later means nothing.
            if parameters.isEmpty { keys.append(.modified(.character("["), .alt)) }
        case .singleShift:
            keys.append(.modified(.character("O"), .alt))
        case .controlString(let introducer, begun: false, _):
            // Nothing came after `ESC P` (or `]`, `_`, `^`, `X`): the person pressed Alt with it.
            keys.append(.modified(.character(Character(Unicode.Scalar(introducer))), .alt))
        case .consoleFunction, .x10Mouse, .overlongSequence, .controlString:
            break  // cut off (`ESC [ [`, a mouse report, a terminal's answer): it means nothing
        case .paste:
            // The end marker never came: keep what arrived.
            keys += finishPaste()
        }
        state = .ground
        altHeld = false
        return keys
    }

    /// Adds `key`, with Alt when an Esc came just before it.
    private mutating func emit(_ key: Key, into keys: inout [Key]) {
        keys.append(altHeld ? key.adding(.alt) : key)
        altHeld = false
    }

    private mutating func process(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence([])
            case UInt8(ascii: "O"): state = .singleShift
            case let introducer where Self.stringIntroducers.contains(introducer):
                state = .controlString(introducer: introducer, begun: false, escaped: false)
            case 0x1B: keys.append(.escape)
            default:
                // Alt plus a key. The Esc is not Cancel, and the key is not typed text either.
                state = .ground
                altHeld = true
                ground(byte, into: &keys)
                // A control that means nothing (NUL) took no Alt; a UTF-8 lead byte keeps it.
                if partialCharacter.isEmpty { altHeld = false }
            }
        case .controlSequence(var parameters):
            switch byte {
            case UInt8(ascii: "[") where parameters.isEmpty:
                state = .consoleFunction
            case UInt8(ascii: "$") where !parameters.isEmpty && parameters.allSatisfy(Self.isDigit):
                // rxvt ends a shifted tilde key with `$` (`ESC [ 3 $` is Shift-Delete), a byte that
                // would otherwise start waiting for a final one.
                state = .ground
                controlSequence(parameters, final: byte, into: &keys)
            case 0x20...0x3F:
                parameters.append(byte)
                // A terminal's long answer (device attributes) must not end up typed.
                state =
                    parameters.count > Self.sequenceLimit ? .overlongSequence : .controlSequence(parameters)
            case 0x40...0x7E:
                state = .ground
                controlSequence(parameters, final: byte, into: &keys)
            default:
                // Not part of a sequence: drop the sequence, keep the byte.
                state = .ground
                ground(byte, into: &keys)
            }
        case .singleShift:
            state = .ground
            if let key = Self.singleShiftKeys[byte] { keys.append(key) }
        case .consoleFunction:
            state = .ground
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(byte) {
                keys.append(.function(Int(byte - UInt8(ascii: "A")) + 1))
            }
        case .paste:
            paste(byte, into: &keys)
        case .x10Mouse(var fields):
            fields.append(byte)
            guard fields.count == 3 else {
                state = .x10Mouse(fields)
                return
            }
            state = .ground
            let code = Int(fields[0]) - 32
            // X10 says which button went up only as "a button" (3).
            let released = code & 3 == 3 && code & 64 == 0
            if let event = MouseEvent(
                sgrButton: released ? code & ~3 : code, x: Int(fields[1]) - 32, y: Int(fields[2]) - 32,
                released: released)
            {
                keys.append(.mouse(event))
            }
        case .overlongSequence:
            switch byte {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .ground
            default:
                state = .ground
                ground(byte, into: &keys)
            }
        case .controlString(let introducer, _, let escaped):
            // Constant work a byte and nothing kept: a flood costs what the same bytes of CSI do.
            if escaped {
                // `ESC \` ends it; an Esc followed by anything else starts a key.
                state = .ground
                if byte != UInt8(ascii: "\\") {
                    state = .escape
                    process(byte, into: &keys)
                }
            } else if byte == 0x07 {
                state = .ground
            } else {
                state = .controlString(introducer: introducer, begun: true, escaped: byte == 0x1B)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        if !partialCharacter.isEmpty || byte >= 0x80 {
            utf8(byte, into: &keys)
            return
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: emit(.enter, into: &keys)
        case 0x09: emit(.tab, into: &keys)
        case 0x08, 0x7F: emit(.backspace, into: &keys)
        case 0x01...0x1A: emit(.control(Character(Unicode.Scalar(byte + 0x60))), into: &keys)
        // Ctrl-_, which terminals also send for Ctrl-/ (readline's undo).
        case 0x1F: emit(.control("_"), into: &keys)
        case 0x20...0x7E: emit(.character(Character(Unicode.Scalar(byte))), into: &keys)
        default: break  // NUL and the other C0 controls mean nothing here.
        }
    }

    /// Incremental UTF-8 with the "maximal subpart" rule: an invalid byte ends the character so
    /// far as U+FFFD and is then decoded afresh, so it cannot take the next key with it.
    private mutating func utf8(_ byte: UInt8, into keys: inout [Key]) {
        guard let lead = partialCharacter.first else {
            switch byte {
            case 0xC2...0xF4: partialCharacter = [byte]
            default: emit(Self.replacement, into: &keys)  // stray continuation, overlong lead, out of range
            }
            return
        }
        let valid: ClosedRange<UInt8>
        switch (lead, partialCharacter.count) {
        case (0xE0, 1): valid = 0xA0...0xBF  // no overlong forms
        case (0xED, 1): valid = 0x80...0x9F  // no surrogates
        case (0xF0, 1): valid = 0x90...0xBF  // no overlong forms
        case (0xF4, 1): valid = 0x80...0x8F  // nothing past U+10FFFF
        default: valid = 0x80...0xBF
        }
        guard valid.contains(byte) else {
            partialCharacter.removeAll()
            emit(Self.replacement, into: &keys)
            ground(byte, into: &keys)
            return
        }
        partialCharacter.append(byte)
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard partialCharacter.count == length else { return }
        let text = String(decoding: partialCharacter, as: UTF8.self)
        partialCharacter.removeAll()
        // C1 controls are two-byte UTF-8 that no key sends: nothing to type.
        guard let scalar = text.unicodeScalars.first, !ControlCharacters.isControl(scalar) else {
            altHeld = false
            return
        }
        emit(.character(Character(scalar)), into: &keys)
    }

    private mutating func controlSequence(_ parameters: [UInt8], final: UInt8, into keys: inout [Key]) {
        if parameters.first == UInt8(ascii: "<") {
            // SGR mouse: `ESC [ < button ; x ; y M`, `m` when the button goes up.
            let fields = parameters.dropFirst().split(separator: UInt8(ascii: ";"))
                .map { Int(String(decoding: $0, as: UTF8.self)) }
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), fields.count == 3,
                let code = fields[0], let x = fields[1], let y = fields[2],
                let event = MouseEvent(sgrButton: code, x: x, y: y, released: final == UInt8(ascii: "m"))
            else { return }
            keys.append(.mouse(event))
            return
        }
        if parameters.isEmpty, final == UInt8(ascii: "M") {
            state = .x10Mouse([])
            return
        }
        // `?` or `>` first: a terminal's answer (device attributes), which no key sends.
        if let marker = parameters.first, marker == UInt8(ascii: "?") || marker == UInt8(ascii: ">") {
            return
        }
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        let first = fields.first ?? nil
        // xterm's second parameter holds the modifiers: `1;5A` is Ctrl-Up, `3;5~` Ctrl-Delete.
        // One that is not a modifier number leaves the plain key: it is still the useful part.
        let modifiers = fields.count > 1 ? fields[1].flatMap(Key.Modifiers.init(xtermParameter:)) ?? [] : []
        // rxvt's tilde keys say their modifiers in the final byte: `$` Shift, `^` Ctrl, `@` both.
        if let rxvt = Self.rxvtTildeModifiers[final], let number = first, let key = Self.tildeKeys[number] {
            keys.append(key.adding(rxvt))
            return
        }
        if final == UInt8(ascii: "~") {
            if first == 200 {
                state = .paste
                pastedBytes.removeAll()
                pasteWasCut = false
                pasteEndMatched = 0
            } else if let number = first, let key = Self.tildeKeys[number] {
                keys.append(key.adding(modifiers))
            }
            return
        }
        if let key = Self.finalKeys[final] { keys.append(key.adding(modifiers)) }
    }

    private mutating func paste(_ byte: UInt8, into keys: inout [Key]) {
        let end = Self.pasteEnd
        if byte == end[pasteEndMatched] {
            pasteEndMatched += 1
            if pasteEndMatched == end.count {
                keys += finishPaste()
                state = .ground
            }
            return
        }
        if pasteEndMatched > 0 {
            // A partial match was text after all (only an Esc can start the marker).
            appendPasted(end[0..<pasteEndMatched])
            pasteEndMatched = byte == end[0] ? 1 : 0
            if pasteEndMatched == 1 { return }
        }
        appendPasted(CollectionOfOne(byte))
    }

    private mutating func appendPasted(_ bytes: some Collection<UInt8>) {
        let room = Self.pasteByteLimit - pastedBytes.count
        if bytes.count > room { pasteWasCut = true }
        if room > 0 { pastedBytes += bytes.prefix(room) }
    }

    /// Pasted text as one `.paste`, or `.truncatedPaste` when it was cut at the limit (none for an
    /// empty paste), cleaned by the one rule for text from outside: line breaks kept as `"\n"`,
    /// tabs made spaces, other controls dropped.
    private mutating func finishPaste() -> [Key] {
        var bytes = pastedBytes
        pastedBytes.removeAll()
        pasteEndMatched = 0
        if bytes.count >= Self.pasteByteLimit { Self.dropCutCharacter(&bytes) }
        let text = ControlCharacters.cleaned(
            String(decoding: bytes, as: UTF8.self), keepingLineBreaks: true)
        if text.isEmpty { return [] }
        return [pasteWasCut ? .truncatedPaste(text) : .paste(text)]
    }

    /// Removes a character the byte limit cut in half.
    private static func dropCutCharacter(_ bytes: inout [UInt8]) {
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if length > back { bytes.removeLast(back) }
                return
            }
        }
    }

    private static let finalKeys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        UInt8(ascii: "Z"): .backTab,
        // rxvt's Shift-arrows.
        UInt8(ascii: "a"): Key.up.adding(.shift), UInt8(ascii: "b"): Key.down.adding(.shift),
        UInt8(ascii: "c"): Key.right.adding(.shift), UInt8(ascii: "d"): Key.left.adding(.shift),
    ]

    private static let singleShiftKeys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2),
        UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
        UInt8(ascii: "M"): .enter,
        // rxvt's Ctrl-arrows.
        UInt8(ascii: "a"): Key.up.adding(.control), UInt8(ascii: "b"): Key.down.adding(.control),
        UInt8(ascii: "c"): Key.right.adding(.control), UInt8(ascii: "d"): Key.left.adding(.control),
    ]

    private static let rxvtTildeModifiers: [UInt8: Key.Modifiers] = [
        UInt8(ascii: "$"): .shift, UInt8(ascii: "^"): .control, UInt8(ascii: "@"): [.control, .shift],
    ]

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static let tildeKeys: [Int: Key] = [
        1: .home, 7: .home, 4: .end, 8: .end, 2: .insert, 3: .delete, 5: .pageUp, 6: .pageDown,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]
}
