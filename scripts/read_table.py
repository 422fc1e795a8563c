#!/usr/bin/env python3
"""Read one state from a Yahtzee table file, without the Rust code (no dependencies).

The file format (version 2) is specified in docs/TABLE_FORMAT.md. The header is parsed and
verified (magic, format version, objective, rules, dimensions, value type, file size) before
any value is read. An expected-value table is then checked whole (CRC-32 of the payload); a
target table by its index (CRC-32 of the index) and the filled set that is read (its own
CRC-32), or whole with --verify-all.

  python3 scripts/read_table.py data/forced.table
      prints the header and the value of the empty card
  python3 scripts/read_table.py data/forced.table --filled ones,twos,yahtzee --upper 9 --yahtzee-50
      prints the value of that state: expected points still to come from the start of a
      turn, under optimal play, not counting points already on the card
  python3 scripts/read_table.py data/forced.target.table --filled ones,twos --upper 4 --points-needed 200
      prints the best probability of scoring at least 200 more points from that state
      (--vector prints the whole vector, v[c] for c = 0 to the most it can still score)
"""

import argparse
import json
import math
import mmap
import struct
import sys
import zlib

MAGIC = b"YZTABLE\0"
FORMAT_VERSION = 2
VALUE_TYPES = {"expected": "f64le", "target": "f32le"}
# Card order of the boxes: bit b of the filled mask is the card's box b. Other cards
# (reduced games) take bit numbers.
CARDS = {
    13: ["ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
         "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee",
         "chance"],
    15: ["ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
         "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight",
         "full_house", "chance", "yahtzee"],
}


class TableError(Exception):
    pass


class Reader:
    """Walks the bincode-legacy header: little-endian fixed-width integers, strings as a
    u64 byte length followed by UTF-8 bytes."""

    def __init__(self, data):
        self.data, self.pos = data, 0

    def take(self, n, what):
        if self.pos + n > len(self.data):
            raise TableError(f"corrupt header: file ends inside field '{what}'")
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def u32(self, what):
        return struct.unpack("<I", self.take(4, what))[0]

    def u64(self, what):
        return struct.unpack("<Q", self.take(8, what))[0]

    def string(self, what):
        n = self.u64(what + " length")
        try:
            return bytes(self.take(n, what)).decode("utf-8")
        except UnicodeDecodeError:
            raise TableError(f"corrupt header: field '{what}' is not UTF-8") from None


def align64(n):
    return (n + 63) // 64 * 64


def check_crc(data, start, end, want, what):
    crc = zlib.crc32(data[start:end])
    if crc != want:
        raise TableError(f"corrupt: {what} checksum {crc:08x} does not match {want:08x}")


def open_table(path, want_rules=None, want_objective=None):
    """Returns (header dict, the file as a read-only memoryview), or raises TableError.
    Checks everything except the payload checksums (check_payload, check_set)."""
    try:
        with open(path, "rb") as f:
            data = f.read(12)
            if len(data) == 12:  # map the file rather than read it: target tables are big
                data = memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))
    except OSError as e:
        raise TableError(f"cannot open: {e.strerror}") from None
    if len(data) < 12:
        if MAGIC.startswith(data[:8]):
            raise TableError(f"truncated: only {len(data)} bytes, not even a header")
        raise TableError("not a Yahtzee table file (bad magic bytes)")
    if data[:8] != MAGIC:
        raise TableError("not a Yahtzee table file (bad magic bytes)")
    r = Reader(data)
    r.take(8, "magic")
    h = {"format_version": r.u32("format_version")}
    if h["format_version"] != FORMAT_VERSION:
        raise TableError(f"table format version {h['format_version']}, "
                         f"this reader reads version {FORMAT_VERSION}")
    h["rules"] = r.string("rules")
    h["objective"] = r.string("objective")
    for k in ("boxes", "upper_totals", "flag_bits"):
        h[k] = r.u32(k)
    h["value_type"] = r.string("value_type")
    h["value_count"] = r.u64("value_count")
    h["index_offset"] = r.u64("index_offset")
    h["index_crc32"] = r.u32("index_crc32")
    h["payload_offset"] = r.u64("payload_offset")
    h["payload_crc32"] = r.u32("payload_crc32")
    h["producer"] = r.string("producer")
    h["header_len"] = r.pos

    objective = h["objective"]
    if objective not in VALUE_TYPES:
        raise TableError(f"unknown objective '{objective}'")
    if want_objective is not None and objective != want_objective:
        raise TableError(f"a table for objective '{objective}', not '{want_objective}'")
    if want_rules is not None and h["rules"] != want_rules:
        raise TableError(f"a table for rules '{h['rules']}', not '{want_rules}'")
    if h["upper_totals"] != 64 or h["flag_bits"] > 2 or h["boxes"] > 32:
        raise TableError(f"unexpected dimensions: {h['boxes']} boxes, "
                         f"{h['upper_totals']} upper totals, {h['flag_bits']} flag bits")
    if h["value_type"] != VALUE_TYPES[objective]:
        raise TableError(f"value type '{h['value_type']}', "
                         f"expected '{VALUE_TYPES[objective]}'")
    h["states"] = 64 << (h["boxes"] + h["flag_bits"])
    if objective == "expected":
        if h["value_count"] != h["states"]:
            raise TableError(f"{h['value_count']} values, dimensions need {h['states']}")
        width = 8
    else:
        h["index_len"] = 8 * (h["states"] + 1) + (4 << h["boxes"])
        if h["index_offset"] % 8 or h["index_offset"] < h["header_len"]:
            raise TableError(f"bad index offset {h['index_offset']}")
        if h["payload_offset"] != align64(h["index_offset"] + h["index_len"]):
            raise TableError(f"bad payload offset {h['payload_offset']} for the index "
                             f"at {h['index_offset']}")
        width = 4
    if h["payload_offset"] % 8 or h["payload_offset"] < h["header_len"]:
        raise TableError(f"bad payload offset {h['payload_offset']}")
    size = h["payload_offset"] + width * h["value_count"]
    if len(data) != size:
        raise TableError(f"truncated or padded: expected {size} bytes, found {len(data)}")
    if objective == "target":
        at = h["index_offset"]
        check_crc(data, at, at + h["index_len"], h["index_crc32"], "index")
    return h, data


def check_payload(h, data):
    check_crc(data, h["payload_offset"], len(data), h["payload_crc32"], "payload")


def offset(h, data, i):
    """Target tables: offsets[i], the first value of state i (offsets[i + 1] ends it)."""
    return struct.unpack_from("<Q", data, h["index_offset"] + 8 * i)[0]


def check_set(h, data, filled):
    """Target tables: the values of one filled set against their CRC-32 in the index."""
    lanes = 64 << h["flag_bits"]
    start, end = offset(h, data, filled * lanes), offset(h, data, (filled + 1) * lanes)
    if not start <= end <= h["value_count"]:
        raise TableError(f"corrupt: bad offsets {start}..{end} for filled set {filled:#x}")
    at = h["index_offset"] + 8 * (h["states"] + 1) + 4 * filled
    want = struct.unpack_from("<I", data, at)[0]
    p = h["payload_offset"]
    check_crc(data, p + 4 * start, p + 4 * end, want, f"filled set {filled:#x}")
    return start, end


def vector(h, data, index):
    """Target tables: state `index`'s vector, v[c] = P(at least c more points)."""
    start, end = check_set(h, data, index // (64 << h["flag_bits"]))
    a, b = offset(h, data, index), offset(h, data, index + 1)
    if not start <= a <= b <= end:
        raise TableError(f"corrupt: bad offsets {a}..{b} for state {index}")
    return list(struct.unpack_from(f"<{b - a}f", data, h["payload_offset"] + 4 * a)), a


def p_at_least(v, c):
    """P(at least c more points): 1 for c <= 0, 0 past the end of the vector."""
    return 1.0 if c <= 0 else (v[c] if c < len(v) else 0.0)


def choose_state(h, a):
    """Returns (index, description, fields) for the state the arguments name."""
    if a.index is not None:
        if not 0 <= a.index < h["states"]:
            sys.exit(f"error: index {a.index} out of range 0..{h['states'] - 1}")
        return a.index, "state", {}
    card = CARDS.get(h["boxes"], [])
    filled = 0
    for name in filter(None, (s.strip().lower() for s in a.filled.split(","))):
        if name.isdigit() and int(name) < h["boxes"]:
            filled |= 1 << int(name)
        elif name in card:
            filled |= 1 << card.index(name)
        else:
            known = ", ".join(card) if card else f"bit numbers 0 to {h['boxes'] - 1}"
            sys.exit(f"error: unknown box '{name}' (boxes: {known})")
    if a.upper < 0:
        sys.exit("error: --upper must be 0 or more")
    # Flags: the Yahtzee-holds-50 bit (when the rules have one), the mulligan bit above it.
    mulligan = "+mulligan" in h["rules"]
    yahtzee_bits = h["flag_bits"] - mulligan
    if yahtzee_bits not in (0, 1):
        sys.exit(f"error: {h['flag_bits']} flag bits do not fit rules '{h['rules']}'")
    if a.yahtzee_50 and not yahtzee_bits or a.mulligan_used and not mulligan:
        sys.exit(f"error: rules '{h['rules']}' have no such flag")
    flags = a.mulligan_used << yahtzee_bits | a.yahtzee_50
    upper = min(a.upper, 63)
    index = ((filled << h["flag_bits"]) + flags) * 64 + upper
    names = [card[b] if card else str(b) for b in range(h["boxes"]) if filled >> b & 1]
    desc = (f"filled={','.join(names) or '(none)'} (mask {filled:#06x}) upper={upper} "
            f"flag={int(a.yahtzee_50)}" + (f" mulligan={int(a.mulligan_used)}" * mulligan))
    return index, desc, {"filled": filled, "upper": upper, "flags": flags}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("table", help="table file, e.g. data/forced.table")
    ap.add_argument("--rules", help="fail unless the table is for this rule set")
    ap.add_argument("--objective", choices=sorted(VALUE_TYPES),
                    help="fail unless the table has this objective")
    ap.add_argument("--filled", default="",
                    help="comma-separated filled boxes, by name or bit number: "
                    + ",".join(CARDS[13]))
    ap.add_argument("--upper", type=int, default=0,
                    help="upper-section total so far (values above 63 count as 63)")
    ap.add_argument("--yahtzee-50", action="store_true",
                    help="the Yahtzee box holds 50 (extra Yahtzees earn the bonus)")
    ap.add_argument("--mulligan-used", action="store_true",
                    help="house rule mulligan: the fourth roll has been used")
    ap.add_argument("--index", type=int, help="read this raw state index instead")
    ap.add_argument("--points-needed", type=int, metavar="T",
                    help="target tables: print P(scoring at least T more points)")
    ap.add_argument("--vector", action="store_true",
                    help="target tables: print the state's whole vector")
    ap.add_argument("--verify-all", action="store_true",
                    help="target tables: check the whole payload, not just the set read")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args()

    try:
        h, data = open_table(a.table, a.rules, a.objective)
        target = h["objective"] == "target"
        if not target or a.verify_all:
            check_payload(h, data)
        index, desc, fields = choose_state(h, a)
        if target:
            v, first = vector(h, data, index)
    except TableError as e:
        sys.exit(f"error: {a.table}: {e}")
    if not target and (a.points_needed is not None or a.vector):
        sys.exit(f"error: {a.table}: --points-needed and --vector need a target table")

    out = {"header": {k: h[k] for k in h if k not in ("states", "index_len")},
           "index": index, **fields}
    if target:
        out["max_points"] = len(v) - 1 if v else None
        if a.points_needed is not None:
            out["points_needed"] = a.points_needed
            out["p_at_least"] = p_at_least(v, a.points_needed) if v else None
        if a.vector:
            out["vector"] = v
    else:
        offset_ = h["payload_offset"] + 8 * index
        value = struct.unpack_from("<d", data, offset_)[0]
        raw = data[offset_:offset_ + 8].hex(" ")
        out.update(value=None if math.isnan(value) else value, bytes=raw)
    if a.json:
        print(json.dumps(out))
        return

    if a.index is None and not fields["filled"] and not fields["flags"] and a.upper == 0:
        for k in ("rules", "objective", "format_version", "boxes", "upper_totals",
                  "flag_bits", "value_type", "value_count", "index_offset",
                  "payload_offset", "producer"):
            print(f"{k:15} {h[k]}")
        if target:
            print(f"{'index_crc32':15} {h['index_crc32']:08x} (verified)")
        checked = "verified" if not target or a.verify_all else "sets checked when read"
        print(f"{'payload_crc32':15} {h['payload_crc32']:08x} ({checked})")
        desc = "empty card"
    if not target:
        note = "  (unreachable state)" if out["value"] is None else ""
        print(f"{desc}: index {index}, byte offset {offset_}, bytes {raw}")
        print(f"value {value!r}{note}")
        return
    byte = h["payload_offset"] + 4 * first
    print(f"{desc}: index {index}, values {first}..{first + len(v)} (byte offset {byte})")
    if not v:
        print("unreachable state (empty vector)")
        return
    print(f"max points {len(v) - 1}")
    if a.points_needed is not None:
        print(f"P(at least {a.points_needed} more points) = {out['p_at_least']!r}")
    if a.vector:
        print("vector (v[c] = P(at least c more points), c = 0, 1, ...):")
        print(" ".join(repr(p) for p in v))


if __name__ == "__main__":
    main()
