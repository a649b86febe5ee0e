extension StateBinding {
    /// Writes `value`, boxed (as `undoValue` reads it), back through the binding; does nothing
    /// when it cannot be written or the value is not of its type.
    ///
    /// ```swift
    /// let before = binding.undoValue(state)
    /// // … a change that must be taken back …
    /// if let before { binding.write(before, into: &state) }
    /// ```
    public func write(_ value: Any, into state: inout State) {
        access.write(value, into: &state)
    }
}
