import Synchronization

/// A schema's nodes, compiled as validations first reach them (``SchemaCompiler``). Shared by
/// the copies of a ``JSONSchema`` and by validations running at once, so the compiler sits
/// behind a lock; a node, once compiled, never changes.
final class SchemaGraph: Sendable {
    private let compiler: Mutex<SchemaCompiler>
    /// Whether a compiled node holds a `$dynamicRef` or `$recursiveRef`: readable without the
    /// lock, for ``DocumentValidator``'s every lookup.
    let hasDynamicReferences: Atomic<Bool>

    init(_ compiler: consuming sending SchemaCompiler) {
        hasDynamicReferences = Atomic(compiler.hasDynamicReferences)
        self.compiler = Mutex(compiler)
    }

    /// Node `index`, compiled first if no validation has reached it yet.
    func node(_ index: Int) -> SchemaNode {
        let (node, dynamic) = compiler.withLock { compiler in
            compiler.ensureCompiled(index)
            return (compiler.nodes[index], compiler.hasDynamicReferences)
        }
        if dynamic { hasDynamicReferences.store(true, ordering: .relaxed) }
        return node
    }

    /// Node `index` behind a reference, for the validator's every step.
    func shared(_ index: Int) -> SharedNode {
        let (node, dynamic) = compiler.withLock { compiler in
            compiler.ensureCompiled(index)
            return (compiler.shared[index]!, compiler.hasDynamicReferences)
        }
        if dynamic { hasDynamicReferences.store(true, ordering: .relaxed) }
        return node
    }

    /// Whether node `index` is the schema `false`, without copying the node out (a check made
    /// for each member of an object).
    func rejectsAll(_ index: Int) -> Bool {
        let (rejects, dynamic) = compiler.withLock { compiler in
            compiler.ensureCompiled(index)
            return (compiler.nodes[index].always == false, compiler.hasDynamicReferences)
        }
        if dynamic { hasDynamicReferences.store(true, ordering: .relaxed) }
        return rejects
    }

    func resource(_ index: Int) -> SchemaResource {
        compiler.withLock { $0.resources[index] }
    }
}

/// A compiled node, shared rather than copied.
final class SharedNode: Sendable {
    let node: SchemaNode

    init(_ node: SchemaNode) { self.node = node }
}
