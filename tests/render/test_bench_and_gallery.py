"""The benchmark and the gallery script run (on a few tables, into a temporary folder)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from bench.render import bench_layout, main
from tests.render.helpers import decode

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_bench_reports_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    result = bench_layout(4, 3, 1)
    assert result["layout"] == "4p"
    assert result["tables"] == 3
    for key in ("render_ms_p50", "render_ms_p95", "encode_ms_p50", "encode_ms_p95", "png_kb_p50"):
        assert isinstance(result[key], float)
    main(["--tables", "2"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["layout"] for line in lines] == ["2p", "2p-seat", "3p", "3p-seat", "4p", "4p-seat"]
    assert all(line["png_kb_p50"] < line["full_colour_kb_p50"] for line in lines)


def test_gallery_script_writes_decodable_images(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_gallery", ROOT / "scripts" / "make_gallery.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.make_gallery(tmp_path)
    assert len(written) >= 7
    for path in written:
        decode(path.read_bytes())
    assert (tmp_path / "README.md").is_file()
