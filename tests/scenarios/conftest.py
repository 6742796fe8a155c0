"""Collect every scenario file below this folder as one pytest item.

A failing scenario shows each unmet expectation with the actual value, then the game log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sgs.compiler.scenario import ScenarioReport, run_scenario_file


class ScenarioFailed(Exception):
    def __init__(self, report: ScenarioReport) -> None:
        super().__init__(report.name)
        self.report = report


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        report = run_scenario_file(self.path)
        if not report.ok:
            raise ScenarioFailed(report)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            r = excinfo.value.report
            return "\n".join([f"场景「{r.name}」未通过：", *("  " + f for f in r.failures), "日志：", r.log])
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"


class ScenarioFile(pytest.File):
    def collect(self) -> list[ScenarioItem]:
        return [ScenarioItem.from_parent(self, name=self.path.stem)]


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if file_path.suffix == ".toml":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None
