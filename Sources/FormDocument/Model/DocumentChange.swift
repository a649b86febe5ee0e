/// One change a form asks of a document. Each format's editor turns it into the smallest
/// ``TextEdit``s that make it, in the style of what stands around it.
///
/// ```swift
/// try document.apply(.set(DocumentPath(pointer: "/port")!, .number(9090)))
/// try document.apply(.insert(parent: .root, key: "host", value: "localhost", before: nil))
/// ```
public enum DocumentChange: Hashable, Sendable {
    /// Replace the value at `path` (a scalar keeps its quoting where the new value allows; a
    /// container is written anew in its parent's style).
    case set(DocumentPath, DocumentValue)
    /// Add `key` to the object at `parent`: after its last member, or before the member `before`.
    case insert(parent: DocumentPath, key: String, value: DocumentValue, before: String?)
    /// Remove the member or element at `path`, with its own comments and its separator.
    case delete(DocumentPath)
    /// Add an element at the end of the array at `array`.
    case append(array: DocumentPath, value: DocumentValue)
    /// Move the element at `from` of the array at `array` so that it stands at `to`.
    case move(array: DocumentPath, from: Int, to: Int)

    /// The value the whole document must read back as after this change: what an edit is checked
    /// against. Nil when the change does not fit the value (a path that is not there).
    public func applied(to value: DocumentValue) -> DocumentValue? {
        switch self {
        case .set(let path, let new):
            return value.replacing(at: path[...]) { _ in new }
        case .insert(let parent, let key, let new, let before):
            return value.replacing(at: parent.components[...]) { container in
                guard case .object(var members) = container, members[key] == nil else { return nil }
                if let before, let index = members.index(forKey: before) {
                    members.updateValue(new, forKey: key, insertingAt: index)
                } else {
                    members[key] = new
                }
                return .object(members)
            }
        case .delete(let path):
            guard let parent = path.parent, let last = path.last else { return nil }
            return value.replacing(at: parent.components[...]) { container in
                switch (container, last) {
                case (.object(var members), .key(let key)):
                    guard members.removeValue(forKey: key) != nil else { return nil }
                    return .object(members)
                case (.object(var members), .index(let index)):
                    guard members.removeValue(forKey: String(index)) != nil else { return nil }
                    return .object(members)
                case (.array(var elements), .index(let index)):
                    guard elements.indices.contains(index) else { return nil }
                    elements.remove(at: index)
                    return .array(elements)
                default: return nil
                }
            }
        case .append(let array, let new):
            return value.replacing(at: array.components[...]) { container in
                guard case .array(var elements) = container else { return nil }
                elements.append(new)
                return .array(elements)
            }
        case .move(let array, let from, let to):
            return value.replacing(at: array.components[...]) { container in
                guard case .array(var elements) = container, elements.indices.contains(from),
                    elements.indices.contains(to)
                else { return nil }
                let element = elements.remove(at: from)
                elements.insert(element, at: to)
                return .array(elements)
            }
        }
    }
}

extension DocumentPath {
    fileprivate subscript(_: UnboundedRange) -> ArraySlice<Component> { components[...] }
}

extension DocumentValue {
    /// This value with the value at `path` replaced by what `change` makes of it (nil: no change
    /// fits, so no value).
    func replacing(
        at path: ArraySlice<DocumentPath.Component>, _ change: (DocumentValue) -> DocumentValue?
    ) -> DocumentValue? {
        guard let first = path.first else { return change(self) }
        switch (self, first) {
        case (.object(var members), .key(let key)):
            guard let child = members[key], let new = child.replacing(at: path.dropFirst(), change)
            else { return nil }
            members[key] = new
            return .object(members)
        case (.object(var members), .index(let index)):
            guard let child = members[String(index)],
                let new = child.replacing(at: path.dropFirst(), change)
            else { return nil }
            members[String(index)] = new
            return .object(members)
        case (.array(var elements), .index(let index)):
            guard elements.indices.contains(index),
                let new = elements[index].replacing(at: path.dropFirst(), change)
            else { return nil }
            elements[index] = new
            return .array(elements)
        default:
            return nil
        }
    }
}
