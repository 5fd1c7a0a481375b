import Dispatch
import Foundation
import LoadWrapTestSupport
import Testing

@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct HistoryStoreTests {
    /// A store in a fresh private directory (`state/loadwrap` below it, not yet made).
    private func makeStore() -> (HistoryStore, root: String) {
        let root = TestDirectory.make()
        return (HistoryStore(directory: root + "/state/loadwrap"), root)
    }

    private func removeAll(_ root: String) {
        #expect((try? FileManager.default.removeItem(atPath: root)) != nil)
    }

    private func record(_ key: HistoryKey, _ ms: Int, ok: Bool = true) -> HistoryRecord {
        HistoryRecord(key: key, elapsedMS: ms, succeeded: ok, unixTime: 1_796_000_000)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    private func put(_ text: String, into path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    private let key = HistoryKey(command: ["make"], directory: "/p")

    @Test func remembersAndReadsBackPrivately() {
        let (store, root) = makeStore()
        defer { removeAll(root) }
        #expect(store.runs(of: key).isEmpty)
        #expect(store.remember(record(key, 100)))
        #expect(store.remember(record(key, 200, ok: false)))
        #expect(store.runs(of: key).map(\.elapsedMS) == [100, 200])
        #expect(mode(root + "/state") == 0o700 && mode(store.directory) == 0o700)
        #expect(mode(store.file(for: key)) == 0o600)
        #expect(TestDirectory.entries(store.directory).sorted() == ["lock", "v1-" + String(key.hex.prefix(2))])
    }

    @Test func directoryFollowsXDGStateHome() {
        #expect(HistoryStore(environment: ["XDG_STATE_HOME": "/s/", "HOME": "/h"])?.directory == "/s/loadwrap")
        #expect(HistoryStore(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])?.directory == "/h/.local/state/loadwrap")
        #expect(HistoryStore(environment: ["HOME": "/h"])?.directory == "/h/.local/state/loadwrap")
        #expect(HistoryStore(environment: [:]) == nil)
    }

    @Test func offSwitch() {
        var options = Options(command: ["make"])
        #expect(options.historyOfRun(environment: ["HOME": "/h"]) != nil)
        options.history = false
        #expect(options.historyOfRun(environment: ["HOME": "/h"]) == nil)
    }

    @Test func aCorruptFileIsIgnoredThenReplaced() {
        let (store, root) = makeStore()
        defer { removeAll(root) }
        #expect(store.remember(record(key, 1)))
        put("\u{0}\u{1}garbage\nmore garbage", into: store.file(for: key))
        #expect(store.runs(of: key).isEmpty)
        #expect(store.remember(record(key, 2)))
        #expect(store.runs(of: key).map(\.elapsedMS) == [2])
    }

    /// A file that cannot be replaced (a directory in its place) is no error: nothing is read and
    /// the write gives up, leaving no temporary file.
    @Test func anUnwritableFileChangesNothing() {
        let (store, root) = makeStore()
        defer { removeAll(root) }
        #expect(store.remember(record(key, 1)))
        unlink(store.file(for: key))
        mkdir(store.file(for: key), 0o700)
        mkdir(store.file(for: key) + "/x", 0o700)  // rename cannot replace a directory that is not empty
        #expect(store.runs(of: key).isEmpty)
        #expect(!store.remember(record(key, 2)))
        #expect(!TestDirectory.entries(store.directory).contains(HistoryStore.temporaryName))
    }

    @Test func aStateDirectoryThatCannotBeMadeIsNoError() {
        let (_, root) = makeStore()
        defer { removeAll(root) }
        put("a file", into: root + "/file")
        let store = HistoryStore(directory: root + "/file/loadwrap")
        #expect(!store.remember(record(key, 1)))
        #expect(store.runs(of: key).isEmpty)
        store.clear()
    }

    /// Runs are appended until the file reaches its limit, then it is compacted to its bounds.
    @Test func appendsUntilTheLimitThenCompacts() {
        let (store, root) = makeStore()
        defer { removeAll(root) }
        var sizes: [Int] = []
        for run in 0..<1200 {
            store.remember(record(key, run))
            sizes.append(contents(store.file(for: key)).count)
        }
        #expect(sizes.max()! <= HistoryFile.appendLimit)
        #expect(zip(sizes, sizes.dropFirst()).contains { $1 < $0 }, "never compacted")
        #expect(store.runs(of: key).map(\.elapsedMS) == Array(1180..<1200))
        #expect(TestDirectory.entries(store.directory).sorted() == ["lock", "v1-" + String(key.hex.prefix(2))])
    }

    @Test func clearForgetsEverything() {
        let (store, root) = makeStore()
        defer { removeAll(root) }
        store.clear()  // nothing yet
        for word in 0..<10 { store.remember(record(HistoryKey(command: ["\(word)"], directory: "/"), 1)) }
        store.clear()
        #expect(TestDirectory.entries(root + "/state") == [])
        #expect(store.runs(of: key).isEmpty)
        #expect(store.remember(record(key, 5)))  // and it starts again
        #expect(store.runs(of: key).count == 1)
    }

    /// Writers in parallel, each through descriptors of its own as separate processes would
    /// (flock locks belong to the open file): every run is kept and every line is whole.
    @Test func concurrentWritersKeepTheFileValid() {
        let (store, root) = makeStore()
        defer { removeAll(root) }
        let keys = (0..<4).map { HistoryKey(value: UInt64($0) | 0xab00_0000_0000_0000) }  // one file
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for run in 0..<HistoryFile.runsPerKey { store.remember(record(keys[writer], run)) }
        }
        let file = HistoryFile(parsing: contents(store.file(for: keys[0])))
        #expect(file.records.count == 4 * HistoryFile.runsPerKey)
        #expect(file.bytes == contents(store.file(for: keys[0])))
        for key in keys { #expect(file.runs(of: key).map(\.elapsedMS) == Array(0..<HistoryFile.runsPerKey)) }
        #expect(TestDirectory.entries(store.directory).sorted() == ["lock", "v1-ab"])
    }

    private func contents(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = read(fd, &buffer, buffer.count)
        return Array(buffer.prefix(max(0, n)))
    }
}
