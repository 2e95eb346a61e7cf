"""build.py's engine wheel: built by the pinned setuptools' PEP 517 backend (isolated: python -I -S),
the same bytes from the same sources, a RECORD that matches its files, and nothing but the
engine's package inside."""
from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_build():
    spec = importlib.util.spec_from_file_location("mahjong_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_engine_wheel_is_reproducible_and_recorded(tmp_path):
    build = load_build()
    pin = build.load_pin()
    first = build.build_engine_wheel(tmp_path / "a", pin)
    second = build.build_engine_wheel(tmp_path / "b", pin)
    assert first.name == second.name and first.name.endswith("-py3-none-any.whl")
    assert first.read_bytes() == second.read_bytes()

    wheel = zipfile.ZipFile(first)
    names = wheel.namelist()
    record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
    rows = list(csv.reader(io.StringIO(wheel.read(record_name).decode())))
    recorded = {row[0] for row in rows}
    assert recorded == set(names)
    for path, digest, size in rows:
        if path == record_name:
            continue
        data = wheel.read(path)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert int(size) == len(data)
    assert {n.split("/")[0] for n in names} == {"py_engine", first.name.split("-")[0] + "-" + first.name.split("-")[1] + ".dist-info"}
    assert "py_engine/bridge.py" in names and not [n for n in names if "__pycache__" in n or n.endswith(".md")]
    assert "Generator: setuptools" in wheel.read(next(n for n in names if n.endswith("dist-info/WHEEL"))).decode()
    assert {info.date_time for info in wheel.infolist()} == {(1980, 1, 2, 0, 0, 0)}
