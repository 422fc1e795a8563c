//! The progress observer of `Tables`: a build is said, then started, advanced to its
//! total and finished; a table already there is opened in silence.

use std::sync::{Arc, Mutex};

use yahtzee_engine::cost::Build;
use yahtzee_engine::{Progress, Tables};
use yahtzee_rules::RuleSet;

/// Everything heard, in order (the steps summed into one entry per build).
#[derive(Clone, Default)]
struct Heard(Arc<Mutex<Vec<String>>>);

impl Heard {
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

impl Progress for Heard {
    fn say(&self, message: &str) {
        self.0.lock().unwrap().push(message.to_string());
    }
    fn start(&self, build: &Build, total: u64) {
        let line = format!("start {} of {total}", build.describe());
        self.0.lock().unwrap().push(line);
        self.0.lock().unwrap().push("0".into());
    }
    fn advance(&self, steps: u64) {
        let mut heard = self.0.lock().unwrap();
        let done: u64 = heard.last().unwrap().parse().unwrap();
        *heard.last_mut().unwrap() = (done + steps).to_string();
    }
    fn finish(&self) {
        self.0.lock().unwrap().push("finish".into());
    }
}

#[test]
fn a_build_is_said_started_advanced_to_its_total_and_finished() {
    let dir = tempfile::tempdir().unwrap();
    let heard = Heard::default();
    let tables = Tables::new(Some(dir.path().to_path_buf())).with_progress(heard.clone());
    let rules = RuleSet::named("forced:ones,twos,yahtzee,chance@6").unwrap();
    let name = rules.name;
    tables.companion(rules).unwrap();
    assert_eq!(
        heard.take(),
        [
            format!("Building the companion table of {name} (once, about 1 s)..."),
            // Folded within 80 columns, as a terminal shows it.
            format!("Building the table for {name} (once, about a\n  second)..."),
            format!("start the table of {name} of 16"),
            "16".into(),
            "finish".into(),
            format!("start the companion table of {name} of 4"),
            "4".into(),
            "finish".into(),
        ]
    );
    // Opened from the folder by another host: nothing to say.
    let again = Tables::new(Some(dir.path().to_path_buf())).with_progress(heard.clone());
    again.companion(rules).unwrap();
    assert!(heard.take().is_empty());
    // Solved on request into another file: started and finished, with nothing to say.
    let out = dir.path().join("elsewhere/values.table");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let values = again.solve_values(rules, &out).unwrap();
    assert_eq!(values.len() as u64, rules.state_count() as u64);
    assert_eq!(heard.take()[1..], ["16".to_string(), "finish".into()]);
    assert!(again.table_at(rules, &out).is_ok() && heard.take().is_empty());
}
