import FormCore

extension FormEditor {
    func jump() -> FormEffect? { nil }
}
