/// A member of the state that holds a secret (a password, a token): it may be written to the
/// state file, where the app keeps it on purpose, and nowhere else, not even a draft journal.
///
/// Rows that edit secrets name them through `SecretRow`; `Form.secretMembers(in:)` gathers them,
/// and `concealing(in:keeping:)` gives a copy of a draft with every secret put back to its saved
/// value, so that what the user typed into a secret row never leaves memory before a save.
///
/// ```swift
/// let secret = SecretMember(\Hotspot.password)
/// var copy = draft
/// secret.restore(&copy, from: saved) // copy.password == saved.password
/// ```
public struct SecretMember<State> {
    private let copy: (inout State, State) -> Void

    public init<Value>(_ keyPath: WritableKeyPath<State, Value>) {
        copy = { state, source in state[keyPath: keyPath] = source[keyPath: keyPath] }
    }

    /// Puts `source`'s value of the member into `state`.
    public func restore(_ state: inout State, from source: State) {
        copy(&state, source)
    }
}

/// A row that edits a secret: it names the members of the state that must not be written outside
/// the state file. `TextRow(secure: true)` and `PasswordRow` are secret rows; a custom row that
/// holds a secret conforms too.
///
/// ```swift
/// extension PinRow: SecretRow {
///     public var secretMembers: [SecretMember<State>] { [SecretMember(pin)] }
/// }
/// ```
public protocol SecretRow<State>: FormRow {
    var secretMembers: [SecretMember<State>] { get }
}

extension Form {
    /// The secret members of every row of the form, shown or hidden, and of the forms its rows
    /// open (a password's own editor), for `state`.
    ///
    /// A `ForEach` is asked through its first row: its rows are all of one kind, and building a
    /// row for each of a million options to find none would cost a pause.
    ///
    /// ```swift
    /// let secrets = HotspotDemo.form().secretMembers(in: draft)
    /// ```
    public func secretMembers(in state: State) -> [SecretMember<State>] {
        secretMembers(in: state, depth: 0)
    }

    /// Forms opened from forms: deep enough for any real form, and finite for a row whose
    /// destination holds itself.
    private static var deepestDestination: Int { 4 }

    private func secretMembers(in state: State, depth: Int) -> [SecretMember<State>] {
        var found: [SecretMember<State>] = []
        for section in sections {
            for group in section.groups {
                found += group.secrets
                if group.secretsAreKnown { continue }
                // Rows made for the state: those of a `ForEach`, and nested forms.
                guard group.count(state) > 0 else { continue }
                let row = group.row(state, 0)
                if group.height == nil {
                    found += row.secretMembers
                }
                if depth < Self.deepestDestination, let destination = row.destination(in: state) {
                    found += destination.secretMembers(in: state, depth: depth + 1)
                }
            }
        }
        return found
    }

    /// The secret members of the form when no state can change them: every group names its
    /// own (`RowGroup.secretsAreKnown`, as a spec's rows do); nil when rows made for the state
    /// must be asked. Found once, they spare each journal write a walk of every group: at
    /// 100,000 rows that walk was most of what a write still cost (a third of a key's CPU
    /// while typing).
    ///
    /// ```swift
    /// let secrets = form.fixedSecretMembers ?? form.secretMembers(in: draft)
    /// ```
    public var fixedSecretMembers: [SecretMember<State>]? {
        var found: [SecretMember<State>] = []
        for section in sections {
            for index in section.groups.indices {
                guard section.groups[index].secretsAreKnown else { return nil }
                found += section.groups[index].secrets
            }
        }
        return found
    }

    /// `draft` with each of `secrets` put back to its value in `saved`.
    public func concealing(
        in draft: State, keeping saved: State, secrets: [SecretMember<State>]
    ) -> State {
        var copy = draft
        for secret in secrets { secret.restore(&copy, from: saved) }
        return copy
    }

    /// `draft` with every secret member put back to its value in `saved`: what may be written
    /// anywhere but the state file.
    ///
    /// ```swift
    /// let shareable = form.concealing(in: draft, keeping: store.value)
    /// ```
    public func concealing(in draft: State, keeping saved: State) -> State {
        var copy = draft
        for secret in secretMembers(in: draft) { secret.restore(&copy, from: saved) }
        return copy
    }
}

extension TextRow: SecretRow {
    /// The row's text when it is secure; nothing otherwise.
    public var secretMembers: [SecretMember<State>] { isSecure ? [SecretMember(text)] : [] }
}

extension PasswordRow: SecretRow {
    public var secretMembers: [SecretMember<State>] { [SecretMember(password)] }
}
