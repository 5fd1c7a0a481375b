"""What the measurements of one run share."""

from dataclasses import dataclass, field

from .pinning import SplitCores


@dataclass
class Context:
    """The children's environments (overlay: no CI variables; plain: CI=true), the run's scratch
    directory, the core split for throughput runs, the table being measured, and the peak
    memory seen per (kind, side): kind is a mode ("plain", "overlay") or the key of the figure
    whose runs were sampled."""
    env_overlay: dict
    env_plain: dict
    tmp: str
    figures: tuple
    cores: SplitCores = field(default_factory=SplitCores)
    memory: dict = field(default_factory=dict)
    anonymous: dict = field(default_factory=dict)  # the highest RssAnon (MiB) per (kind, side)
    idle_us_per_frame: list = field(default_factory=list)  # the idle run's own CPU ÷ frames drawn, per pair
    frames_drawn: list = field(default_factory=list)
    report_page_kb: float = 0.0  # the report row's page size, for the page-size row

    def peak(self, kind, side, high_water):
        """Keeps the highest VmHWM and RssAnon (MiB) of a HighWater for (kind, side); side "A"
        is loadwrap."""
        self.memory[(kind, side)] = max(self.memory.get((kind, side), 0), high_water.mib)
        self.anonymous[(kind, side)] = max(self.anonymous.get((kind, side), 0), high_water.anon_mib)

    def rows(self, keys):
        """The printed row numbers of the figures `keys`, for a label: "3–6", or "3, 5"."""
        numbers = sorted(i for i, f in enumerate(self.figures, 1) if f.key in keys)
        if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            return f"{numbers[0]}–{numbers[-1]}"
        return ", ".join(map(str, numbers))
