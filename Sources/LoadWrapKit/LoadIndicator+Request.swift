extension LoadIndicator {
    /// What the caller asks of an indicator: the public initialiser's own arguments, which the
    /// internal one (environment and timer injected) takes as one value.
    struct Request {
        /// The text beside the spinner, not yet sanitised.
        var title: String
        /// The style asked for; `line` is drawn instead when the locale is not UTF-8.
        var style: SpinnerStyle
        /// How long after `start()` the line first shows.
        var delay: Duration
        /// How many of the last lines fed show above the spinner; 0: none.
        var tail = 0
    }
}
