extension Theme {
    /// The theme the environment asks for: `FORMTUI_THEME` when it names one, else `light` where
    /// the terminal says its background is light (`COLORFGBG`, as rxvt and Konsole set it), else
    /// `dark`. What `formtui` and `Form.run` use when no theme is given.
    ///
    /// ```swift
    /// let theme = Theme.preferred(environment: ["FORMTUI_THEME": "light"])  // .light
    /// ```
    public static func preferred(environment: [String: String]) -> Theme {
        if let named = Theme.named(environment["FORMTUI_THEME"] ?? "") { return named }
        // "15;0" is light text on black; "0;15" (or "0;default;15") black on white: 7 and 15 are
        // the light backgrounds.
        if let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }),
            background == 7 || background == 15
        {
            return .light
        }
        return .standard
    }
}
