/// Where one written node shows in a YAML tree: an alias repeats its anchored node and a merge
/// key repeats the merged mapping's members, each as a copy with the same bytes. Two places
/// show the same node exactly when their nodes have the same span and kind.
enum YAMLSharing {
    /// Every path whose node is the written node at `path` (`path` itself first).
    static func places(of path: DocumentPath, in root: DocumentNode) -> [DocumentPath] {
        guard let target = root.node(at: path), canBeShared(path, in: root) else { return [path] }
        var found: [DocumentPath] = [path]
        var pending: [(DocumentNode, [DocumentPath.Component])] = [(root, [])]
        while let (node, components) = pending.popLast() {
            if node.span == target.span, sameKind(node, target), components != path.components {
                found.append(DocumentPath(components))
            }
            var container = node
            if case .alias(_, let aliased) = container.content { container = aliased }
            switch container.content {
            case .object(let members):
                for member in members.reversed() {
                    pending.append((member.node, components + [.key(member.key)]))
                }
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() {
                    pending.append((element, components + [.index(index)]))
                }
            case .scalar, .alias:
                break
            }
        }
        return found
    }

    /// Only an anchored node (or one inside it) can show twice: the path must pass an anchor,
    /// an alias or a merged member. Most edits touch none, and skip the walk of the tree.
    private static func canBeShared(_ path: DocumentPath, in root: DocumentNode) -> Bool {
        var current = root
        if current.anchor != nil { return true }
        for component in path.components {
            if case .alias = current.content { return true }
            switch (component, current.content) {
            case (.key(let key), .object(let members)):
                guard let member = members.last(where: { $0.key == key }) else { return false }
                if member.isMerged { return true }
                current = member.node
            case (.index(let index), .object(let members)):
                guard let member = members.last(where: { $0.key == String(index) }) else { return false }
                if member.isMerged { return true }
                current = member.node
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return false }
                current = elements[index]
            default:
                return false
            }
            if current.anchor != nil { return true }
        }
        if case .alias = current.content { return false }
        return false
    }

    private static func sameKind(_ a: DocumentNode, _ b: DocumentNode) -> Bool {
        switch (a.content, b.content) {
        case (.scalar, .scalar), (.object, .object), (.array, .array), (.alias, .alias): return true
        default: return false
        }
    }
}
