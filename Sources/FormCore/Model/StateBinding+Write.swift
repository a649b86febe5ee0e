extension StateBinding {
    /// Writes `value`, boxed (as `undoValue` reads it), back through the binding's key path; does
    /// nothing when the path is not writable or the value is not of its type.
    ///
    /// ```swift
    /// let before = binding.undoValue(state)
    /// // … a change that must be taken back …
    /// if let before { binding.write(before, into: &state) }
    /// ```
    public func write(_ value: Any, into state: inout State) {
        Self.write(value, at: keyPath, into: &state)
    }

    /// `value` opened to its own type, so that the key path is cast to one of exactly that type.
    private static func write<Value>(_ value: Value, at keyPath: AnyKeyPath, into state: inout State) {
        guard let keyPath = keyPath as? WritableKeyPath<State, Value> else { return }
        state[keyPath: keyPath] = value
    }
}
