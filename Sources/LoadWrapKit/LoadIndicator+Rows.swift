/// Several pieces of work going on at once, each a row under the line with its own frame, title,
/// progress and elapsed time: what `loadwrap` shows for commands run side by side. Line and rows
/// take at most a third of the terminal's height (the last row then says how many more run) and
/// are erased with the line, without a trace.
///
/// ```swift
/// let indicator = LoadIndicator(title: "Building")
/// try await indicator.run {
///     try await withThrowingTaskGroup(of: Void.self) { group in
///         for target in targets {
///             group.addTask { try await indicator.row(target.name) { row in try await build(target, row) } }
///         }
///         try await group.waitForAll()
///     }
/// }
/// ```
extension LoadIndicator {
    /// One piece of work under the line, from `addRow` until `remove()`.
    public final class Row: Sendable {
        private let indicator: LoadIndicator
        private let id: Int32

        fileprivate init(indicator: LoadIndicator, id: Int32) {
            (self.indicator, self.id) = (indicator, id)
        }

        /// Changes the row's title; stripped of control characters and escapes, as the line's.
        public func setTitle(_ title: String) {
            indicator.changeRows { rows in
                rows.change(id) { $0.title = Sanitizer.sanitize(title) }
                rows.steps.rename(id, to: Sanitizer.sanitize(title), nowMS: rows.nowMS)
            }
        }

        /// Changes how far along the row's work is (nil: just busy), drawn as on the line.
        public func setProgress(_ progress: LoadProgress?) {
            indicator.changeRows { $0.change(id) { $0.progress = progress } }
        }

        /// Takes the row away at once; a no-op once removed. Its step ends then, as `failed` says
        /// (the timings page colours it so).
        public func remove(failed: Bool = false) {
            indicator.changeRows { rows in
                rows.list.removeAll { $0.id == id }
                rows.steps.end(id, failed: failed, nowMS: rows.nowMS)
            }
        }
    }

    /// Adds a row titled `title` under the line, shown from now (once the line shows), until the
    /// row's `remove()`.
    public func addRow(_ title: String) -> Row {
        Row(indicator: self, id: changeRows { $0.add(Sanitizer.sanitize(title)) })
    }

    /// Adds a row titled `title`, runs `body` with it, and removes the row even when `body` throws
    /// (its step then failed).
    public func row<T>(_ title: String, _ body: (Row) throws -> T) rethrows -> T {
        let row = addRow(title)
        do {
            let value = try body(row)
            row.remove()
            return value
        } catch {
            row.remove(failed: true)
            throw error
        }
    }

    /// Adds a row titled `title`, awaits `body` with it on the caller's actor, and removes the row
    /// even when `body` throws (its step then failed).
    public func row<T>(
        _ title: String, isolation: isolated (any Actor)? = #isolation, _ body: (Row) async throws -> T
    ) async rethrows -> T {
        let row = addRow(title)
        do {
            let value = try await body(row)
            row.remove()
            return value
        } catch {
            row.remove(failed: true)
            throw error
        }
    }

    /// The rows' state, on the indicator's queue.
    struct Rows {
        /// The pieces of work going on, oldest first.
        var list: [SiblingRow] = []
        /// The indicator and every row so far, as steps (`writeTimings(toFile:)`).
        var steps: StepLog
        /// When the change being made happens, on the indicator's clock.
        var nowMS = 0
        /// The id of the next row added.
        private var nextID: Int32 = 1

        /// No rows yet; the indicator's own step, titled `title`, starts at `nowMS`.
        init(title: String, nowMS: Int) {
            steps = StepLog(title: title, nowMS: nowMS)
        }

        /// Adds a row titled `title`, already sanitised; returns its id.
        mutating func add(_ title: String) -> Int32 {
            defer { nextID += 1 }
            list.append(SiblingRow(id: nextID, title: title))
            steps.add(nextID, title: title, nowMS: nowMS)
            return nextID
        }

        /// Changes the row `id`, if it is still there.
        mutating func change(_ id: Int32, _ body: (inout SiblingRow) -> Void) {
            if let index = list.firstIndex(where: { $0.id == id }) { body(&list[index]) }
        }
    }
}
