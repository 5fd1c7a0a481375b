/// The plan as the runner's arguments: one `field=value` word per field, the run's fields first,
/// then each command as `job-name=`, `job-title=`, `job-line=`, where a `job-name` opens the next
/// command. A value is everything after the first `=`, so it may hold any text an argument can
/// (`=`, spaces, newlines) with no escaping. `arguments` and `init(arguments:)` are each other's
/// inverse (`JobPlanTests`).
extension JobPlan {
    /// The names of the fields.
    enum Field: String, CaseIterable, Sendable {
        case limit, failFast = "fail-fast", killAfterMS = "kill-after-ms"
        case channel, quiet, title
        case jobName = "job-name", jobTitle = "job-title", jobLine = "job-line"
    }

    /// Why words are not a plan: each case names the word or field at fault.
    package enum FormatError: Error, Equatable, Sendable {
        /// A word without `=`.
        case notAField(String)
        /// A field name the plan does not have.
        case unknownField(String)
        /// A field given twice (for the run, or for one command).
        case repeatedField(String)
        /// A command's field before any `job-name`.
        case fieldOutsideJob(String)
        /// A field the plan needs, not given (`job-title` of command 2: "job-title of job 2").
        case missingField(String)
        /// A field whose value is not of its kind: the field, the value, what it should be.
        case invalidValue(String, value: String, expected: String)

        /// What is wrong, as a phrase for a sentence.
        package var reason: String {
            switch self {
            case .notAField(let word): "'\(word)' is not a field=value word"
            case .unknownField(let name): "there is no field '\(name)'"
            case .repeatedField(let name): "the field '\(name)' is given twice"
            case .fieldOutsideJob(let name): "the field '\(name)' comes before any job-name"
            case .missingField(let name): "the field '\(name)' is missing"
            case .invalidValue(let name, let value, let expected): "the field '\(name)' is '\(value)', expected \(expected)"
            }
        }
    }

    /// The plan as the runner's arguments, after `verb`.
    package var arguments: [String] {
        let run: [(Field, String)] = [
            (.limit, String(policy.limit)), (.failFast, String(policy.failFast)), (.killAfterMS, String(policy.killAfterMS)),
            (.channel, appearance.channel.map { String($0) } ?? Self.noChannel), (.quiet, String(appearance.quiet)),
            (.title, title),
        ]
        let commands: [(Field, String)] = jobs.flatMap { [(.jobName, $0.name), (.jobTitle, $0.title), (.jobLine, $0.line)] }
        return (run + commands).map { "\($0.rawValue)=\($1)" }
    }

    /// Reads `arguments`; throws what makes them no plan: a word that is no known field, a field
    /// given twice or missing, a value not of its kind, or no command at all.
    package init(arguments: [String]) throws(FormatError) {
        var run: [Field: String] = [:]
        var commands: [[Field: String]] = []
        for word in arguments {
            guard let equals = word.firstIndex(of: "=") else { throw .notAField(word) }
            let name = String(word[..<equals])
            guard let field = Field(rawValue: name) else { throw .unknownField(name) }
            let value = String(word[word.index(after: equals)...])
            switch field {
            case .jobName:
                commands.append([field: value])
            case .jobTitle, .jobLine:
                guard !commands.isEmpty else { throw .fieldOutsideJob(name) }
                guard commands[commands.count - 1].updateValue(value, forKey: field) == nil else { throw .repeatedField(name) }
            default:
                guard run.updateValue(value, forKey: field) == nil else { throw .repeatedField(name) }
            }
        }
        guard !commands.isEmpty else { throw .missingField(Field.jobName.rawValue) }
        var jobs: [Job] = []
        for (number, fields) in zip(1..., commands) {
            let title = try Self.text(.jobTitle, in: fields, of: number), line = try Self.text(.jobLine, in: fields, of: number)
            jobs.append(Job(name: fields[.jobName] ?? "", title: title, line: line))
        }
        let policy = Policy(
            limit: try Self.number(.limit, in: run, from: 1), failFast: try Self.flag(.failFast, in: run),
            killAfterMS: try Self.number(.killAfterMS, in: run, from: 0))
        let appearance = Appearance(channel: try Self.channel(in: run), quiet: try Self.flag(.quiet, in: run))
        self.init(jobs: jobs, policy: policy, appearance: appearance, title: try Self.text(.title, in: run))
    }

    /// The text of `field`, which must be there; `job` names the command it belongs to, if any.
    private static func text(_ field: Field, in fields: [Field: String], of job: Int? = nil) throws(FormatError) -> String {
        guard let value = fields[field] else { throw .missingField(field.rawValue + (job.map { " of job \($0)" } ?? "")) }
        return value
    }

    /// The whole number in `field`, at least `minimum`.
    private static func number(_ field: Field, in fields: [Field: String], from minimum: Int) throws(FormatError) -> Int {
        let value = try text(field, in: fields)
        guard let number = Int(value), number >= minimum else {
            throw .invalidValue(field.rawValue, value: value, expected: "a whole number from \(minimum)")
        }
        return number
    }

    /// The value of `channel` when the commands have no terminals of their own.
    static let noChannel = "none"

    /// The descriptor in `channel`, from 3, or nil for `none`.
    private static func channel(in fields: [Field: String]) throws(FormatError) -> Int32? {
        let value = try text(.channel, in: fields)
        guard value != noChannel else { return nil }
        guard let fd = Int32(value), fd >= 3 else {
            throw .invalidValue(Field.channel.rawValue, value: value, expected: "a descriptor from 3, or \(noChannel)")
        }
        return fd
    }

    /// The `true` or `false` in `field`.
    private static func flag(_ field: Field, in fields: [Field: String]) throws(FormatError) -> Bool {
        let value = try text(field, in: fields)
        guard let flag = Bool(value) else { throw .invalidValue(field.rawValue, value: value, expected: "true or false") }
        return flag
    }
}
