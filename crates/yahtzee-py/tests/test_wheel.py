"""The wheel (``maturin build --release``) installs into a fresh virtual environment, with no
Rust and no source tree, and answers there as the development build does.

scripts/test.sh builds the wheel and sets $YAHTZEE_WHEEL to its path; without it the test
is skipped. numpy, the package's one dependency (pyproject.toml), comes from the registry;
the wheel itself is installed with ``--no-index``.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

import yahtzee

WHEEL = os.environ.get("YAHTZEE_WHEEL")

SCRIPT = """
import json, pathlib, yahtzee
table = yahtzee.Table.load_or_solve("forced")
advice = yahtzee.advise("", [1, 3, 3, 4, 6], 2)
package = pathlib.Path(yahtzee.__file__).parent
print(json.dumps({
    "file": yahtzee.__file__,
    "stub": (package / "__init__.pyi").exists() and (package / "py.typed").exists(),
    "value": round(table.value(None), 7),
    "advice": advice.to_dict(),
}))
"""


@pytest.mark.skipif(not WHEEL, reason="set YAHTZEE_WHEEL to a wheel built by maturin (scripts/test.sh does)")
def test_the_wheel_installs_into_a_fresh_venv_and_answers(tmp_path):
    wheel = pathlib.Path(WHEEL).resolve()
    assert wheel.is_file() and wheel.suffix == ".whl", wheel
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    # Only the new environment on PATH (no cargo, rustc or maturin) and nothing of this
    # session's: no PYTHONPATH, no other virtual environment. The rest (pip's cache, a
    # proxy) as it is.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(PATH=str(venv / "bin"), YAHTZEE_DATA_DIR=str(tmp_path / "data"))

    def run(*args):
        out = subprocess.run([str(python), *args], env=env, cwd=tmp_path, capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr
        return out.stdout

    pip = ["-m", "pip", "install", "-q", "--disable-pip-version-check"]
    run(*pip, "numpy>=1.21")
    run(*pip, "--no-index", str(wheel))
    got = json.loads(run("-c", SCRIPT))
    assert pathlib.Path(got["file"]).is_relative_to(venv), got["file"]
    assert got["stub"], "the wheel carries the type stub and py.typed"
    assert got["value"] == 254.5877287
    advice = got["advice"]
    assert advice["options"][0]["keep"] == [3, 3] and advice["options"][0]["loss"] == 0.0
    # The same answer as the development build this test session imports.
    assert advice == yahtzee.advise("", "13346", 2).to_dict()
