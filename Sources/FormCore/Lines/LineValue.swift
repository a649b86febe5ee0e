/// A row's value in words, read from what its cell would draw: for rows the line mode prints
/// rather than asks (labels, rows of a custom kind), and for the summary before saving.
///
/// ```swift
/// LineValue.of(ToggleContent(title: "Sounds", isOn: true)) // "On"
/// ```
public enum LineValue {
    /// The value a content shows; a custom kind's content is read through `CustomStringConvertible`,
    /// else its `RowText` (what its row shows: "★★★☆☆"), and nil when it says nothing readable.
    public static func of(_ content: any Hashable) -> String? {
        switch content {
        case let toggle as ToggleContent: return toggle.isOn ? "On" : "Off"
        case let field as TextFieldContent:
            return field.text.isEmpty ? "empty" : field.isSecure ? "set (hidden)" : field.text
        case let value as ValueContent:
            // A secret's bullets say nothing to a screen reader.
            return value.value.allSatisfy { $0 == SecretMask.bullet } && !value.value.isEmpty
                ? "set (hidden)" : value.value
        case let picked as PickerValueContent: return picked.isPlaceholder ? "not set" : picked.value
        case let stepper as StepperContent: return stepper.value
        case let slider as SliderContent: return slider.value
        case let segmented as SegmentedContent:
            return segmented.selected.map { segmented.segments[$0] } ?? "none"
        case let text as MultilineTextContent:
            return text.lines.isEmpty
                ? "empty" : text.lines.joined(separator: " / ") + (text.isCut ? " …" : "")
        case let check as CheckContent: return check.isChecked ? "checked" : "not checked"
        case is ButtonContent: return nil
        case let described as CustomStringConvertible: return described.description
        case let custom as any RowContent:
            let value = custom.rowText.value
            return value.isEmpty ? nil : value
        default: return nil
        }
    }
}
