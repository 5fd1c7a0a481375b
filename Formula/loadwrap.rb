class Loadwrap < Formula
  desc "Run a command with a spinner that leaves no trace"
  homepage "https://github.com/OWNER/loadwrap"
  url "https://github.com/OWNER/loadwrap/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "Apache-2.0"
  head "https://github.com/OWNER/loadwrap.git", branch: "main"

  # Linux users have the .deb and the static archive (docs/install.md); Swift 6 comes with Xcode 16.
  depends_on :macos
  depends_on macos: :ventura
  depends_on xcode: ["16.0", :build]

  def install
    # What the Makefile's release flags do on macOS (where the Swift runtime is the OS's, so
    # --static-swift-stdlib changes nothing): the version stamped into the binary through the C
    # target, as a source tarball has no git history for Scripts/version.sh to read. Homebrew
    # builds in a sandbox that SwiftPM's own cannot nest in, hence --disable-sandbox.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "loadwrap",
           "-Xcc", "-DLOADWRAP_VERSION=\"#{version}\""
    bin.install ".build/release/loadwrap"
    (man1/"loadwrap.1").write Utils.safe_popen_read(bin/"loadwrap", "--generate-manual")
    generate_completions_from_executable(bin/"loadwrap", "--completions")
  end

  test do
    # loadwrap exits as its command did; without a terminal it writes plain lines, the last one
    # naming the command, its status and the time it took ("FAIL sh -c 'exit 3' - exit 3 - 0.0s",
    # with a cross and dots in a UTF-8 locale).
    failed = shell_output("#{bin}/loadwrap -- sh -c 'exit 3' 2>&1", 3)
    assert_match(/^\S+ sh -c 'exit 3' \S+ exit 3 \S+ \d+\.\ds$/, failed)
    assert_match(/^\S+ true \S+ \d+\.\ds$/, shell_output("#{bin}/loadwrap -- true 2>&1"))
  end
end
