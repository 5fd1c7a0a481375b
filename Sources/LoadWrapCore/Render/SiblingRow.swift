/// One of several commands running side by side under this loadwrap: a row under the spinner line.
package struct SiblingRow: Equatable, Sendable {
    /// What tells it apart from the others (the pid of the loadwrap that runs it).
    package let id: Int32
    /// Its title, already sanitised, with the runs nested in it: `step a › tests`.
    package var title: String
    /// How far its command has got, if it said.
    package var progress: LoadProgress?

    package init(id: Int32, title: String, progress: LoadProgress? = nil) {
        (self.id, self.title, self.progress) = (id, title, progress)
    }
}
