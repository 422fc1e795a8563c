"""Painted Yahtzee's exact solver from Python, chunk by chunk (what a cluster's workers
run, scripts/painted_ray.py) and whole: any chunking gives the single-machine table's
bytes; bad names and files are refused in one line."""

from __future__ import annotations

import os
import struct

import pytest
import yahtzee

GAME = "painted:c2:ones,twos,yahtzee,chance,colours,flush"


def layer_file(folder, n):
    return folder / f"layer-{n:02}.f64"


def solve_by_chunks(game, folder, chunk):
    """Every layer from the full card down, `chunk` sets at a time, joined in id order."""
    layout = yahtzee.painted_layout(game)
    boxes = len(layout) - 1
    for n in reversed(range(boxes + 1)):
        parts = []
        for start in range(0, layout[n], chunk):
            end = min(start + chunk, layout[n])
            part = folder / f"part-{n}-{start}.f64"
            nxt = None if n == boxes else str(layer_file(folder, n + 1))
            yahtzee.painted_solve_chunk(game, n, start, end, nxt, str(part))
            parts.append(part.read_bytes())
        layer_file(folder, n).write_bytes(b"".join(parts))


def test_layout_and_states_per_set():
    layout = yahtzee.painted_layout(GAME)
    # seven boxes: eight layers, one empty card and one full card
    assert len(layout) == 8 and layout[0] == layout[-1] == 1
    assert all(isinstance(n, int) and n > 0 for n in layout)
    assert yahtzee.painted_states_per_set(GAME) > 0
    full = yahtzee.painted_layout("painted")
    assert len(full) == 24 and full[0] == full[-1] == 1


@pytest.mark.parametrize("chunk", [1, 3, 1000])
def test_any_chunking_gives_the_single_machine_table(tmp_path, chunk):
    single = tmp_path / "single.table"
    yahtzee.painted_solve(GAME, str(single))
    solve_by_chunks(GAME, tmp_path, chunk)
    out = tmp_path / "chunks.table"
    yahtzee.painted_write_table(GAME, str(tmp_path), str(out))
    assert out.read_bytes() == single.read_bytes()
    assert oct(out.stat().st_mode & 0o777) == oct(single.stat().st_mode & 0o777) == "0o644"


def test_a_chunk_file_is_raw_f64_of_its_sets(tmp_path):
    layout = yahtzee.painted_layout(GAME)
    sps = yahtzee.painted_states_per_set(GAME)
    boxes = len(layout) - 1
    full = tmp_path / "full.f64"
    yahtzee.painted_solve_chunk(GAME, boxes, 0, 1, None, str(full))
    assert full.stat().st_size == sps * 8
    assert set(struct.unpack(f"<{sps}d", full.read_bytes())) == {0.0}  # nothing left to score
    assert oct(full.stat().st_mode & 0o777) == "0o644"
    part = tmp_path / "part.f64"
    yahtzee.painted_solve_chunk(GAME, boxes - 1, 1, 3, str(full), str(part))
    values = struct.unpack(f"<{2 * sps}d", part.read_bytes())
    assert all(v >= 0 for v in values if v == v)
    empty = tmp_path / "empty.f64"
    yahtzee.painted_solve_chunk(GAME, boxes - 1, 2, 2, str(full), str(empty))
    assert empty.read_bytes() == b""
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]  # no temp files left


def one_line(e: pytest.ExceptionInfo) -> str:
    text = str(e.value)
    assert text and "\n" not in text and "panicked" not in text, text
    return text


def test_bad_names_and_files_are_refused_in_one_line(tmp_path):
    layout = yahtzee.painted_layout(GAME)
    boxes = len(layout) - 1
    out = str(tmp_path / "out.f64")
    for bad in ["yahtzee", "painted:c9:ones", "painted:c2:ones,no-such-box", ""]:
        for call in [
            lambda: yahtzee.painted_layout(bad),
            lambda: yahtzee.painted_states_per_set(bad),
            lambda: yahtzee.painted_solve_chunk(bad, 0, 0, 1, None, out),
            lambda: yahtzee.painted_solve(bad, out),
            lambda: yahtzee.painted_write_table(bad, str(tmp_path), out),
        ]:
            with pytest.raises(ValueError) as e:
                call()
            assert isinstance(e.value, yahtzee.InputError)
            one_line(e)
    # the next layer's file: missing, of the wrong length, given for the full card, not given
    with pytest.raises(FileNotFoundError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes - 1, 0, 1, str(tmp_path / "nope.f64"), out)
    assert "nope.f64" in one_line(e)
    short = tmp_path / "short.f64"
    short.write_bytes(b"\0" * 12)
    with pytest.raises(ValueError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes - 1, 0, 1, str(short), out)
    assert "12 bytes" in one_line(e)
    with pytest.raises(ValueError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes, 0, 1, str(short), out)
    one_line(e)
    with pytest.raises(ValueError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes - 1, 0, 1, None, out)
    one_line(e)
    # sets and layers that do not exist
    with pytest.raises(ValueError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes + 1, 0, 1, None, out)
    one_line(e)
    with pytest.raises(ValueError) as e:
        yahtzee.painted_solve_chunk(GAME, 0, 0, 2, None, out)
    one_line(e)
    with pytest.raises(ValueError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes, 1, 0, None, out)
    one_line(e)
    # the output's folder missing: an OSError, nothing written
    with pytest.raises(OSError) as e:
        yahtzee.painted_solve_chunk(GAME, boxes, 0, 1, None, str(tmp_path / "no" / "x.f64"))
    one_line(e)
    # a layer file missing or short when the table is written
    with pytest.raises(FileNotFoundError) as e:
        yahtzee.painted_write_table(GAME, str(tmp_path / "empty"), out)
    assert "layer-00.f64" in one_line(e)
    solve_by_chunks(GAME, tmp_path, 4)
    layer_file(tmp_path, 2).write_bytes(layer_file(tmp_path, 2).read_bytes()[:-8])
    with pytest.raises(ValueError) as e:
        yahtzee.painted_write_table(GAME, str(tmp_path), out)
    assert "layer-02.f64" in one_line(e)
    assert not os.path.exists(out)


def test_a_changed_next_layer_is_read_again(tmp_path):
    """A worker keeps the last next layer it read; a new file under the same name (as a
    rerun writes it) is read afresh."""
    layout = yahtzee.painted_layout(GAME)
    boxes = len(layout) - 1
    sps = yahtzee.painted_states_per_set(GAME)
    solve_by_chunks(GAME, tmp_path, 100)
    nxt = layer_file(tmp_path, boxes - 1)
    a, b = tmp_path / "a.f64", tmp_path / "b.f64"
    yahtzee.painted_solve_chunk(GAME, boxes - 2, 0, 1, str(nxt), str(a))
    values = struct.unpack(f"<{layout[boxes - 1] * sps}d", nxt.read_bytes())
    shifted = tmp_path / "shifted.f64"
    shifted.write_bytes(struct.pack(f"<{len(values)}d", *[v + 1 for v in values]))
    os.replace(shifted, nxt)
    yahtzee.painted_solve_chunk(GAME, boxes - 2, 0, 1, str(nxt), str(b))
    va = struct.unpack(f"<{sps}d", a.read_bytes())
    vb = struct.unpack(f"<{sps}d", b.read_bytes())
    assert any(x != y for x, y in zip(va, vb) if x == x)
