//! `Table.to_frame`'s columns: each reached state's boxes, flags and value as
//! little-endian bytes with their numpy dtypes, for pandas and Arrow.

use yahtzee_table::Table as TableFile;

/// `Table.to_frame`'s columns as little-endian bytes with their numpy dtypes, and its
/// index (the states' positions in `values`).
pub(crate) struct FrameColumns {
    pub(crate) columns: Vec<(String, (Vec<u8>, &'static str))>,
    pub(crate) index: (Vec<u8>, &'static str),
}

pub(crate) fn frame_columns(table: &TableFile, boxes_filled: Option<u32>) -> FrameColumns {
    let rules = table.rules();
    let n = rules.state_count();
    let boxes = rules.box_count();
    let mut index = Vec::new();
    let mut filled = vec![Vec::new(); boxes];
    let mut count = Vec::new();
    let mut upper = Vec::new();
    let mut flags: [Vec<u8>; 3] = Default::default();
    let mut value = Vec::new();
    for i in 0..n {
        let v = table.value_at(i);
        if v.is_nan() {
            continue;
        }
        let s = rules.state_at(i);
        if boxes_filled.is_some_and(|n| n != s.filled().count_ones()) {
            continue;
        }
        index.extend_from_slice(&(i as i64).to_le_bytes());
        for (b, column) in filled.iter_mut().enumerate() {
            column.push(u8::from(s.is_filled(b)));
        }
        count.extend_from_slice(&i64::from(s.filled().count_ones()).to_le_bytes());
        upper.extend_from_slice(&i64::from(s.upper()).to_le_bytes());
        flags[0].push(u8::from(s.yahtzee_50()));
        flags[1].push(u8::from(s.mulligan_used()));
        flags[2].push(u8::from(s.mega_used()));
        value.extend_from_slice(&v.to_le_bytes());
    }
    let mut columns: Vec<(String, (Vec<u8>, &'static str))> = rules
        .boxes
        .iter()
        .zip(filled)
        .map(|(c, column)| (c.name().to_string(), (column, "?")))
        .collect();
    columns.push(("boxes_filled".into(), (count, "<i8")));
    columns.push(("upper_total".into(), (upper, "<i8")));
    let [yahtzee, mulligan, mega] = flags;
    if rules.yahtzee_bonus > 0 {
        columns.push(("yahtzee_50".into(), (yahtzee, "?")));
    }
    if rules.house.mulligan {
        columns.push(("mulligan_used".into(), (mulligan, "?")));
    }
    if rules.house.mega_yahtzee {
        columns.push(("mega_used".into(), (mega, "?")));
    }
    columns.push(("value".into(), (value, "<f8")));
    FrameColumns {
        columns,
        index: (index, "<i8"),
    }
}
