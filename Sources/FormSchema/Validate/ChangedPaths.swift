import FormDocument

/// The paths a caller of ``DocumentValidator/validate(_:changedAt:)`` says changed, as a tree
/// of their components: a value at a place the tree does not reach is the one the last
/// validation saw, so that its members need not be compared with the last ones to be told
/// unchanged (comparing each member of a map of 4,000 objects, one pointer each, was most of a
/// key's re-validation, and ten times that with 40,000).
final class ChangedPaths {
    var children: [DocumentPath.Component: ChangedPaths] = [:]
    /// The value here was replaced whole: nothing under it is known unchanged.
    var replaced = false

    init() {}

    init(_ paths: [DocumentPath]) {
        for path in paths {
            var node = self
            for component in path.components {
                if node.replaced { break }
                if let next = node.children[component] {
                    node = next
                } else {
                    let next = ChangedPaths()
                    node.children[component] = next
                    node = next
                }
            }
            node.replaced = true
            node.children = [:]
        }
    }
}

/// What is known of the value at the place an ``Evaluation`` has reached, from the last
/// validation to this one.
enum ChangeState {
    /// Nothing: the value is compared with the one an earlier result was found for.
    case unknown
    /// The same value the last validation saw here.
    case unchanged
    /// Changed under here at the places the tree names; its other members or items unchanged.
    case changed(ChangedPaths)

    /// The state of the member or item `component` of the value here.
    func child(_ component: DocumentPath.Component) -> ChangeState {
        switch self {
        case .unknown: return .unknown
        case .unchanged: return .unchanged
        case .changed(let paths):
            guard let next = paths.children[component] else { return .unchanged }
            return next.replaced ? .unknown : .changed(next)
        }
    }

    /// Whether the value here may differ from the last validation's (a result remembered for
    /// it must not keep the value: the caller changes it in place, and a second reference
    /// would make that a copy of the whole object).
    var isChanged: Bool {
        if case .changed = self { return true }
        return false
    }
}
