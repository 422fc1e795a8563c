//! The house rules of the code (issue 47), checked on every run so they stay true:
//!
//! - every dependency a workspace crate declares is used by its code;
//! - no files inside a crate import each other in a loop (a `use crate::…` or `super::…`
//!   path from one module file to a sibling's, round and back);
//! - no source file (tests aside) is over 800 lines unless its first lines say it is one
//!   cohesive thing (a kernel, a data table) with the word "cohesive";
//! - the command-line binary stays thin: `src/` under 2,000 lines, no file over 300.
//!
//! Read from `cargo metadata` and the files themselves, with nothing but the standard
//! library: the checks are plain text, so each states exactly what it looks for.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Dependencies that no path in the code names, each with the reason it is declared.
const USED_WITHOUT_A_PATH: [(&str, &str, &str); 0] = [];

/// A workspace crate as `cargo metadata` describes it.
struct Package {
    name: String,
    dir: PathBuf,
    /// (the name the code uses, kind) of each dependency.
    deps: Vec<(String, String)>,
}

fn packages() -> Vec<Package> {
    let meta = support::workspace_metadata();
    let list = meta["packages"].as_array().unwrap();
    list.iter()
        .map(|p| {
            let manifest = PathBuf::from(p["manifest_path"].as_str().unwrap());
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let name = d["rename"].as_str().or(d["name"].as_str()).unwrap();
                    let kind = d["kind"].as_str().unwrap_or("normal");
                    (name.replace('-', "_"), kind.to_string())
                })
                .collect();
            Package {
                name: p["name"].as_str().unwrap().to_string(),
                dir: manifest.parent().unwrap().to_path_buf(),
                deps,
            }
        })
        .collect()
}

/// Every `.rs` file below `dir`, skipping build output and nested workspaces' targets.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            let nested_package = path.join("Cargo.toml").exists();
            if name != "target" && name != "node_modules" && !nested_package {
                found.extend(rust_files(&path));
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The text of a Rust file without its comments (line comments and doc comments), so a
/// path in an intra-doc link or a remark is not taken for a use.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `code` names the crate `ident` as a path: `ident::…`, `use ident;`, `ident as`,
/// `extern crate ident`, at the start of a path (not `x.ident` or `x::ident`).
fn names_crate(code: &str, ident: &str) -> bool {
    let bytes = code.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    code.match_indices(ident).any(|(at, _)| {
        let mut start = at;
        if code[..at].ends_with("::") {
            start = at - 2; // a leading `::ident` names the crate too
        }
        let before = start.checked_sub(1).map(|i| bytes[i]);
        let starts_a_path = !before.is_some_and(|b| is_word(b) || b == b'.' || b == b':');
        let after = &code[at + ident.len()..];
        let as_a_crate = after.starts_with("::")
            || after.starts_with(';')
            || after.starts_with(" as ")
            || after.starts_with(',')
            || after.starts_with('}');
        starts_a_path && as_a_crate
    })
}

#[test]
fn every_declared_dependency_is_used() {
    let mut unused = Vec::new();
    for package in packages() {
        let code: String = rust_files(&package.dir)
            .iter()
            .map(|f| code_of(f))
            .collect::<Vec<_>>()
            .join("\n");
        for (ident, kind) in &package.deps {
            let excused = USED_WITHOUT_A_PATH
                .iter()
                .any(|(p, d, _)| *p == package.name && d == ident);
            if !excused && !names_crate(&code, ident) {
                unused.push(format!("{} declares {ident} ({kind})", package.name));
            }
        }
    }
    assert!(unused.is_empty(), "unused dependencies: {unused:#?}");
}

#[test]
fn the_workspace_declares_only_dependencies_a_crate_uses() {
    // A `[workspace.dependencies]` entry no crate takes is dead weight in the manifest.
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let section = manifest
        .split("[workspace.dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    let declared: BTreeSet<String> = section
        .lines()
        .filter_map(|l| l.split_once('=').map(|(k, _)| k.trim().to_string()))
        .filter(|k| !k.is_empty() && !k.starts_with('#'))
        .collect();
    let taken: BTreeSet<String> = packages()
        .iter()
        .flat_map(|p| {
            let text = std::fs::read_to_string(p.dir.join("Cargo.toml")).unwrap();
            declared
                .iter()
                .filter(|d| {
                    text.lines().any(|l| {
                        l.trim_start().starts_with(&format!("{d}.workspace"))
                            || l.trim_start().starts_with(&format!("{d} = {{ workspace"))
                    })
                })
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect();
    let idle: Vec<_> = declared.difference(&taken).collect();
    assert!(
        idle.is_empty(),
        "workspace dependencies no crate takes: {idle:?}"
    );
}

/// A crate's module files by module path (`["solver", "turn"]` for `src/solver/turn.rs`).
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut map = BTreeMap::new();
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).unwrap();
        let mut parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if parts.first().is_some_and(|p| p == "bin") {
            continue;
        }
        if matches!(
            parts.last().map(String::as_str),
            Some("lib" | "main" | "mod")
        ) {
            parts.pop();
        }
        map.insert(parts, file);
    }
    map
}

/// Every module path the code reaches through `crate::…`, `super::…` or `self::…`,
/// brace groups expanded, relative paths made absolute from `here`.
fn paths_used(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            let before = at.checked_sub(1).map(|i| code.as_bytes()[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            // The module `super` and `self` count from: a file `a/b.rs` is module a::b,
            // whose `self` is a::b and `super` is a; lib.rs and mod.rs are their folder.
            let mut base: Vec<String> = match start {
                "crate::" => Vec::new(),
                _ => here.to_vec(),
            };
            let mut rest = &code[at + start.len()..];
            if start == "super::" {
                base.pop();
                while let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                }
            }
            expand(rest, base, &mut out);
        }
    }
    out
}

/// Expands one path's tail (`a::b::{c, d::e}`) into full paths from `base`.
fn expand(tail: &str, mut base: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut rest = tail.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut part_start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' | ',' if depth == 1 => {
                        expand(&group[part_start..i], base.clone(), out);
                        part_start = i + 1;
                        if c == '}' {
                            return;
                        }
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            return;
        }
        let ident: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() {
            out.push(base);
            return;
        }
        base.push(ident.clone());
        rest = &rest[ident.len()..];
        match rest.strip_prefix("::") {
            Some(r) => rest = r.trim_start(),
            None => {
                out.push(base);
                return;
            }
        }
    }
}

/// The import graph between a crate's module files: an edge a → b when a names a path
/// inside b, leaving out a module's edges to its own ancestors and descendants (a parent
/// declares and re-exports its children; that is structure, not a loop).
fn import_graph(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mods = modules(src);
    let mut graph = BTreeMap::new();
    for (here, file) in &mods {
        let mut targets = BTreeSet::new();
        for path in paths_used(&code_of(file), here) {
            // The longest prefix of the path that is a module file.
            let target = (0..=path.len())
                .rev()
                .find_map(|n| mods.get(&path[..n]).map(|f| (n, f)));
            if let Some((n, target_file)) = target {
                let there = &path[..n];
                let related = there.starts_with(here) || here.starts_with(there);
                if !related {
                    targets.insert(target_file.clone());
                }
            }
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The graph's loops: each group of files that reach one another (a strongly connected
/// component of more than one file), found from every file's reachable set.
fn loops(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<BTreeSet<PathBuf>> {
    let reach = |from: &PathBuf| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(node) = todo.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        graph.keys().map(|n| (n, reach(n))).collect();
    let mut groups: Vec<BTreeSet<PathBuf>> = Vec::new();
    for (node, from_here) in &reached {
        if !from_here.contains(*node) || groups.iter().any(|g| g.contains(*node)) {
            continue;
        }
        let group = from_here
            .iter()
            .filter(|other| reached[other].contains(*node))
            .cloned()
            .collect();
        groups.push(group);
    }
    groups
}

#[test]
fn no_files_inside_a_crate_import_each_other_in_a_loop() {
    let mut found = Vec::new();
    for package in packages() {
        let src = package.dir.join("src");
        for group in loops(&import_graph(&src)) {
            let names: Vec<_> = group
                .iter()
                .map(|f| f.strip_prefix(&package.dir).unwrap().display().to_string())
                .collect();
            found.push(format!("{}: {}", package.name, names.join(", ")));
        }
    }
    assert!(found.is_empty(), "import loops: {found:#?}");
}

#[test]
fn the_loop_finder_finds_a_loop() {
    // Two sibling modules that name each other, as text: the check must see it.
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::{Beta, inner::Gamma};\n").unwrap();
    std::fs::write(
        src.join("b.rs"),
        "pub fn f() -> super::a::Alpha { todo!() }\n",
    )
    .unwrap();
    let found = loops(&import_graph(src));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 2);
    // A child using its parent, and a parent its child, is no loop.
    std::fs::write(src.join("b.rs"), "use crate::Thing;\n").unwrap();
    assert!(loops(&import_graph(src)).is_empty());
}

/// Source files the size rule covers: the crates' and the binary's code, the Python
/// package's modules and the web pages and modules; tests and examples are not.
fn source_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = rust_files(&root.join("src"));
    for entry in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        files.extend(rust_files(&entry.path().join("src")));
    }
    let web = [
        root.join("web"),
        root.join("web/js"),
        root.join("crates/yahtzee-py/python/yahtzee"),
    ];
    for dir in web {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path
                .extension()
                .is_some_and(|e| e == "js" || e == "html" || e == "py")
            {
                files.push(path);
            }
        }
    }
    files.retain(|f| {
        let name = f.file_name().unwrap().to_string_lossy();
        name != "tests.rs" && !name.starts_with("test_")
    });
    files
}

#[test]
fn no_source_file_is_over_800_lines_unless_it_says_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for file in source_files(root) {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines = text.lines().count();
        let head: String = text.lines().take(10).collect::<Vec<_>>().join("\n");
        if lines > 800 && !head.contains("cohesive") {
            long.push(format!(
                "{} ({lines} lines)",
                file.strip_prefix(root).unwrap().display()
            ));
        }
    }
    assert!(long.is_empty(), "files over 800 lines: {long:#?}");
}

#[test]
fn the_command_line_binary_stays_thin() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut total = 0;
    for file in rust_files(&root.join("src")) {
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        assert!(
            lines <= 300,
            "{} is {lines} lines: the CLI only parses and prints (at most 300 a file)",
            file.display()
        );
        total += lines;
    }
    assert!(
        total < 2000,
        "src/ is {total} lines: under 2,000, the rest in the crates"
    );
}

#[test]
fn the_python_package_uses_the_dependencies_it_declares() {
    // pyproject.toml's `dependencies` and every extra but `test` (the suite's own tools):
    // each is imported by the package, in Python (`import x`, `from x`) or from Rust.
    let py = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/yahtzee-py");
    let manifest = std::fs::read_to_string(py.join("pyproject.toml")).unwrap();
    let mut declared = BTreeSet::new();
    let mut section = "";
    for line in manifest.lines() {
        if line.starts_with('[') {
            section = line.trim();
            continue;
        }
        let Some((key, list)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        let wanted = match section {
            "[project]" => key == "dependencies",
            "[project.optional-dependencies]" => key != "test",
            _ => false,
        };
        if !wanted {
            continue;
        }
        for item in list.split('"').skip(1).step_by(2) {
            let name: String = item
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect();
            declared.insert(name);
        }
    }
    assert!(
        declared.contains("numpy"),
        "pyproject.toml was read: {declared:?}"
    );
    let mut code = String::new();
    for dir in [py.join("python/yahtzee"), py.join("src")] {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            code += &std::fs::read_to_string(entry.path()).unwrap_or_default();
        }
    }
    let unused: Vec<_> = declared
        .iter()
        .filter(|name| {
            !code.contains(&format!("import {name}"))
                && !code.contains(&format!("from {name}"))
                && !code.contains(&format!("import(\"{name}\")"))
                && !code.contains(&format!("import_bound(\"{name}\")"))
        })
        .collect();
    assert!(
        unused.is_empty(),
        "the Python package declares but never imports: {unused:?}"
    );
}
