extension ReportText {
    /// What the end line says in place of the title (`--success`, `--failure`), when given.
    package struct EndTexts {
        /// The end line's text after a success (`--success`), or nil for the title.
        var success: String?
        /// The end line's text after a failure (`--failure`), or nil for the title.
        var failure: String?

        /// `success` after a success and `failure` after a failure, each nil for the title.
        package init(success: String? = nil, failure: String? = nil) {
            (self.success, self.failure) = (success, failure)
        }

        /// The end line's text for `outcome` of a run titled `title`.
        func text(_ outcome: Outcome, title: String) -> String {
            (outcome.succeeded ? success : failure) ?? title
        }
    }
}
