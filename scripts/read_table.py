#!/usr/bin/env python3
"""Read one value from a Yahtzee value table, without the Rust code (no dependencies).

The file format is specified in docs/TABLE_FORMAT.md. The header is parsed and fully
verified (magic, format version, dimensions, value type, file size, CRC-32 of the payload)
before any value is read.

  python3 scripts/read_table.py data/forced.table
      prints the header and the value of the empty card
  python3 scripts/read_table.py data/forced.table --filled ones,twos,yahtzee --upper 9 --yahtzee-50
      prints the value of that state: expected points still to come from the start of a
      turn, under optimal play, not counting points already on the card
"""

import argparse
import math
import struct
import sys
import zlib

MAGIC = b"YZTABLE\0"
FORMAT_VERSION = 1
VALUE_TYPE = "f64le"
# Card order of the boxes: bit b of the filled mask is BOXES[b].
BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
         "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee",
         "chance"]


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
            return self.take(n, what).decode("utf-8")
        except UnicodeDecodeError:
            raise TableError(f"corrupt header: field '{what}' is not UTF-8") from None


def open_table(path, want_rules=None):
    """Returns (header dict, whole file bytes), or raises TableError."""
    try:
        with open(path, "rb") as f:
            data = f.read()
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
    h["boxes"] = r.u32("boxes")
    h["upper_totals"] = r.u32("upper_totals")
    h["flag_bits"] = r.u32("flag_bits")
    h["value_type"] = r.string("value_type")
    h["value_count"] = r.u64("value_count")
    h["payload_offset"] = r.u64("payload_offset")
    h["payload_crc32"] = r.u32("payload_crc32")
    h["producer"] = r.string("producer")
    h["header_len"] = r.pos

    if want_rules is not None and h["rules"] != want_rules:
        raise TableError(f"a table for rules '{h['rules']}', not '{want_rules}'")
    if h["value_type"] != VALUE_TYPE:
        raise TableError(f"value type '{h['value_type']}', expected '{VALUE_TYPE}'")
    if h["upper_totals"] != 64 or h["flag_bits"] > 1 or h["boxes"] > 32:
        raise TableError(f"unexpected dimensions: {h['boxes']} boxes, "
                         f"{h['upper_totals']} upper totals, {h['flag_bits']} flag bits")
    count = (1 << h["boxes"]) * (1 << h["flag_bits"]) * h["upper_totals"]
    if h["value_count"] != count:
        raise TableError(f"{h['value_count']} values, dimensions need {count}")
    if h["payload_offset"] % 8 or h["payload_offset"] < h["header_len"]:
        raise TableError(f"bad payload offset {h['payload_offset']}")
    size = h["payload_offset"] + 8 * h["value_count"]
    if len(data) != size:
        raise TableError(f"truncated or padded: expected {size} bytes, found {len(data)}")
    crc = zlib.crc32(memoryview(data)[h["payload_offset"]:])
    if crc != h["payload_crc32"]:
        raise TableError(f"corrupt: payload checksum {crc:08x} does not match "
                         f"the header's {h['payload_crc32']:08x}")
    return h, data


def state_index(h, filled, upper, flag):
    """(filled * 2^flag_bits + flag) * 64 + upper."""
    return ((filled << h["flag_bits"]) + (flag if h["flag_bits"] else 0)) * 64 + upper


def value_at(h, data, index):
    return struct.unpack_from("<d", data, h["payload_offset"] + 8 * index)[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("table", help="table file, e.g. data/forced.table")
    ap.add_argument("--rules", help="fail unless the table is for this rule set")
    ap.add_argument("--filled", default="",
                    help="comma-separated filled boxes: " + ",".join(BOXES))
    ap.add_argument("--upper", type=int, default=0,
                    help="upper-section total so far (values above 63 count as 63)")
    ap.add_argument("--yahtzee-50", action="store_true",
                    help="the Yahtzee box holds 50 (extra Yahtzees earn the bonus)")
    ap.add_argument("--index", type=int, help="read this raw state index instead")
    a = ap.parse_args()

    try:
        h, data = open_table(a.table, a.rules)
    except TableError as e:
        sys.exit(f"error: {a.table}: {e}")

    if a.index is not None:
        if not 0 <= a.index < h["value_count"]:
            sys.exit(f"error: index {a.index} out of range 0..{h['value_count'] - 1}")
        index, desc = a.index, "state"
    else:
        if h["boxes"] != len(BOXES):
            sys.exit(f"error: table has {h['boxes']} boxes; use --index")
        filled = 0
        for name in filter(None, (s.strip().lower() for s in a.filled.split(","))):
            if name not in BOXES:
                sys.exit(f"error: unknown box '{name}' (boxes: {', '.join(BOXES)})")
            filled |= 1 << BOXES.index(name)
        if a.upper < 0:
            sys.exit("error: --upper must be 0 or more")
        upper, flag = min(a.upper, 63), int(a.yahtzee_50)
        index = state_index(h, filled, upper, flag)
        names = [b for i, b in enumerate(BOXES) if filled >> i & 1] or ["(none)"]
        desc = f"filled={','.join(names)} (mask {filled:#06x}) upper={upper} flag={flag}"

    if a.index is None and not a.filled and not a.yahtzee_50 and a.upper == 0:
        for k in ("rules", "format_version", "boxes", "upper_totals", "flag_bits",
                  "value_type", "value_count", "payload_offset", "producer"):
            print(f"{k:15} {h[k]}")
        print(f"{'payload_crc32':15} {h['payload_crc32']:08x} (verified)")
        desc = "empty card"

    offset = h["payload_offset"] + 8 * index
    v = value_at(h, data, index)
    raw = data[offset:offset + 8].hex(" ")
    note = "  (unreachable state)" if math.isnan(v) else ""
    print(f"{desc}: index {index}, byte offset {offset}, bytes {raw}")
    print(f"value {v!r}{note}")


if __name__ == "__main__":
    main()
