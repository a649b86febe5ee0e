import FormCore
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The registration form of the protocol-oriented form fields article: full name, email,
/// password (secure), birthday (an inline date picker), "Enable 2FA" and a country chosen from
/// every country in a filterable list. Ctrl-S on a form with wrong rows saves nothing, marks each
/// one and puts focus on the first.
///
/// ```swift
/// let app = App(root: RegistrationDemo.screen(store: StateStore(Registration())))
/// ```
public enum RegistrationDemo {
    /// The earliest birthday the picker offers.
    static let earliest = Date(timeIntervalSince1970: -5_364_662_400)  // 1800-01-01

    /// `now` is when "in the past" is judged; tests pass a fixed one.
    public static func form(now: @escaping @Sendable () -> Date = Date.init) -> Form<Registration> {
        Form(title: "Sign Up", reviewsChanges: true) {
            Section("Account", footer: "We never share your email.") {
                TextRow("Full Name", \.fullName, placeholder: "First and last", required: true) {
                    $0.allSatisfy(\.isWhitespace) ? "Your name is needed." : nil
                }
                TextRow(
                    "Email", \.email, placeholder: "name@example.com", required: true, validate: emailProblem)
                TextRow("Password", \.password, secure: true, required: true) {
                    $0.count < 8 ? "At least 8 characters." : nil
                }
            }
            Section("About You") {
                DateRow(
                    "Birthday", \.birthday, mode: .date, in: earliest...now(), opening: birthdayOpening(now())
                )
                .validate { state in
                    guard let birthday = state.birthday else { return "Your birthday is needed." }
                    return birthday < now() ? nil : "A birthday is in the past."
                }
                .required()
                SelectionRow("Country", \.country, options: Countries.names) { $0.isEmpty ? "Choose" : $0 }
                    .validate { $0.country.isEmpty ? "Choose your country." : nil }.required()
            }
            Section("Security", footer: { $0.twoFactor ? "A code is asked for at each sign-in." : nil }) {
                Toggle("Enable 2FA", \.twoFactor)
            }
        }
    }

    /// Where the birthday wheels open: 1 January thirty years back, nearer most birthdays than
    /// today is (a newborn registers seldom).
    static func birthdayOpening(_ now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let year = calendar.component(.year, from: now) - 30
        return calendar.date(from: DateComponents(year: year, month: 1, day: 1)) ?? now
    }

    /// An email address looks like `name@host.domain`: one @, something on each side, a dot in
    /// the host, no spaces. Whether it exists is for a mail server to say.
    static func emailProblem(_ email: String) -> String? {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard !email.isEmpty else { return "Your email is needed." }
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else {
            return "An email looks like name@example.com."
        }
        let host = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard host.count >= 2, host.allSatisfy({ !$0.isEmpty }) else {
            return "An email looks like name@example.com."
        }
        return nil
    }

    public static func screen(
        store: StateStore<Registration>, now: @escaping @Sendable () -> Date = Date.init
    ) -> FormScreen<Registration> {
        FormScreen(form: form(now: now), store: store, mode: .edit)
    }
}
