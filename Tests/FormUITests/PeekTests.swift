import FormCore
import Testing
@testable import FormUI

@Test func peek() throws {
    let session = ScreenSession(
        MultiSelectionTests.Pizza(toppings: ["Cheese", "Ham"]),
        form: Form(title: "Pizza") {
            Section { MultiSelectionRow("Toppings", \.toppings, options: MultiSelectionTests.toppings) }
        })
    try session.play("enter \"ol\" space")
    print(session.text)
    print(session.help)
    try session.play("esc esc")
    print(session.text)
}
