//! Rule sets made on demand from names (Mega bonuses, reduced games) are kept for the
//! program's life, so a process reading names from anyone (a server) makes at most
//! `MADE_LIMIT` of them; past it a new name is refused in one line, the ones made still
//! answer. Its own test binary: it fills the process's registry.

use yahtzee_rules::{RuleSet, MADE_LIMIT};

#[test]
fn names_make_at_most_made_limit_rule_sets() {
    let name = |bonus: usize| format!("forced+mega-yahtzee={bonus}");
    // Bonuses from 2,000 up: none is the default 1,000, so each makes a rule set.
    for bonus in 2000..2000 + MADE_LIMIT {
        assert!(RuleSet::named(&name(bonus)).is_ok(), "{}", name(bonus));
    }
    let err = RuleSet::named(&name(2000 + MADE_LIMIT)).unwrap_err();
    assert!(err.limit_reached);
    let text = err.to_string();
    assert!(
        text.contains("has made 4096 rule sets on demand") && !text.contains('\n'),
        "{text}"
    );
    let reduced = RuleSet::named("forced:ones,twos,yahtzee,chance@6").unwrap_err();
    assert!(reduced.limit_reached, "{reduced}");
    // What was made, the listed rule sets and the default bonus still answer.
    assert_eq!(RuleSet::named(&name(2007)).unwrap().mega_bonus, 2007);
    assert!(RuleSet::named("forced+mega-yahtzee=1000").is_ok());
    assert!(RuleSet::named("yatzy+mulligan").is_ok());
    // A typo is still a typo.
    assert!(!RuleSet::named("forcd").unwrap_err().limit_reached);
}
