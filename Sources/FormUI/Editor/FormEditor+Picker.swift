import FormCore

extension FormEditor {
    /// Closes the open inline picker and, in a draft, takes back what changed since its row was
    /// activated: the wheels' moves, typed digits, and the value an unset date took on opening
    /// (it is unset again). Enter keeps them instead.
    ///
    /// ```swift
    /// _ = editor.handle(.enter, isRoot: true)   // an unset birthday opens at today
    /// _ = editor.handle(.escape, isRoot: true)  // and is "Not set" again
    /// ```
    func cancelPicker() {
        guard expanded != nil else { return }
        if mode == .edit, let depth = pickerOpenedAt { takeBack(toDepth: depth) }
        // Taking back closes the picker too; nothing to take back leaves it to close here.
        leaveRow()
    }
}
