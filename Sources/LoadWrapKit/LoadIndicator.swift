@_exported import LoadWrapCore
import Dispatch

/// A spinner on the last line of the terminal while your program works, erased without a
/// trace when it stops.
///
/// Safe to use from any thread: every byte to the output, and every change of state, goes
/// through one private serial queue, so no two threads ever interleave bytes on the terminal
/// (UIKit's "UI only from the main thread" rule, with the queue as the main thread).
/// When the output is not a terminal, or `TERM=dumb`, the indicator draws nothing at all;
/// `print(_:)` still writes its lines and `feed(_:)` its text.
///
/// What your steps print can go through `feed(_:)`: while started on a terminal it is held, the
/// last `tail` lines of it show above the spinner, `stop()` drops it with the block (the work
/// went well, the screen is as before) and `stop(failed: true)` prints all of it (what Noora's
/// `CollapsibleStep` and `loadwrap --tail` do).
public final class LoadIndicator: @unchecked Sendable {
    /// The style actually drawn: the one asked for, or `line` when the locale is not UTF-8.
    public let style: SpinnerStyle
    /// The caller's clock, read in milliseconds; a manual clock in tests.
    private let clock: any TimeSource
    /// Where bytes go.
    private let output: OutputEndpoint
    /// False when the output is not a terminal that can take the line: then nothing is drawn.
    private let draws: Bool
    /// Whether a real timer animates the line; tests turn it off and call `tick()` instead.
    private let animates: Bool
    /// Where held output spills past its memory limit.
    private let temporaryDirectory: String
    /// The one owner of the state below and of every write to `output`.
    private let queue = DispatchQueue(label: "LoadWrapKit.LoadIndicator")

    // State: touched only on `queue`, or in `deinit`, when no other reference exists.

    /// The current title, sanitised.
    private var currentTitle: String
    /// How far along the work is, or nil.
    private var currentProgress: LoadProgress?
    /// The line while started, with the tail's window and the rows drawn with it.
    private var drawing: IndicatorDrawing
    /// Wakes the queue for the next frame while started.
    private var timer: DispatchSourceTimer?
    /// True after `remove()`: the indicator never starts again.
    private var removed = false
    /// Checked at every frame while started; the indicator stops when it returns true.
    private var stopCondition: (@Sendable () -> Bool)?
    /// What `feed` gave while started and drawing, until its fate is known; nothing otherwise.
    private var hold = OutputHold(nil)
    /// The pieces of work going on at once, each a row under the line (`addRow`).
    private var rows: Rows

    /// Prepares an indicator on `output` and draws nothing yet (the `createLoadView` pattern).
    ///
    /// Nothing shows until `delay` after `start()`, so quick work leaves no trace. Elapsed time and
    /// frames count on `clock`: by default `ContinuousClock`, which never goes back and keeps
    /// counting while the machine sleeps, so the time shown is the time waited. Colour follows
    /// `NO_COLOR` and `TERM`; a non-ASCII `style` falls back to `line` when the locale
    /// (`LC_ALL`, `LC_CTYPE`, `LANG`) is not UTF-8. `tail` is how many of the last lines given to
    /// `feed(_:)` show above the spinner (never more than the terminal's height less 3).
    public convenience init(
        title: String = "Loading…", style: SpinnerStyle = .dots, delay: Duration = .zero, tail: Int = 0,
        output: LoadIndicatorOutput = .standardError, clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            Request(title: title, style: style, delay: delay, tail: tail), output: output, clock: clock,
            environment: .current(), animates: true)
    }

    /// Prepares an indicator with the environment given, and with or without its own timer.
    init(
        _ request: Request, output: LoadIndicatorOutput, clock: some Clock<Duration>, environment: IndicatorEnvironment,
        animates: Bool
    ) {
        style = SpinnerStyle.fallback(for: request.style, utf8: environment.utf8)
        self.clock = ClockTimeSource(clock)
        self.output = output.open()
        draws = self.output.isTerminal && !environment.dumbTerminal
        self.animates = animates
        temporaryDirectory = environment.temporaryDirectory
        currentTitle = Sanitizer.sanitize(request.title)
        rows = Rows(title: currentTitle, nowMS: self.clock.nowMS())
        // The render core counts in milliseconds from the indicator's creation.
        drawing = IndicatorDrawing(
            look: Overlay.Look(style: style, color: environment.color, utf8: environment.utf8),
            delayMS: max(0, request.delay.wholeMilliseconds), tailLines: max(0, request.tail), screenRows: self.output.rows)
    }

    /// Restores the terminal if the indicator is still running (the `removeLoadView` pattern).
    deinit {
        // No other reference exists, so no queue is needed: a timer handler still pending
        // finds its weak reference gone and does nothing.
        finish()
    }

    /// The text beside the spinner; a change shows at the next frame. Control characters and
    /// escape sequences are stripped, so a title can never move the cursor or recolour the screen.
    public var title: String {
        get { queue.sync { currentTitle } }
        set {
            queue.sync {
                currentTitle = Sanitizer.sanitize(newValue)
                drawing.overlay?.setTitle(currentTitle)
                rows.steps.rename(nil, to: currentTitle, nowMS: clock.nowMS())
            }
        }
    }

    /// How far along the work is, drawn as a bar with its figures and, once it can be estimated,
    /// the time left: `⠙ Uploading ━━━━━━━━╸━━━━━━━ 52% · 12s · ~11s left`. nil (the default)
    /// is a plain spinner. A change shows at the next frame.
    public var progress: LoadProgress? {
        get { queue.sync { currentProgress } }
        set {
            queue.sync {
                currentProgress = newValue
                drawing.overlay?.setProgress(newValue, nowMS: clock.nowMS())
            }
        }
    }

    /// Shows the spinner (after the delay) and animates it until `stop()`; a no-op while
    /// already started (the `loadViewStartAnimating` pattern).
    public func start() {
        queue.sync {
            guard drawing.overlay == nil, !removed else { return }
            rows.steps.resume()
            drawing.overlay = Overlay(
                look: drawing.look, title: currentTitle, startMS: clock.nowMS(), delayMS: drawing.delayMS, columns: output.columns)
            drawing.overlay!.setProgress(currentProgress, nowMS: clock.nowMS())
            if draws { startHolding() }
            drawIfDue()
            startTimer()
        }
    }

    /// Erases the line (and the tail's window) and shows the cursor again; when it returns the
    /// terminal is as it was, and what `feed` held is dropped. With `failed`, the held text is then
    /// written in full, in order, colours kept: the work went wrong, and that is what to read.
    /// A no-op while stopped (the `loadViewStopAnimating` pattern).
    public func stop(failed: Bool = false) {
        queue.sync { finish(failed: failed) }
    }

    /// Lets a condition end the spinner: it is checked at every frame while started, and the
    /// spinner stops the first time it holds (the pull-to-refresh seed: stop when the data arrives).
    /// Checked on the indicator's queue, so it must not call back into the indicator.
    public func stop(when condition: @escaping @Sendable () -> Bool) {
        queue.sync {
            stopCondition = condition
            stopIfConditionHolds()
            if timer == nil && drawing.overlay != nil { startTimer() }
        }
    }

    /// Stops for good: the terminal is restored and `start()` does nothing afterwards.
    public func remove() {
        queue.sync {
            finish()
            removed = true
        }
    }

    /// Writes `line` and a newline above the running spinner, in one write: erase, line, redraw;
    /// the redraw advances the animation only when a frame is due, so printing often never
    /// hurries it. While stopped, or when the output is not a terminal, just the line. The text
    /// is written as given: it is the caller's own output, colours included.
    public func print(_ line: String) {
        queue.sync {
            let shown = draws && drawing.overlay?.visible == true
            var bytes = shown ? drawing.erase(columns: output.columns, screenRows: output.rows) : []
            bytes += Array(line.utf8)
            bytes.append(0x0A)
            if shown {
                let now = clock.nowMS()
                bytes += drawn(nowMS: now, advancing: drawing.overlay!.isDue(nowMS: now))
            }
            output.write(bytes)
        }
    }

    /// Writes `text` as the work's own output. While started on a terminal it is held: the last
    /// lines show in the tail's window (each as the terminal would show it, escapes other than
    /// colours dropped) until `stop(failed:)` drops or prints them. Otherwise it is written as is.
    public func feed(_ text: String) {
        feed(bytes: Array(text.utf8))
    }

    /// Writes `bytes` as the work's own output, as `feed(_:)` does; a chunk may end inside a
    /// UTF-8 character or an escape sequence, which the next one finishes.
    public func feed(bytes: [UInt8]) {
        queue.sync {
            bytes.withUnsafeBytes { chunk in
                if hold.keep(chunk) { drawing.block.tail?.hold(chunk) } else { output.write(bytes) }
            }
        }
    }

    /// Changes the rows on the queue and, when that changed them, draws them at once if the line
    /// shows: a row comes and goes with its work, not at the next frame.
    func changeRows<T>(_ change: (inout Rows) -> T) -> T {
        queue.sync {
            let before = rows.list
            rows.nowMS = clock.nowMS()
            let result = change(&rows)
            guard rows.list != before else { return result }
            drawing.block.siblings.update(rows.list, nowMS: clock.nowMS())
            drawing.overlay?.redrawNow()
            drawIfDue()
            return result
        }
    }

    /// Checks the stop condition, then draws the next frame if it is due; what the timer does,
    /// callable by tests with a manual clock.
    func tick() {
        queue.sync {
            stopIfConditionHolds()
            drawIfDue()
        }
    }

    /// Stops when a stop condition is set and holds. On `queue`.
    private func stopIfConditionHolds() {
        guard drawing.overlay != nil, let condition = stopCondition, condition() else { return }
        stopCondition = nil
        finish()
    }

    /// Draws the line if started, drawing, and a frame is due. On `queue`.
    private func drawIfDue() {
        guard draws, drawing.overlay != nil else { return }
        let now = clock.nowMS()
        guard drawing.overlay!.isDue(nowMS: now) else { return }
        output.write(drawn(nowMS: now))
    }

    /// The bytes that draw the line, or the tail's block, with the rows, for the output's size
    /// now. On `queue`, while started.
    private func drawn(nowMS: Int, advancing: Bool = true) -> [UInt8] {
        drawing.draw(nowMS: nowMS, advancing: advancing, columns: output.columns, screenRows: output.rows)
    }

    /// Begins holding what `feed` gives, with a window when one was asked for. On `queue`.
    private func startHolding() {
        hold = OutputHold(HeldOutput(directory: temporaryDirectory))
        drawing.openWindow(screenRows: output.rows)
    }

    /// Erases the line (and block) if shown and forgets it; cancels the timer; with `failed`,
    /// writes what was held. On `queue` or in `deinit`.
    private func finish(failed: Bool = false) {
        timer?.cancel()
        timer = nil
        stopCondition = nil
        guard drawing.overlay != nil else { return }
        rows.steps.end(nil, failed: failed, nowMS: clock.nowMS())
        if draws { output.write(drawing.erase(columns: output.columns, screenRows: output.rows)) }
        hold.atEnd(failed: failed)?.replay { output.write(Array($0)) }
        drawing.stop()
        hold = OutputHold(nil)
    }

    /// Creates the timer that wakes the queue for each frame. On `queue`.
    private func startTimer() {
        guard animates, draws || stopCondition != nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            guard let self, self.timer != nil else { return }
            self.stopIfConditionHolds()
            self.drawIfDue()
            self.armTimer()
        }
        self.timer = timer
        armTimer()
        timer.resume()
    }

    /// Sets the timer for the next frame: a one-shot reset after each wake, so a late or early
    /// wake-up never drifts the animation off the clock the overlay counts with. On `queue`.
    private func armTimer() {
        guard let timer, let overlay = drawing.overlay else { return }
        let waitMS = max(1, overlay.nextDrawMS - clock.nowMS())
        timer.schedule(deadline: .now() + .milliseconds(waitMS), leeway: .milliseconds(2))
    }
}
